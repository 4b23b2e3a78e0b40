"""Every sealed-memory judgement of the privacy checks, recorded once and judged again offline
(issue 38, helper sensitive20).

``python -m benchmarks.sealed_calls record --out F.pkl [--embedder minilm] [--suites ...]``
runs the suites (the first-day sets, :mod:`benchmarks.sealed_probe`'s questions, the blind
sealed probes and the privacy sets) with the retriever's
:func:`~hybridmem.retrieval.sensitive.withheld` watched, and stores every call (its candidates,
cosines, lexical scores: the rule's whole input) with the suite and whether its question is one
about a sealed memory (and that memory's marker). ``python -m benchmarks.sealed_calls compare
--calls F.pkl --variant NAME`` judges every stored call again with the rule as it is and with a
variant of :func:`~hybridmem.retrieval.sensitive._focus_unheld` (:data:`VARIANTS`), and lists
the calls whose withheld set differs: a sealed memory newly admitted for a near question is a
new leak, the asked memory newly withheld for an about question a lost find. The stores hold
decrypted sealed text: keep the file out of the repository.

The withheld set is the rule's whole effect on a retrieval, so a variant that moves no call
moves no figure; one that moves some is measured by the suites' own runners after.
"""

from __future__ import annotations

import argparse
import json
import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import hybridmem.retrieval.retriever as retriever_module
from benchmarks import sealed_probe
from benchmarks.first_day import PERSONAS, SETS, make_embedder, run, run_persona
from benchmarks.sealed_trace import WithheldCall, watched
from hybridmem.retrieval import sensitive

DATA = Path(__file__).parent / "data"
# The sealed probes and privacy sets: the runner's module (its data file is DATA/<name>.json).
PROBES = (
    "sealed_probe_blind",
    "sealed_probe_blind2",
    "sealed_probe_blind3",
    "sealed_probe_blind4",
    "sealed_probe_blind5",
    "sensitive_blind",
    "sensitive_blind2",
    "sensitive_blind3",
    "sensitive_blind4",
    "sensitive_blind5",
    "sensitive_blind6",
    "sensitive_blind7",
    "sensitive_blind8",
    "sensitive_blind9",
    "sensitive_blind10",
)


@dataclass(frozen=True)
class Recorded:
    """One call of the rule, with the suite and the about-question's markers (empty: near)."""

    suite: str
    call: WithheldCall
    markers: tuple[str, ...]


def _probe_sets(name: str) -> dict[str, Any]:
    module = __import__(f"benchmarks.{name}", fromlist=["x"])
    for attr in ("SETS5", "SETS4", "SETS3", "SETS2", "SETS"):
        if hasattr(module, attr):
            return dict(getattr(module, attr))
    raise LookupError(name)


def record(
    embedder_spec: str | None, suites: Sequence[str], lang: str | None = None, about: bool = False
) -> list[Recorded]:
    """Run ``suites`` (their newcomers of ``lang`` only, if given; only the questions about a
    sealed memory if ``about``) and return every call of the rule they made."""
    calls: list[tuple[str, WithheldCall]] = []
    suite = [""]
    saved = retriever_module.withheld
    retriever_module.withheld = watched(lambda c, _: calls.append((suite[0], c)))  # type: ignore[assignment]
    markers: dict[str, set[str]] = {}
    try:
        for name in suites:
            suite[0] = name
            print("recording", name, flush=True)
            if name in PROBES:
                data = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
                for a in data["about"]:
                    markers.setdefault(a["question"], set()).add(a["marker"])
                if about:
                    data = {**data, "near": {"en": [], "zh": []}}
                _probe(embedder_spec, data, _probe_sets(name), lang)
            elif name == "sealed_probe":
                if not about:  # it asks no question about a sealed memory
                    _sealed_probe(embedder_spec, lang)
            else:
                pool = PERSONAS if name == "dev" else SETS[name]
                personas = tuple(
                    replace(p, questions=(), task_questions=()) if about else p
                    for p in pool
                    if lang in (None, p.lang)
                )
                for p in personas:
                    for q, m in p.about_secret:
                        markers.setdefault(q, set()).add(m)
                run(embedder_spec, personas)
    finally:
        retriever_module.withheld = saved  # type: ignore[assignment]
    return [Recorded(s, c, tuple(sorted(markers.get(c.query or "", ())))) for s, c in calls]


