"""Candidate fixes for the first-day misses, measured and not shipped (issue 38, helper
firstday15): ``python -m benchmarks.first_day_candidates {variant,work,proposals} ...``.

- ``variant NAME --sets twelfth,thirteenth --json-dir D``: runs the first-day sets with one
  candidate patched into retrieval at run time (nothing in ``hybridmem`` changes) and writes
  each set's result as :mod:`benchmarks.first_day` does. ``unslotted_work``: for a question
  about one's own work (``attributes.asked_slot`` reads the job or the workplace), a statement
  the writer filed under no attribute and none of whose clauses states one's work gets no word
  match ("What is it I do for a living?" shares only "living" with "the blue inhaler lives in my
  jacket"). ``naming_dominance``: a statement whose naming words of the question (not
  :func:`~hybridmem.retrieval.function_words.function_word`) are a strict subset of another
  statement's gets no more BM25 than it ("What year's Arjun in now?": the change holding
  "Arjun" and "now" above the answer holding "Arjun" and "year"). ``light_object`` (helper
  firstday16): a statement sharing only a light verb the question gives a noun object ("I get
  seasick" of "Shall we get a pizza in?") gets no word match even when no memory holds the
  noun (:func:`light_verbs_with_object`). ``no_newer_first``: a measurement, not a candidate
  (the newer-first step left out), of what that step wins and loses on the first-day sets.
  Helper firstday18: ``other_weekday`` / ``other_weekday_after`` (a statement sharing only
  time words with the question and naming other days of the week than the question's gets no
  word match; before or after :func:`~hybridmem.retrieval.same_words.same_words`),
  ``linked_change_own`` (a change the writer linked takes no other group's statement's place)
  and ``engine`` (nothing patched: the before of a comparison, run on the same branch).
  Helper firstday19: ``act_time`` (a day named by a question not about the past is the time of
  an act, counted as a mention: :mod:`benchmarks.act_time`). Helper firstday20:
  ``offer_cannot_mood`` (``offer_cannot`` only for the questions
  :func:`benchmarks.offer_mood.offer` reads as offers, by tense, mood and subject). Helper
  offers21: ``offer_cannot_other_mood`` (the same with the template of the other language),
  ``offer_terms_mood`` (each naming word of an offer its own second query, centred:
  :func:`benchmarks.offer_readings.centred_terms`).
  Helpers hubs21, hubs22: ``centre_asked``, ``asked_query``, ``centre_running``,
  ``centre_memories`` (the similarity feature re-scored against hubs by
  centering on the user's earlier questions: :mod:`benchmarks.dense_rescoring`).
- ``work --json F``: the similarity rank (the embedder alone, among the newcomer's statements)
  of the answer to each question about one's own work, asked as written, as the attribute's
  plain question ("What is my job?", 我的工作是什么？) and as both together.
- ``proposals --json F``: for the yes/no questions (no interrogative word: "Shall I do a
  borscht for tea?", 周末去爬崂山？), the answer's similarity rank alone against a negated
  statement first (a negation, a closed class: not, n't, never, no, nothing; 不, 没, 别), the
  reading "a proposal is answered by what rules it out".

The fifteenth set is left out of ``work`` and ``proposals`` (it was blind when these were
measured); ``variant`` runs whatever sets it is given.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from tempfile import TemporaryDirectory

import numpy as np

from benchmarks.first_day import PERSONAS, SETS, START, run_persona
from benchmarks.first_day_persona import Persona
from hybridmem.embedding import Embedder, make_embedder
from hybridmem.embedding.base import embed_query
from hybridmem.lexical import dictionary_tag, light_stem, stemmed_terms, terms
from hybridmem.models import Hit, MemoryNode
from hybridmem.retrieval import attributes, function_words, newer_values, retriever
from hybridmem.retrieval.clause_attributes import states_attribute

Scores = Mapping[str, float]
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_ALL: dict[str, Sequence[Persona]] = {"dev": PERSONAS, **SETS}
_BLIND_THEN = frozenset({"fifteenth"})


def _unslotted_work() -> None:
    original = attributes.agreed

    def agreed(
        query: str,
        nodes: Mapping[str, MemoryNode],
        bm25: Scores,
        slot_map: Mapping[str, Sequence[str]] | None = None,
    ) -> dict[str, float] | None:
        out = original(query, nodes, bm25, slot_map)
        if attributes.asked_slot(query, slot_map) not in attributes.WORK:
            return out
        if attributes.names_someone(query):
            return out
        base = dict(out if out is not None else bm25)
        for node_id, node in nodes.items():
            slot = node.metadata.get(attributes.SLOT_KEY)
            if slot or node_id not in base or node.sensitive:
                continue
            if not any(states_attribute(node.content, w) for w in attributes.WORK):
                base.pop(node_id)
        return base if base != bm25 else None

    attributes.agreed = agreed  # type: ignore[assignment]
    retriever.agreed = agreed  # type: ignore[assignment]


def _dominance(
    query: str, nodes: Mapping[str, MemoryNode], bm25: Scores, stated: Collection[str]
) -> dict[str, float] | None:
    named = {light_stem(t) for t in terms(query) if not function_words.function_word(t)}
    held = {
        i: stemmed_terms(n.content) & named
        for i, s in bm25.items()
        if s > 0 and (n := nodes.get(i)) is not None and not n.sensitive
        if n.node_type in stated
    }
    out = dict(bm25)
    for a, ha in held.items():
        caps = [bm25[b] for b, hb in held.items() if b != a and ha and ha < hb]
        if caps and out[a] > min(caps):
            out[a] = min(caps)
    return out if out != bm25 else None


def _naming_dominance() -> None:
    original = function_words.statement_words

    def statement_words(
        query: str, nodes: Mapping[str, MemoryNode], bm25: Scores, stated: Collection[str]
    ) -> dict[str, float] | None:
        first = original(query, nodes, bm25, stated)
        moved = _dominance(query, nodes, first if first is not None else bm25, stated)
        return moved if moved is not None else first

    function_words.statement_words = statement_words  # type: ignore[assignment]
    retriever.statement_words = statement_words  # type: ignore[assignment]


_EN_DETERMINERS = frozenset(
    [
        "a",
        "an",
        "the",
        "some",
        "any",
        "my",
        "your",
        "our",
        "his",
        "her",
        "their",
        "its",
        "this",
        "that",
        "these",
        "those",
        "me",
        "us",
        "you",
        "him",
        "them",
    ]
)
_EN_PARTICLES = frozenset(
    [
        "up",
        "out",
        "off",
        "in",
        "on",
        "back",
        "down",
        "away",
        "over",
        "around",
        "round",
        "through",
        "along",
        "about",
        "by",
    ]
)
_WORD_EN = re.compile(r"[A-Za-z][A-Za-z'-]*")


def light_verbs_with_object(query: str) -> frozenset[str]:
    """The light verbs (:func:`~hybridmem.retrieval.function_words.function_word`'s get, take,
    have, ...) of an English ``query`` followed, past determiners and object pronouns, by a
    word that is neither a stop word, a particle nor a function word: "get" of "Shall we get a
    pizza in?", not "take" of "how do you take it?" nor "get" of "What time do I get up?"."""
    words = [w.lower() for w in _WORD_EN.findall(query)]
    out: set[str] = set()
    for i, word in enumerate(words):
        if word not in function_words._EN_LIGHT_VERBS:
            continue
        j = i + 1
        while j < len(words) and words[j] in _EN_DETERMINERS:
            j += 1
        nxt = words[j] if j < len(words) else ""
        if nxt not in _EN_PARTICLES and not function_words.function_word(nxt) and terms(nxt):
            out.add(light_stem(word))
    return frozenset(out)


