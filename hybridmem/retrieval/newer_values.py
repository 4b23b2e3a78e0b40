"""A newer value first: two statements that answer the same question, asked at query time.

The writer links a new statement to an older one only on strong evidence (a slot, or the pair
model with a change word and a shared word naming the attribute, :mod:`hybridmem.evolution
.write.planner`), because a write-time link is a decision: the older value is demoted or
archived, and a false link hides a true fact. People change values without saying so ("Aisle
seat for me on flights", 健身这阵子都是周四去, "Keep it casual with me"), so many changes are
never linked and the older value, often closer in words to the question, answers it.

At query time the question is known and nothing has to be decided for good: among the hits,
an older standing statement shown to the reader yields its place to the newer statement the
shipped pair model reads as a value of the same attribute (a change or a restatement), when
both are about the same subject, no slot says they are different attributes, and the two
name one thing (:func:`one_attribute`: a shared word naming the attribute or a value) or the
question reads them as its two answers (:func:`answers_alike`). Both
stay hits; only their order changes, so a false reading costs a place in the ranking, not a
memory; but a place at the top is what an ordinary question is answered from, and the pair
model alone put unrelated statements there on newcomers it never saw.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import lru_cache

import numpy as np

from hybridmem.config.evolution import EvolutionConfig
from hybridmem.core.evolution_marks import (
    ASSERTIVE_ACT_NAMES,
    is_unconfirmed,
    last_mentioned,
    said_in_passing,
)
from hybridmem.embedding import Embedder
from hybridmem.evolution.slots import others, rules
from hybridmem.evolution.slots.naming import one_attribute
from hybridmem.evolution.slots.pairs import (
    PairModel,
    adds_to,
    language,
    model_for,
    read,
    states_change,
)
from hybridmem.models import Hit, MemoryNode
from hybridmem.store import EvolutionReads

VectorsOf = Callable[[Sequence[str]], Mapping[str, np.ndarray]]


@lru_cache(maxsize=4096)
def subject_of(text: str) -> str | None:
    """Whose value ``text`` gives: the key of another person it names by a name or a relation
    ("my sister Mara", 我姐), else None (the speaker, or a thing: "the meeting"). A subjectless
    clause counts as the speaker's, whatever the slot rules make of it ("距离还是用公里吧")."""
    if rules.about_speaker(text):
        return None
    found = others.person_of(text)
    return found[0] if found else None


