"""The evolution models' development side: the labelled sets (``data/``, with the blind-set
discipline in ``data/README.md``), their evaluation and the fitting of the models the package
ships (``hybridmem/evolution/data/``). Each module with a ``main`` runs as
``python -m benchmarks.evolution_models.<name>``."""
