"""Loaders and evidence normalisation, on hand-made strings and on the real files."""

from __future__ import annotations

from datetime import UTC, datetime

from benchmarks.locomo_data import load_locomo, normalise_evidence, parse_session_date
from benchmarks.madial_data import load_madial, parse_line
from tests.bench_support import LOCOMO, MADIAL, needs_locomo, needs_madial


def test_normalise_evidence_repairs_malformed_strings():
    assert normalise_evidence(["D8:6; D9:17"]) == (["D8:6", "D9:17"], [])
    assert normalise_evidence(["D:11:26"]) == (["D11:26"], [])
    assert normalise_evidence(["D30:05"]) == (["D30:5"], [])
    assert normalise_evidence(["D1:2 D1:3", "D1:2"]) == (["D1:2", "D1:3"], [])
    assert normalise_evidence(["D"]) == ([], ["D"])
    assert normalise_evidence("D4:1") == (["D4:1"], [])


def test_parse_session_date():
    assert parse_session_date("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    assert parse_session_date("12:05 am on 1 January, 2022") == datetime(
        2022, 1, 1, 0, 5, tzinfo=UTC
    )


def test_parse_madial_line():
    assert parse_line('<Bart>: "Hi there!"\n') == "Bart: Hi there!"
    assert parse_line('<Bart>:"你好"\n') == "Bart: 你好"
    assert parse_line("<BOD>\n") is None


@needs_locomo
def test_locomo_real_file_normalisation():
    ds = load_locomo(LOCOMO)
    ids = {c.sample_id for c in ds.conversations}
    assert ids == {"conv-26", "conv-30", "conv-41", "conv-42", "conv-43"}
    repaired = dict(ds.report.repaired)
    assert repaired["D8:6; D9:17"] == "D8:6 D9:17"
    assert any("D:11:26" in raw and "D11:26" in fixed for raw, fixed in repaired.items())
    dropped = set(ds.report.dropped_ids)
    assert ("conv-42", "D") in dropped  # unparseable
    assert ("conv-42", "D10:19") in dropped  # parses but names no turn
    # The open-domain items without evidence are skipped, never scored as zero.
    assert all(cat == 3 for _, _, cat in ds.report.skipped_questions)
    assert len(ds.report.skipped_questions) == 2
    for conv in ds.conversations:
        turns = {t.dia_id for t in conv.turns}
        for q in conv.questions:
            assert q.evidence and q.evidence <= turns
    # Sessions come from the session_N lists, never from orphan date keys.
    conv26 = next(c for c in ds.conversations if c.sample_id == "conv-26")
    assert len(conv26.sessions) == 19
    assert conv26.sessions[0].date == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


@needs_locomo
def test_locomo_turn_content_includes_speaker_and_caption():
    conv = load_locomo(LOCOMO, limit=1).conversations[0]
    assert conv.turns[0].content.startswith("Caroline: ")
    assert any("[shares " in t.content for t in conv.turns)


@needs_madial
def test_madial_english_users_come_from_the_chinese_file():
    en = load_madial(MADIAL, "en")
    zh = load_madial(MADIAL, "zh")
    assert all(m.user_id in {"1", "2"} for m in en.memories)
    zh_users = {m.id: m.user_id for m in zh.memories}
    assert all(zh_users[m.id] == m.user_id for m in en.memories)
    for d in en.dialogues:
        assert d.relevant <= {m.id for m in en.bank(d.user_id)}
        assert d.context_lines and not d.context_lines[-1].startswith("Assistant: Do you")
    first = en.dialogues[0]
    assert first.lines[first.test_turn - 1].startswith("Assistant: Do you remember dancing")