def _light_object() -> None:
    """A statement holding only a light verb the question gives a noun object (and time
    pro-forms) gets no word match even when no memory holds a naming word of the question:
    the fallback of :func:`~hybridmem.retrieval.function_words.naming_matches` that keeps a
    function word's match is left to a light verb said without an object."""
    original = function_words.naming_matches

    def naming_matches(
        query: str, nodes: Mapping[str, MemoryNode], bm25: Scores, stated: Collection[str]
    ) -> dict[str, float] | None:
        out = original(query, nodes, bm25, stated)
        carried = light_verbs_with_object(query)
        asked = {light_stem(t) for t in terms(query)}
        named = {light_stem(t) for t in terms(query) if not function_words.function_word(t)}
        if not carried or not named:
            return out
        pointing = carried | function_words._TIME_PROFORMS
        base = dict(out if out is not None else bm25)
        for node_id, score in bm25.items():
            node = nodes.get(node_id)
            if score <= 0 or node is None or node.sensitive or node.node_type not in stated:
                continue
            held = stemmed_terms(node.content) & asked
            if held and held <= pointing:
                base[node_id] = 0.0
        return base if base != bm25 else None

    function_words.naming_matches = naming_matches  # type: ignore[assignment]


def unheld_offer(query: str, held: Collection[str]) -> bool:
    """Whether ``query`` is an offer or proposal (no interrogative word: "Shall we get a pizza
    in?", 晚上去吃卤煮？) of something no memory names: one of its naming words (not
    :func:`~hybridmem.retrieval.function_words.function_word`) is in none of the ``held``
    terms (light-stemmed)."""
    if (_WH_ZH if _CJK.search(query) else _WH_EN).search(query):
        return False
    named = {light_stem(t) for t in terms(query) if not function_words.function_word(t)}
    return bool(named - set(held))


