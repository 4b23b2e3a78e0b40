"""Every first-day set under one embedder, with the retrievals the unread-script floor moved
(issue 38, helper sensitive18): ``python -m benchmarks.sensitive_sets [--embedder minilm]
[--sets dev tenth ...] --json F``.

Runs :func:`benchmarks.first_day.run` over the newcomers the rule can reach (a Chinese
question or sealed memory) of the sets (dev and :data:`benchmarks.first_day.SETS`)
in one process (the model loaded once) and, for every retrieval, judges the sealed candidates
twice: by :func:`hybridmem.retrieval.sensitive.withheld` as it is, and with the ``--rule``'s
function answering False (the rule before it): ``unread_floor``
(:func:`~hybridmem.retrieval.sensitive._named_as_much`, Chinese newcomers only) or ``focus``
(:func:`~hybridmem.retrieval.sensitive._focus_unheld`, every newcomer). A
set none of whose retrievals differ gives the same output as before, question for question;
for the others the questions it moved are listed. Per newcomer: hit@1, sensitive leaks, asked
about it first.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import hybridmem.retrieval.retriever as retriever_module
from benchmarks.first_day import PERSONAS, SETS, run
from benchmarks.first_day_persona import Persona
from benchmarks.sealed_trace import WithheldCall, watched
from hybridmem.retrieval import sensitive
from hybridmem.retrieval.shared_words import asks_else

# The rules a run can compare against the rule before it: the function turned off, what it
# answers when off, and whether an English-only newcomer can reach it.
RULES: dict[str, tuple[str, bool]] = {
    "unread_floor": ("_named_as_much", False),  # helper sensitive18: Chinese only
    "focus": ("_focus_unheld", True),  # helper sensitive19: the question's focus, both languages
    "generic_en": ("_in_general", True),  # helper sensitive24: a question about a kind, English
    "names_else": ("_names_else", True),  # helper sensitive24: closed classes as written
    "number_words": ("_closed_for", True),  # helper sensitive26: number nouns of a digit memory
}
# What a rule's function is replaced by to run the rule before it, when not False: the words a
# question names else, read against the stems' closed classes alone (helper sensitive24).
_BEFORE: dict[str, Any] = {
    "_names_else": lambda q, asked, words, closed=None: asks_else(
        q, asked, words, sensitive._CLOSED
    ),
    "_closed_for": lambda memory: sensitive._CLOSED,
}


def _comparing(moved: list[dict[str, Any]], name: str = "_named_as_much") -> Any:
    rule = getattr(sensitive, name)

    def observe(call: WithheldCall, out: set[str]) -> None:
        setattr(sensitive, name, _BEFORE.get(name, lambda *a: False))
        try:
            before = call.run()
        finally:
            setattr(sensitive, name, rule)
        if out != before:
            moved.append(
                {
                    "question": call.query,
                    "now_withheld": sorted(call.nodes[i].content for i in out - before),
                    "now_admitted": sorted(call.nodes[i].content for i in before - out),
                }
            )

    return watched(observe)


def _reached(persona: Persona) -> bool:
    """Whether the rule can reach a retrieval of ``persona``: only where the question or a
    sealed memory is Chinese (an English newcomer asked nothing in Chinese is read as before,
    question for question, and is left out)."""
    texts = [
        *(t for t, _ in persona.secrets),
        *(q for q, _ in persona.questions),
        *(q for q, _, _ in persona.task_questions),
        *(q for q, _ in persona.about_secret),
        persona.changed,
    ]
    return any(_CJK.search(t) for t in texts)


_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--sets", nargs="*", default=["dev", *SETS])
    parser.add_argument("--json", type=Path, required=True)
    parser.add_argument("--rule", choices=sorted(RULES), default="unread_floor")
    args = parser.parse_args(argv)
    name, every = RULES[args.rule]
    everything: dict[str, Any] = {}
    saved = retriever_module.withheld
    try:
        for set_name in args.sets:
            moved: list[dict[str, Any]] = []
            retriever_module.withheld = _comparing(moved, name)  # type: ignore[assignment]
            pool = PERSONAS if set_name == "dev" else SETS[set_name]
            personas = [p for p in pool if every or _reached(p)]
            result = run(args.embedder, personas)
            users = result["users"]
            assert isinstance(users, list)
            rows = [
                {
                    "lang": u["lang"],
                    "hit_at_1": round(u["hit_at_1"], 3),
                    "sensitive_leaks": u["sensitive_leaks"],
                    "leaked_questions": u["leaked_questions"],
                    "secret_first": u["secret_first"],
                }
                for u in users
            ]
            everything[set_name] = {"users": rows, "moved": moved}
            print(
                f"{set_name}: hit@1 "
                + " / ".join(f"{r['hit_at_1']:.3f}" for r in rows)
                + "; leaks "
                + " / ".join(str(r["sensitive_leaks"]) for r in rows)
                + "; about first "
                + " / ".join(str(r["secret_first"]) for r in rows)
                + f"; retrievals moved {len(moved)}",
                flush=True,
            )
            for m in moved:
                print("   moved:", m, flush=True)
    finally:
        retriever_module.withheld = saved  # type: ignore[assignment]
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(everything, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
