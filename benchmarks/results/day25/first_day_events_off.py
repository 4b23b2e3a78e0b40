"""first_day with the event reading patched out (day25's before): ``python
benchmarks/results/day25/first_day_events_off.py --ninth --json F`` (PYTHONPATH at the tree)."""

import runpy
import sys
from unittest import mock

if __name__ == "__main__":
    with mock.patch(
        "hybridmem.retrieval.retriever.Retriever.dated_by_event", lambda self, q, lookup: q
    ):
        sys.argv[0] = "benchmarks.first_day"
        runpy.run_module("benchmarks.first_day", run_name="__main__")