def _unheld_offer(most: int | None = None, keep_negated: bool = False) -> None:
    """Helper firstday17: for an offer of a thing no memory names, the statements get no word
    match at all: what answers "Shall we get a pizza in?" or 晚上去吃卤煮？ is a standing
    constraint said in other words (seasickness is not it, 我就爱吃锅包肉 is not it), so a word
    the offer shares with a statement is the offer's frame (get, 吃, 晚上, out), not the thing
    offered. The ranking of statements is then the embedder's and the other parts'. With
    ``most``, only a statement sharing at most that many of the question's terms loses its
    match (``unheld_offer_one``: one shared word, the case of the round's brief). With
    ``keep_negated`` a statement holding a negation (not, n't, never, no, nothing, cannot; 不,
    没, 别) keeps it: the constraint that rules the offered act out often says its verb ("I
    never learned to drive" of "Could I drive us to the shops?", ``unheld_offer_one_neg``)."""
    original = function_words.naming_matches

    def naming_matches(
        query: str, nodes: Mapping[str, MemoryNode], bm25: Scores, stated: Collection[str]
    ) -> dict[str, float] | None:
        out = original(query, nodes, bm25, stated)
        held = {
            t
            for i, s in bm25.items()
            if s > 0 and (n := nodes.get(i)) is not None and not n.sensitive
            for t in stemmed_terms(n.content)
        }
        if not unheld_offer(query, held):
            return out
        base = dict(out if out is not None else bm25)
        for node_id, score in bm25.items():
            node = nodes.get(node_id)
            if score <= 0 or node is None or node.sensitive or node.node_type not in stated:
                continue
            shared = stemmed_terms(node.content) & {light_stem(t) for t in terms(query)}
            negated = (_NEG_ZH if _CJK.search(node.content) else _NEG_EN).search(node.content)
            if (most is None or len(shared) <= most) and not (keep_negated and negated):
                base[node_id] = 0.0
        return base if base != bm25 else None

    function_words.naming_matches = naming_matches  # type: ignore[assignment]


