"""day27 ran day26's anchor script with its sets argument: ``PYTHONPATH=. python
benchmarks/results/day27/anchors.py [e5|minilm] [SET,SET]`` runs
``benchmarks/results/day26/anchors.py`` with the same arguments."""

import runpy
from pathlib import Path

runpy.run_path(str(Path(__file__).parents[1] / "day26" / "anchors.py"), run_name="__main__")
