"""``benchmarks.joined_packed``: a LoCoMo hit's turns and the usage line."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from benchmarks.joined_packed import _covered, main


def test_a_hit_s_turns_are_its_corpus_s_with_the_prefix_off() -> None:
    hit = SimpleNamespace(covers=frozenset({"conv-26:D1:9", "conv-26:D1:10", "conv-30:D2:1"}))
    assert _covered("conv-26:", hit) == ["D1:10", "D1:9"]


def test_an_unknown_reading_is_refused_with_the_usage() -> None:
    with pytest.raises(SystemExit, match="usage"):
        main(["locomo", "1,2", "nobody"])
