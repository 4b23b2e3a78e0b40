"""hybridmem benchmark suites."""
