"""How a later line names an older statement's value without saying its name in full: an
English bare place noun said again as the line's subject, or a short form of the value's name.

"The chippy on the corner has changed hands" after "Friday tea is fish and chips from the
chippy on the corner", "The RVI was on the local news" after "... the pharmacy at the Royal
Victoria Infirmary", 北师大今年的校庆 after 我女儿在北京师范大学读研: the thing readings
(:mod:`~hybridmem.evolution.write.thing_remarks`,
:mod:`~hybridmem.evolution.write.value_remarks_zh`) find the value by its name, a capitalised
word or a word jieba tags as a name, so a common noun ("the gym") and a short name that shares
no word with the full one (RVI, 北师大) were never read as the value, and the remark took its
place (issue 38, mention pollution; colloquial_blind27's and blind30's mention rows).

The value is read by grammar and by the letters of its name, not by a list:

- **an English place said again**: in the older statement, the noun phrase after a
  preposition and "the" ("at the gym on the retail park": "gym", "retail park"); in the later
  line, the subject opening with "the" and then that phrase's words, with no word of its own
  before them ("The new gym at work" is another gym). A Chinese bare place noun said verbatim
  (体育馆 after 去体育馆) was measured and is not read: it read a flip of the user's own value
  as a remark (docs/benchmarks.md, mention27).
- **a short form**: English initials of a name of capitalised words standing as a place or
  thing (right after a preposition), function words inside it skipped ("BG" British Gas,
  "M&S" Marks and Spencer, "LGPS"), or a capitalised word of three letters or more that is the
  start of one of its words ("St Bart's", "Uni"; not the same word inflected); a Chinese word of
  two characters or more, not said in the older statement, whose characters come in order
  inside one stretch of it after a word of place or goal (a preposition 在 / 从, a verb ending
  in 去 / 到 / 在 / 往), no 的 or punctuation between them, the first starting a word of it
  (建行 建设银行, 市一院 市第一人民医院, 交大 上海交通大学), and not said before that place (the
  statement's holder or topic).
"""

from __future__ import annotations

import re
from functools import lru_cache

from hybridmem.lexical import clause_pieces, pos_tags, stemmed_terms

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’&+.-]*[A-Za-z0-9]|[A-Za-z0-9]")
# Prepositions and place adverbs that end a noun phrase of place ("the gym on the retail park",
# "the garden centre out past the ring road"; a closed class).
_PLACE_WORDS = frozenset(
    {
        *("at", "in", "on", "to", "from", "for", "through", "with", "by", "into", "onto"),
        *("near", "past", "out", "off", "over", "behind", "opposite", "next", "round"),
        *("up", "down", "across", "along", "beside", "outside", "inside", "under", "of"),
    }
)
# Conjunctions and relative words: they end a noun phrase too (a closed class).
_JOINING = frozenset({"and", "but", "or", "so", "because", "who", "which", "while", "when", "if"})
# Function words a name's initials skip ("Marks and Spencer" -> M&S; a closed class).
_INSIDE_NAME = frozenset({"and", "of", "&", "the", "for", "de"})
# Chinese words of place or goal: a preposition's characters and the verb endings of a
# direction complement (去体育馆, 寄到, 放在, 开往; a closed class).
_ZH_PLACE_PREP = ("在", "从")
_ZH_PLACE_END = ("去", "到", "在", "往")
_ZH_STOP = re.compile(r"[的，。、；：！？,.;:!?\s]")


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def _bare(word: str) -> str:
    return re.sub(r"['’]s$", "", word)


@lru_cache(maxsize=4096)
def places_en(old: str) -> tuple[tuple[str, ...], ...]:
    """The noun phrases of place of the older English statement's first clause: the words after
    a preposition and "the", up to the next preposition, place adverb or conjunction."""
    pieces = clause_pieces(old)
    words = [w.lower() for w in _words(pieces[0])] if pieces else []
    out: list[tuple[str, ...]] = []
    for i, word in enumerate(words[:-2]):
        if word not in _PLACE_WORDS or words[i + 1] != "the":
            continue
        phrase: list[str] = []
        for w in words[i + 2 :]:
            if w in _PLACE_WORDS or w in _JOINING:
                break
            phrase.append(_bare(w))
        if phrase:
            out.append(tuple(phrase))
    return tuple(out)


