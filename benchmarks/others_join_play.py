"""Another person's statement joining the user's similarity group, measured (issue 38, helper
stale21; a measurement program, the engine does not use it).

``benchmarks/mention_trace.py`` on the Chinese mention remarks of blind19 and blind20 found
most still pollute by a write-time link: 我老婆把工资卡换成了工商银行的 after 我的工资卡是建设银行
的 is read by the slot rules as not the user's (``others.infer_shared(...).about_user`` false,
the person 老婆), yet joins the group the pair model forms with the user's value (``sim:``), and
the newer member is shown first. ``others.may_join`` keeps another person's statement out of
the user's *slot* groups only. The candidate: a statement about another person (no slot
reading of the user, a person found) joins no similarity group either.

``marked FILES``: per file and kind, the scenarios with such a statement among those the probe
counts, after the first (totals; statements for the read files); every other scenario's
counted statements join as before (the users' other facts may join otherwise: not
measured). ``play FILES --json F``: those played (``evolution`` variant) without and with the
candidate (``--relations``: only for a person named by a relation)::

    python -m benchmarks.others_join_play marked benchmarks/data/colloquial_*.json
    python -m benchmarks.others_join_play play --json F benchmarks/data/colloquial_blind19.json
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest.mock import patch

from benchmarks.own_act_returns import play_chosen, write_play
from benchmarks.value_remarks_play import READ
from hybridmem.config import MemoryConfig
from hybridmem.evolution.slots import others
from hybridmem.evolution.slots.zh_names import PERSON_ZH, ROLE_ZH

RELATIONS = False
"""``--relations``: the candidate only for a person the speaker names by a relation (my wife,
老婆, 岳母: the closed classes ``others.names_another`` exempts), not by a name."""


def relation(key: str) -> bool:
    """Whether a person key is a relation of the speaker's, not a name."""
    return bool(
        others.ROLE_KEY_EN.fullmatch(key) or PERSON_ZH.fullmatch(key) or ROLE_ZH.fullmatch(key)
    )


def anothers(text: str) -> bool:
    """Whether the writer reads ``text`` as another person's statement (what the planner
    records as ``draft.person`` with ``about_user`` false; with :data:`RELATIONS`, a person
    named by a relation)."""
    guess = others.infer_shared(text, MemoryConfig().evolution.slot_map)
    found = others.person_of(text)
    if guess.about_user or found is None:
        return False
    return relation(found[0]) if RELATIONS else True


def marked(path: Path) -> dict[str, list[str]]:
    """Scenario id -> its facts after the first that the writer reads as another's."""
    out: dict[str, list[str]] = {}
    for sc in json.loads(path.read_text(encoding="utf-8")):
        (probe,) = sc["probes"]
        counted = {*probe["gold"], *probe["stale"], *probe["polluters"]}
        said = [
            str(n["content"])
            for n in sorted(sc["nodes"], key=lambda n: str(n["created_at"]))
            if n["id"] in counted
        ]
        found = [t for t in said[1:] if anothers(t)]
        if found:
            out[str(sc["id"])] = found
    return out


@contextmanager
def applied() -> Iterator[None]:
    """``others.may_join`` with the candidate: another person's statement joins no ``sim:``
    group (a slot group as before)."""
    original = others.may_join

    def may_join(person: str | None, about_user: bool, group: str) -> bool:
        kept_out = person is not None and (not RELATIONS or relation(person))
        if not group.startswith("slot:") and not about_user and kept_out:
            return False
        return original(person, about_user, group)

    with patch.object(others, "may_join", may_join):
        yield


@contextmanager
def owned() -> Iterator[None]:
    """``--owner``: a statement of a relation's (:func:`relation`) joins a ``sim:`` group only
    when a member of it is that person's (by ``others.person_of``): a relation's own change
    joins that relation's earlier value, not a value of the user's."""
    from hybridmem.evolution.write.planner import EvolutionWriter

    original = EvolutionWriter._similar_group

    def _similar_group(self: Any, request: Any) -> Any:
        found = original(self, request)
        group = found[0]
        if group is None or group.startswith("slot:") or not anothers(request.content):
            return found
        person = others.person_of(request.content)
        assert person is not None
        ids = {c.node_id for c in found[1]}
        said = [self.engine.store.get(i) for i in ids]
        said += self.engine.store.conflict_group_members(request.user_id, group)
        if any(
            n is not None and (p := others.person_of(n.content)) and p[0] == person[0] for n in said
        ):
            return found
        return None, (), None

    with patch.object(EvolutionWriter, "_similar_group", _similar_group):
        yield


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.others_join_play")
    parser.add_argument("mode", choices=("marked", "play"))
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--relations", action="store_true")
    parser.add_argument("--owner", action="store_true", help="--relations, by the group's owner")
    args = parser.parse_args(argv)
    global RELATIONS
    RELATIONS = args.relations or args.owner
    if args.mode == "marked":
        for path in args.files:
            found = marked(path)
            kinds = Counter(sid.split("-")[1] for sid in found)
            print(f"{path.name}: {len(found)} scenarios {dict(sorted(kinds.items()))}")
            if path.name in READ:
                print("\n".join(f"  {s}\t{' | '.join(ts)}" for s, ts in found.items()))
        return 0
    if args.json is None:
        parser.error("--json is required for play")
    reading = owned if args.owner else applied
    write_play(play_chosen(args.files, {p: set(marked(p)) for p in args.files}, reading), args.json)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
