"""Reading: scope -> candidates -> explainable score -> token-budget packing.

- :mod:`~hybridmem.retrieval.retriever`: the pipeline (scope resolution, candidates, ranking);
- :mod:`~hybridmem.retrieval.expansion`, :mod:`~hybridmem.retrieval.entities`,
  :mod:`~hybridmem.retrieval.language`: tree, speaker and script features;
- :mod:`~hybridmem.retrieval.context`: rendering and budget packing;
- :mod:`~hybridmem.retrieval.visibility`: agent/session scoping on top of the user boundary.
"""

from hybridmem.retrieval.retriever import Retriever

__all__ = ["Retriever"]