@lru_cache(maxsize=4096)
def _placed_names(old: str) -> tuple[tuple[str, ...], ...]:
    """The capitalised names of the older statement's first clause that stand as a place or
    thing: right after a preposition, "the" allowed between ("from British Gas", "at the Royal
    Victoria Infirmary"; "Call me Robert" names the speaker, not a place). Each name is its
    capitalised words, function words inside it skipped ("Marks and Spencer")."""
    pieces = clause_pieces(old)
    words = _words(pieces[0]) if pieces else []
    out: list[tuple[str, ...]] = []
    for i, word in enumerate(words[:-1]):
        if word.lower() not in _PLACE_WORDS:
            continue
        at = i + 2 if words[i + 1].lower() == "the" else i + 1
        name: list[str] = []
        for w in words[at:]:
            if w[:1].isupper():
                name.append(_bare(w))
            elif not (name and w.lower() in _INSIDE_NAME):
                break
        if name:
            out.append(tuple(name))
    return tuple(out)


def short_form_en(word: str, old: str) -> bool:
    """Whether the English ``word`` is a short form of a name of ``old`` that ``old`` does not
    say: the initials of a run of two capitalised words or more, or the start of one (three
    letters or more)."""
    bare = _bare(word)
    terms = stemmed_terms(bare)
    if not bare[:1].isupper() or (terms and terms <= stemmed_terms(old)):
        return False
    letters = re.sub(r"[&.]", "", bare)
    for names in _placed_names(old):
        if letters.isupper() and len(names) >= 2 and letters == "".join(w[0] for w in names):
            return True
        if len(bare) >= 3 and any(w.startswith(bare) for w in names):
            return True
    return False


def names_value_en(subject: list[str], old: str) -> bool:
    """Whether the English ``subject`` words name ``old``'s value by a place it said (opening
    with "the" and that phrase's words) or by a short form of its name."""
    lowered = [_bare(w).lower() for w in subject]
    if lowered[:1] == ["the"]:
        for phrase in places_en(old):
            if tuple(lowered[1 : 1 + len(phrase)]) == phrase:
                return True
    return any(short_form_en(w, old) for w in subject)


def _zh_places(old: str) -> list[int]:
    """Where a place or goal of the older Chinese statement may start: right after a word of
    place or goal (a preposition 在 / 从, a verb ending in 去 / 到 / 在 / 往)."""
    out: list[int] = []
    at = 0
    for word, flag in pos_tags(old):
        at += len(word)
        if (flag.startswith("p") and word in _ZH_PLACE_PREP) or (
            flag.startswith("v") and word.endswith(_ZH_PLACE_END)
        ):
            out.append(at)
    return out


def _zh_prefixes(clause: str) -> list[str]:
    """The line's openings made of whole words: its first word, its first two, its first three
    (师大|附小|今年 -> 师大, 师大附小, 师大附小今年)."""
    out: list[str] = []
    text = ""
    for word, _ in pos_tags(clause)[:3]:
        if _ZH_STOP.match(word):
            break
        text += word
        out.append(text)
    return out


def _in_order(short: str, stretch: str) -> bool:
    """Whether ``short``'s characters come in order inside ``stretch``."""
    it = iter(stretch)
    return all(ch in it for ch in short)


def _abbreviates(short: str, old: str, starts: list[int]) -> bool:
    """Whether ``short`` abbreviates a name of ``old`` placed after one of ``starts``: its
    characters in order inside one stretch (no 的 or punctuation), the first at the start of a
    word of ``old``."""
    if len(short) < 2 or short in old:
        return False
    heads = {t[0] for t in stemmed_terms(old) if len(t) > 1} | {w[0] for w, _ in pos_tags(old)}
    for start in starts:
        stretch = _ZH_STOP.split(old[start:])[0]
        at = stretch.find(short[0])
        if at >= 0 and short[0] in heads and _in_order(short, stretch[at:]):
            return True
    return False


@lru_cache(maxsize=4096)
def names_value_zh(line: str, old: str) -> str:
    """The opening of the Chinese ``line``'s first clause that abbreviates the name of ``old``'s
    place or goal, the longest of its whole-word openings; "" when none does (a bare place noun
    said verbatim is not read in Chinese: measured, it read a flip of the user's own value as a
    remark; docs/benchmarks.md, mention27)."""
    starts = _zh_places(old)
    pieces = clause_pieces(line)
    if not starts or not pieces:
        return ""
    clause = pieces[0]
    # A word said before the place is the statement's holder or topic (我的基金都放在天天基金上):
    # the holder's own thing again, not the place's news.
    before = old[: starts[0]]
    named = ""
    for text in _zh_prefixes(clause):
        if _abbreviates(text, old, starts) and text not in before:
            named = text
    return named