_EN_PARTS = frozenset(
    ["morning", "afternoon", "evening", "night", "tonight", "weekend", "lunchtime", "teatime"]
)
"""The English nouns of a part of the day or week (closed: the day's parts), light-stemmed
as the lexical channel cuts them, beside the day names read by :data:`_EN_WEEKDAY`."""
_EN_WEEKDAY = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.I)
_ZH_WEEKDAY = re.compile(r"(?:周|星期|礼拜)([一二三四五六日天])")
_ZH_DAY_INDEX = "一二三四五六日"


def named_weekdays(text: str) -> frozenset[int]:
    """The days of the week ``text`` names (0 Monday .. 6 Sunday): "Wednesday evenings",
    每周五晚上, 礼拜天."""
    days = {
        ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun").index(m.lower())
        for m in _EN_WEEKDAY.findall(text)
    }
    days |= {6 if d == "天" else _ZH_DAY_INDEX.index(d) for d in _ZH_WEEKDAY.findall(text)}
    return frozenset(days)


def time_word(term: str) -> bool:
    """A noun of a time of day or week: jieba's time-noun tag (t: 晚上, 周末, 上午) or the
    English parts of the day and the day names."""
    if _CJK.search(term):
        return dictionary_tag(term) == "t"
    return light_stem(term) in {light_stem(w) for w in _EN_PARTS} or bool(
        _EN_WEEKDAY.fullmatch(term)
    )


def _other_weekday(today: int, after_groups: bool = False) -> None:
    """Helper firstday18: two times match only when they overlap. A statement whose only
    shared words with the question are time words ("晚上" of 晚上整个大盘鸡？ and
    每周五晚上我在村文化站弹都塔尔。) and which names days of the week none of which is the
    question's day (the day it names, else ``today``: the first-day questions are all asked on
    their newcomer's first day) gets no word match: Friday evenings are not this evening. A
    statement naming no weekday (每天晚上, "in the evenings") may hold the asked time and keeps
    its match. ``after_groups`` (``other_weekday_after``): the match is dropped after
    :func:`~hybridmem.retrieval.same_words.same_words` has given each group of statements
    holding the same question terms its best BM25, so a dropped statement still sets its
    group's evidence (the first form dropped the short "Maeve does ballet on Saturday
    mornings." before the grouping and left "My mate Dean gives me a lift ... every morning."
    its own, longer statement's BM25)."""
    target = "statement_words" if after_groups else "naming_matches"
    original = getattr(function_words, target)

    def dropped(
        query: str, nodes: Mapping[str, MemoryNode], bm25: Scores, stated: Collection[str]
    ) -> dict[str, float] | None:
        out = original(query, nodes, bm25, stated)
        asked = {light_stem(t): t for t in terms(query)}
        day = named_weekdays(query) or frozenset([today])
        base = dict(out if out is not None else bm25)
        for node_id, score in bm25.items():
            node = nodes.get(node_id)
            if score <= 0 or node is None or node.sensitive or node.node_type not in stated:
                continue
            shared = stemmed_terms(node.content) & asked.keys()
            if not shared or not all(time_word(asked[t]) for t in shared):
                continue
            theirs = named_weekdays(node.content)
            if theirs and not theirs & day:
                base[node_id] = 0.0
        return base if base != bm25 else None

    setattr(function_words, target, dropped)
    if after_groups:
        retriever.statement_words = dropped  # type: ignore[assignment]


def _linked_change_own() -> None:
    """Helper firstday18: a statement the writer linked as the new value of another (it holds a
    conflict group) has said which attribute it changes, so it takes the place of no statement
    outside its group at query time (``newer_values._other_attributes`` held two groups only:
    an ungrouped older statement could still yield to it). "I've packed in Slimming World,
    I'm doing the Weight Watchers app instead." went above "I'm terrified of dogs..." for
    "Shall we go and pick up a puppy from the rescue?" (the seventeenth set). An unlinked
    later statement may still take a grouped one's place (a change said without a change
    word after a linked one)."""

    def other_attributes(newer: MemoryNode, older: MemoryNode) -> bool:
        return bool(newer.conflict_group) and newer.conflict_group != older.conflict_group

    newer_values._other_attributes = other_attributes  # type: ignore[assignment]


