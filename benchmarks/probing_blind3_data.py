"""Probing questions over companion chat histories (issue 38): the third blind set's generator.

``python -m benchmarks.probing_blind3_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind3_source.txt`` (format in its header) and writes
``benchmarks/data/probing_blind3.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind3.json`` runs it.

Written and committed before any engine change of the session that added it (probing9): one
user a language over seven weeks (a music teacher in Cardiff, a nurse in Chengdu), several
sessions on some days, topics that come back on other days, changes of mind. Thirty
questions a language: twelve ask about a day or a range of days as people phrase it ("on
October 20th", "the 12th", "last Sunday", "on Halloween", "between the 3rd and the 5th of
November", "the weekend before last", "earlier this week", 上周日, 前天, 上上周末, 这周早些时候,
上个月底, 周二早上), with a topic or for the whole day; the other eighteen are ordinary recall
(a changed preference, a choice, a person, a worry, a count or a list, facts in passing).
"""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path
from typing import Any

from benchmarks.probing_days_data import _days, read_histories

HERE = Path(__file__).parent / "data"
SOURCE = HERE / "probing_blind3_source.txt"
OUT = HERE / "probing_blind3.json"
ABOUT = (
    "A third blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind3_source.txt). Day questions: the user's turns of the asked days carrying "
    "the question's topic, or for a whole-day question every user turn of those days carrying "
    "content. Ordinary questions: the hand-labelled turns that answer them."
)

Marks = tuple[date, frozenset[str]]


def parse(text: str) -> dict[str, Any]:
    """The source's users (sessions of turns) and questions, evidence resolved from the marks."""
    marks: dict[str, Marks] = {}

    def mark(session: dict[str, Any], tid: str, role: str, labels: list[str]) -> None:
        if role == "u":
            day = datetime.fromisoformat(session["at"]).date()
            marks[tid] = (day, frozenset(labels[0].split(",")))

    users, questions = read_histories(text, mark, lambda line, user: _question(line, user, marks))
    return {"about": ABOUT, "users": users, "questions": questions}


def _question(line: str, user: dict[str, Any], marks: dict[str, Marks]) -> dict[str, Any]:
    parts = [part.strip() for part in line[2:].split(" | ")]
    own = {tid: m for tid, m in marks.items() if tid.startswith(f"{user['id']}-")}
    if len(parts) == 3:  # ordinary recall: every turn carrying one of the labels
        (head, query, labels), relative = parts, False
        qid, qtype = head.split()
        wanted = set(labels.split(","))
        evidence = [tid for tid, (_, tags) in own.items() if tags & wanted]
        if wanted - {label for _, tags in own.values() for label in tags}:
            raise ValueError(f"question {qid} names a label no turn carries")
    else:  # a day question: the asked days' turns on the topic, or all their content
        head, query = parts
        qid, qtype, rel, days, topic = head.split()
        asked, relative = _days(days), rel == "1"
        evidence = [
            tid
            for tid, (day, tags) in own.items()
            if day in asked and (topic in tags if topic != "*" else "-" not in tags)
        ]
    if not evidence:
        raise ValueError(f"question {qid} has no evidence")
    return {
        "id": qid,
        "user": user["id"],
        "lang": user["lang"],
        "type": qtype,
        "relative": relative,
        "query": query,
        "evidence": evidence,
    }


def read_set(source: Path, about: str | None = None) -> dict[str, Any]:
    """A set's source read as this set's is; ``about``: the later set's own description."""
    data = parse(source.read_text(encoding="utf-8"))
    return {**data, "about": about} if about is not None else data


def write_set(source: Path, out: Path, about: str | None = None) -> None:
    """The command of this and the later sets: ``source`` read, written to ``out``."""
    data = read_set(source, about)
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{out}: {len(data['users'])} users, {len(data['questions'])} questions")


def named_paths(name: str) -> tuple[Path, Path]:
    """A later set's source and JSON: ``benchmarks/data/<name>_source.txt``, ``<name>.json``."""
    return HERE / f"{name}_source.txt", HERE / f"{name}.json"


def write_named(name: str, about: str) -> None:
    """The command of each later set's module (its ``NAME`` and ``ABOUT``)."""
    write_set(*named_paths(name), about)


def main() -> None:
    write_set(SOURCE, OUT)


if __name__ == "__main__":
    main()
