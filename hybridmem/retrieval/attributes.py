"""The attribute a question asks about, read against the attribute each memory gives a value of.

A fact or preference the writer placed in a slot (``user.job``, ``user.residence@mother``:
:mod:`hybridmem.evolution.slots`) says which attribute, of whom, it is a value of. The same
structural rules read a question in the first person (they read what speakers say of
themselves): "What do I do for a living?" and "我是做什么工作的？" ask for ``user.job``. Where
both sides are known, that agreement is evidence the words alone do not give:

- **Another attribute**: a word the question shares with a memory of a different attribute is
  a coincidence, not a match. "What do I do for a living?" shares "living" with "My mother
  lives in Gdansk" (``user.residence@mother``): the lexical channel ranked the mother's home
  first with the full lexical weight, ahead of the user's job. Such a memory keeps its
  similarity and loses its lexical match.
- **Another person's value**: a question about the user's own attribute (it names no one
  else) is not answered by a value the writer filed in another person's group
  (``user.residence@女儿``, ``user.workplace@callum``), of the asked attribute or any other: a
  word the question shares with it is a coincidence too. The person is the writer's reading
  (:mod:`hybridmem.evolution.slots.others`), not one made here. A question asking for a
  person (who, 谁: "谁跟我们住在一起？" of "我婆婆跟我们住在一起。") is answered by someone else's
  statement, so there it keeps its match.
- **The same attribute, the user's own**: a question about the user's own attribute (it names
  no one else) matches a memory in that slot as strongly as the best word match of the query
  (BM25 at the query's best, 1 when no memory shares a word): the memory names the attribute
  through its slot. "我是做什么工作的？" shares no word with "我叫林晓雯，是一名小学美术老师。" (its
  slot ``user.job``), and multilingual-e5 put "我已经搬到苏州了" 0.017 closer.

No constant is involved: the evidence is the lexical channel's own best. A question whose
attribute the rules cannot read, or candidates without a slot (conversation turns, events,
notes: every memory of LoCoMo and MADial), leave the evidence as it was.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from hybridmem.evolution.slots import rules
from hybridmem.evolution.slots.others import ROLES_EN
from hybridmem.evolution.slots.zh_names import PERSON_ZH
from hybridmem.models import MemoryNode
from hybridmem.retrieval.clause_attributes import states_attribute

SLOT_KEY = "slot"
"""Where the writer keeps a memory's slot in its metadata."""

# A question names someone else by a relation ("my mother", "our landlord", 我老公) or by a
# capitalised name after its first word ("Where does Mara live?"). A place reads as a name too
# ("... in Lisbon?"): the question then only misses the lift, it loses nothing.
_OTHER_EN = re.compile(r"\b(?i:my|our|his|her|their)\s+(?:[\w-]+\s+){0,2}?(?i:" + ROLES_EN + r")\b")
_NAME_EN = re.compile(r"(?<=\s)(?!I\b)[A-Z][a-z]+")
_FIRST_PERSON = re.compile(r"\b(?i:i|me|my|mine|myself)\b|我")
# The interrogatives that ask for a person (a closed class): the answer to "谁跟我们住在一起？"
# or "Who do I live with?" is someone else, so their statement is no coincidence.
_ASKS_FOR_A_PERSON = re.compile(r"\b(?i:who|whom|whose)\b|谁")
# Where the question goes, at its end: "怎么去公司？", "How do I get to work?". The place one
# travels to is named, not asked: "我平时怎么去公司？" asks the way there, and read as the
# workplace it took the word match from "我每天骑电动车去公司" (a vehicle) and left it to the
# job at the company (issue 38, second newcomers).
_DESTINATION = re.compile(
    r"(?:去|到|回|来)[\u4e00-\u9fff]{1,4}?(?=[？?。!！]*$)"
    r"|\b(?i:get|go|come|getting|going|travel)\s+(?i:to|into)\s+(?:(?i:the|my|our)\s+)?"
    r"[\w-]+(?=[?.!]*$)"
)