def same_subject(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` give values of the same person's attributes. A capitalised
    word opening an English sentence reads as a name ("Mara moved to Lisbon"), and so does a
    noun ("Badminton is on Thursdays now"): a word the other statement uses in lower case
    ("I play badminton on Tuesdays") is a common noun there, so no one's name."""

    def key(text: str, other: str) -> str | None:
        found = subject_of(text)
        if found and found.isascii() and re.search(rf"\b{re.escape(found)}\b", other):
            return None
        return found

    return key(a, b) == key(b, a)


Scale = Mapping[str, Sequence[tuple[float, str]]]
"""Per language, the three hits most similar to the question: (raw cosine, node id), best first."""


def question_scale(hits: Sequence[Hit], cosine: Mapping[str, float]) -> Scale:
    """The :data:`Scale` of a query's hits, built once per query. By language: the embedder
    puts every text of another language further from the question, so a store whose other
    memories are in another language would make any two statements of this one its two
    answers (with English fillers, 我喜欢听评书 / 坐火车我喜欢下铺 for 我喜欢听什么？)."""
    by_lang: dict[str, list[tuple[float, str]]] = {}
    for h in hits:
        if h.node.id in cosine:
            by_lang.setdefault(language(h.node.content), []).append((cosine[h.node.id], h.node.id))
    return {lang: sorted(found, reverse=True)[:3] for lang, found in by_lang.items()}


def answers_alike(
    old: MemoryNode, new: MemoryNode, scale: Scale, cosine: Mapping[str, float]
) -> bool:
    """Whether the question itself reads ``old`` and ``new`` as its two answers: the two are
    nearer each other in relevance to the question than the newer one is to every other hit
    (``cos(q, old) - cos(q, new) < cos(q, new) - cos(q, third)``, the best other hit with a
    vector in their language, from ``scale``). Two values of the attribute a question asks
    about answer it alike, whatever words they use ("I take the 7:40 train to work" / "Get me
    on the 8:15 train", 我平时用招行信用卡付钱 / 付款刷浦发那张卡); a newer statement about
    something else answers it no better than the rest of the user's memories do. No
    constant: the other hits are the scale, so it holds for any embedder's spread of
    similarities. Without a third hit with a vector in their language there is no scale, and
    no reading."""
    a, b = cosine.get(old.id), cosine.get(new.id)
    lang = language(new.content)
    if a is None or b is None or language(old.content) != lang:
        return False
    third = next((c for c, i in scale.get(lang, ()) if i not in (old.id, new.id)), None)
    return third is not None and a - b < b - third


def _standing(node: MemoryNode, kinds: Sequence[str]) -> bool:
    """A settled statement of the user's: a fact or preference that was not said in passing,
    is not a candidate and is not a challenger waiting for confirmation (the conflict policy
    keeps those behind a long-term value on purpose)."""
    return (
        node.node_type in kinds
        and node.status == "active"
        and not said_in_passing(node)
        and not is_unconfirmed(node)
    )


def _other_attributes(a: MemoryNode, b: MemoryNode) -> bool:
    """Groups that already say how the two relate: one group (its current value is ordered
    by :func:`~hybridmem.retrieval.groups.group_values`), or two groups, by slot or by a
    linked change (two attributes the writer told apart: on the generated scenarios, "Book
    club picks are now due on the first Monday" and "From now on take the dry cleaning to the
    place on …", each linked to its own earlier value, read as one attribute to the pair
    model)."""
    return bool(a.conflict_group and b.conflict_group)


def newer_first(
    hits: list[Hit],
    top_k: int | None,
    config: EvolutionConfig,
    embedder: Embedder,
    vectors_of: VectorsOf,
    cosine: Mapping[str, float] | None = None,
    answers: Collection[str] = (),
    store: EvolutionReads | None = None,
) -> list[Hit]:
    """``hits`` with each shown standing statement preceded by the newer statement among the
    hits that the pair model reads as another value of its attribute (see the module
    docstring). For each shown statement only its most similar newer standing hit is asked,
    as the writer asks only the nearest: a handful of model readings per query. Only when
    ``EvolutionConfig.newer_first_at_query`` is on (the default), with the writer's pair
    links on (``EvolutionConfig.pair_links``) and an embedder a pair model is shipped for.

    A sealed memory and a clear one are never two values of one attribute: a secret's new
    value is sealed too, and a clear statement sharing a value with it ("I've moved my account
    over to Nationwide" after the sealed Nationwide banking password) would otherwise take the
    place of the secret the question was asked about.

    ``answers`` are the hits the question's attribute read holds as its answers (filed by the
    writer as a value of the attribute asked, :func:`~hybridmem.retrieval.attributes
    .answering`): one of them yields its place only to a newer one of them. The writer's slot
    is a reading of what the statement states; the pair model's is a guess, and it put "I get
    round to my jobs in a little red Fiesta" above the job for "So what is it I do for work
    again?" (issue 38, the ninth first-day set). ``store``: where the statements said between
    two hits are read, so that someone else's event about a shown value does not take its
    place (:func:`newer_candidates`)."""
    kinds = config.conflict_types
    if not config.newer_first_at_query or not config.pair_links or not kinds:
        return hits
    model = model_for(embedder.name, embedder.dimension)
    if model is None:
        return hits
    window = len(hits) if top_k is None else min(top_k, len(hits))
    standing = [h for h in hits if _standing(h.node, kinds)]
    shown = [h for h in hits[:window] if _standing(h.node, kinds)]
    if len(standing) < 2 or not shown:
        return hits
    vectors = vectors_of([h.node.id for h in standing])
    known = cosine or {}
    scale = question_scale(hits, known)
    nearest = nearest_of(vectors)
    out = list(hits)
    for old in shown:
        at = next(i for i, h in enumerate(out) if h is old)
        # A chain of values (a move back: 豆浆, 牛奶, 豆浆 again): the value that took the old
        # one's place is asked in turn, so the newest comes first, not the one in between.
        current: Hit | None = old
        chain: list[Hit] = []
        while current is not None:
            chain.append(current)
            later = out[at + 1 :]
            if current.node.id in answers:
                later = [h for h in later if h.node.id in answers]
            current = _successor(
                current, later, scale, kinds, model, vectors, known, nearest, store
            )
            if current is None:
                # A move back names the value it returns to, not the one it leaves: the
                # newest value said again, of the chain or of a value this one replaced.
                current = restated(
                    chain, later, out, scale, kinds, model, vectors, known, nearest, store
                )
            if current is not None:
                out = [h for h in out if h is not current]
                out.insert(at, current)
    return out


def nearest_of(vectors: Mapping[str, np.ndarray]) -> dict[str, str]:
    """Each statement's nearest other statement among ``vectors`` (by cosine: the stored
    vectors are normalised), by id."""
    ids = list(vectors)
    if len(ids) < 2:
        return {}
    matrix = np.stack([vectors[i] for i in ids])
    sims = matrix @ matrix.T
    np.fill_diagonal(sims, -np.inf)
    return {i: ids[int(j)] for i, j in zip(ids, sims.argmax(axis=1), strict=True)}


def states_its_change(
    new: MemoryNode, old: MemoryNode, nearest: Mapping[str, str], scale: Scale
) -> bool:
    """Whether ``new`` says that ``old``'s value changed: it states a change (a change word,
    :func:`~hybridmem.evolution.slots.pairs.states_change`), the writer linked it to no
    earlier value, ``old`` is its nearest statement among the query's standing hits (the one
    the writer, too, would ask about), and the question reads both as about what it asks
    (both among its three most similar statements of their language, ``scale``). A change
    is said as briefly as the new value ("I've moved my account over to Nationwide" after "I
    bank with Lloyds", 现在换成苹果了 after 我用的是华为手机): the attribute's name is left to
    the statement it changes, so the two share no naming word, the pair model reads most such
    pairs as two attributes, and the question's words find the older statement first.

    Each condition stopped a false reading on the first-day newcomers: a statement with a
    change word said in passing ("hard of hearing in my left ear", 二人转) is nearest to some
    older statement, but the question does not read it; a change the writer already linked to
    its own older value (a conflict group: 上个月搬家了 after 我住在宝安区的城中村, "Maeve
    packed in ballet") has said what it changes, while the statement nearest to it is often
    another attribute of the same person (我老家在湖南衡阳, Maeve's age) that a question reads
    alike. No new constant: the three are :func:`question_scale`'s.

    And the change is asserted. The writer keeps a feeling standing for a clause that holds a
    change word, and a single character is enough: 脑子转不动了 ("my brain won't turn") kept
    "脑子转不动了，今晚就想看点综艺" after 我晚上看纪录片, and read as a change it put a tired
    evening's want above the habit (colloquial_blind2, found at the merge). A change said with
    feeling that no group links is so left to the pair model, as before this reading. A memory
    with no speech-act mark (written without evolution) is read by its words alone."""
    top = {i for _, i in scale.get(language(new.content), ())}
    act = new.marks.get("speech_act")
    return (
        not new.conflict_group
        and (act is None or str(act) in ASSERTIVE_ACT_NAMES)
        and states_change(new.content)
        and nearest.get(new.id) == old.id
        and new.id in top
        and old.id in top
    )


def newer_candidates(
    old: Hit,
    after: Sequence[Hit],
    kinds: Sequence[str],
    vectors: Mapping[str, np.ndarray],
    store: EvolutionReads | None = None,
) -> list[Hit]:
    """The hits among ``after`` that may take ``old``'s place: standing statements said after it
    (by when each was last said: a value said again, a move back merged into the node that
    first said it, 早上又喝回豆浆了 into 我早上喝豆浆, is said anew), with a vector, of no other
    attribute, as sealed as it, about the same person, and none that says it adds to what holds
    (:func:`~hybridmem.evolution.slots.pairs.adds_to`: "Chuck a football podcast in on the long
    runs as well" after "Put Radio 2 on for the long runs", 以后纪要也抄送一份给小陈 after 会议纪要
    发到我邮箱: one attribute to the pair model, yet the older value still answers); with the
    ``store``, none that is someone else's event about ``old``'s value
    (:func:`~hybridmem.evolution.write.value_remarks.said_about`: "Nationwide opened a new
    branch on Fargate" after "I bank with Nationwide")."""
    found = [
        h
        for h in after
        if _standing(h.node, kinds)
        and not adds_to(h.node.content)
        and last_mentioned(h.node) > last_mentioned(old.node)
        and h.node.id in vectors
        and not _other_attributes(h.node, old.node)
        and bool(h.node.sensitive) == bool(old.node.sensitive)
        and same_subject(h.node.content, old.node.content)
    ]
    if store is None:
        return found
    # Imported here: the reading pulls in the speech lexicon, which read-only commands that
    # never compare two values (``hybridmem tree``) must not load (tests/cli/test_cli_cold_imports).
    from hybridmem.evolution.write.value_remarks import said_about

    return [
        h
        for h in found
        if not said_about(store, kinds, h.node.content, last_mentioned(h.node), old.node)
    ]


def _successor(
    old: Hit,
    after: Sequence[Hit],
    scale: Scale,
    kinds: Sequence[str],
    model: PairModel,
    vectors: Mapping[str, np.ndarray],
    cosine: Mapping[str, float],
    nearest: Mapping[str, str],
    store: EvolutionReads | None = None,
    again: bool = False,
) -> Hit | None:
    """The newer standing hit among ``after`` that takes ``old``'s place: of those about the
    same person that name one thing with it or answer the question alike, the most similar
    one, when the pair model reads the two as one attribute (the writer, too, asks only the
    nearest); else the one that states ``old``'s change (:func:`states_its_change`).
    ``again``: only the one the pair model reads as ``old``'s value said again (a move back
    to it, :func:`restated`)."""
    vec = vectors.get(old.node.id)
    if vec is None:
        return None
    newer = newer_candidates(old, after, kinds, vectors, store)
    named = [
        h
        for h in newer
        if one_attribute(h.node.content, old.node.content)
        or answers_alike(old.node, h.node, scale, cosine)
    ]
    if named:
        best = max(named, key=lambda h: float(vectors[h.node.id] @ vec))
        reading = read(model, vectors[best.node.id], best.node.content, vec, old.node.content)
        if reading.restates if again else reading.linked:
            return best
    if again:
        return None
    return next((h for h in newer if states_its_change(h.node, old.node, nearest, scale)), None)


def restated(
    chain: Sequence[Hit],
    after: Sequence[Hit],
    hits: Sequence[Hit],
    scale: Scale,
    kinds: Sequence[str],
    model: PairModel,
    vectors: Mapping[str, np.ndarray],
    cosine: Mapping[str, float],
    nearest: Mapping[str, str],
    store: EvolutionReads | None = None,
) -> Hit | None:
    """A move back after a value with no successor of its own: the newer standing hit among
    ``after``, said after the last value of ``chain`` (each a value that took the place of the
    one before), that says an earlier value of the same attribute again: an earlier one of
    the chain, or an older standing hit among ``hits`` whose place the last value takes (the
    query may rank the value in between above the one it replaced), the latest first. A move
    back restates the value it returns to, not the one it leaves (周六爬了趟香山 after
    我周末去爬香山 and 周末都去奥森跑步; "Tony on Castle Street gave me a skin fade" after "My
    barber is Tony on Castle Street" and "A new salon in the shopping centre cuts my hair"):
    it names one thing with the first and the pair model reads it as that value said again,
    while nothing it says names the value in between, so it followed the first below the
    value in between; it is the newest value of the attribute all three are of.

    Said again, not only one attribute: a newer value of the attribute an earlier one holds
    ("We've stopped going to Benidorm, it's Tenerife for us now") is no return, and read as
    one it took the place of the value after which it was never said (first-day tenth set,
    "What's on Wednesday morning for me?"). No new reading or constant: :func:`_successor`'s
    naming tests and the pair model's own majority label, asked of values the query
    already holds."""
    last = chain[-1]
    since = last_mentioned(last.node)
    newer = [h for h in after if last_mentioned(h.node) > since]
    if not newer:
        return None
    replaced = [
        h
        for h in hits
        if h not in chain
        and _standing(h.node, kinds)
        and last_mentioned(h.node) < since
        and _successor(h, [last], scale, kinds, model, vectors, cosine, nearest, store) is last
    ]
    earlier = sorted([*chain[:-1], *replaced], key=lambda h: last_mentioned(h.node), reverse=True)
    for value in earlier:
        found = _successor(
            value, newer, scale, kinds, model, vectors, cosine, nearest, store, again=True
        )
        if found is not None:
            return found
    return None
