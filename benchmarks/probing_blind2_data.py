"""Probing questions over companion chat histories (issue 38): the second blind set's generator.

``python -m benchmarks.probing_blind2_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_blind2_source.txt`` (format in its header) and writes
``benchmarks/data/probing_blind2.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_blind2.json`` runs it.

Written and committed before any engine change of the session that added it (probing3): two
users per language over eight weeks each, colloquial small talk, changes of mind, topics that
come back; questions of the kinds users ask a companion (what do I drink these days, how many
times did I..., which of X or Y did I choose, what did I say about a person, what was worrying
me, lists spread over sessions). No day questions (those have their own blind sets).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from benchmarks.probing_days_data import read_histories

HERE = Path(__file__).parent / "data"
SOURCE = HERE / "probing_blind2_source.txt"
OUT = HERE / "probing_blind2.json"
ABOUT = (
    "A second blind set of probing questions over AI-companion chat histories (issue 38), "
    "hand-written before any engine change of the session that added it (source: "
    "probing_blind2_source.txt). Evidence: the hand-labelled turns that answer each question "
    "(a changed preference: the turns stating the current one; a count or a list: every turn "
    "adding one; a choice: the turn saying what was chosen). No question is relative to 'now'."
)


def parse(text: str) -> dict[str, Any]:
    """The source's users (sessions of turns) and questions, evidence resolved from the labels."""
    keys: dict[tuple[str, str], str] = {}

    def label(session: dict[str, Any], tid: str, role: str, marks: list[str]) -> None:
        key = marks[0]
        if key == "-":
            return
        uid = tid.rsplit("-", 2)[0]
        if (uid, key) in keys:
            raise ValueError(f"label {key!r} twice for {uid}")
        keys[(uid, key)] = tid

    users, questions = read_histories(text, label, lambda line, user: _question(line, user, keys))
    return {"about": ABOUT, "users": users, "questions": questions}


def _question(line: str, user: dict[str, Any], keys: dict[tuple[str, str], str]) -> dict[str, Any]:
    head, query, labels = (part.strip() for part in line[2:].split(" | "))
    qid, qtype = head.split()
    evidence = [keys[(user["id"], key)] for key in labels.split(",")]
    return {
        "id": qid,
        "user": user["id"],
        "lang": user["lang"],
        "type": qtype,
        "relative": False,
        "query": query,
        "evidence": evidence,
    }


def main() -> None:
    data = parse(SOURCE.read_text(encoding="utf-8"))
    OUT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(data['users'])} users, {len(data['questions'])} questions")


if __name__ == "__main__":
    main()