def _act_time() -> None:
    from benchmarks.act_time import asks_about_stored

    retriever.asks_about = asks_about_stored  # type: ignore[assignment]


def _no_newer_first() -> None:
    """Not a candidate but a measurement of what the newer-first step does on these sets:
    :func:`~hybridmem.retrieval.newer_values.newer_first` left out (the hits as scored)."""

    def unchanged(hits: list[Hit], *args: object, **kwargs: object) -> list[Hit]:
        return hits

    retriever.newer_first = unchanged  # type: ignore[assignment]


VARIANTS: dict[str, Callable[[], None]] = {
    "unslotted_work": _unslotted_work,
    "naming_dominance": _naming_dominance,
    "light_object": _light_object,
    "no_newer_first": _no_newer_first,
    "unheld_offer": _unheld_offer,
    "unheld_offer_one": lambda: _unheld_offer(most=1),
    "unheld_offer_one_neg": lambda: _unheld_offer(most=1, keep_negated=True),
    "other_weekday": lambda: _other_weekday(START.weekday()),
    "other_weekday_after": lambda: _other_weekday(START.weekday(), after_groups=True),
    "engine": lambda: None,
    **{
        name: __import__("benchmarks.dense_rescoring").dense_rescoring.ORDERS[name]
        for name in ("centre_asked", "asked_query", "centre_running", "centre_memories")
    },
    "linked_change_own": _linked_change_own,
    "act_time": _act_time,
    "offer_cannot": lambda: __import__(
        "benchmarks.first_day_presupposed"
    ).first_day_presupposed.offer_cannot(),
    "offer_cannot_mood": lambda: __import__(
        "benchmarks.first_day_presupposed"
    ).first_day_presupposed.offer_cannot(__import__("benchmarks.offer_mood").offer_mood.offer),
    "offer_cannot_other_mood": lambda: __import__(
        "benchmarks.first_day_presupposed"
    ).first_day_presupposed.offer_cannot(
        __import__("benchmarks.offer_mood").offer_mood.offer, other_language=True
    ),
    "offer_terms_mood": lambda: __import__(
        "benchmarks.first_day_presupposed"
    ).first_day_presupposed.offer_second(
        __import__("benchmarks.offer_readings").offer_readings.centred_terms,
        __import__("benchmarks.offer_mood").offer_mood.offer,
    ),
}


def run_variant(name: str, sets: Sequence[str], embedder: Embedder, out: Path) -> None:
    """Each set's first-day result with the candidate ``name`` patched in."""
    VARIANTS[name]()
    out.mkdir(parents=True, exist_ok=True)
    for set_name in sets:
        rows = []
        with TemporaryDirectory() as tmp:
            for i, persona in enumerate(_ALL[set_name]):
                outcome = run_persona(persona, embedder, Path(tmp) / f"{i}-{persona.lang}")
                row = outcome.as_dict()
                row["secret_first"] = f"{outcome.secret_first}/{len(persona.about_secret)}"
                rows.append(row)
        result = {"embedder": embedder.name, "variant": name, "users": rows}
        path = out / f"{set_name}_{name}.json"
        path.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
        cells = " / ".join(f"{r['hit_at_1']:.3f}" for r in rows)
        print(f"{set_name:12} {cells}  leaks {sum(int(r['sensitive_leaks']) for r in rows)}")


def _statements(p: Persona) -> list[str]:
    return [t for t, _ in p.facts] + [p.old, p.new] + [note for _, note in p.tasks]


def _rank(scores: np.ndarray, want: int) -> int:
    return int((scores > scores[want]).sum()) + 1


_PLAIN = {"en": "What is my job?", "zh": "我的工作是什么？"}


