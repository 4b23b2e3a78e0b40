"""Which first-day questions could ``groups.said_within`` change (helper daywindow15)?

``python -m benchmarks.group_window_scan [--json F]``: every question of every first-day set
(dev..fourteenth: the user questions, the task questions, the sensitive ones and the change
question), read by the retriever's own time reading (``timeexpr.find_window`` at the time the
questions are asked, the default time zone). An older value is kept for a window only when
the window holds when it was said and not when the current value was; a newcomer says
everything on the one first day (``first_day.START``, within hours), so a window that holds
one statement of that day and not another is what would let the change move a first-day
figure. Prints the questions naming a window and the count of those that split the day.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from benchmarks import first_day
from hybridmem.config import RetrievalConfig
from hybridmem.retrieval.timeexpr import find_window

SAID = (first_day.START, first_day.START + timedelta(hours=12))
"""The first statement and a bound past the last (the day's writes take under ten hours)."""
ASKED = first_day.START + timedelta(hours=12)


def scan() -> dict[str, object]:
    zone = ZoneInfo(RetrievalConfig().time_zone)
    sets = {"dev": first_day.PERSONAS, **first_day.SETS}
    rows = []
    total = 0
    for name, personas in sets.items():
        for p in personas:
            asked = [q for q, _ in p.questions] + [q for q, _, _ in p.task_questions]
            asked += [q for q, _ in p.about_secret] + [p.changed]
            for q in asked:
                total += 1
                window = find_window(q, ASKED, zone)
                if window is None:
                    continue
                held = [window.contains(at) for at in SAID]
                rows.append(
                    {
                        "set": name,
                        "lang": p.lang,
                        "question": q,
                        "window": window.text,
                        "splits_the_day": held[0] != held[1],
                    }
                )
    split = sum(1 for r in rows if r["splits_the_day"])
    return {
        "questions": total,
        "naming_a_window": len(rows),
        "splitting_the_day": split,
        "rows": rows,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    out = scan()
    for r in out["rows"]:  # type: ignore[attr-defined]
        print(
            f"{r['set']:11} {r['lang']} {r['window']!r:18} "
            f"split={r['splits_the_day']}  {r['question']}"
        )
    print(
        f"{out['questions']} questions, {out['naming_a_window']} name a window, "
        f"{out['splitting_the_day']} split the first day"
    )
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False), encoding="utf-8")


if __name__ == "__main__":
    main()
