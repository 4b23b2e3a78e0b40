"""Every question's time window, dumped and compared (issue 38, helper probing24).

``python -m benchmarks.day_windows [--dates-off] --json F`` reads every question of the probing
sets, the day question sets, the first-day sets, the colloquial sets, LoCoMo and MADial
(``$DATA``, the shared copy) and writes, per question, the window
:func:`hybridmem.retrieval.timeexpr.find_window` reads from it (its text, first day and last
day) at the time the suite asks it: the probing and day sets at their file's ``now``; LoCoMo one
day after the conversation's last turn (as :mod:`benchmarks.hybrid` asks), MADial's
dialogue-so-far one day after its newest memory; the first-day and colloquial sets, whose time
the suites set themselves, at a fixed ``now`` (the comparison only asks whether the reading
changed). ``--dates-off``: with the readers as before probing24 (:func:`dates_off`);
``--month-of``: with M月份 read as the month (:func:`month_of`, measured, not shipped).
``--forms`` prints :data:`FORMS` (everyday day forms) read before and now; ``--time`` times the
reader both ways.
``--events`` dumps instead the questions whose day is named by the user's own event (no window
from the calendar, a phrase :func:`hybridmem.retrieval.event_days.event_phrase` reads: the
store is asked for the event, day25): the only questions that reading can move.
``--compare BEFORE`` prints the questions whose window differs from ``BEFORE``'s dump, by set:
the only questions a change of the date readers alone can move. The colloquial sets that are
read for totals only print counts, never the questions.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime, timedelta
from pathlib import Path
from unittest import mock

from benchmarks import first_day
from benchmarks.locomo_data import load_locomo
from benchmarks.madial_data import load_madial
from benchmarks.suite_madial import dialogue_query
from hybridmem.retrieval import ordinals, timeexpr
from hybridmem.retrieval.event_days import event_phrase
from hybridmem.retrieval.timeexpr import find_window

HERE = Path(__file__).parent / "data"
LOCOMO = Path(os.environ.get("DATA", "/work/shared/data")) / "locomo" / "locomo-dev.json"
FIXED_NOW = datetime(2026, 11, 19, 20, 0, tzinfo=UTC)
EXTERNAL = ("locomo", "madial")
"""Sets from ``$DATA``: their questions' text is not written into a dump (windows only)."""
TOTALS_ONLY = {"colloquial_blind6"} | {f"colloquial_blind{n}" for n in range(9, 17)}

FORMS = (
    "on the 26th of last month, what did I say?",
    "what did I say on the 3rd of this month?",
    "what did we talk about on 10/14?",
    "what did we talk about on 14.10?",
    "what did we talk about on 2026-10-14?",
    "what did we talk about on Wednesday 14 October?",
    "what did I tell you on Weds?",
    "what did I tell you last Thurs?",
    "what did I say the other day?",
    "what did I tell you three days ago?",
    "what did I tell you a fortnight ago?",
    "what did I say earlier this week?",
    "what did I say at the beginning of the month?",
    "what did I say in the middle of October?",
    "what did I say over the weekend?",
    "what did I say the weekend before last?",
    "what did I say this past weekend?",
    "what did I say on Monday night?",
    "what did I say last night?",
    "what did I say in the first week of November?",
    "what did I tell you from the 2nd to the 5th?",
    "what did I tell you between Monday and Wednesday?",
    "what did I say over Halloween weekend?",
    "10.15 我们聊了啥",
    "10/15那天聊了啥",
    "2026.10.15 我们聊了啥",
    "2026-10-15聊了什么",
    "上个月26号我说了啥",
    "上月26号我说了啥",
    "这个月3号我说了啥",
    "国庆那几天聊了啥",
    "国庆期间聊了啥",
    "国庆假期我说了啥",
    "春节那几天我说了啥",
    "五一假期我说了啥",
    "上周末聊了啥",
    "上个礼拜三聊了啥",
    "这周一聊了啥",
    "前几天我说了啥",
    "月中我说了啥",
    "十月中旬我说了啥",
    "11月初我说了啥",
    "上个月底我说了啥",
    "两周前我说了啥",
    "半个月前我说了啥",
    "十天前我说了啥",
    "前两天我说了啥",
    "上周三到周五我说了啥",
    "10月20号到25号我说了啥",
    "昨天晚上我说了啥",
    "周末我说了啥",
    "what did I tell you a couple of days ago?",
    "what did I tell you a few days ago?",
    "what did I say a couple of weeks ago?",
    "what did I tell you on Tues?",
    "what did I tell you on Thu?",
    "what did I tell you last Wed?",
    "what did I say on Sat?",
    "what did I say on the 5th of November?",
    "what did I say on Nov. 5?",
    "what did I say on November the 5th?",
    "what did I say on 5th Nov?",
    "what did I say on the fifth of November?",
    "what did I tell you on Sunday the 15th?",
    "what did I tell you yesterday morning?",
    "what did I tell you this morning?",
    "what did I say earlier today?",
    "what did I say last Monday night?",
    "what did I say the Monday before last?",
    "what did I say at the end of October?",
    "what did I say in early November?",
    "what did I say the week before last?",
    "what did I say during the week of the 9th?",
    "what did I say over Christmas?",
    "what did I say on Christmas Day?",
    "what did I say 3 weeks back?",
    "what did I say three weeks back?",
    "what did I say a month ago?",
    "一个礼拜前我说了啥",
    "两个星期前我说了啥",
    "上个星期我说了啥",
    "上星期五我说了啥",
    "礼拜天我说了啥",
    "星期天我说了啥",
    "周日我说了啥",
    "十一月五号我说了啥",
    "11月5日晚上我说了啥",
    "上个月中旬我说了啥",
    "前段时间我说了啥",
    "那天我说了啥",
    "10月份我说了啥",
    "今天早上我说了啥",
    "上周的时候我说了啥",
    "两天前我说了啥",
    "三天前说的",
    "11.5号我说了啥",
    "十一那几天我说了啥",
    "十一假期我说了啥",
)
"""Everyday day forms of both languages (probing24's list, asked at ``FIXED_NOW``, a Thursday)."""


