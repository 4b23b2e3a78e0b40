"""The SQL both tree stores share, written once against a :class:`~.dialect.Dialect`.

Module map: :mod:`.dialect` (what the two backends spell differently), :mod:`.access` (what the
queries need of a backend's connection), :mod:`.nodes` (node reads and simple node writes),
:mod:`.scans` (whole-table reads), :mod:`.logs` (op log reads, audit reads, metadata),
:mod:`.grants` (the grants between a user's agents and the read set they open). Each backend
composes these mixins with its own plumbing and the few queries that truly differ:
``store/nodes.py`` ... for SQLite, ``store/postgres/`` for PostgreSQL.
"""
