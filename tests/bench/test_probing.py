"""benchmarks.probing: the hand-labelled sets hold together, and the scoring counts what it says."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from benchmarks import (
    probing_blind2_data,
    probing_blind3_data,
    probing_blind4_data,
    probing_blind5_data,
    probing_blind6_data,
    probing_blind7_data,
    probing_blind8_data,
    probing_blind9_data,
    probing_blind10_data,
    probing_blind11_data,
    probing_blind12_data,
    probing_blind13_data,
    probing_blind14_data,
    probing_blind15_data,
    probing_blind16_data,
    probing_blind17_data,
    probing_blind18_data,
)
from benchmarks.probing import DATA, corpus_of, messages_of, summarise

SETS = [DATA] + [DATA.with_name(f"probing_{name}.json") for name in ("dev", "blind2", "blind3")]


@pytest.mark.parametrize("path", SETS, ids=lambda p: p.stem)
def test_every_evidence_id_is_a_turn_of_the_questions_user(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    turns = {u["id"]: {m["id"] for m in messages_of(u)} for u in data["users"]}
    ids = [q["id"] for q in data["questions"]]
    assert len(ids) == len(set(ids))
    for q in data["questions"]:
        assert q["evidence"], q["id"]
        assert set(q["evidence"]) <= turns[q["user"]], q["id"]
    for user in data["users"]:
        times = [m["created_at"] for m in messages_of(user)]
        assert times == sorted(times), user["id"]  # add_messages is fed in time order
        assert max(times) < datetime.fromisoformat(user["now"])


def test_the_second_blind_set_is_its_source():
    source = probing_blind2_data.SOURCE.read_text(encoding="utf-8")
    written = json.loads(probing_blind2_data.OUT.read_text(encoding="utf-8"))
    assert probing_blind2_data.parse(source) == written
    assert not any(q["relative"] for q in written["questions"])


@pytest.mark.parametrize(
    "module",
    [
        probing_blind4_data,
        probing_blind5_data,
        probing_blind6_data,
        probing_blind7_data,
        probing_blind8_data,
        probing_blind9_data,
        probing_blind10_data,
        probing_blind11_data,
        probing_blind12_data,
        probing_blind13_data,
        probing_blind14_data,
        probing_blind15_data,
        probing_blind16_data,
        probing_blind17_data,
        probing_blind18_data,
    ],
)
def test_each_later_blind_set_is_its_source(module):
    # A source edited without the JSON rewritten would be measured as the old set.
    source, out = probing_blind3_data.named_paths(module.NAME)
    written = json.loads(out.read_text(encoding="utf-8"))
    assert probing_blind3_data.read_set(source, module.ABOUT) == written
    assert written["about"] == module.ABOUT and written["questions"]


def test_the_third_blind_set_is_its_source():
    source = probing_blind3_data.SOURCE.read_text(encoding="utf-8")
    written = json.loads(probing_blind3_data.OUT.read_text(encoding="utf-8"))
    assert probing_blind3_data.parse(source) == written
    for lang in ("en", "zh"):
        asked = [q for q in written["questions"] if q["lang"] == lang]
        days = [q for q in asked if q["type"].endswith(("_day", "_topic"))]
        assert len(asked) == 30 and len(days) >= len(asked) / 3


def test_a_day_question_of_the_third_set_cites_only_its_days():
    data = probing_blind3_data.parse(
        "# user u en 2025-11-28T20:00:00+00:00\n@ 2025-11-26T20:00:00+00:00\n"
        "u gig | the gig went well\na | great\nu - | night\n"
        "@ 2025-11-27T20:00:00+00:00\nu gig | another gig\nu x | tired\n"
        "? d1 date_day 0 2025-11-27 * | what did we talk about on Nov 27?\n"
        "? d2 date_topic 0 2025-11-26..2025-11-27 gig | what about the gigs this week?\n"
        "? o1 told_about | how did the gig go? | gig\n"
    )
    evidence = {q["id"]: q["evidence"] for q in data["questions"]}
    assert evidence == {
        "d1": ["u-2-1", "u-2-2"],
        "d2": ["u-1-1", "u-2-1"],
        "o1": ["u-1-1", "u-2-1"],
    }
    with pytest.raises(ValueError):
        probing_blind3_data.parse(
            "# user u en 2025-11-28T20:00:00+00:00\n@ 2025-11-26T20:00:00+00:00\n"
            "u gig | the gig\n? o1 told_about | the band? | band\n"
        )


def test_the_baselines_see_one_unit_a_turn():
    data = json.loads(DATA.read_text(encoding="utf-8"))
    user = data["users"][0]
    corpus = corpus_of(user)
    assert len(corpus.units) == len(messages_of(user))
    assert corpus.units[0].content.startswith(("user: ", "assistant: "))


def test_summary_means_per_language_and_type():
    data = {
        "questions": [
            {"id": "a", "lang": "en", "type": "passing"},
            {"id": "b", "lang": "en", "type": "changed"},
            {"id": "c", "lang": "zh", "type": "passing"},
        ]
    }
    per = {
        "m": {
            "a": {"frac": 1.0, "hit@5": 1.0},
            "b": {"frac": 0.5, "hit@5": 0.0},
            "c": {"frac": 0.0, "hit@5": 0.0},
        }
    }
    out = summarise(data, per)["summary"]["m"]
    # "all": the share of questions with every evidence turn packed (frac 1.0)
    assert out["en"] == {"n": 2, "frac": 0.75, "hit@5": 0.5, "all": 0.5}
    assert out["en/changed"] == {"n": 1, "frac": 0.5, "hit@5": 0.0, "all": 0.0}
    assert out["zh"]["n"] == 1
