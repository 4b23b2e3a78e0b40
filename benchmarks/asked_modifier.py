"""Readings of whose thing a question asks, from the modifier or possessor of the word it shares
with a sealed memory (issue 38, helper sensitive21); judged offline by ``python -m
benchmarks.sealed_calls compare --variant NAME`` on every recorded call of the rule.

The leaks sensitive20 left (benchmarks/sensitive_blind3.py) share a word the rule reads as the
question's asked head or focus, and that word is another thing's there: "What *number* do I
ring to book a GP appointment?" (the memory's is "My *NHS* number ..."), 乐乐的扁桃体要不要做
*手术*？ (the memory's is the user's own fibroid operation; 乐乐 is the user's son, his tonsils
the topic). The discriminating part is what the shared word is *of*: its modifier or possessor,
in closed constructions (an English compound, a Chinese 的-phrase). The variants, each the
engine's rule (:func:`hybridmem.retrieval.sensitive._focus_unheld`) or something more:

- ``en_mod``: an English question whose wh-phrase is the shared head alone ("What number"),
  when the memory's noun phrase modifies that head by words the question names none of ("NHS"),
  and the rest of the question names content words the memory holds none of and none of the
  user's own things (no "my" / "our"): the head is another thing's ("the number one rings to
  book a GP appointment"). "Which number do I give the hospital for *my* cover?" ties the
  number to the user's own thing and keeps its find.
- ``en_mod_strict``: ``en_mod`` without the "my" / "our" exception.
- ``zh_topic``: a Chinese question opening with a 的-phrase (its topic, the modifier from the
  clause's start) that is not the user's own act, whose modifier and head the memory holds no
  word or morpheme of, and no word the question shares with the memory inside it: the predicate's
  shared words are said of another's thing (乐乐的扁桃体 ... 做手术).
- ``zh_mod``: a Chinese 的-phrase whose head holds a word the question shares with the memory
  and whose modifier the memory holds nothing of ("我妈的白内障*手术*" of "我做了心脏搭桥手术"):
  the shared head is another's.
- ``zh``: ``zh_topic`` or ``zh_mod``; ``all``: ``en_mod`` or ``zh``.

Measured before the engine changed (each the engine of then or the reading): ``en_mod`` and
``zh_topic`` withheld the two leaks and lost no recorded find; ``en_mod_strict`` lost "Which
number do I give the hospital for my cover?"; ``zh_mod`` moved no call. The two were shipped
(``shared_words._other_holder``, ``_other_topic``): since then these variants read as the engine
does, and ``before`` is the engine without them.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from hybridmem.lexical import light_stem, stemmed_terms, terms
from hybridmem.retrieval import sensitive, shared_words
from hybridmem.retrieval.private_kinds import kind_spans, shares_word
from hybridmem.retrieval.roles_zh import SPEAKER, _acts, _tags, de_phrases, holder
from hybridmem.retrieval.shared_words import (
    _is_kind_word,
    _same_script,
    _shares_morpheme,
    _wh_split,
    phrases,
)

Focus = Callable[[str, frozenset[str], str], bool]
_OWNERS = frozenset(["my", "our", "mine", "ours"])


def _content(word: str) -> bool:
    closed = sensitive._closed_word
    return bool(terms(word)) and not closed(word) and not closed(light_stem(word))


def _named(part: str, spans: Iterable[str]) -> list[str]:
    """The content stems of ``part``, the closed classes and the question's kind words aside."""
    out = []
    for term in terms(part):
        word = light_stem(term)
        if _content(term) and _content(word) and not _is_kind_word(word, spans):
            out.append(word)
    return out


def _memory_modifiers(memory: str, head: str) -> list[str]:
    """The stems before ``head`` in the memory's noun phrase holding it ("nhs" of "My NHS number
    is ..."), the closed classes aside."""
    for phrase in phrases(memory):
        stems = [light_stem(w) for w in phrase]
        if head in stems:
            return [s for s in stems[: stems.index(head)] if _content(s)]
    return []


