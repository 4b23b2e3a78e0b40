"""Test harnesses shipped with the package (like the hash embedder and FakeClock): a
SIGKILL fault-injection worker for crash tests (:mod:`hybridmem.testing.faultworker`)."""
