"""``benchmarks.fusion_item_moves``: two fusion_paired runs paired item by item."""

from __future__ import annotations

from benchmarks.fusion_item_moves import moves


def _run(scores: list[float], ranks: list[int | None]) -> dict:
    items = {
        str(i): {"half": "tune" if i % 2 == 0 else "check", "score": s, "rank": r}
        for i, (s, r) in enumerate(zip(scores, ranks, strict=True))
    }
    return {"default/en": {"minmax": {"paired": {}, "items": items}}}


def test_only_moved_items_are_listed_with_both_halves() -> None:
    before = _run([1.0, 0.0, 1.0, 1.0], [0, None, 2, 1])
    after = _run([1.0, 1.0, 1.0, 1.0], [0, 3, 4, 1])
    lines = moves(before, after)
    assert lines[0] == "default/en minmax: check 0.500->1.000, tune 1.000->1.000"
    assert lines[1:] == [
        "  1 (check): score 0->1, rank None->3",
        "  2 (tune): score 1->1, rank 2->4",
    ]


def test_a_suite_the_before_run_lacks_is_skipped() -> None:
    after = _run([1.0], [0])
    assert moves({}, after) == []
