"""The first-day statements the writer holds back as candidates, set by set (issue 38, helper
firstday26): ``python -m benchmarks.first_day_held [--sets ...] [--embedder e5] [--json F]``.

``benchmarks.first_day_causes`` found every "absent" miss of the last three sets to be a
standing fact the caller wrote with ``node_type="fact"`` and the writer kept as a candidate
(``candidate_reason: speech act: emotion``), so never retrieved. This writes each newcomer as
:func:`benchmarks.first_day.first_day` does and lists the said statements (the old and new
value, the facts, the sealed ones) that are not among the user's memories afterwards
(``HybridMemory.get_all``: the candidates are not).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from benchmarks.first_day import ALL_SETS, START, USER, first_day, sets_run
from hybridmem import FakeClock, HybridMemory
from hybridmem.privacy import PrivacyConfig, generate_key


def main(argv: Sequence[str] | None = None) -> None:
    run = sets_run(__doc__, argv)
    found: dict[str, Any] = {}
    reasons: Counter[str] = Counter()
    said_total = 0
    with TemporaryDirectory() as tmp:
        for name in run.sets:
            for i, persona in enumerate(ALL_SETS[name]):
                key = f"{name}#{i} {persona.lang}"
                clock = FakeClock(START)
                privacy = PrivacyConfig(key=generate_key())
                path = Path(tmp) / f"{name}-{i}"
                with HybridMemory(path, embedder=run.embedder, clock=clock, privacy=privacy) as mem:
                    first_day(mem, clock, persona)
                    kept = {n.content for n in mem.get_all(user_id=USER)}
                said = [persona.old, persona.new, *(t for t, _ in persona.facts)]
                said += [t for t, _ in persona.secrets]
                said_total += len(said)
                held = [t for t in said if t not in kept]
                found[key] = held
                for text in held:
                    print(f"[{key}] held: {text}", flush=True)
                reasons[name] += len(held)
                run.write(found)
    print(f"held {sum(reasons.values())} of {said_total} said statements; by set: {dict(reasons)}")
    run.write(found)


if __name__ == "__main__":
    main()
