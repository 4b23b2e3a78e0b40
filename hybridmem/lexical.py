"""Text -> lexical terms for the SQLite FTS5 index, in English and Chinese.

all-MiniLM-L6-v2 is English-only, so Chinese memories are found mostly through this path.
FTS5's ``unicode61`` tokenizer splits on spaces and punctuation but treats a run of Chinese
characters as one token, so we segment CJK runs with jieba (search mode: words and their
sub-words) and hand FTS5 space-separated terms. Latin text is left to FTS5 (porter stemming).
The same function prepares documents and queries, so both sides always agree.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterable
from functools import lru_cache
from types import ModuleType

_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_LATIN_WORD = re.compile(r"[^\W_]+", re.UNICODE)

# Function words that carry no topic. Queries are OR-ed terms ranked by BM25, so leaving these
# in mostly costs time; IDF already discounts them in scoring.
_EN_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "then",
        "than",
        "so",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "into",
        "onto",
        "about",
        "as",
        "is",
        "am",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "do",
        "does",
        "did",
        "doing",
        "have",
        "has",
        "had",
        "having",
        "i",
        "me",
        "my",
        "mine",
        "we",
        "us",
        "our",
        "you",
        "your",
        "yours",
        "he",
        "him",
        "his",
        "she",
        "her",
        "hers",
        "it",
        "its",
        "they",
        "them",
        "their",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "not",
        "no",
        "nor",
        "can",
        "could",
        "should",
        "would",
        "will",
        "shall",
        "may",
        "might",
        "must",
        "just",
        "very",
        "too",
        "also",
        "only",
        "own",
        "same",
        "such",
        "s",
        "t",
        "don",
        "didn",
        "doesn",
        "isn",
        "wasn",
        "aren",
        "weren",
        "won",
        "ll",
        "ve",
        "re",
        "d",
        "m",
        "o",
        "y",
        "ok",
        "oh",
        "yes",
        "yeah",
        "hey",
        "hi",
        "hello",
        "please",
        "thanks",
        "thank",
    ]
)
_ZH_STOP = frozenset(
    [
        "的",
        "了",
        "是",
        "我",
        "你",
        "他",
        "她",
        "它",
        "们",
        "我们",
        "你们",
        "他们",
        "她们",
        "在",
        "也",
        "和",
        "就",
        "都",
        "而",
        "及",
        "与",
        "着",
        "或",
        "一个",
        "没有",
        "吗",
        "呢",
        "吧",
        "啊",
        "呀",
        "哦",
        "嗯",
        "这",
        "那",
        "这个",
        "那个",
        "这样",
        "那样",
        "有",
        "又",
        "还",
        "把",
        "被",
        "让",
        "给",
        "对",
        "从",
        "到",
        "会",
        "能",
        "要",
        "想",
        "说",
        "很",
        "太",
        "更",
        "最",
        "么",
        "什么",
        "怎么",
        "为什么",
        "哪",
        "哪里",
        "谁",
        "之",
        "其",
        "为",
        "以",
        "于",
        "上",
        "下",
        "不",
        "没",
        "得",
        "地",
        "过",
        "个",
        "些",
        "一",
        "去",
        "来",
        "做",
        "好",
    ]
)

_jieba_lock = threading.Lock()
_jieba_ready = False


def _jieba() -> ModuleType:
    """jieba, its dictionary loaded once with its logger quieted: jieba logs "Building prefix
    dict ... Loading model cost 1.8 seconds" to stderr on first use, which a library must not
    print. Every jieba call in hybridmem goes through here (or :func:`pos_tags`)."""
    global _jieba_ready
    import jieba

    if not _jieba_ready:
        with _jieba_lock:
            if not _jieba_ready:
                jieba.setLogLevel(logging.WARNING)
                jieba.initialize()
                _jieba_ready = True
    return jieba


# Clause punctuation, Latin and CJK forms (the comma, the full stop, the semicolon, the colon,
# the question and exclamation marks, the ellipsis and the tilde of chat, 、 between items).
_CLAUSE_BREAK = re.compile(r"\s*[,.;:!?~…，。；：！？～、]+\s*")


def clause_pieces(text: str) -> list[str]:
    """The pieces of ``text`` between clause punctuation, stripped, empty ones dropped: the
    clauses the speech reader and the attribute reader read one by one."""
    return [piece for piece in (p.strip() for p in _CLAUSE_BREAK.split(text)) if piece]


def pos_tags(text: str) -> list[tuple[str, str]]:
    """jieba's words of ``text`` with their part-of-speech flags (``[("上海", "ns"), ...]``)."""
    _jieba()
    import jieba.posseg

    return [(word, flag) for word, flag in jieba.posseg.cut(text)]


