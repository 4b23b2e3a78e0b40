"""A person asked about by kin word is matched by the name the user gave them.

A measurement, not part of the engine (so it lives under benchmarks/): measured in issue 38
(helper kin17, ``docs/benchmarks.md``) on every probing question it gained "first" on two
(blind8 o9, blind9 d6) and lost it on one (blind4 e8), frac and hit@5 unchanged; kept for
:mod:`benchmarks.kin_trace` and the next
measurement (one call in ``Retriever.gather`` wires it:
``out.bm25 = kin_lexical(lambda t: self._lexical(t, resolved, out), self.store, q.text,
resolved.scope, cfg.include_statuses)``).

A user names a relation once ("my brother Ravi rang", 我姐林芳在深圳看中了一套房子) and then
speaks of them by name ("Ravi brought his girlfriend Chloe round", "Kirsty found a flat in
Paisley"). A question asks by the relation ("last week, what did I say about my brother?",
我姐最后买的是哪套？), so its words match the first turn only and never the ones saying the
name (issue 38, probing15: blind9 d6, found only through the date window). The link is read
from the store, from the user's own words: a kin or role word of the question
(:func:`~hybridmem.retrieval.attributes.someone_named`, the writer's closed class of
relations) followed by a name ("my brother Ravi", "my little brother Danny", 我姐林芳, 我弟小军),
or a name with the relation in apposition ("Ravi, my brother", "Ravi (my brother)"). The
question is also matched lexically with the relation said as the names so found, each
memory keeping the better of the two matches; the question's vector, its time words and every
other reading of it are unchanged. No constant is chosen: the
names are whatever the user's turns holding the relation word give, and BM25 weighs them as
it weighs any word.

A name is a capitalised word (English) or a word the segmenter tags as a person's name and
its dictionary does not hold (:func:`~hybridmem.retrieval.referents.named_zh`'s reading, on
the word after the relation). The companion's replies are not read: "your brother Ravi" is the
companion repeating, and a reply's guess ("is that your sister?") is no link.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from hybridmem.lexical import in_dictionary, match_expression, pos_tags, terms
from hybridmem.retrieval.attributes import someone_named
from hybridmem.retrieval.referents import speaker_role
from hybridmem.store import Scope, TreeStore

_SEEN = 50
"""How many of the relation word's lexical matches are read for a name (a read bound, not a
tuned constant: a user's turns naming a relation by its word are few)."""

_CJK = re.compile(r"[\u4e00-\u9fff]")
_NAME_EN = r"(?!I\b)[A-Z][a-z]+(?:['’]s)?"


def _links_en(kin: str) -> re.Pattern[str]:
    """ "my brother Ravi", "my little brother Danny", "Ravi, my brother", "Ravi (my brother)";
    the group ``mod`` holds the word between "my" and the relation, if any."""
    k = re.escape(kin)
    mod = r"(?P<mod>[\w-]+\s+)?"
    return re.compile(
        r"\b(?i:my)\s+" + mod + r"(?i:" + k + r")\s+(?P<a>" + _NAME_EN + r")"
        r"|(?<![\w'’])(?P<b>"
        + _NAME_EN
        + r")\s*(?:,|\()\s*(?i:my)\s+"
        + mod.replace("mod", "mod2")
        + r"(?i:"
        + k
        + r")\b"
    )


def names_of(kin: str, text: str, modifier: str = "") -> list[str]:
    """The names ``text`` gives the user's ``kin`` (see the module docstring). ``modifier``:
    the word the question puts before the relation ("my new flatmate"); a link then holds
    the same word, as a modified relation may be another one of its kind than the one named
    ("my flatmate Jess" is not "my new flatmate")."""
    if _CJK.search(kin):
        return _names_zh(kin, text)
    out: list[str] = []
    for m in _links_en(kin).finditer(text):
        own = (m.group("mod") or m.group("mod2") or "").strip().lower()
        if modifier and own != modifier:
            continue
        name = re.sub(r"['’]s$", "", m.group("a") or m.group("b"))
        if name.lower() != kin.lower() and name not in out:
            out.append(name)
    return out


def _names_zh(kin: str, text: str) -> list[str]:
    """我姐林芳, 我弟小军, 我老公陈磊: right after 我 + the relation, a name tagged ``nr`` (not a
    dictionary word), or a familiar name of 小 / 阿 and one character (小军, 阿杰: the segmenter
    holds some as dictionary nouns)."""
    out: list[str] = []
    tags = pos_tags(text)
    words = [w for w, _ in tags]
    for i, (word, _) in enumerate(tags[:-1]):
        before = "".join(words[max(0, i - 2) : i])
        owned = word == kin and before.endswith(("我", "我的", "我家"))
        if not owned and word != "我" + kin:
            continue
        name, flag = tags[i + 1]
        given = flag == "nr" and len(name) >= 2 and not in_dictionary(name)
        familiar = len(name) == 2 and name[0] in "小阿" and flag.startswith("n")
        if (given or familiar) and name not in out:
            out.append(name)
    return out


def _asked(query: str, kin: str) -> re.Match[str] | None:
    """Where ``query`` says the relation: "my (new) flatmate", 我姐 / 我的姐 / 姐."""
    if _CJK.search(kin):
        return re.search("(?:我(?:的|家)?)?" + re.escape(kin), query)
    return re.search(r"\b(?i:my|our)\s+(?P<mod>[\w-]+\s+)?(?i:" + re.escape(kin) + r")\b", query)


def linked_names(store: TreeStore, query: str, scope: Scope, statuses: Sequence[str]) -> list[str]:
    """The names the user gave the relation ``query`` asks by (see the module docstring),
    read from the relation word's best lexical matches; empty when it asks by none."""
    kin = someone_named(query)
    if kin is None or kin[:1].isupper() or (asked := _asked(query, kin)) is None:
        return []  # no relation, or a name already
    modifier = ((asked.groupdict().get("mod") or "") if not _CJK.search(kin) else "").strip()
    # The lexical index may hold the relation inside a longer term (我姐 of 我姐林芳): the
    # question's own terms holding it are sought as well.
    held = [t for t in terms(query) if kin.lower() in t.lower()]
    expression = match_expression(" ".join([kin, *held]))
    if expression is None:
        return []
    found = store.lexical_search(expression, scope, statuses, _SEEN)
    names: list[str] = []
    for node in store.get_many(i for i, _ in found).values():
        if speaker_role(node) != "assistant":
            names.extend(n for n in names_of(kin, node.content, modifier.lower()) if n not in names)
    return [n for n in names if n.lower() not in query.lower()]


def kin_lexical(
    lexical: Callable[[str], dict[str, float]],
    store: TreeStore,
    query: str,
    scope: Scope,
    statuses: Sequence[str],
) -> dict[str, float]:
    """The question's lexical matches (``lexical``: BM25 by id of a text's matches), each the
    better of the question as asked and the question with the relation said as the names the
    user gave it ("when is my sister coming?" -> "when is Maya coming?"). The better, not the
    sum: the name and the relation are one person, so the turn saying both ("my sister Maya,
    she's a nurse") is not matched twice over the turn saying what was asked ("maya's coming
    up in september")."""
    own = lexical(query)
    names = linked_names(store, query, scope, statuses)
    asked = _asked(query, someone_named(query) or "") if names else None
    if asked is None:
        return own
    read = lexical(query[: asked.start()] + " ".join(names) + query[asked.end() :])
    return {i: max(own.get(i, 0.0), read.get(i, 0.0)) for i in {*own, *read}}
