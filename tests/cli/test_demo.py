"""The demo is the product's first impression: it must really crash a writer and recover."""

from __future__ import annotations

import io

from rich.console import Console

from hybridmem.demo import run


def test_demo_kills_a_writer_and_recovers_the_active_step(tmp_path):
    out = io.StringIO()
    outcome = run(
        tmp_path / "demo", embedder="hash", kill_after=5, console=Console(file=out, width=120)
    )
    assert outcome.killed
    assert outcome.writes_acknowledged >= 5
    assert outcome.writes_lost == 0
    assert outcome.recovered, out.getvalue()
    text = out.getvalue()
    assert "next step" in text and "recovered exactly" in text
    assert "下一步" in text and "Next step" in text
