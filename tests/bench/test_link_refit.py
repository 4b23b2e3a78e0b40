"""The labelled link pairs and the pair-model refit of issue 38 (stale16; benchmarks only):
the pairs say what they are labelled as, touch no evaluation set, and the refit's summary
fits its margin on the files it does not read."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from benchmarks.link_refit import LABEL, load_link_pairs, summary
from benchmarks.scenario_files import load_scenarios
from hybridmem.evolution.slots.pairs import says_again, states_change

DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data"


def test_every_kind_has_both_languages_and_a_label():
    rows = load_link_pairs()
    counts = Counter((r["lang"], r["kind"]) for r in rows)
    assert set(counts) == {(lang, k) for lang in ("en", "zh") for k in LABEL}
    assert all(counts[(lang, k)] >= 6 for lang, k in counts)


def test_a_labelled_change_says_no_change_word():
    """The positives are the changes the change-word gate does not see."""
    for r in load_link_pairs():
        if r["kind"] == "change":
            assert not states_change(r["new"]) and not says_again(r["new"]), r["new"]


def test_no_line_comes_from_an_evaluation_set():
    said: set[str] = set()
    for path in DATA.glob("colloquial_*.json"):
        for sc in load_scenarios(path):
            said.update(n.content for n in sc.nodes)
    texts = {t for r in load_link_pairs() for t in (r["old"], r["new"])}
    assert not texts & said


def _row(label: str, file: str, half: int, margin: float) -> dict:
    return {
        "label": label,
        "file": file,
        "half": half,
        "margin": margin,
        "p": 0.0,
        "search": "",
        "anchor": False,
    }


def test_the_margin_left_out_of_a_file_is_fitted_on_the_others():
    rows = [
        _row("control", "a", 0, 0.3),
        _row("missed", "a", 0, 0.2),
        _row("control", "b", 1, 0.1),
        _row("missed", "b", 1, 0.2),
    ]
    got = summary(rows)["margin leave-one-file-out"]
    # File a read with b's margin (0.1): its miss links, its control too; b with a's (0.3):
    # nothing links.
    assert got["missed"] == "1/2" and got["control"] == "1/2"
