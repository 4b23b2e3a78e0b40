"""hybridmem's benchmark suite: deterministic, no LLM judge, baselines in the same run.

Suites (each a command of :mod:`benchmarks.cli`): ``locomo``, ``madial``, ``scenarios``, ``perf``.
Every suite prints a table, writes ``results.json`` and PNG plots into its output directory.
"""
