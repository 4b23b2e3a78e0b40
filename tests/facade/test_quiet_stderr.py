"""A library prints nothing to stderr in normal use: jieba's "Building prefix dict ... Loading
model cost 1.8 seconds" on the first Chinese memory (every jieba call goes through
``hybridmem.lexical``'s quiet loader) included."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FIRST_CHINESE_FACT = """
import sys
from hybridmem import HybridMemory
from hybridmem.evolution.slots import pairs as pair_embed, rules as slots
# the part-of-speech paths first, each in a fresh jieba state
print(slots._pos("我住在上海"), pair_embed._words_zh("我住在上海"))
with HybridMemory(sys.argv[1], embedder="hash") as mem:
    mem.add("我住在上海。", node_type="fact", user_id="u1")
    mem.add("我搬到北京了。", node_type="fact", user_id="u1")
    print(mem.retrieve("我住在哪里", user_id="u1").context)
"""


def test_the_first_chinese_fact_prints_nothing_to_stderr(tmp_path):
    child = subprocess.run(
        [sys.executable, "-c", FIRST_CHINESE_FACT, str(tmp_path / "m")],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert child.returncode == 0, child.stderr
    assert "北京" in child.stdout
    assert child.stderr == ""
