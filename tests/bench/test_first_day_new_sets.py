"""The newest first-day sets (benchmarks/first_day_ninth.py .. first_day_twentyfourth.py: four
newcomers each, en A / en B / zh A / zh B) are new and well formed: a set reuses no statement or
question of the sets written before it, and each question's answer names one memory."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from benchmarks.first_day import PERSONAS, SETS
from benchmarks.first_day_persona import Persona

ORDER = ["dev", *SETS]
ALL = {"dev": PERSONAS, **SETS}
NEW = [
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
    "twentyfirst",
    "twentysecond",
    "twentythird",
    "twentyfourth",
]


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


@pytest.mark.parametrize("name", NEW)
def test_a_set_reuses_no_statement_or_question_of_an_earlier_set(name: str) -> None:
    earlier = [p for n in ORDER[: ORDER.index(name)] for p in ALL[n]]
    before = {t for p in earlier for t in (*_said(p), *_asked(p))}
    assert not before & {t for p in ALL[name] for t in (*_said(p), *_asked(p))}


@pytest.mark.parametrize("name", NEW)
def test_two_newcomers_per_language_each_with_a_change_a_sealed_memory_and_two_tasks(
    name: str,
) -> None:
    assert [p.lang for p in ALL[name]] == ["en", "en", "zh", "zh"]
    for p in ALL[name]:
        assert p.old != p.new and p.secrets and len(p.tasks) == 2
        assert {t for _, _, t in p.task_questions} == {0, 1}


@pytest.mark.parametrize("name", NEW)
def test_every_answer_is_in_exactly_one_memory_and_no_sealed_marker_is_elsewhere(
    name: str,
) -> None:
    for p in ALL[name]:
        said = list(_said(p))
        for _, needle in [*p.questions, *((q, a) for q, a, _ in p.task_questions)]:
            assert sum(needle in t for t in said) == 1, needle
        for _, marker in p.secrets:
            assert sum(marker in t for t in said) == 1, marker
        assert {m for _, m in p.about_secret} <= {m for _, m in p.secrets}