def _probe(
    embedder_spec: str | None, data: dict[str, Any], sets: dict[str, Any], lang: str | None
) -> None:
    """A sealed probe's questions asked as :func:`benchmarks.sealed_probe_blind.run` asks them,
    of its newcomers of ``lang`` only (an about-question is a newcomer's by its index)."""
    embedder = make_embedder(embedder_spec)
    with TemporaryDirectory() as tmp:
        for name, personas in sets.items():
            for k, persona in enumerate(personas):
                if lang not in (None, persona.lang):
                    continue
                about = tuple(
                    (a["question"], a["marker"])
                    for a in data["about"]
                    if a["set"] == name and a["persona"] == k
                )
                probe = replace(
                    persona,
                    questions=tuple((q, "") for q in data["near"][persona.lang]),
                    task_questions=(),
                    about_secret=about,
                )
                run_persona(probe, embedder, Path(tmp) / f"{name}-{k}")


def _sealed_probe(embedder_spec: str | None, lang: str | None) -> None:
    """:mod:`benchmarks.sealed_probe`'s questions, asked as its main asks them."""
    embedder = make_embedder(embedder_spec)
    people = (*sealed_probe.BLIND, *sealed_probe.FOURTH, *sealed_probe.FIFTH)
    with TemporaryDirectory() as tmp:
        for k, persona in enumerate(people):
            if lang not in (None, persona.lang):
                continue
            asked = sealed_probe.EN if persona.lang == "en" else sealed_probe.ZH
            probe = replace(
                persona,
                questions=tuple((q, "") for q in asked),
                task_questions=(),
                about_secret=(),
            )
            run_persona(probe, embedder, Path(tmp) / str(k))


Focus = Callable[[str, frozenset[str], str], bool]


def _variants() -> dict[str, Focus]:
    from benchmarks import asked_modifier, asked_thing_en, generic_questions, places_en

    return {
        **asked_thing_en.VARIANTS,
        **asked_modifier.VARIANTS,
        **places_en.VARIANTS,
        **generic_questions.VARIANTS,
    }


def _judged(call: WithheldCall, focus: Focus) -> set[str]:
    rule = sensitive._focus_unheld
    sensitive._focus_unheld = focus  # type: ignore[assignment]
    try:
        return call.run()
    finally:
        sensitive._focus_unheld = rule  # type: ignore[assignment]


def compare(rows: Sequence[Recorded], variant: Focus, base: Focus) -> list[dict[str, Any]]:
    """The calls whose withheld set differs between the focus readings ``base`` and
    ``variant``; each judged as a new leak or a lost find where it is one."""
    moved: list[dict[str, Any]] = []
    for row in rows:
        call = row.call
        before = _judged(call, base)
        after = _judged(call, variant)
        if before == after:
            continue
        asked = [
            i
            for i, n in call.nodes.items()
            if n.sensitive and any(m in n.content for m in row.markers)
        ]
        admitted = after - before  # withheld now
        shown = before - after  # admitted now
        moved.append(
            {
                "suite": row.suite,
                "question": call.query,
                "about": bool(row.markers),
                "now_withheld": sorted(call.nodes[i].content for i in admitted),
                "now_admitted": sorted(call.nodes[i].content for i in shown),
                "lost_find": any(i in admitted for i in asked),
                "new_leak": any(i not in asked for i in shown),
                "leak_gone": any(i not in asked for i in admitted),
                "find_gained": any(i in shown for i in asked),
            }
        )
    return moved


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--embedder", default=None)
    rec.add_argument("--lang", choices=["en", "zh"], default=None)
    rec.add_argument("--about", action="store_true", help="only the questions about one")
    rec.add_argument("--out", type=Path, required=True, help="a directory: one file a suite")
    rec.add_argument("--suites", nargs="*", default=[*PROBES[::-1], "sealed_probe", "dev", *SETS])
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("--calls", type=Path, nargs="+", required=True)
    cmp_.add_argument("--variant", required=True)
    cmp_.add_argument("--base", default="engine", help="the reading compared against")
    cmp_.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.cmd == "record":
        args.out.mkdir(parents=True, exist_ok=True)
        for suite in args.suites:  # one file a suite: a long run is usable as it goes
            rows = record(args.embedder, [suite], args.lang, args.about)
            (args.out / f"{suite}.pkl").write_bytes(pickle.dumps(rows))
            print(f"{suite}: {len(rows)} calls recorded", flush=True)
        return
    rows = [r for path in args.calls for r in pickle.loads(path.read_bytes())]
    variants = _variants()
    moved = compare(rows, variants[args.variant], variants[args.base])
    for m in moved:
        print(json.dumps(m, ensure_ascii=False))
    counts = {
        k: sum(m[k] for m in moved) for k in ("new_leak", "lost_find", "leak_gone", "find_gained")
    }
    print(f"{len(rows)} calls, {len(moved)} moved: {counts}")
    if args.json:
        args.json.write_text(
            json.dumps({"moved": moved, "counts": counts}, ensure_ascii=False, indent=1)
        )


if __name__ == "__main__":
    main()
