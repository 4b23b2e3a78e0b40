"""Questions about a day, with answers in several pieces (issue 38): does the context hold them all?

``python -m benchmarks.day_pieces [--embedder default|minilm] [--json out.json]``: six days of
chat per language (English and Chinese, one session a day of 30 filler turns), the dog in every
day's chat, and on the asked day three turns about it spread over the day (morning, midday,
evening). Asked at a 1,000-token budget: "on <day>, what did I tell you about <dog>?" (all three
of the day's pieces in the context? ranked above the other days' turns on the dog?) and "what
did we talk about on <day>?" (the day's turns, both languages', fill the context before any
other day's?). Written for this check;
not tuned on.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import make_embedder

DAYS = [date(2023, 4, 27), date(2023, 5, 2), date(2023, 5, 4), date(2023, 5, 6), date(2023, 5, 9)]
ASKED = date(2023, 5, 4)
NOW = datetime(2023, 5, 10, 12, 0, tzinfo=UTC)

TEXT = {
    "en": {
        "pieces": [
            "Bruno ate one of my socks this morning, I am worried.",
            "The vet said Bruno needs an X-ray to find the sock.",
            "Bruno is home again, the sock came out and he is sleepy.",
        ],
        "other_day": "Bruno chased the neighbour's cat around the garden.",
        "filler": [
            "The weather was grey and cold.",
            "I had noodles for lunch at the office.",
            "My manager moved the deadline again.",
            "I listened to a podcast about history.",
            "I called my sister about her wedding.",
            "I cooked a mushroom risotto for dinner.",
            "The train was late by twenty minutes.",
            "I finished the second chapter of my novel.",
            "My knee hurts a bit after running.",
            "We need to buy a new kettle.",
        ],
        "about": "On May 4th, what did I tell you about Bruno?",
        "day": "What did we talk about on May 4th?",
    },
    "zh": {
        "pieces": [
            "豆豆今天早上吃了我一只袜子，我很担心。",
            "兽医说豆豆要拍X光才能找到袜子。",
            "豆豆回家了，袜子取出来了，它很困。",
        ],
        "other_day": "豆豆在院子里追邻居家的猫。",
        "filler": [
            "今天天气阴沉，有点冷。",
            "午饭在公司吃了面条。",
            "经理又把截止日期提前了。",
            "回家路上听了一个历史播客。",
            "给姐姐打电话聊她的婚礼。",
            "晚饭做了蘑菇烩饭。",
            "火车晚点了二十分钟。",
            "我的小说写完了第二章。",
            "跑步以后膝盖有点疼。",
            "我们得买个新水壶。",
        ],
        "about": "5月4号我跟你说豆豆怎么了？",
        "day": "5月4号我们聊了什么？",
    },
}


def build(mem: HybridMemory, clock: FakeClock) -> dict[str, dict[str, list[str]]]:
    """The history; per language, the asked day's turn ids and its pieces' ids (the task's
    id under ``out["task"]["id"]``)."""
    task = mem.add("Chats with my companion", node_type="task", user_id="u")
    out: dict[str, dict[str, list[str]]] = {"task": {"id": [task.id]}}
    for lang in TEXT:
        out[lang] = {"day": [], "pieces": [], "dog_other": []}
    for day in DAYS:  # the clock only moves forward: both languages' chats of a day together
        at = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=8)
        clock.set(at)
        for lang, t in TEXT.items():
            ids = out[lang]
            session = mem.add(
                f"chat {day} {lang}", node_type="session", parent_id=task.id, user_id="u"
            )
            # A tag keeps the three rounds of the filler distinct (identical lines of a
            # session merge into one hit); letters no question uses, not digits: "(4)" matched
            # the "4" of "5月4号" lexically, a probe's artifact.
            filler = [f"{t['filler'][i % len(t['filler'])]} (qx{chr(97 + i)})" for i in range(30)]
            turns = [(x, "") for x in filler]
            if day == ASKED:
                for k, piece in zip((3, 15, 27), t["pieces"], strict=True):
                    turns.insert(k, (piece, "pieces"))
            else:
                turns.insert(10, (t["other_day"], "dog_other"))
            for i, (text, kind) in enumerate(turns):
                node = mem.add(
                    text,
                    parent_id=session.id,
                    user_id="u",
                    created_at=at + timedelta(minutes=20 * i),
                )
                if day == ASKED:
                    ids["day"].append(node.id)
                if kind:
                    ids[kind].append(node.id)
    clock.set(NOW)
    return out


def run(embedder_spec: str | None, budget: int) -> dict[str, object]:
    """Every question's figures, per language."""
    clock = FakeClock(datetime(2023, 4, 1, tzinfo=UTC))
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        embedder = make_embedder(embedder_spec)
        with HybridMemory(Path(tmp) / "m", embedder=embedder, clock=clock) as mem:
            ids = build(mem, clock)
            for lang, t in TEXT.items():
                kw = {"user_id": "u", "task_id": ids["task"]["id"][0], "record_access": False}
                about = mem.retrieve(t["about"], top_k=10_000, token_budget=budget, **kw)
                got = [h.node.id for h in about.hits]
                pieces = ids[lang]["pieces"]
                ranks = [got.index(p) + 1 for p in pieces if p in got]
                other = [got.index(o) + 1 for o in ids[lang]["dog_other"] if o in got]
                day = mem.retrieve(t["day"], top_k=10_000, token_budget=budget, **kw)
                day_got = {h.node.id for h in day.hits}
                # The day holds both languages' chats: all of them are that day's turns.
                the_day = {i for lg in TEXT for i in ids[lg]["day"]}
                results[lang] = {
                    "about": t["about"],
                    "pieces_in_context": sum(p in got for p in pieces),
                    "pieces": len(pieces),
                    "piece_ranks": ranks,
                    "other_days_dog_ranks": other,
                    "day": t["day"],
                    "day_turns_in_context": len(day_got & the_day),
                    "day_turns": len(the_day),
                    "other_days_in_context": len(day_got - the_day),
                    "day_context_tokens": day.tokens,
                    "day_first_hit_on_day": bool(day.hits)
                    and day.hits[0].node.id in ids[lang]["day"],
                }
        results["embedder"] = embedder.name
    return results


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--budget", type=int, default=1000)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    out = run(None if args.embedder == "default" else args.embedder, args.budget)
    print(json.dumps(out, indent=1, ensure_ascii=False))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
