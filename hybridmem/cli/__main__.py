"""``python -m hybridmem.cli``: the same as the ``hybridmem`` command."""

from hybridmem.cli import main

main()