def _en_modifier(query: str, words: frozenset[str], memory: str, owners: bool) -> bool:
    if not query.isascii():
        return False
    spans = kind_spans(query)
    rest, wh = _wh_split(query)
    head = _named(wh, spans)
    held = list(words)
    if len(head) != 1 or not shares_word(head, held):
        return False  # no wh-head, a modified one ("Which passport number"), or not held
    mods = _memory_modifiers(memory, head[0])
    asked = stemmed_terms(query)
    if not mods or any(shares_word((m,), asked) for m in mods):
        return False
    said = _named(rest, spans)
    if not said or any(shares_word((w,), held) for w in said):
        return False
    toks = re.findall(r"[a-z]+", rest.lower())
    return not (owners and _OWNERS.intersection(toks))


def _unheld(words: Iterable[str], held: list[str]) -> bool:
    """No word of ``words`` held by the memory's terms, by a word or a morpheme, and each in
    the memory's script (else it cannot be compared)."""
    ws = [w for w in words if w not in sensitive._CLOSED]
    return (
        bool(ws)
        and all(not shares_word((w,), held) and not _shares_morpheme(w, held) for w in ws)
        and all(any(_same_script(w, t) for t in held) for w in ws)
    )


def _zh_topic(query: str, words: frozenset[str], memory: str) -> bool:
    if query.isascii():
        return False
    found = de_phrases(query, memory)
    if not found:
        return False
    head, modifier, own = found[0]
    if own or (not query.lstrip().startswith(modifier[0]) and not _opens(query, modifier[0])):
        return False
    held = list(words)
    return _unheld([*modifier, *head], held)


def _opens(query: str, word: str) -> bool:
    """Whether ``word`` stands in the question's first few characters (after 我 / 我的)."""
    return query.find(word) in range(0, 4)


def _zh_modifier(query: str, words: frozenset[str], memory: str) -> bool:
    if query.isascii():
        return False
    held = list(words)
    shared = stemmed_terms(query) & words
    for head, modifier, own in de_phrases(query, memory):
        if own:
            continue
        in_head = any(s in "".join(head) for s in shared if not s.isascii())
        if in_head and _unheld(modifier, held):
            return True
    return False


# The engine's reading, taken before any comparison patches the module's name.
_engine: Focus = sensitive._focus_unheld


def _before(query: str, words: frozenset[str], memory: str = "") -> bool:
    """The engine's reading without the two shipped here (shared_words._other_topic and
    _other_holder answering None): the base of ``compare --base before --variant engine``."""
    saved = shared_words._other_topic, shared_words._other_holder
    shared_words._other_topic = lambda *_: None  # type: ignore[assignment]
    shared_words._other_holder = lambda *_: None  # type: ignore[assignment]
    try:
        return _engine(query, words, memory)
    finally:
        shared_words._other_topic, shared_words._other_holder = saved


def _v(*readings: Callable[[str, frozenset[str], str], bool]) -> Focus:
    def focus(query: str, words: frozenset[str], memory: str = "") -> bool:
        return _engine(query, words, memory) or any(r(query, words, memory) for r in readings)

    return focus


def _en(q: str, w: frozenset[str], m: str) -> bool:
    return _en_modifier(q, w, m, owners=True)


def _en_strict(q: str, w: frozenset[str], m: str) -> bool:
    return _en_modifier(q, w, m, owners=False)


def _zh_act(query: str, words: frozenset[str], memory: str = "") -> bool:
    """The engine's reading, except that a Chinese question stating an act the memory states
    (a verb of both, :func:`~hybridmem.retrieval.roles_zh._acts`, the closed classes aside) is
    about the memory whatever its focus ("我*炒股*赔了多少？" of "我偷偷炒股亏了十五万")."""
    if not _engine(query, words, memory):
        return False
    if query.isascii():
        return True
    verbs = {w for w, f in _tags(query) if f.startswith("v") and f != "vn"}
    acts = {w for w in verbs & _acts(memory) if not sensitive._closed_word(w)}
    return not acts


