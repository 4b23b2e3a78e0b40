"""The tenth first-day set (benchmarks/first_day_tenth.py) is new and well formed: it reuses no
statement or question of the earlier sets, and each question's answer names one memory."""

from __future__ import annotations

from collections.abc import Iterator

from benchmarks.first_day import PERSONAS
from benchmarks.first_day_blind import BLIND
from benchmarks.first_day_eighth import EIGHTH
from benchmarks.first_day_fifth import FIFTH
from benchmarks.first_day_fourth import FOURTH
from benchmarks.first_day_ninth import NINTH
from benchmarks.first_day_persona import Persona
from benchmarks.first_day_seventh import SEVENTH
from benchmarks.first_day_sixth import SIXTH
from benchmarks.first_day_tenth import TENTH
from benchmarks.first_day_third import THIRD

EARLIER = (*PERSONAS, *BLIND, *THIRD, *FOURTH, *FIFTH, *SIXTH, *SEVENTH, *EIGHTH, *NINTH)


def _said(p: Persona) -> Iterator[str]:
    yield p.old
    yield p.new
    yield from (text for text, _ in p.facts)
    yield from (text for text, _ in p.secrets)
    for title, note in p.tasks:
        yield title
        yield note


def _asked(p: Persona) -> Iterator[str]:
    yield p.changed
    yield from (q for q, _ in p.questions)
    yield from (q for q, _, _ in p.task_questions)
    yield from (q for q, _ in p.about_secret)


def test_the_tenth_set_reuses_no_statement_or_question_of_an_earlier_set() -> None:
    before = {t for p in EARLIER for t in (*_said(p), *_asked(p))}
    assert not before & {t for p in TENTH for t in (*_said(p), *_asked(p))}


def test_two_newcomers_per_language_each_with_a_change_a_sealed_memory_and_two_tasks() -> None:
    assert [p.lang for p in TENTH] == ["en", "en", "zh", "zh"]
    for p in TENTH:
        assert p.old != p.new and p.secrets and len(p.tasks) == 2
        assert {t for _, _, t in p.task_questions} == {0, 1}


def test_every_answer_is_in_exactly_one_memory_and_no_sealed_marker_is_elsewhere() -> None:
    for p in TENTH:
        said = list(_said(p))
        for _, needle in [*p.questions, *((q, a) for q, a, _ in p.task_questions)]:
            assert sum(needle in t for t in said) == 1, needle
        for _, marker in p.secrets:
            assert sum(marker in t for t in said) == 1, marker
        assert {m for _, m in p.about_secret} <= {m for _, m in p.secrets}
