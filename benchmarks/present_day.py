"""Today named in a question: a proposal for now against a question about the day (issue 38,
helper time16; a measurement, nothing in ``hybridmem`` changes).

``python -m benchmarks.present_day [--embedder default] [--json F]`` builds one user's history
over four days in English and Chinese (the answers to the proposals said days before the
question, two unrelated remarks the same morning, one the day before) and asks, with the clock
at 17:00 on the last day:

- proposals naming tonight ("Shall we try the curry house tonight?", 今晚去吃火锅吗？): the
  statement that answers them (said days before) should come first;
- questions about today ("What did we talk about today?", 今天我们聊了什么？): this morning's
  remarks should fill the first places (``frac``: the share of the first k hits said today, k
  the number of today's remarks, both languages' together as the engine stores them).

Each question runs on the engine as it is and with the candidate ``present``: a window of at
most a day holding the question's moment (today, tonight, 今晚) is read as a mention
(:mod:`hybridmem.retrieval.mentions`: the time feature at each memory's own relevance and its
configured weight), not as a question about the day (:mod:`hybridmem.retrieval.days`: the day's
memories first by their date alone). The candidate is patched in at run time.

Written by the helper who measured the candidate, after reading the first-day misses it was
meant for: a measurement of the trade-off, not a blind set.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.models import TimeWindow
from hybridmem.retrieval import retriever
from hybridmem.retrieval.spans import moment_in

NOW = datetime(2023, 5, 15, 17, 0, tzinfo=UTC)  # a Monday, late afternoon
EARLIER = [  # said three days before the question: the proposals' answers and other facts
    "Our favourite curry house is Spice Garden on Elm Road.",
    "I can't eat shellfish, prawns make me ill.",
    "My sister Linda lives in Leeds.",
    "We're saving up, so no more takeaways this month.",
    "我们最常去的火锅店是江边那家老码头。",
    "我对虾过敏，一吃就起疹子。",
    "我妹妹住在成都。",
    "这个月在攒钱，不点外卖了。",
]
TALK = [  # said the day before, about talking: the words of a question about the day
    "We talked about the holiday plans with Linda.",
    "我们跟妹妹聊了聊暑假的安排。",
]
YESTERDAY = ["I repainted the garden fence.", "我把院子的栅栏重新刷了漆。"]
TODAY = [  # this morning's remarks
    "I watered the tomatoes.",
    "The bus was late again.",
    "我给番茄浇了水。",
    "公交车又晚点了。",
]
PROPOSALS = [  # (question, the statement that answers it)
    ("Shall we try the curry house tonight?", EARLIER[0]),
    ("Fancy prawns for dinner tonight?", EARLIER[1]),
    ("Shall we order a takeaway tonight?", EARLIER[3]),
    ("今晚去吃火锅吗？", EARLIER[4]),
    ("今晚吃虾怎么样？", EARLIER[5]),
    ("今晚点个外卖吧？", EARLIER[7]),
]
ABOUT_TODAY = [
    "What did we talk about today?",
    "What did I tell you today?",
    "今天我们聊了什么？",
    "我今天跟你说了什么？",
]


def holds_now(window: TimeWindow | None, now: datetime) -> bool:
    """The candidate's reading: a window of at most a day that holds ``now``."""
    return (
        window is not None
        and window.end - window.start <= timedelta(days=1)
        and window.contains(now)
    )


@contextmanager
def present_reading() -> Iterator[None]:
    """Patch retrieval so a window holding now is read as a mention (see the module docstring):
    ``prepare`` finds the window, then asks :func:`~hybridmem.retrieval.mentions.asks_about`."""
    find, asks = retriever.find_window, retriever.asks_about
    seen: dict[str, Any] = {}

    def find_window(text: str, now: datetime, tz: Any = UTC) -> TimeWindow | None:
        seen["window"], seen["now"] = find(text, now, tz), now
        return seen["window"]

    def asks_about(query: str, span: str) -> bool:
        return asks(query, span) and not holds_now(seen.get("window"), seen["now"])

    retriever.find_window, retriever.asks_about = find_window, asks_about  # type: ignore[assignment]
    try:
        yield
    finally:
        retriever.find_window, retriever.asks_about = find, asks  # type: ignore[assignment]


