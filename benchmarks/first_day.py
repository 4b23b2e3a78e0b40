"""First-day acceptance: a new user's dozen facts, asked about from inside a task (issue 38).

``python -m benchmarks.first_day [--embedder default] [--json out.json]`` builds, for each
language, one user as a newcomer would on day one with the default install: a dozen facts,
a value change said with a change word (the old value stays in the store, superseded), a
preference, two tasks with a note each, and one sensitive memory (``sensitive=True``, a key
set). Then it asks questions from inside one of the tasks and reports:

- ``hit@1``: the memory that answers the question is the first hit;
- ``new above old``: for the changed value, the new memory ranks above the old one (and the
  old one, if returned at all, is below it);
- ``sensitive leaks``: questions not about the sensitive memory whose hits or packed context
  hold it (the target is 0); questions about it must get it first.

Written for this check (issue 38's third part), not taken from any benchmark, and with a
persona unlike the ones the retrieval tests use, so it is no copy of what was tuned on.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from tempfile import TemporaryDirectory

from benchmarks.first_day_blind import BLIND
from benchmarks.first_day_eighteenth import EIGHTEENTH
from benchmarks.first_day_eighth import EIGHTH
from benchmarks.first_day_eleventh import ELEVENTH
from benchmarks.first_day_fifteenth import FIFTEENTH
from benchmarks.first_day_fifth import FIFTH
from benchmarks.first_day_fourteenth import FOURTEENTH
from benchmarks.first_day_fourth import FOURTH
from benchmarks.first_day_nineteenth import NINETEENTH
from benchmarks.first_day_ninth import NINTH
from benchmarks.first_day_persona import Persona
from benchmarks.first_day_seventeenth import SEVENTEENTH
from benchmarks.first_day_seventh import SEVENTH
from benchmarks.first_day_sixteenth import SIXTEENTH
from benchmarks.first_day_sixth import SIXTH
from benchmarks.first_day_tenth import TENTH
from benchmarks.first_day_third import THIRD
from benchmarks.first_day_thirteenth import THIRTEENTH
from benchmarks.first_day_twelfth import TWELFTH
from benchmarks.first_day_twentieth import TWENTIETH
from benchmarks.first_day_twentyfirst import TWENTYFIRST
from benchmarks.first_day_twentyfourth import TWENTYFOURTH
from benchmarks.first_day_twentysecond import TWENTYSECOND
from benchmarks.first_day_twentythird import TWENTYTHIRD
from hybridmem import FakeClock, HybridMemory
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.models import MemoryNode
from hybridmem.privacy import PrivacyConfig, generate_key

USER = "newcomer"


EN = Persona(
    lang="en",
    facts=(
        ("My name is Tomasz and I am a structural engineer.", "fact"),
        ("I have two kids, Ola who is seven and Kuba who is four.", "fact"),
        ("My wife Marta teaches chemistry at a secondary school.", "fact"),
        ("I cycle to the office when it does not rain.", "fact"),
        ("I am lactose intolerant.", "fact"),
        ("We have a grey cat named Pierogi.", "fact"),
        ("My mother lives in Gdansk.", "fact"),
        ("I play the bass guitar in a cover band on Fridays.", "fact"),
        ("My office is on the fourth floor of the Arup building.", "fact"),
        ("I am training for a half marathon in October.", "fact"),
        ("My dentist is Dr. Okafor on Elm Street.", "fact"),
        ("I prefer aisle seats on long flights.", "preference"),
    ),
    old="I drive a silver Skoda Octavia.",
    new="I sold the Skoda, now I drive a white Tesla Model 3.",
    secrets=(("My passport number is XK4417902, expires 2031.", "XK4417902"),),
    tasks=(
        (
            "Plan the family holiday in Portugal",
            "The apartment in Lagos is booked for 10-17 August.",
        ),
        ("Renovate the bathroom", "The plumber comes on Tuesday to replace the pipes."),
    ),
    questions=(
        ("What do I do for a living?", "structural engineer"),
        ("How old are my kids?", "Ola who is seven"),
        ("What does my wife teach?", "teaches chemistry"),
        ("How do I get to work?", "cycle to the office"),
        ("Can I have milk in my coffee?", "lactose intolerant"),
        ("What is the cat called?", "Pierogi"),
        ("Where does my mother live?", "Gdansk"),
        ("Which instrument do I play?", "bass guitar"),
        ("Which floor is my office on?", "fourth floor"),
        ("What race am I training for?", "half marathon"),
        ("Who is my dentist?", "Dr. Okafor"),
        ("Which seat should you book me on the flight?", "aisle seats"),
    ),
    task_questions=(
        ("When is the apartment in Lagos booked?", "10-17 August", 0),
        ("When does the plumber come?", "plumber comes", 1),
    ),
    changed="What car do I drive?",
    about_secret=(
        ("What is my passport number?", "XK4417902"),
        ("When does my passport expire?", "XK4417902"),
    ),
)

ZH = Persona(
    lang="zh",
    facts=(
        ("我叫林晓雯，是一名小学美术老师。", "fact"),
        ("我女儿今年五岁，在上幼儿园大班。", "fact"),
        ("我老公在一家物流公司做调度。", "fact"),
        ("我每天坐地铁四号线上班。", "fact"),
        ("我对芒果过敏。", "fact"),
        ("我们家养了一只柯基，叫豆包。", "fact"),
        ("我爸妈住在绍兴。", "fact"),
        ("我周末在社区教小朋友画水彩。", "fact"),
        ("我的生日是十一月三号。", "fact"),
        ("我在学游泳，每周二晚上上课。", "fact"),
        ("我的牙医是仁和诊所的陈医生。", "fact"),
        ("我喝咖啡只喝美式，不加糖。", "preference"),
    ),
    old="我住在杭州西湖区。",
    new="我已经搬到苏州了，现在住在工业园区。",
    secrets=(("我的身份证号是330106199003154821。", "330106199003154821"),),
    tasks=(
        ("准备女儿的生日派对", "蛋糕已经在楼下的烘焙店订好了，周六下午取。"),
        ("申请年假去云南", "年假申请还差主任签字。"),
    ),
    questions=(
        ("我是做什么工作的？", "美术老师"),
        ("我女儿多大了？", "五岁"),
        ("我老公做什么的？", "调度"),
        ("我怎么去上班？", "地铁四号线"),
        ("我有什么水果不能吃？", "芒果过敏"),
        ("我家的狗叫什么？", "豆包"),
        ("我爸妈住哪儿？", "绍兴"),
        ("我周末做什么？", "水彩"),
        ("我生日是哪天？", "十一月三号"),
        ("我游泳课是什么时候？", "每周二"),
        ("我的牙医是谁？", "陈医生"),
        ("帮我点杯咖啡，我喝什么？", "美式"),
    ),
    task_questions=(
        ("蛋糕什么时候去取？", "周六下午", 0),
        ("年假申请还差什么？", "主任签字", 1),
    ),
    changed="我现在住在哪里？",
    about_secret=(("我的身份证号是多少？", "330106199003154821"),),
)

PERSONAS = (EN, ZH)


@dataclass
class Outcome:
    """One language's figures and every miss, for the report."""

    lang: str
    questions: int = 0
    hit1: int = 0
    new_above_old: bool = False
    new_rank: int | None = None
    old_rank: int | None = None
    leaks: list[str] = field(default_factory=list)
    secret_first: int = 0
    secret_misses: list[dict[str, object]] = field(default_factory=list)
    misses: list[dict[str, object]] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {
            "lang": self.lang,
            "questions": self.questions,
            "hit_at_1": self.hit1 / max(self.questions, 1),
            "new_above_old": self.new_above_old,
            "new_rank": self.new_rank,
            "old_rank": self.old_rank,
            "sensitive_leaks": len(self.leaks),
            "leaked_questions": self.leaks,
            "misses": self.misses,
            "secret_misses": self.secret_misses,
        }