def dictionary_tags(text: str) -> list[tuple[str, str]]:
    """jieba's words of ``text`` with their flags, cut and tagged by the dictionary alone (no
    HMM): the HMM guesses words the dictionary lacks, joining a classifier to a verb (那套离公司:
    套离) and tagging an adjective a noun after 的 (进口的贵: 贵/n); without it each stays the
    dictionary's own word and tag (套 | 离, 贵/a)."""
    _jieba()
    import jieba.posseg

    return [(word, flag) for word, flag in jieba.posseg.cut(text, HMM=False)]


def in_dictionary(word: str) -> bool:
    """Whether ``word`` is an entry of jieba's dictionary, not a word its HMM made of
    characters the dictionary could not place (我换, 转不动)."""
    _jieba()
    import jieba.posseg

    return word in jieba.posseg.dt.word_tag_tab


def dictionary_tag(word: str) -> str | None:
    """The part-of-speech tag of ``word``'s own entry in jieba's dictionary (out of context),
    or None when the dictionary lacks it."""
    _jieba()
    import jieba.posseg

    tag: str | None = jieba.posseg.dt.word_tag_tab.get(word)
    return tag


def zh_nouns(text: str) -> list[str]:
    """The Chinese common nouns of ``text``: words jieba tags ``n*`` in context whose own
    dictionary entry is a noun too (or that the dictionary lacks). The tagger alone reads a
    verb as a noun after a modal (要交 gives 交/n, a verb in the dictionary)."""
    _jieba()
    import jieba.posseg

    table = jieba.posseg.dt.word_tag_tab
    out: list[str] = []
    for word, flag in pos_tags(text):
        entry = table.get(word)
        if (
            flag.startswith("n")
            and _CJK_RUN.search(word)
            and (entry is None or entry.startswith("n"))
        ):
            out.append(word.casefold())
    return out


def words(text: str) -> list[str]:
    """jieba's words of ``text`` in order, each once (its default cut, no search-mode parts):
    they join back into ``text``."""
    return list(_jieba().cut(text))


@lru_cache(maxsize=256)
def word_starts(text: str) -> frozenset[int]:
    """Where jieba's words of ``text`` (:func:`words`) begin: a form found on characters
    stands on words of its own only when it starts at one."""
    starts, position = set(), 0
    for word in words(text):
        starts.add(position)
        position += len(word)
    return frozenset(starts)


@lru_cache(maxsize=256)
def dictionary_bounds(text: str) -> frozenset[int]:
    """Where the words of jieba's dictionary cut of ``text`` (no HMM: characters the
    dictionary cannot place stay one a word) begin, and the text's end: a form found on
    characters that starts or ends strictly inside one of these words reads part of it."""
    bounds, position = {len(text)}, 0
    for word in _jieba().cut(text, HMM=False):
        bounds.add(position)
        position += len(word)
    return frozenset(bounds)


def _segment_cjk(run: str) -> list[str]:
    out: list[str] = []
    for word in _jieba().cut_for_search(run):
        if word.strip():
            out.extend(glued_words(word) or (word,))
    return out


_PROPER = ("nr", "ns", "nt", "nz")
"""jieba's tags of names: of people, places, organisations, other."""


@lru_cache(maxsize=8192)
def glued_words(word: str) -> tuple[str, ...]:
    """The pronoun and the noun jieba's tagger reads in ``word`` when its HMM joined the two
    into a word its dictionary lacks (我妈 -> 我, 妈; 我姐, 我爸); () for any other word. The
    lexical cut gives the two words in the joint's place, in documents and questions alike.

    The default cut's HMM joins characters the dictionary cannot place into one word, which is
    how it finds names (小周). A pronoun with the noun it determines, said without 的 (我妈
    "my mum", 我爸, 这人), is joined that way too, depending on the characters around it: the
    question's 妈 (我跟你说我妈什么了？, cut after 说我) missed the turn's 我妈, and a question's
    我妈 missed a turn's 妈 (probing blind10 r6, blind5 c6; docs/benchmarks.md, helper
    zhlex18). The tagger, which cuts by parts of speech, reads the two words, as the dictionary
    cuts 我的妈. Keeping the joint as a term beside them counted the person twice in a question
    and lengthened the turns, and lost first places (the same section).

    Only a pronoun (r) followed by a common noun (n, not a name). Other joints taken apart the
    same way (店开, 考了, 人住) gave one-character verbs and nouns (开, 考, 住, 人) that matched
    across the store and lost first places on probing questions (measured: the same section).
    A dictionary compound (上班, 电子厂) is never taken apart (its one-character morphemes were
    measured and not shipped: helper zhcut)."""
    if len(word) < 2 or not _CJK_RUN.fullmatch(word) or in_dictionary(word):
        return ()
    import jieba.posseg

    pieces = [(w, flag) for w, flag in jieba.posseg.cut(word)]
    if len(pieces) != 2 or not all(in_dictionary(w) for w, _ in pieces):
        return ()
    (_, first), (_, second) = pieces
    if first != "r" or not second.startswith("n") or second.startswith(_PROPER):
        return ()
    return tuple(w for w, _ in pieces)


