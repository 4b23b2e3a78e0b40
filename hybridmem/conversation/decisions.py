"""A decision said without a change word: the newer value of what the user weighed before.

People weigh options over turns ("can't decide on the sofa, the blue velvet one or the grey
linen one", 在纠结报日语班还是韩语班) and later say what they chose with no change word at all
("ended up going with the grey one", 日语班报了！). Neither turn gives a value of a user slot,
so the writer filed no fact: both stayed events of the conversation, and the deliberation,
closer in words to "which sofa did I go for?", answered it (issue 38, probing blind2 w14 / y3,
blind5 o1: docs/benchmarks.md, "why an older value ranks above the newest").

Read from the grammar, by closed classes only:

* a **deliberation** is a user's turn with a disjunction (:func:`weighed`): "or", "either",
  "versus", "between", 或者, 还是 where it joins two alternatives
  (:func:`~hybridmem.evolution.speech.clauses.haishi_asks`; the adverb 还是 "still", "after
  all" joins none), and two things joined by 和 / 跟 / 与 and asked "which" of (哪:
  成都和西安去哪个), or under a verb of choosing (在小米和华为之间挑, 按摩仪和金手镯选一个:
  :mod:`hybridmem.conversation.choosing`), and things listed with 、 under a verb of choosing
  or named by 一个是…，一个是… (:mod:`hybridmem.conversation.listing`);
* a **decision** (:func:`decides`) is the speaker's own asserted sentence (not a question, a
  supposition or an instruction, no conditional clause or mood; no other person as its
  subject: "my dad chose the Honda" is his) in the perfective: an English preterite (an
  ``-ed`` form not after a copula, or an irregular past of the grammar's appendix,
  :data:`hybridmem.evolution.speech.clauses._EN_PRETERITE`) or the Chinese aspect particle 了
  (jieba's ``ul``) with no imminent-future auxiliary before it (要…了 is "about to"); not
  negated ("still haven't decided", 还是没定) and weighing nothing itself;
* it **settles** the deliberation when its verb's object or its clause's subject names one
  of the options the weighed clause joins, or one of two things the turn compares, says
  something of both, names one of each or contrasts in parallel clauses
  (:mod:`hybridmem.conversation.comparing`: "Halifax came in lower than Nationwide",
  阳光和蓝天都报了名; not a weighing of the sentence itself), read from the grammar
  (:mod:`hybridmem.conversation.options`: a shared word elsewhere in the sentence, "told
  Fiona about Edinburgh", is not what was chosen).

Then the decision is a statement of the user's (a fact under the root) and joins one value
group with the deliberation as its newer value, and the deliberation is demoted by it, as the
writer demotes a changed value (:func:`hybridmem.evolution.write.conflicts.demotion`): the
group's current value takes the first place any member holds, with the options it settled
named as its previous value (:func:`hybridmem.retrieval.groups.group_values`). The facts
filed from the deliberation's own messages are demoted with it, and so is the turn just before
it that announces the weighing with a verb of choosing and no options (在纠结换车的事，旧的那辆
飞度开了十年了, then the options: :func:`topic_of`); where that turn was filed as a value of
one of the speaker's slots, the choice is written under that slot, as its newer value
(:func:`slot_of_own`; neither slot reader names a slot for 买了比亚迪秦 itself). No constant:
the deliberation is looked up among the lexical matches retrieval itself would gather
(``RetrievalConfig.lexical_candidates``), the latest one that the decision settles.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from hybridmem import lexical
from hybridmem.conversation import alternatives, choosing, committing, comparing, listing
from hybridmem.conversation.drafts import Draft
from hybridmem.conversation.options import en_commits, names_an_option
from hybridmem.core import Core
from hybridmem.evolution.slots import others
from hybridmem.evolution.slots import rules as slots
from hybridmem.evolution.slots.naming import one_attribute
from hybridmem.evolution.speech.clauses import haishi_asks
from hybridmem.evolution.speech.labels import SpeechAct, SpeechActResult
from hybridmem.evolution.write import occasion
from hybridmem.evolution.write.conflicts import demotion
from hybridmem.models import MemoryNode
from hybridmem.store.records import Scope

_CJK = re.compile(r"[\u4e00-\u9fff]")
# Coordinating disjunctions and the preposition of a choice between two (closed classes).
_EN_DISJUNCTION = re.compile(r"\b(?:or|versus|vs|between|either)\b")
_ZH_DISJUNCTION = re.compile(r"或者|或是")
# Two things joined by a coordinating conjunction and asked "which" of (成都和西安去哪个).
_ZH_COORDINATION = frozenset({"和", "跟", "与"})
_ZH_IMMINENT = re.compile(r"要|快|将")
# A condition or the conditional mood: a choice supposed, not made ("if I had the room I'd
# have taken it", 如果有空我就报了). The subordinators and the modal are closed classes; the
# speech-act reader labels most such sentences a hypothetical, these catch what it reads as a
# plain statement.
_EN_CONDITIONAL = re.compile(r"\b(?:if|unless|would|'d)\b")
_ZH_CONDITIONAL = re.compile(r"如果|要是|假如|假设|万一|的话")
# Negation: the particles and the contracted auxiliaries, and "yet" (a perfect still open).
_EN_NEGATION = re.compile(r"n't\b|\b(?:not|never|no|yet)\b")
# Chinese negation: the adverbs as a word of their own, or heading a verb (没定, 未定, 没要).
_ZH_NEGATION_WORDS = frozenset({"不", "没", "没有", "未", "别"})
_ZH_NEGATION_HEAD = ("没", "未")
# Words, a contraction's clitic as a word of its own ("i'm" -> "i", "'m").
_EN_WORD = re.compile(r"'[a-z]+|[a-z]+")
_ASIDE = (SpeechAct.QUESTION, SpeechAct.HYPOTHETICAL, SpeechAct.FILLER, SpeechAct.INSTRUCTION)
_SPEAKER_PREFIX = re.compile(r"^[^:\n]{1,64}:\s*")
_LIVE = ("active",)


def weighed(text: str) -> list[str]:
    """The clauses of ``text`` that join alternatives (a deliberation's options); empty when
    none does."""
    # Options listed with 、 or named by 一个是 … 一个是 …, read over the whole turn (the clause
    # pieces cut them apart): :mod:`hybridmem.conversation.listing`.
    out = listing.zh_listed(text) if _CJK.search(text) else []
    for clause in lexical.clause_pieces(text):
        if _CJK.search(clause):
            if (
                _ZH_DISJUNCTION.search(clause)
                or ("还是" in clause and haishi_asks(clause))
                or _which_of_two(clause)
                or choosing.zh_chosen_between(clause, text)
            ):
                out.append(clause)
        elif _EN_DISJUNCTION.search(clause.lower()) or choosing.en_chosen_between(clause, text):
            out.append(clause)
    return out


def _which_of_two(clause: str) -> bool:
    tags = lexical.pos_tags(clause)
    joined = any(w in _ZH_COORDINATION and f == "c" for w, f in tags)
    return joined and any(w.startswith("哪") for w, _ in tags)


def _perfective_en(text: str) -> bool:
    """Some verb says an act done, or arranged in the speaker's present progressive
    (:func:`~hybridmem.conversation.options.en_commits`), or a choice is fronted ("Cotham it
    is": :func:`~hybridmem.conversation.committing.en_fronted`)."""
    words = _EN_WORD.findall(text.lower())
    if committing.en_fronted(text):  # "Cotham it is!"
        return True
    return any(en_commits(words, i) for i in range(len(words)))


def _perfective_zh(text: str) -> bool:
    """Some clause holds the aspect particle 了 (jieba's ``ul``) with no auxiliary of the
    imminent future before it (要…了, 快…了, 将…了: "about to", not done)."""
    for clause in lexical.clause_pieces(text):
        said = ""
        for word, flag in lexical.pos_tags(clause):
            if word == "了" and flag == "ul" and said and not _ZH_IMMINENT.search(said):
                return True
            said += word
    return False


def _negated(text: str) -> bool:
    if not _CJK.search(text):
        return bool(_EN_NEGATION.search(text.lower()))
    return any(
        w in _ZH_NEGATION_WORDS or w.startswith(_ZH_NEGATION_HEAD)
        for w, _ in lexical.pos_tags(text)
    )


def decides(sentence: str, result: SpeechActResult) -> bool:
    """Whether a user's ``sentence`` can say a choice made: asserted, the speaker's own, in
    the perfective, not negated, weighing nothing itself (see the module docstring)."""
    if result.act in _ASIDE or weighed(sentence) or _negated(sentence):
        return False
    conditional = _ZH_CONDITIONAL if _CJK.search(sentence) else _EN_CONDITIONAL
    if conditional.search(sentence.lower()):
        return False
    if not slots.about_speaker(sentence) and others.person_of(sentence) is not None:
        return False
    if _CJK.search(sentence):
        return _perfective_zh(sentence)
    return _perfective_en(sentence)


def spoken(node: MemoryNode) -> str:
    """A conversation event's words without its ``speaker: `` label."""
    return _SPEAKER_PREFIX.sub("", node.content, count=1)


def settles(sentence: str, deliberation: str) -> bool:
    """Whether ``sentence`` (a decision) names one of the options a weighed clause of
    ``deliberation`` joins, as its verb's object or its clause's subject
    (:func:`~hybridmem.conversation.options.names_an_option`): "I told Fiona about
    Edinburgh" told Fiona, and settles no weighing of "Edinburgh or moving"."""
    if any(names_an_option(sentence, clause, deliberation) for clause in weighed(deliberation)):
        return True
    # Things compared, said of both or one of each, with no disjunction ("Halifax came in
    # lower than Nationwide", 阳光和蓝天都报了名): :mod:`hybridmem.conversation.comparing`.
    if comparing.names_compared(sentence, deliberation):
        return True
    return _names_offered(sentence, deliberation)


def _names_offered(sentence: str, deliberation: str) -> bool:
    """Whether ``sentence`` names an option ``deliberation`` offers in a turn of its own
    ("Sunbeams round the corner has spaces too")."""
    return any(
        alternatives.names_offered(sentence, clause)
        for clause in alternatives.offered(deliberation)
        if not _negated(clause)
    )


def first_option(
    sentence: str, deliberation: MemoryNode, found: Sequence[MemoryNode]
) -> MemoryNode | None:
    """When ``sentence`` settles ``deliberation`` only as an option offered beside another
    ("turns out Sunbeams round the corner has spaces too"), the other option's turn: the focus
    particle presupposes an alternative already said, resolved as the same speaker's latest
    earlier live event among ``found`` that shares a naming word with the choice ("we looked
    round Little Acorns" for Maya, before "signed Maya up at Sunbeams"). None when the
    deliberation weighs or compares its own options, or no such turn is found."""
    said = spoken(deliberation)
    if not _names_offered(sentence, said) or any(
        names_an_option(sentence, clause, said) for clause in weighed(said)
    ):
        return None
    if comparing.names_compared(sentence, said):
        return None
    speaker = deliberation.metadata.get("speaker")
    earlier = [
        n
        for n in found
        if n.node_type == "event"
        and n.status == "active"
        and n.conflict_group is None
        and n.metadata.get("speaker") == speaker
        and (n.created_at, n.seq) < (deliberation.created_at, deliberation.seq)
        and one_attribute(sentence, spoken(n))
    ]
    return max(earlier, key=lambda n: (n.created_at, n.seq), default=None)


@dataclass(frozen=True, slots=True)
class Settled:
    """A decision draft's sentence and the deliberation event it settles."""

    sentence: str
    deliberation: MemoryNode


def deliberation_of(
    sentence: str, speaker: str, before: datetime, found: Sequence[MemoryNode]
) -> MemoryNode | None:
    """Among ``found`` (the lexical matches of ``sentence``), the latest live event the same
    speaker said before ``before`` that ``sentence`` settles and no group holds yet."""
    open_ = [
        n
        for n in found
        if n.node_type == "event"
        and n.status == "active"
        and n.conflict_group is None
        and n.metadata.get("speaker") == speaker
        and n.created_at < before
        and settles(sentence, spoken(n))
    ]
    return max(open_, key=lambda n: (n.created_at, n.seq), default=None)


CHOICE_SLOT = occasion.CHOICE_SLOT
"""The slot of a decision no slot rule reads: one value group per deliberation it settles (the
writer reads a time word of one occasion in such a decision as its date: ``occasion.mark``)."""


def settle(core: Core, user_id: str, drafts: Sequence[Draft], at: datetime) -> list[Draft]:
    """``drafts`` with each decision kept only when it settles a deliberation of its speaker
    (its slot then names that deliberation's group); a decision settling none is dropped (its
    words stay in its message's event, as before)."""
    engine = core.engine
    limit = engine.config.retrieval.lexical_candidates
    out: list[Draft] = []
    taken: set[str] = set()  # one decision a deliberation: the first sentence that settles it
    for draft in drafts:
        if not draft.decides:
            out.append(draft)
            continue
        found = [n for n in _lexical_matches(core, user_id, draft.content) if n.id not in taken]
        deliberation = deliberation_of(draft.content, draft.speaker, at, found) if limit else None
        if deliberation is None and draft.filed:
            # A filed fact settling nothing stays the writer's, its slot read by the writer.
            out.append(replace(draft, decides=False))
        if deliberation is not None:
            taken.add(deliberation.id)
            # The choice is read from both turns: "went with the grey one" names its value
            # only beside the options weighed, so it cites the deliberation's messages too.
            sources = tuple(dict.fromkeys((*draft.source_ids, *deliberation.source_ids)))
            weighing = [deliberation]
            own = own_facts(deliberation, found)
            first = first_option(draft.content, deliberation, found)
            if first is not None:  # the other option, said in a turn before the offered one
                taken.add(first.id)
                weighing.append(first)
            topic = topic_of(core, deliberation)
            announced: list[MemoryNode] = []
            if topic is not None:
                weighing.append(topic)
                announced = own_facts(topic, _lexical_matches(core, user_id, spoken(topic)))
                own += announced
            # The slot is the announcing turn's only: the options' own turn may say another
            # thing of the user's ("my dad's birthday is next month, a rod or a tea set").
            slot: str | None = (
                draft.slot or slot_of_own(announced) or CHOICE_SLOT.format(id=deliberation.id)
            )
            if draft.filed:  # the writer reads a filed fact's slot, as for any fact
                slot = None
            settled = tuple(n.id for n in (*weighing, *own))
            out.append(replace(draft, slot=slot, source_ids=sources, settles=settled))
    return out


def _lexical_matches(core: Core, user_id: str, text: str) -> list[MemoryNode]:
    """The user's live memories matching ``text``'s words, as many as retrieval gathers
    (``RetrievalConfig.lexical_candidates``)."""
    engine = core.engine
    expression = lexical.match_expression(text)
    limit = engine.config.retrieval.lexical_candidates
    if not expression or not limit:
        return []
    ids = [i for i, _ in engine.store.lexical_search(expression, Scope(user_id), _LIVE, limit)]
    return list(engine.store.get_many(ids).values())


def topic_of(core: Core, deliberation: MemoryNode) -> MemoryNode | None:
    """The same speaker's turn just before ``deliberation`` in its conversation when that
    turn announces a weighing and joins no options itself (在纠结换车的事，旧的那辆飞度开了十年了
    then 比亚迪秦和特斯拉Model 3在犹豫): the options answer it, so the choice settles it too."""
    if deliberation.parent_id is None:
        return None
    speaker = deliberation.metadata.get("speaker")
    earlier = [
        n
        for n in core.engine.store.children(deliberation.parent_id, statuses=_LIVE)
        if n.node_type == "event"
        and n.metadata.get("speaker") == speaker
        and (n.created_at, n.seq) < (deliberation.created_at, deliberation.seq)
    ]
    last = max(earlier, key=lambda n: (n.created_at, n.seq), default=None)
    if last is None or last.conflict_group is not None:
        return None
    said = spoken(last)
    return last if choosing.announces(said) and not weighed(said) else None


def own_facts(deliberation: MemoryNode, found: Sequence[MemoryNode]) -> list[MemoryNode]:
    """The live facts and preferences among ``found`` the writer filed from the
    deliberation's own messages ("按摩仪和金手镯选一个送她" kept as a statement too): the same
    weighing, so the choice that settles the event settles them as well."""
    return [
        n
        for n in found
        if n.node_type in ("fact", "preference")
        and n.status == "active"
        and n.source_ids == deliberation.source_ids
    ]


def slot_of_own(own: Sequence[MemoryNode]) -> str | None:
    """The speaker's own slot the turn announcing a weighing was filed under (在纠结换车的事，
    旧的那辆飞度开了十年了: ``user.vehicle``): the choice that settles the weighing is that
    slot's newer value, and joins its group through the writer's slot path (a slot the
    ingest passes, as for any fact). None when no such fact has one, or they differ; never
    another person's slot (``...@dad``) nor a choice's."""
    slots_ = [
        str(n.metadata["slot"])
        for n in own
        if n.metadata.get("slot")
        and n.metadata.get("person") is None
        and "@" not in str(n.metadata["slot"])
        and not occasion.settled_choice(str(n.metadata["slot"]))
    ]
    return slots_[0] if len(set(slots_)) == 1 else None


def join(core: Core, user_id: str, written: Sequence[tuple[Draft, MemoryNode]]) -> None:
    """Each written decision's deliberation joins its value group, demoted by it (the
    writer's demotion: :func:`hybridmem.evolution.write.conflicts.demotion`)."""
    engine = core.engine
    changes = []
    for draft, node in written:
        if not draft.decides or not draft.settles or node.conflict_group is None:
            continue
        for settled in engine.store.get_many(draft.settles).values():
            # A member of another group keeps it (a value of its own slot); one already in
            # the choice's group was demoted by the writer.
            if settled.conflict_group is not None or settled.status != "active":
                continue
            change = demotion(
                settled, node.id, f"settled by {node.id}", engine.config.evolution, node.created_at
            )
            changes.append(
                replace(change, values={**change.values, "conflict_group": node.conflict_group})
            )
    if changes:
        core.tree.apply_changes(changes, user_id=user_id, now=engine.now())
