"""Facts about other people through ``add_messages``: a labelled set, one message per line.

Each line of a set (``benchmarks/data/others_{dev,blind}.json``) is handed to ``add_messages``
as one user message (a fresh user per line, one store). Scored per language:

* **kept**: of the lines stating a fact about someone else, how many wrote a user-level fact
  (``fact`` under the user's root);
* **person slot**: of those, how many have exactly the labelled slot (``<slot>@<person>``, or
  none for a fact of no slot) and the labelled person key;
* **user slot taken**: lines about someone else that landed in one of the user's own slots
  (the error this work exists to prevent);
* **false facts**: of the lines that must give nothing user-level (hypotheticals, questions,
  gossip about someone), how many wrote a fact or a preference;
* **controls**: the user's own facts, still in the user's own slot;
* **changes**: pairs (a value, then a change of it) said after the user's own home: both in
  the person's group, the later one current, the user's home current and untouched.

    python -m benchmarks.conversation_others --set dev --embedder hash --out bench-out/others

``--set blind3`` (``benchmarks/others_blind3_data.py``) reports each kind of holder on its own
rows (another person or several, the user with someone, a company as the actor) and asks its
newcomers' questions about their own attribute and another person's (hit@1; use a real
embedder for those).

Prints a table and writes ``conversation_others_<set>.json`` to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from hybridmem import FakeClock, HybridMemory, make_embedder
from hybridmem.models import MemoryNode

DATA = Path(__file__).parent / "data"
HOME = {"en": "I live in Leeds.", "zh": "我住在长沙。"}


def _user_level(mem: HybridMemory, user: str, report: Any) -> list[MemoryNode]:
    root = mem.root(user_id=user)
    nodes = [mem.get(w.node_id, user_id=user) for w in report.written]
    return [
        n
        for n in nodes
        if n.node_type in ("fact", "preference") and root is not None and n.parent_id == root.id
    ]


def _say(mem: HybridMemory, clock: FakeClock, user: str, text: str, mid: str) -> Any:
    clock.advance(days=1)
    return mem.add_messages([{"id": mid, "role": "user", "content": text}], user_id=user)


def _line(mem: HybridMemory, clock: FakeClock, item: dict[str, Any]) -> dict[str, Any]:
    user = f"u-{item['id']}"
    kept = _user_level(mem, user, _say(mem, clock, user, item["text"], "m1"))
    facts = [n for n in kept if n.node_type == "fact"]
    node = facts[0] if facts else (kept[0] if kept else None)
    slot = node.metadata.get("slot") if node is not None else None
    person = node.metadata.get("person") if node is not None else None
    want = item["slot"]
    if item["person"] is not None and item["slot"] is not None:
        want = f"{item['slot']}@{item['person']}"
    kind = item.get("kind")
    row = {
        "id": item["id"],
        "kind": kind,
        "lang": item["lang"],
        "text": item["text"],
        "expected_fact": item["fact"],
        "other": item["fact"] and item["person"] is not None,
        "written": [n.node_type for n in kept],
        "slot": slot,
        "person": person,
        "kept": bool(facts) if item["fact"] else bool(kept),
        "slot_ok": bool(facts) and slot == want and person == item["person"],
        "user_slot_taken": item["person"] is not None and slot is not None and "@" not in str(slot),
    }
    if kind is not None:
        # blind3: who else holds the value (``metadata["holders"]``), and a company's action
        # against the user takes no user slot of any node written.
        holders = node.metadata.get("holders", []) if node is not None else []
        row["also_ok"] = bool(facts) and set(item["also"]) <= set(holders)
        row["holders"] = holders
        row["also"] = item["also"]
        if kind == "company":
            row["user_slot_taken"] = any(
                n.metadata.get("slot") and "@" not in str(n.metadata["slot"]) for n in kept
            )
    return row


def _change(mem: HybridMemory, clock: FakeClock, item: dict[str, Any]) -> dict[str, Any]:
    user = f"u-{item['id']}"
    home = _user_level(mem, user, _say(mem, clock, user, HOME[item["lang"]], "h"))
    first = _user_level(mem, user, _say(mem, clock, user, item["before"], "b"))
    clock.advance(days=29)
    second = _user_level(mem, user, _say(mem, clock, user, item["after"], "a"))
    group = f"slot:{item['slot']}@{item['person']}"
    current = mem.current_value(group[len("slot:") :], user_id=user)
    mine = mem.current_value("user.residence", user_id=user)
    joined = bool(first and second) and (
        first[0].conflict_group == second[0].conflict_group == group
    )
    return {
        "id": item["id"],
        "lang": item["lang"],
        "groups": [n.conflict_group for n in (*first, *second)],
        "joined": joined,
        "later_current": current is not None and bool(second) and current.id == second[0].id,
        "home_kept": bool(home) and mine is not None and mine.id == home[0].id,
    }


def _share(rows: Sequence[dict[str, Any]], key: str) -> str:
    return f"{sum(bool(r[key]) for r in rows)}/{len(rows)}"


def summarise(lines: list[dict[str, Any]], changes: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for lang in ("en", "zh"):
        mine = [r for r in lines if r["lang"] == lang]
        others = [r for r in mine if r["other"]]
        controls = [r for r in mine if r["expected_fact"] and not r["other"]]
        negatives = [r for r in mine if not r["expected_fact"]]
        pairs = [c for c in changes if c["lang"] == lang]
        out[lang] = {
            "kept (other people's facts)": _share(others, "kept"),
            "right person and slot": _share(others, "slot_ok"),
            "took a user slot": _share(others, "user_slot_taken"),
            "false facts (must give none)": _share(negatives, "kept"),
            "controls (user's own)": _share(controls, "slot_ok"),
            "changes joined the person": _share(pairs, "joined"),
            "later value current": _share(pairs, "later_current"),
            "user's home untouched": _share(pairs, "home_kept"),
        }
    return out


def summarise_kinds(lines: list[dict[str, Any]], changes: list[dict[str, Any]]) -> dict[str, Any]:
    """blind3's table: each kind of holder on its own rows."""
    out: dict[str, Any] = {}
    for lang in ("en", "zh"):
        mine = [r for r in lines if r["lang"] == lang]
        of = {
            k: [r for r in mine if r["kind"] == k] for k in ("other", "with_user", "company", "own")
        }
        named = [r for r in mine if r["kind"] in ("other", "with_user")]
        pairs = [c for c in changes if c["lang"] == lang]
        out[lang] = {
            "others': kept": _share(of["other"], "kept"),
            "others': right person and slot": _share(of["other"], "slot_ok"),
            "others': took a user slot": _share(of["other"], "user_slot_taken"),
            "with the user: the user's slot": _share(of["with_user"], "slot_ok"),
            "every holder named recorded": _share([r for r in named if r["also"]], "also_ok"),
            "company as actor: took a user slot": _share(of["company"], "user_slot_taken"),
            "controls (user's own)": _share(of["own"], "slot_ok"),
            "changes joined the person": _share(pairs, "joined"),
            "later value current": _share(pairs, "later_current"),
            "user's home untouched": _share(pairs, "home_kept"),
        }
    return out