def work_ranks(embedder: Embedder) -> list[dict[str, object]]:
    """The answer's similarity rank for each question about one's own work."""
    rows: list[dict[str, object]] = []
    for set_name, personas in _ALL.items():
        if set_name in _BLIND_THEN:
            continue
        for p in personas:
            docs = _statements(p)
            vectors = np.asarray(embedder.embed(docs))
            for question, needle in p.questions:
                if attributes.asked_slot(question) not in attributes.WORK:
                    continue
                if attributes.names_someone(question):
                    continue
                asked = [question, _PLAIN[p.lang], f"{question} {_PLAIN[p.lang]}"]
                sims = np.asarray(embed_query(embedder, asked)) @ vectors.T
                want = next(i for i, d in enumerate(docs) if needle in d)
                ranks = [_rank(s, want) for s in sims]
                rows.append({"set": set_name, "lang": p.lang, "question": question, "ranks": ranks})
    return rows


_WH_EN = re.compile(
    r"\b(?:what|what's|which|who|who's|whose|whom|where|where's|whereabouts|when|why|how"
    r"|how's|remind)\b",
    re.I,
)
_WH_ZH = re.compile(r"啥|什么|谁|哪|几|多少|怎么|咋|干嘛|何")
_NEG_EN = re.compile(r"\b(?:not|no|never|nothing|cannot)\b|n[’']t\b", re.I)
_NEG_ZH = re.compile(r"[不没别]")


def proposal_ranks(embedder: Embedder) -> dict[str, object]:
    """Yes/no questions: the answer first by similarity alone, and with negated statements
    first (then similarity)."""
    gained: list[str] = []
    lost: list[str] = []
    asked = first_sim = first_neg = 0
    for set_name, personas in _ALL.items():
        if set_name in _BLIND_THEN:
            continue
        for p in personas:
            docs = _statements(p)
            vectors = np.asarray(embedder.embed(docs))
            neg_re = _NEG_ZH if p.lang == "zh" else _NEG_EN
            negated = [bool(neg_re.search(d)) for d in docs]
            for question, needle in p.questions:
                if (_WH_ZH if p.lang == "zh" else _WH_EN).search(question):
                    continue
                asked += 1
                sims = np.asarray(embed_query(embedder, [question]))[0] @ vectors.T
                want = next(i for i, d in enumerate(docs) if needle in d)
                by_sim = int(np.argmax(sims)) == want
                by_neg = max(range(len(docs)), key=lambda i: (negated[i], sims[i])) == want
                first_sim += by_sim
                first_neg += by_neg
                if by_neg and not by_sim:
                    gained.append(f"{set_name}: {question}")
                if by_sim and not by_neg:
                    lost.append(f"{set_name}: {question}")
    return {
        "questions": asked,
        "first_by_similarity": first_sim,
        "first_negated_then_similarity": first_neg,
        "gained": gained,
        "lost": lost,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("what", choices=["variant", "work", "proposals"])
    parser.add_argument("name", nargs="?", choices=sorted(VARIANTS), default=None)
    parser.add_argument("--sets", default="twelfth,thirteenth,fourteenth")
    parser.add_argument("--embedder", default=None)
    parser.add_argument("--json-dir", type=Path, default=Path("benchmarks/results/firstday15"))
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    embedder = make_embedder(args.embedder)
    if args.what == "variant":
        if args.name is None:
            parser.error("variant needs a NAME")
        run_variant(args.name, args.sets.split(","), embedder, args.json_dir)
        return
    result: object
    if args.what == "work":
        result = work_ranks(embedder)
        for row in result:
            print(f"{row['set']:11} {row['lang']} {row['ranks']} {row['question']}")
        n = len(result)
        for k, label in enumerate(("as asked", "plain", "both")):
            firsts = sum(1 for r in result if r["ranks"][k] == 1)  # type: ignore[index]
            print(f"{label:9} answer first by similarity {firsts}/{n}")
    else:
        result = proposal_ranks(embedder)
        print(json.dumps(result, ensure_ascii=False, indent=1))
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