# The question forms of one's work that no statement takes: the attribute asked by its name
# ("what's my job", "my trade is", "what line of work am I in", "what kind of work do I do",
# 我的工作是什么) or by its verb with a question word ("what do I do for work / at work", "where
# do I work", "where am I working / employed", 我做啥工作, 我是干啥的, 我是干哪行的,
# 我现在干的啥活).
# The statement rules read how people state a job ("I'm a nurse", "for a living", 当老师); a
# question names it instead, and "Remind me what my job is?" or "我做啥工作？" was read as no
# attribute on every newcomer of the ninth first-day set. A closed class: the attribute's
# names, its verbs' tenses and the question words (哪 beside 啥 and 什么); up to two characters
# (an adverb: 现在, 到底) between 我 and the verb, so a question naming someone there (我老公是
# 干啥的) is no question about one's own work (:func:`asked_slot` reads it as no job).
_WORK_NOUNS_EN = r"(?:job|trade|profession|occupation|line of work)"
_WORK_QUESTION = re.compile(
    r"\b(?:what(?:'s| is| was)|which(?:'s| is)?) my (?:current |day )?" + _WORK_NOUNS_EN + r"\b"
    r"|\bmy " + _WORK_NOUNS_EN + r" (?:is|was)\s*[?.!]*$"
    r"|\b(?:what|which) (?:(?:kind|sort|type) of )?(?:" + _WORK_NOUNS_EN + r"|(?<=of )work)"
    r" (?:am|do) I\b"
    r"|\bI do (?:for (?:work|a job)|at work)\b"
    r"|\bwhere (?:do I work|am I (?:working|employed))\b"
    r"|我[^，。？?！!]{0,2}?(?:是|的)?(?:做|干)的?(?:啥|什么|哪一?)(?:工作|的|活|行|生意)"
    r"|我的?(?:工作|职业)是(?:啥|什么)",
    re.I,
)
# A question about how one earns one's living asks the job by what the job is for: the
# earning predicates ("earn / make a living, money, a crust", "for a living", "paid to do", "by
# trade", "job-wise"; 挣钱, 赚钱, 谋生, 为生, 过活, 养家, 糊口, 营生 after 靠 / 干 / 做 and a
# question word; 吃哪碗饭) asked with a question word. A closed class of the predicates, from
# the grammar of earning, not a phrase of a set: "What is it I do for a living?" and
# 我平时靠啥挣钱？ were read as no attribute (the thirteenth first-day set). The statement
# rules read "living" as where one lives ("How do I earn my living?" was user.residence), so
# this reading comes before theirs unless they read one's work.
_EARNING = re.compile(
    r"\b(?:what|how)\b.*(?:"
    r"\b(?:earn|make|earning|making)s? (?:(?:a|my|our|the) )?(?:living|money|crust|wage)\b"
    r"|\bfor a living\b|\bpaid to do\b|\bby (?:trade|profession)\b|\b(?:job|work)-?wise\b)"
    r"|我[^，。？?！!]{0,2}?是?(?:靠|干|做)的?(?:啥|什么|哪样)"
    r"(?:挣钱|赚钱|吃饭|谋生|为生|过活|养家|糊口|营生)"
    r"|吃的?(?:哪|什么|啥)碗饭",
    re.I,
)
WORK = frozenset({"user.job", "user.workplace"})
"""One's job and one's workplace are the two halves of one's work: the writer files "I'm a
stonemason, I work on the cathedral restoration" as the workplace, "I'm a nurse at St James's"
as the job. A word one of them shares with a question about the other is no coincidence, so
it keeps its match; it is not lifted either (lifted, "My office is on the fourth floor" came
before the engineer for "What do I do for a living?")."""


