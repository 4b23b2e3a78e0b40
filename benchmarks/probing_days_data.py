"""Day questions over companion chat histories (issue 38): the blind set's generator.

``python -m benchmarks.probing_days_data`` reads the hand-written histories and questions of
``benchmarks/data/probing_days_source.txt`` (format in its header) and writes
``benchmarks/data/probing_days_blind.json`` in :mod:`benchmarks.probing`'s format, so
``python -m benchmarks.probing --data benchmarks/data/probing_days_blind.json`` runs it.

Written and committed before any engine change of the session that added it: two users per
language (English, Chinese) over five weeks, several sessions a day on some days, topics that
recur on other days; questions naming a day or a range in many forms (a date, a weekday, "the
day before yesterday", "last weekend", "two weeks ago", "earlier this month", 上周二, 前天,
两周前, 这个月初 ...), with a topic or asking for the whole day. Evidence: every user turn of
the asked days carrying the question's topic tag, or, for a whole-day question, every user turn
of those days that carries content (tagged by hand in the source, turn by turn).

It also writes ``probing_days_weeks_blind.json``: the same histories with the week questions of
``probing_days_weeks_source.txt`` ("last week", "the week before last", 上周, 上上个礼拜), written
after the first run and before any change to how a named week is read; and
``probing_days_ordinals_blind.json`` from ``probing_days_ordinals_source.txt``: a day named by
its number alone ("on the 8th", "4号那天"), written before any change to how that is read;
and ``probing_days_monthparts_blind.json`` from ``probing_days_monthparts_source.txt``: a part
of a month ("in early October", "late last month", 上个月底, 这个月中旬), written before any
change to how a part of a month is read.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent / "data"
SOURCE = HERE / "probing_days_source.txt"
OUT = HERE / "probing_days_blind.json"
MORE = {
    HERE / "probing_days_weeks_source.txt": HERE / "probing_days_weeks_blind.json",
    HERE / "probing_days_ordinals_source.txt": HERE / "probing_days_ordinals_blind.json",
    HERE / "probing_days_monthparts_source.txt": HERE / "probing_days_monthparts_blind.json",
}
"""Further question sets over the same histories: their source -> their JSON."""
ABOUT = (
    "Blind day questions over AI-companion chat histories (issue 38), hand-written before any "
    "engine change of the session that added them (source: probing_days_source.txt). Evidence: "
    "the user's turns of the asked days carrying the question's topic, or for a whole-day "
    "question ('*'), every user turn of those days carrying content."
)


def _days(spec: str) -> set[date]:
    first, _, last = spec.partition("..")
    start = date.fromisoformat(first)
    end = date.fromisoformat(last) if last else start
    if end < start:
        raise ValueError(f"days {spec!r} end before they start")
    return {start + timedelta(days=i) for i in range((end - start).days + 1)}


TurnHook = Callable[[dict[str, Any], str, str, list[str]], None]
"""Called for each turn read: ``(session, turn id, role letter, the marks after it)``."""
QuestionHook = Callable[[str, dict[str, Any]], dict[str, Any]]
"""Called for each question line with its user: the question's record."""


def read_histories(
    text: str, on_turn: TurnHook, on_question: QuestionHook
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The users (sessions of turns) and questions of a probing source: ``# user ID LANG NOW``,
    ``@ SESSION-TIME``, ``ROLE [MARKS] | text`` turns and ``? ...`` questions (``#`` lines are
    comments). What a turn's marks and a question's line mean is the caller's (tags of days
    here, evidence labels in :mod:`benchmarks.probing_blind2_data`)."""
    users: list[dict[str, Any]] = []
    questions: list[dict[str, Any]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("# user "):
            uid, lang, now = line.split()[2:5]
            users.append({"id": uid, "lang": lang, "now": now, "sessions": []})
        elif not line or line.startswith("#"):
            continue
        elif line.startswith("@ "):
            users[-1]["sessions"].append({"at": line[2:].strip(), "turns": []})
        elif line.startswith("? "):
            questions.append(on_question(line, users[-1]))
        else:
            head, _, body = line.partition(" | ")
            role, *marks = head.split()
            user = users[-1]
            session = user["sessions"][-1]
            tid = f"{user['id']}-{len(user['sessions'])}-{len(session['turns']) + 1}"
            session["turns"].append(
                {"id": tid, "role": {"u": "user", "a": "assistant"}[role], "text": body.strip()}
            )
            on_turn(session, tid, role, marks)
    return users, questions


def parse(text: str) -> dict[str, Any]:
    """The source's users (sessions of turns) and questions, evidence resolved from the tags."""
    tags: dict[str, tuple[date, frozenset[str]]] = {}

    def tag(session: dict[str, Any], tid: str, role: str, marks: list[str]) -> None:
        if role == "u":
            day = datetime.fromisoformat(session["at"]).date()
            tags[tid] = (day, frozenset(marks[0].split(",")) if marks else frozenset("-"))

    users, questions = read_histories(text, tag, lambda line, user: _question(line, user, tags))
    return {"about": ABOUT, "users": users, "questions": questions, "tags": tags}


def _question(
    line: str, user: dict[str, Any], tags: dict[str, tuple[date, frozenset[str]]]
) -> dict[str, Any]:
    head, _, query = line[2:].partition(" | ")
    qid, qtype, rel, days, topic = head.split()
    asked = _days(days)
    evidence = [
        tid
        for tid, (day, marks) in tags.items()
        if tid.startswith(f"{user['id']}-")
        and day in asked
        and (topic in marks if topic != "*" else "-" not in marks)
    ]
    if not evidence:
        raise ValueError(f"question {qid} has no evidence")
    return {
        "id": qid,
        "user": user["id"],
        "lang": user["lang"],
        "type": qtype,
        "relative": rel == "1",
        "query": query.strip(),
        "evidence": evidence,
    }


def parse_more(text: str, data: dict[str, Any]) -> list[dict[str, Any]]:
    """Further questions ("# ask USER" then question lines) over ``data``'s histories."""
    by_id = {u["id"]: u for u in data["users"]}
    user: dict[str, Any] | None = None
    out = []
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("# ask "):
            user = by_id[line.split()[2]]
        elif line.startswith("? "):
            if user is None:
                raise ValueError("a question before any '# ask USER'")
            out.append(_question(line, user, data["tags"]))
    return out


def main() -> None:
    data = parse(SOURCE.read_text(encoding="utf-8"))
    sets = [(OUT, data["questions"])]
    sets += [(out, parse_more(src.read_text(encoding="utf-8"), data)) for src, out in MORE.items()]
    del data["tags"]
    for path, questions in sets:
        out = {**data, "questions": questions}
        path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{path}: {len(out['users'])} users, {len(questions)} questions")


if __name__ == "__main__":
    main()
