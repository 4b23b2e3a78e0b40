"""first_day with ``RetrievalConfig.event_days`` on (day25's reading, measured, off): ``python
benchmarks/results/day25/first_day_events_on.py --ninth --json F`` (PYTHONPATH at the tree)."""

import runpy
import sys

from benchmarks.probing_variants import events_on

if __name__ == "__main__":
    with events_on():
        sys.argv[0] = "benchmarks.first_day"
        runpy.run_module("benchmarks.first_day", run_name="__main__")
