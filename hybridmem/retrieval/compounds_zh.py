"""Which Chinese unit a question shares with a sealed memory: a compound's head with what
qualifies it, not the head alone (issue 38; the reading behind
:mod:`~hybridmem.retrieval.shared_words` for two Chinese phrase shapes jieba leaves unmarked).

- **A noun compound** (:func:`noun_runs`): jieba cuts a Chinese noun phrase without 的 into nouns
  side by side ("买*二手房过户*要多久？": 二手房 / 过户). Chinese compounds are head-final, so the
  last noun is the phrase's head and the ones before it its modifiers, as in an English compound
  ("*library* card"). A shared head whose modifier the memory holds no word of names another
  thing of that name: the transfer of a second-hand flat bought, not the user's secret transfer
  of her late husband's flat ("老伴留下的那套房子，我偷偷过户给了小儿子…", sensitive_blind4). The
  memory's 房子 shares only the character 房 with 二手房: a shared head morpheme with a modifier
  the memory lacks (二手) is the same kind of thing, another one of it.
- **A 哪-phrase** (:func:`unanswered_which`): "林琳在*哪个学校*教书？" asks which school; a memory
  holding 学校 alone ("林琳怀孕两个月了，还没跟学校说。", sensitive_blind2) says nothing of which,
  so the head it shares does not make the question asked of it, and the question's predicate
  (教书) decides as for any other focus. A memory says which when it holds the head inside a
  longer word of its own ("建设银行" for 银行) or after a content word or 的 in its own cut
  ("心脏搭桥手术", "城东的医院").

Read by jieba's part-of-speech tags, closed sets of them: the nominal tags (a common noun, a
place, an organisation, another proper noun, an abbreviation), not a person's name (``nr``: a
name before a noun is its possessor, which :mod:`~hybridmem.retrieval.roles_zh` reads, and
jieba cuts names loosely: 小美的 -> 小 / 美的), and the 哪-determiners. A noun run before 的 is
itself a modifier of the next head, or a clause jieba tagged as nouns ("我爸妈亲生的"), and is
left to the 的-phrase readings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from hybridmem.lexical import pos_tags, terms
from hybridmem.retrieval.private_kinds import shares_word
from hybridmem.retrieval.roles_zh import Postmodified

# jieba's nominal tags that make a compound: a common noun, a place, an organisation, another
# proper noun, an abbreviation. A closed set.
_NOMINAL = frozenset(["n", "nz", "ns", "nt", "j"])
# The interrogative determiners asking which one: a closed class.
_WHICH = frozenset(["哪", "哪个", "哪些", "哪种", "哪家", "哪所", "哪位"])
# Tags of words naming nothing after a wh-phrase: punctuation, particles, pronouns, numerals,
# adverbs, prepositions. A closed set of jieba's tags.
_FUNCTION = ("x", "u", "y", "r", "m", "d", "p", "c")
# What before a memory's word says which thing it is: a content word or 的.
_MODIFYING = ("n", "a", "v", "j")


def noun_runs(query: str) -> list[Postmodified]:
    """The Chinese noun compounds of ``query`` as (head, modifiers, False): runs of two nominal
    words or more, not before 的. "买二手房过户要多久？" -> [(["过户"], ["二手房"], False)]."""
    return [([head], list(modifiers), False) for head, modifiers in _runs(query)]


@lru_cache(maxsize=1024)
def _runs(query: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """:func:`noun_runs` as (head, modifiers), cached: the question is read against every sealed
    candidate of its retrieval."""
    if query.isascii():
        return ()
    out: list[tuple[str, tuple[str, ...]]] = []
    run: list[str] = []
    for word, flag in (*pos_tags(query), ("", "x")):
        if flag in _NOMINAL and not word.isascii():
            run.append(word)
            continue
        if len(run) > 1 and word != "的":
            out.append((run[-1], tuple(run[:-1])))
        run = []
    return tuple(out)


def unanswered_which(
    query: str, words: Iterable[str], memory: str, content: Callable[[str], bool]
) -> str | None:
    """The last content word after a 哪-phrase of ``query`` when the memory (its terms
    ``words``, its text ``memory``) holds the phrase's head only alone and not that word: the
    question asks which of the head's things, and its predicate is what it asks of it
    ("教书" of "林琳在哪个学校教书？" against "…还没跟学校说。"). None otherwise."""
    if query.isascii():
        return None
    held = set(words)
    tags = pos_tags(query)
    for k, (word, _) in enumerate(tags[:-1]):
        if word not in _WHICH:
            continue
        head, flag = tags[k + 1]
        if flag not in _NOMINAL or head not in held or _says_which(memory, head, held):
            return None
        rest = [
            t
            for w, f in tags[k + 2 :]
            if not f.startswith(_FUNCTION)
            for t in terms(w)
            if content(t)
        ]
        return rest[-1] if rest and not shares_word(rest[-1:], held) else None
    return None


def _says_which(memory: str, head: str, held: set[str]) -> bool:
    """Whether the memory holds ``head`` inside a longer word of its own ("建设银行") or after a
    content word or 的 in its own cut ("搭桥手术", "城东的医院"): then it says which."""
    if any(head in term and head != term for term in held if not term.isascii()):
        return True
    tags = pos_tags(memory)
    return any(
        word == head
        and k > 0
        and (
            tags[k - 1][0] == "的"
            or (tags[k - 1][1].startswith(_MODIFYING) and terms(tags[k - 1][0]))
        )
        for k, (word, _) in enumerate(tags)
    )


# Tags of a word that relates or points and names no thing: a preposition, a conjunction, a
# particle, a pronoun. A closed set of jieba's tags.
_RELATING = ("p", "c", "u", "y", "r")


def modifies_other(query: str, words: frozenset[str]) -> bool:
    """Whether every word of the Chinese ``query`` holding a term of the sealed memory's
    ``words`` stands in a noun compound's modifier (:func:`noun_runs`) whose head the memory
    holds no word or character of, prepositions and other relating words aside: the question
    is about that head's thing, which the shared word only says whose or which. "*邻居家*狗老叫，
    咋跟人家说？" asks about the neighbours' dog, not the user's sealed quarrel "我跟楼下邻居吵架，
    偷偷把她家的车胎扎了。" (sensitive_blind10, multilingual-e5 and MiniLM: a leak on 邻居 and the
    preposition 跟). The mirror of the compound reading above (a shared head, a modifier the
    memory lacks) and of :func:`~hybridmem.retrieval.modifiers_zh.only_modifies` (the memory's
    modifier)."""
    if query.isascii():
        return False
    held = list(words)
    modifying = {
        m for head, modifiers, _ in noun_runs(query) if not _holds(head[0], held) for m in modifiers
    }
    sharing = [(w, f) for w, f in pos_tags(query) if any(t in words for t in terms(w))]
    named = [w for w, f in sharing if not f.startswith(_RELATING)]
    return bool(named) and all(w in modifying for w in named)


def _holds(word: str, held: list[str]) -> bool:
    """Whether the memory's terms ``held`` hold ``word`` or a character of it."""
    return shares_word((word,), held) or any(c in t for c in word for t in held)