def _questions(scenario: dict[str, Any], embedder: Any) -> list[dict[str, Any]]:
    """A newcomer's five facts through ``add``, then each question from inside a task: whether
    the first hit holds the needle."""
    clock = FakeClock(datetime(2025, 3, 3, 8, 30, tzinfo=UTC))
    rows = []
    with (
        tempfile.TemporaryDirectory() as tmp,
        HybridMemory(Path(tmp) / "m", embedder=embedder, clock=clock) as mem,
    ):
        for text in scenario["facts"]:
            mem.add(text, node_type="fact", user_id="u")
            clock.advance(minutes=3)
        title, note = scenario["task"]
        task = mem.add(title, node_type="task", user_id="u")
        mem.add(note, user_id="u")
        clock.advance(hours=1)
        for q in scenario["questions"]:
            hits = mem.retrieve(
                q["question"], user_id="u", task_id=task.id, record_access=False
            ).hits
            got = [h.node.content for h in hits[:3]]
            rows.append(
                {
                    "lang": scenario["lang"],
                    **q,
                    "hit1": bool(got) and q["needle"] in got[0],
                    "got": got,
                }
            )
    return rows


def run(name: str, embedder: str) -> dict[str, Any]:
    data = json.loads((DATA / f"others_{name}.json").read_text(encoding="utf-8"))
    clock = FakeClock(datetime(2025, 3, 1, 9, 0, tzinfo=UTC))
    with (
        tempfile.TemporaryDirectory() as tmp,
        HybridMemory(Path(tmp) / "m", embedder=make_embedder(embedder), clock=clock) as mem,
    ):
        lines = [_line(mem, clock, item) for item in data["lines"]]
        changes = [_change(mem, clock, item) for item in data["changes"]]
    kinds = "kind" in data["lines"][0]
    summary = summarise_kinds(lines, changes) if kinds else summarise(lines, changes)
    asked = [r for s in data.get("questions", []) for r in _questions(s, make_embedder(embedder))]
    for lang in ("en", "zh"):
        for about in ("own", "other"):
            rows = [r for r in asked if r["lang"] == lang and r["about"] == about]
            if rows:
                summary[lang][f"questions about the {about}: hit@1"] = _share(rows, "hit1")
    return {
        "set": name,
        "embedder": embedder,
        "summary": summary,
        "lines": lines,
        "changes": changes,
        "questions": asked,
    }


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", default="dev", choices=("dev", "blind", "blind2", "blind3"))
    ap.add_argument("--embedder", default="hash")
    ap.add_argument("--out", type=Path, default=Path("benchmarks/results"))
    ap.add_argument("--show-errors", action="store_true", help="print each wrong line")
    args = ap.parse_args(argv)
    result = run(args.set, args.embedder)
    table = Table(title=f"facts about other people, {args.set} set ({args.embedder})")
    table.add_column("measure")
    for lang in ("en", "zh"):
        table.add_column(lang, justify="right")
    for key in result["summary"]["en"]:
        table.add_row(key, *(result["summary"][lang][key] for lang in ("en", "zh")))
    console = Console()
    console.print(table)
    if args.show_errors:
        for row in result["lines"]:
            if not row["kept"] if row["expected_fact"] else row["kept"]:
                console.print("kept?", row["id"], row["text"], row["written"])
            elif row["expected_fact"] and not row["slot_ok"]:
                console.print("slot", row["id"], row["text"], row["slot"], row["person"])
        for row in result["changes"]:
            if not (row["joined"] and row["later_current"] and row["home_kept"]):
                console.print("change", row)
        for row in result["questions"]:
            if not row["hit1"]:
                console.print("question", row["question"], row["got"][:2])
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"conversation_others_{args.set}_{args.embedder}.json"
    path.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    console.print(f"wrote {path}")


if __name__ == "__main__":
    main()