def _shown(persona: Persona, texts: Sequence[str], context: str, but: str = "") -> list[str]:
    """The markers of the sensitive memories (other than ``but``) in the hits or context."""
    return [
        m for _, m in persona.secrets if m != but and (m in context or any(m in t for t in texts))
    ]


def _rank(texts: Sequence[str], needle: str) -> int | None:
    return next((i for i, t in enumerate(texts) if needle in t), None)


START = datetime(2025, 3, 3, 8, 30, tzinfo=UTC)
"""When every newcomer's first day begins (a Monday morning)."""


def first_day(mem: HybridMemory, clock: FakeClock, persona: Persona) -> list[MemoryNode]:
    """Write ``persona``'s first day into ``mem`` as a newcomer would: the old value, the
    facts, the sealed memories, two tasks with a note each and, hours later, the new value.
    Returns the tasks' nodes, oldest first (questions are asked from inside them)."""
    mem.add(persona.old, node_type="fact", user_id=USER)
    clock.advance(minutes=3)
    for text, kind in persona.facts:
        mem.add(text, node_type=kind, user_id=USER)
        clock.advance(minutes=3)
    for secret, _ in persona.secrets:
        mem.add(secret, node_type="fact", user_id=USER, sensitive=True)
        clock.advance(minutes=3)
    tasks = []
    for title, note in persona.tasks:
        clock.advance(minutes=10)
        tasks.append(mem.add(title, node_type="task", user_id=USER))
        mem.add(note, user_id=USER)
    clock.advance(hours=6)
    mem.add(persona.new, node_type="fact", user_id=USER)
    clock.advance(hours=1)
    return tasks


