"""The evolution step of every write: the planner the core calls for each new node
(``planner``), with its lifecycle and tier (``lifecycle``), conflict groups (``conflicts``),
repeats (``repeats``), commitments (``commitments``) and the pool of known vectors it compares
against (``pool_vectors``)."""