def _zh_act_mine(query: str, words: frozenset[str], memory: str = "") -> bool:
    """``zh_act`` only for a question the speaker holds (:func:`~.roles_zh.holder`: "我炒股…",
    not "拘留和逮捕有什么区别？")."""
    if query.isascii() or holder(query) != SPEAKER:
        return _engine(query, words, memory)
    return _zh_act(query, words, memory)


VARIANTS: dict[str, Focus] = {
    "before": _before,
    "zh_act_mine": _zh_act_mine,
    "zh_act": _zh_act,
    "en_mod": _v(_en),
    "en_mod_strict": _v(_en_strict),
    "zh_topic": _v(_zh_topic),
    "zh_mod": _v(_zh_modifier),
    "zh": _v(_zh_topic, _zh_modifier),
    "all": _v(_en, _zh_topic, _zh_modifier),
    "engine": _engine,
}


def _asked_pairs() -> list[tuple[str, str, str]]:
    """Every (suite, question, sealed memory) pair of the privacy checks: each first-day set's
    questions of every kind against its persona's sealed memories, the sealed probes' and the
    privacy sets' near and about questions against every newcomer of their language."""
    from benchmarks import sealed_probe
    from benchmarks.first_day import PERSONAS, SETS
    from benchmarks.sealed_calls import DATA, PROBES, _probe_sets

    out: list[tuple[str, str, str]] = []
    for name, personas in {"dev": PERSONAS, **SETS}.items():
        for p in personas:
            asked = [q for q, *_ in (*p.questions, *p.task_questions, *p.about_secret)]
            for q in (*asked, p.changed):
                out += [(name, q, s) for s, _ in p.secrets]
    people = (*sealed_probe.BLIND, *sealed_probe.FOURTH, *sealed_probe.FIFTH)
    for p in people:
        for q in sealed_probe.EN if p.lang == "en" else sealed_probe.ZH:
            out += [("sealed_probe", q, s) for s, _ in p.secrets]
    for name in PROBES:
        data = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
        for personas in _probe_sets(name).values():
            for p in personas:
                asked = [*data["near"][p.lang], *(a["question"] for a in data["about"])]
                out += [(name, q, s) for q in asked for s, _ in p.secrets]
    return out


def main() -> None:
    """``python -m benchmarks.asked_modifier [--json F]``: every question / sealed memory pair
    of the privacy checks (no embedder: the focus reading is text alone) whose reading differs
    between ``before`` and the engine. A retrieval can move only where one does, so an empty
    list says no figure of these sets moves; a listed pair moves one only when the memory is
    a candidate sharing a word of its own (then ``sealed_calls compare`` judges the call)."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--base", default="before")
    parser.add_argument("--variant", default="engine")
    args = parser.parse_args()
    read_differently(VARIANTS[args.base], VARIANTS[args.variant], args.json)


def read_differently(base: Focus, variant: Focus, out: Path | None = None) -> list[dict[str, str]]:
    """The pairs of :func:`_asked_pairs` that the focus readings ``base`` and ``variant`` read
    differently, each printed as it is found and, with ``out``, written there as JSON."""
    pairs = sorted(set(_asked_pairs()))
    moved = []
    for suite, q, s in pairs:
        words = stemmed_terms(s)
        if base(q, words, s) != variant(q, words, s):
            moved.append({"suite": suite, "question": q, "memory": s})
            print(json.dumps(moved[-1], ensure_ascii=False))
    print(f"{len(pairs)} pairs, {len(moved)} read differently")
    if out:
        out.write_text(json.dumps(moved, ensure_ascii=False, indent=1), encoding="utf-8")
    return moved


if __name__ == "__main__":
    main()