def run_persona(persona: Persona, embedder: Embedder, path: Path) -> Outcome:
    """Build the persona's store at ``path`` and ask every question from inside a task."""
    clock = FakeClock(START)
    privacy = PrivacyConfig(key=generate_key())
    with HybridMemory(path, embedder=embedder, clock=clock, privacy=privacy) as mem:
        return measure(mem, first_day(mem, clock, persona), persona)


def measure(mem: HybridMemory, tasks: Sequence[MemoryNode], persona: Persona) -> Outcome:
    """Ask every question of ``persona`` from inside its ``tasks`` in ``mem`` (built by
    :func:`first_day`, left as it was: no access is recorded) and count what was found."""
    out = Outcome(persona.lang)
    first: dict[str, str] = {}

    def ask(question: str, task: int) -> tuple[list[str], str]:
        r = mem.retrieve(question, user_id=USER, task_id=tasks[task].id, record_access=False)
        # Why the first hit came first, for the report of a miss.
        first["why"] = r.hits[0].breakdown.explain() if r.hits else ""
        return [h.node.content for h in r.hits], r.context

    ordinary = [
        *((q, a, t) for q, a in persona.questions for t in range(len(tasks))),
        *persona.task_questions,
        *((persona.changed, persona.new, t) for t in range(len(tasks))),
    ]
    for question, needle, task in ordinary:
        texts, context = ask(question, task)
        out.questions += 1
        if texts and needle in texts[0]:
            out.hit1 += 1
        else:
            out.misses.append(
                {
                    "question": question,
                    "task": task,
                    "expected": needle,
                    "got": texts[:3],
                    "first": first["why"],
                }
            )
        if _shown(persona, texts, context):
            out.leaks.append(question)
    texts, _ = ask(persona.changed, 0)
    out.new_rank = _rank(texts, persona.new)
    out.old_rank = _rank(texts, persona.old)
    out.new_above_old = out.new_rank is not None and (
        out.old_rank is None or out.new_rank < out.old_rank
    )
    for question, marker in persona.about_secret:
        texts, context = ask(question, 0)
        if texts and marker in texts[0]:
            out.secret_first += 1
        else:
            out.secret_misses.append(
                {
                    "question": question,
                    "expected": marker,
                    "got": texts[:3],
                    "first": first["why"],
                }
            )
        if _shown(persona, texts, context, but=marker):
            out.leaks.append(question)
    return out