@contextmanager
def present_words_reading() -> Iterator[None]:
    """The second candidate: a window holding now is read as a mention only when the question's
    words match (BM25 > 0) some memory outside it and none inside it; otherwise as a question
    about the day, as the engine does."""
    score = retriever.Retriever.score

    def patched(self: Any, q: Any, cands: Any, anchor: Any) -> Any:
        w = q.window
        if w is not None and q.asks_time and holds_now(w, q.now):
            matched = [i for i, v in cands.lexical.items() if v > 0 and i in cands.nodes]
            inside = [i for i in matched if w.contains(moment_in(cands.nodes[i], w))]
            if matched and not inside:
                weights = replace(q.weights, time=self.config.weights.time)
                q = replace(q, asks_time=False, weights=weights)
        return score(self, q, cands, anchor)

    retriever.Retriever.score = patched  # type: ignore[method-assign]
    try:
        yield
    finally:
        retriever.Retriever.score = score  # type: ignore[method-assign]


def _history(mem: HybridMemory, clock: FakeClock) -> str:
    task = mem.add("Chats with my companion", node_type="task", user_id="u")
    for at, lines in (
        (NOW - timedelta(days=3), EARLIER),
        (NOW - timedelta(days=1), YESTERDAY + TALK),
        (NOW - timedelta(hours=8), TODAY),
    ):
        clock.set(at)
        for line in lines:
            mem.add(line, parent_id=task.id, user_id="u")
            clock.advance(minutes=5)
    clock.set(NOW)
    return task.id


def _ask(mem: HybridMemory, task: str, query: str) -> list[str]:
    res = mem.retrieve(query, user_id="u", task_id=task, top_k=10, record_access=False)
    return [h.node.content for h in res.hits if h.node.node_type != "task"]


def _measure(mem: HybridMemory, task: str) -> dict[str, Any]:
    proposals = []
    for query, answer in PROPOSALS:
        got = _ask(mem, task, query)
        proposals.append(
            {"query": query, "first": got[0] if got else None, "hit@1": got[:1] == [answer]}
        )
    today = []
    for query in ABOUT_TODAY:
        got = _ask(mem, task, query)[: len(TODAY)]
        today.append(
            {"query": query, "got": got, "frac": sum(g in TODAY for g in got) / len(TODAY)}
        )
    return {"proposals": proposals, "today": today}


def run(embedder: Embedder) -> dict[str, Any]:
    out: dict[str, Any] = {"embedder": embedder.name}
    variants: dict[str, Callable[[], AbstractContextManager[None]]] = {
        "engine": nullcontext,
        "present": present_reading,
        "present_words": present_words_reading,
    }
    for name, patch in variants.items():
        with TemporaryDirectory() as tmp, patch():
            clock = FakeClock(NOW - timedelta(days=3))
            with HybridMemory(Path(tmp) / "m", embedder=embedder, clock=clock) as mem:
                out[name] = _measure(mem, _history(mem, clock))
    return out


def _print(result: dict[str, Any]) -> None:
    print(f"embedder {result['embedder']}")
    print("| variant | lang | proposals hit@1 | today frac |")
    print("|---|---|---|---|")
    for name in ("engine", "present", "present_words"):
        r = result[name]
        for lang, zh in (("en", False), ("zh", True)):
            ps = [p for p in r["proposals"] if (p["query"][0] > "\u3000") == zh]
            ts = [t for t in r["today"] if (t["query"][0] > "\u3000") == zh]
            hit = sum(p["hit@1"] for p in ps)
            frac = sum(t["frac"] for t in ts) / len(ts)
            print(f"| {name} | {lang} | {hit}/{len(ps)} | {frac:.3f} |")
    for name in ("engine", "present", "present_words"):
        for p in result[name]["proposals"]:
            if not p["hit@1"]:
                print(f"  {name} miss: {p['query']} -> {p['first']}")
        for t in result[name]["today"]:
            print(f"  {name} today: {t['query']} -> {t['got']}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default="default")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    result = run(make_embedder(args.embedder))
    _print(result)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n")


if __name__ == "__main__":
    main()