def asked_slot(query: str, slot_map: Mapping[str, Sequence[str]] | None = None) -> str | None:
    """The user attribute ``query`` asks about, by the writer's slot rules, or None. The rules
    read what speakers say of themselves: a question is read only in the first person
    ("退休手续还缺什么材料？", about a task's paperwork, read as ``user.job`` by "退休"). A
    question about one's work in a form no statement takes is read as the job."""
    if not _FIRST_PERSON.search(query):
        return None
    found = rules.infer(_DESTINATION.sub("", query.strip()), slot_map).slot
    if found in WORK or names_someone(query):
        return found
    if _EARNING.search(query) or (found is None and _WORK_QUESTION.search(query)):
        return "user.job"
    return found


def _related(attribute: str, asked: str) -> bool:
    return attribute in WORK and asked in WORK


def answering(
    query: str,
    nodes: Mapping[str, MemoryNode],
    slot_map: Mapping[str, Sequence[str]] | None = None,
) -> frozenset[str]:
    """The candidates the writer filed as a value of the user's own attribute the question
    asks about (the ones :func:`agreed` lifts), empty when the question names none or someone
    else."""
    asked = asked_slot(query, slot_map)
    if asked is None or names_someone(query):
        return frozenset()
    return frozenset(
        i for i, n in nodes.items() if isinstance(s := n.metadata.get(SLOT_KEY), str) and s == asked
    )


def names_someone(query: str) -> bool:
    """Whether the question is about someone other than the user."""
    return someone_named(query) is not None


def asks_for_a_person(query: str) -> bool:
    """Whether ``query`` asks for a person ("Who do I live with?", 谁): then another person's
    statement is what it asks for, not a coincidence."""
    return _ASKS_FOR_A_PERSON.search(query) is not None


def someone_named(query: str) -> str | None:
    """The word the question names someone other than the user by ("partner" of "my
    partner's", "Sofia", "老婆"), or None."""
    if m := _OTHER_EN.search(query):
        return m.group().split()[-1]
    m = _NAME_EN.search(query) or PERSON_ZH.search(query)
    return m.group() if m else None


def agreed(
    query: str,
    nodes: Mapping[str, MemoryNode],
    bm25: Mapping[str, float],
    slot_map: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, float] | None:
    """The raw lexical evidence (``bm25`` by node id) read against the slots of ``nodes``, or
    None when nothing changes (no candidate has a slot, or the question's is unknown)."""
    slotted = {
        i: s for i, n in nodes.items() if isinstance(s := n.metadata.get(SLOT_KEY), str) and s
    }
    if not slotted:
        return None
    asked = asked_slot(query, slot_map)
    if asked is None:
        return None
    own = not names_someone(query)
    # Another person's value is no answer to a question about the user's own attribute,
    # unless the question asks for a person.
    only_mine = own and not asks_for_a_person(query)
    best = max(bm25.values(), default=0.0) or 1.0
    out = dict(bm25)
    for node_id, slot in slotted.items():
        attribute, _, person = slot.partition("@")
        if only_mine and person:
            # Another person's value (the writer filed it in that person's group): for a
            # question about the user's own attribute a shared word with it is a coincidence,
            # whichever attribute it gives. "我女儿在老家周口上初三，跟着奶奶住。" is the daughter's
            # residence; with its 住 it came before the user's own home for 我住在哪儿？
            out.pop(node_id, None)
        elif attribute != asked:
            if _related(attribute, asked):
                continue  # the other half of one's work (WORK): kept as it was
            # Filed under another attribute, but a clause of it may state the asked one
            # ("I take my coffee black, no sugar.", filed as diet): then no coincidence. The
            # clauses are read as the writer reads them, as the speaker's own attributes, so
            # only a question about the user's own is answered by them.
            node = nodes[node_id]
            if own and not node.sensitive and states_attribute(node.content, asked):
                continue
            out.pop(node_id, None)
        elif own and not person:
            out[node_id] = best
    return out if out != bm25 else None