def run(
    embedder_spec: str | None = None, personas: Sequence[Persona] = PERSONAS
) -> dict[str, object]:
    embedder = make_embedder(embedder_spec)
    rows = []
    with TemporaryDirectory() as tmp:
        # One store per newcomer: a set may hold two newcomers of one language.
        for i, persona in enumerate(personas):
            outcome = run_persona(persona, embedder, Path(tmp) / f"{i}-{persona.lang}")
            row = outcome.as_dict()
            row["secret_first"] = f"{outcome.secret_first}/{len(persona.about_secret)}"
            rows.append(row)
    return {"embedder": embedder.name, "users": rows}


SETS: dict[str, tuple[Persona, ...]] = {
    "blind": BLIND,
    "third": THIRD,
    "fourth": FOURTH,
    "fifth": FIFTH,
    "sixth": SIXTH,
    "seventh": SEVENTH,
    "eighth": EIGHTH,
    "ninth": NINTH,
    "tenth": TENTH,
    "eleventh": ELEVENTH,
    "twelfth": TWELFTH,
    "thirteenth": THIRTEENTH,
    "fourteenth": FOURTEENTH,
    "fifteenth": FIFTEENTH,
    "sixteenth": SIXTEENTH,
    "seventeenth": SEVENTEENTH,
    "eighteenth": EIGHTEENTH,
    "nineteenth": NINETEENTH,
    "twentieth": TWENTIETH,
    "twentyfirst": TWENTYFIRST,
    "twentysecond": TWENTYSECOND,
    "twentythird": TWENTYTHIRD,
    "twentyfourth": TWENTYFOURTH,
}
"""The newcomer sets by their flag, in the order they were written. Each was blind when
written, so a later set is the better estimate of users nobody has seen."""


# The dev newcomers and every set, by name: what a program measured over first-day sets reads.
ALL_SETS: dict[str, Sequence[Persona]] = {"dev": PERSONAS, **SETS}


@dataclass(frozen=True)
class SetsRun:
    """The command line of a program measured over first-day sets: ``--sets`` (the dev
    newcomers and every set by default, comma-separated), ``--embedder``, ``--json``."""

    sets: list[str]
    embedder: Embedder
    json_out: Path | None

    def write(self, found: object) -> None:
        """``found`` as the ``--json`` file, when one was asked for."""
        if self.json_out:
            self.json_out.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps(found, indent=1, ensure_ascii=False)
            self.json_out.write_text(text, encoding="utf-8")


def sets_run(description: str | None, argv: Sequence[str] | None) -> SetsRun:
    """Parse a first-day measuring program's command line (:class:`SetsRun`)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--sets", default=",".join(ALL_SETS))
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    return SetsRun(args.sets.split(","), make_embedder(args.embedder), args.json)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--json", type=Path, default=None)
    which = parser.add_mutually_exclusive_group()
    for name in SETS:
        which.add_argument(
            f"--{name}",
            dest="set",
            action="store_const",
            const=name,
            help=f"the newcomers of benchmarks/first_day_{name}.py instead of the dev ones",
        )
    args = parser.parse_args(argv)
    result = run(args.embedder, SETS[args.set]) if args.set else run(args.embedder)
    for row in result["users"]:  # type: ignore[attr-defined]
        print(
            f"{row['lang']}: hit@1 {row['hit_at_1']:.3f} ({row['questions']} questions), "
            f"new above old {row['new_above_old']} (ranks {row['new_rank']}/{row['old_rank']}), "
            f"sensitive leaks {row['sensitive_leaks']}, asked about it first {row['secret_first']}"
        )
        for miss in [*row["misses"], *row["secret_misses"]]:
            print("   miss:", miss)
        if row["leaked_questions"]:
            print("   leaked:", row["leaked_questions"])
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