# (set, question id, query, now)
Question = tuple[str, str, str, datetime]


def _probing() -> Iterator[Question]:
    for path in sorted(HERE.glob("probing_*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        nows = {u["id"]: datetime.fromisoformat(u["now"]) for u in data["users"]}
        for q in data["questions"]:
            yield path.stem, f"{q['user']}:{q['id']}", q["query"], nows[q["user"]]


def _day_sets() -> Iterator[Question]:
    for path in sorted(HERE.glob("day_questions*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        now = datetime.fromisoformat(data["now"])
        for i, q in enumerate(data["questions"]):
            yield path.stem, str(i), q["query"], now


def _first_day() -> Iterator[Question]:
    for name, personas in first_day.ALL_SETS.items():
        for p in personas:
            asked = [q for q, _ in p.questions] + [q for q, _, _ in p.task_questions]
            asked += [p.changed] + [q for q, _ in p.about_secret]
            for i, text in enumerate(asked):
                yield f"first_day_{name}", f"{p.lang}:{i}", text, FIXED_NOW


def _colloquial() -> Iterator[Question]:
    for path in sorted(HERE.glob("colloquial_*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for i, text in enumerate(_queries(data)):
            yield path.stem, str(i), text, FIXED_NOW


def _queries(data: object) -> Iterator[str]:
    """Every string under a "query" or "question" key, however the set nests them."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in ("query", "question") and isinstance(value, str):
                yield value
            else:
                yield from _queries(value)
    elif isinstance(data, list):
        for item in data:
            yield from _queries(item)


def _locomo() -> Iterator[Question]:
    if not LOCOMO.exists():
        return
    for conv in load_locomo(LOCOMO).conversations:
        now = max(t.created_at for t in conv.turns) + timedelta(days=1)
        for q in conv.questions:
            yield "locomo", f"{conv.sample_id}:{q.number}", q.question, now


def _madial() -> Iterator[Question]:
    root = LOCOMO.parent.parent / "madial"
    if not root.exists():
        return
    for lang in ("en", "zh"):
        ds = load_madial(root, lang)
        now = max(m.time for m in ds.memories) + timedelta(days=1)
        for d in ds.dialogues:
            yield f"madial_{lang}", str(d.number), dialogue_query(d.context_lines), now


def dump() -> dict[str, dict[str, object]]:
    """Set -> question id -> [query, [window text, first day, day after]] (None: no window; the
    query empty for the shared data's sets)."""
    out: dict[str, dict[str, object]] = {}
    for source in (_probing, _day_sets, _first_day, _colloquial, _locomo, _madial):
        for name, qid, text, now in source():
            w = find_window(text, now)
            # The shared data's text stays out of the repository: its windows' days only.
            own = not name.startswith(EXTERNAL)
            said = w.text if w is not None and own else ""
            days = None if w is None else [said, str(w.start.date()), str(w.end.date())]
            out.setdefault(name, {})[qid] = [text if own else "", days]
    return out


def events() -> dict[str, dict[str, object]]:
    """Set -> question id -> [query, phrase, event's words, relation] for every question with
    no calendar window whose day an event of the user's names (the shared data's text left
    out, as in :func:`dump`)."""
    out: dict[str, dict[str, object]] = {}
    for source in (_probing, _day_sets, _first_day, _colloquial, _locomo, _madial):
        for name, qid, text, now in source():
            phrase = None if find_window(text, now) is not None else event_phrase(text)
            own = not name.startswith(EXTERNAL)
            found = out.setdefault(name, {})
            if phrase is not None:
                said = [phrase.text, phrase.event] if own else ["", ""]
                found[qid] = [text if own else "", *said, phrase.relation]
    return out


def show_events(found: dict[str, dict[str, object]]) -> None:
    """Print :func:`events`' questions by set (counts only for totals-only sets)."""
    for name in sorted(found):
        print(f"{name}: {len(found[name])} questions name a day by an event")
        if name in TOTALS_ONLY:
            continue
        for qid, row in found[name].items():
            print(f"  {qid}: {row}")


def compare(
    before: dict[str, dict[str, list[object]]], after: dict[str, dict[str, list[object]]]
) -> None:
    """Print the questions whose window moved, by set (counts only for totals-only sets)."""
    for name in sorted(set(before) | set(after)):
        b, a = before.get(name, {}), after.get(name, {})
        moved = [q for q in sorted(set(b) | set(a)) if b.get(q) != a.get(q)]
        print(f"{name}: {len(a)} questions, {len(moved)} windows changed")
        if name in TOTALS_ONLY:
            continue
        for q in moved:
            print(f"  {q}: {b.get(q)} -> {a.get(q)}")


_NEVER = re.compile(r"(?!)")
_OLD_BARE = re.compile(r"(?:(?:about|on|the|of)\s+)*\d{1,2}(?:st|nd|rd|th)", re.IGNORECASE)


@contextmanager
def dates_off() -> Iterator[None]:
    """The date readers as before probing24: no written dates (``.written_dates``), no holiday
    breaks, no spoken English forms, no 半个月前, and "from the 2nd" an ordinal dateparser
    may read as a month (``probing_variants --variant dates-off``)."""
    with (
        mock.patch.object(timeexpr, "written_date", lambda q, n: None),
        mock.patch.object(timeexpr, "holiday_break", lambda q, n: None),
        mock.patch.object(timeexpr, "spoken_window", lambda q, n, r: None),
        mock.patch.object(timeexpr, "_ZH_HALF_AGO", _NEVER),
        mock.patch.object(ordinals, "_BARE", _OLD_BARE),
    ):
        yield


_ZH_MONTH = re.compile(
    r"(?<![年\d零〇一二两三四五六七八九十])(\d{1,2}|[一二三四五六七八九十]{1,2})月份"
)


def _month_of(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
    """十月份 / 10月份 without a year: that month, the latest not after now."""
    match = _ZH_MONTH.search(query)
    month = timeexpr._cn_int(match.group(1)) if match else None
    if match is None or month is None or not 1 <= month <= 12:
        return None
    year = now.year if month <= now.month else now.year - 1
    return (match.group(0), *timeexpr._month(year, month, now))


@contextmanager
def month_of() -> Iterator[None]:
    """The engine with M月份 read as that month (measured, not shipped: it moves one evidence
    turn of probing blind6 zh r8 out of the budget; ``probing_variants --variant
    zh-month-of``): the first of it and the Chinese forms, as the written dates are taken."""
    chinese = timeexpr._chinese

    def with_month(query: str, now: datetime) -> tuple[str, datetime, datetime] | None:
        return timeexpr._first(query, _month_of(query, now), chinese(query, now))

    with mock.patch.object(timeexpr, "_chinese", with_month):
        yield


def show_forms() -> None:
    """Each of :data:`FORMS` with the window it names, before probing24 and now."""
    for text in FORMS:
        with dates_off():
            before = find_window(text, FIXED_NOW)
        after = find_window(text, FIXED_NOW)
        print(f"{text}: {before and before.describe()} -> {after and after.describe()}")


def time_readers() -> None:
    """``find_window``'s time a question over the probing, day and first-day sets and LoCoMo,
    before probing24 and now, twice each (after one warm-up pass)."""
    asked = [q for source in (_probing, _day_sets, _first_day, _locomo) for q in source()]

    def per_question() -> float:
        start = time.perf_counter()
        for _, _, text, now in asked:
            find_window(text, now)
        return (time.perf_counter() - start) / len(asked) * 1000

    per_question()
    for _ in range(2):
        with dates_off():
            before = per_question()
        print(f"{len(asked)} questions: {before:.2f} ms before, {per_question():.2f} ms now")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--forms", action="store_true", help="print FORMS' windows and stop")
    parser.add_argument("--time", action="store_true", help="time find_window and stop")
    parser.add_argument("--compare", type=Path, help="an earlier dump: print what moved")
    parser.add_argument("--dates-off", action="store_true", help="the readers before probing24")
    parser.add_argument("--month-of", action="store_true", help="with M月份 read as the month")
    parser.add_argument("--events", action="store_true", help="questions dated by an event")
    args = parser.parse_args()
    if args.forms or args.time:
        show_forms() if args.forms else time_readers()
        return
    if args.json is None:
        parser.error("--json is required")
    if args.events:
        found = events()
        args.json.write_text(json.dumps(found, ensure_ascii=False, indent=1) + "\n", "utf-8")
        show_events(found)
        return
    with dates_off() if args.dates_off else month_of() if args.month_of else nullcontext():
        out = dump()
    args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{args.json}: {sum(len(v) for v in out.values())} questions in {len(out)} sets")
    if args.compare:
        compare(json.loads(args.compare.read_text(encoding="utf-8")), out)


if __name__ == "__main__":
    main()