_KEPT_CUT_CHARS = 1_000
"""The longest text whose cut :func:`terms` keeps (a memory's statement, a question; not a
long dialogue): 8,192 kept cuts then hold at most ~16 MB of text."""


def terms(text: str) -> list[str]:
    """Lowercased terms of ``text`` in order (duplicates kept), stop words removed."""
    if len(text) > _KEPT_CUT_CHARS:
        return list(_cut(text))
    return list(_kept_cut(text))


@lru_cache(maxsize=8_192)
def _kept_cut(text: str) -> tuple[str, ...]:
    """:func:`_cut` of the texts cut last, kept: the cut is a function of the text alone
    (jieba's dictionary is loaded once and never changed), and the engine cuts the same texts
    again and again. Maintenance reads every episode's terms on each run (themes, distillation,
    compression): the evolution scenario slice, a run every simulated day, cut 127k texts
    with jieba's cut_for_search called 567k times, a fifth of its time (docs/benchmarks.md,
    helper ci25). A kept text costs a tuple copy."""
    return _cut(text)


def _cut(text: str) -> tuple[str, ...]:
    out: list[str] = []
    pos = 0
    for match in _CJK_RUN.finditer(text):
        out.extend(_latin_terms(text[pos : match.start()]))
        out.extend(w for w in _segment_cjk(match.group()) if w not in _ZH_STOP)
        pos = match.end()
    out.extend(_latin_terms(text[pos:]))
    return tuple(out)


_INFLECTIONS = ("ings", "ing", "ies", "es", "s", "ed")
"""English inflections the index's porter stemmer folds too (a closed class of suffixes)."""


def light_stem(term: str) -> str:
    """``term`` without one English inflection and a final "e": "live" / "lives" / "living" and
    "expire" / "expires" / "expiring" meet. Lighter than the index's stemmer, for comparing the
    words two texts hold (a Chinese word passes unchanged)."""
    for suffix in _INFLECTIONS:
        if len(term) > len(suffix) + 2 and term.endswith(suffix):
            term = term[: -len(suffix)]
            break
    return term[:-1] if len(term) > 3 and term.endswith("e") else term


@lru_cache(maxsize=4096)
def stemmed_terms(text: str) -> frozenset[str]:
    """``text``'s content terms as the lexical channel cuts them, each :func:`light_stem`-med.
    Cached: the same memories are compared question after question, and cutting a Chinese
    sentence costs ~20 us."""
    return frozenset(light_stem(t) for t in terms(text))


def _latin_terms(chunk: str) -> Iterable[str]:
    for word in _LATIN_WORD.findall(chunk.lower()):
        if word not in _EN_STOP:
            yield word


ANALYSIS = "2"
"""Version of :func:`document_terms` (the cut, the stop words, the folding). Bump it when what
a node's text is cut into changes: a store opened by a writer re-derives the terms of every
plaintext node once (``opening``), so old and new memories are indexed alike."""


def document_terms(text: str) -> str:
    """The string stored in the FTS5 index for a node's content."""
    return " ".join(terms(text))


def match_expression(query: str, *, max_terms: int | None = None) -> str | None:
    """An FTS5 MATCH expression OR-ing the query's distinct terms, or None if it has none.

    Every distinct term is kept by default: a long query (a dialogue so far) often names what
    it is about near its end, and BM25's IDF already discounts common terms; the query length
    is bounded by ``MemoryConfig.max_content_chars``. ``max_terms`` keeps the first N.

    Every term is a double-quoted FTS5 string, so user text can never inject FTS syntax
    (``NEAR``, ``AND``, ``*``, column filters, unbalanced quotes).
    """
    seen: dict[str, None] = {}
    for term in terms(query):
        seen.setdefault(term, None)
        if max_terms is not None and len(seen) >= max_terms:
            break
    if not seen:
        return None
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in seen)
