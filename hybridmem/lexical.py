"""Text -> lexical terms for the SQLite FTS5 index, in English and Chinese.

all-MiniLM-L6-v2 is English-only, so Chinese memories are found mostly through this path.
FTS5's ``unicode61`` tokenizer splits on spaces and punctuation but treats a run of Chinese
characters as one token, so we segment CJK runs with jieba (search mode: words and their
sub-words) and hand FTS5 space-separated terms. Latin text is left to FTS5 (porter stemming).
Documents and queries are cut alike, except that a document's compound of a word and one more
character also gives that character (:func:`indexed_terms`): a question naming it alone (厂)
finds the compound (电子厂).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Iterable
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


def pos_tags(text: str) -> list[tuple[str, str]]:
    """jieba's words of ``text`` with their part-of-speech flags (``[("上海", "ns"), ...]``)."""
    _jieba()
    import jieba.posseg

    return [(word, flag) for word, flag in jieba.posseg.cut(text)]


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


def _segment_cjk(run: str) -> list[str]:
    return [w for w in _jieba().cut_for_search(run) if w.strip()]


def _segment_cjk_indexed(run: str) -> list[str]:
    """What a document's CJK run is indexed under: for each of jieba's words, its search-mode
    terms (the word and its dictionary sub-words) and, for a word built of a dictionary word
    and one more character (电子厂 = 电子 + 厂, 游泳馆 = 游泳 + 馆, 程序员 = 程序 + 员), that last
    character.

    Chinese builds words from one-character morphemes, and jieba keeps a compound whole; its
    search mode adds only the compound's dictionary words of two or three characters, so
    电子厂 ("electronics factory") was indexed as 电子 and 电子厂, never 厂 ("factory"), and a
    question naming the morpheme as a word of its own (哪个厂) shared no term with the memory.
    How a compound is built is read from jieba's dictionary (its most probable cut with the
    whole word left out, :func:`_inner_cut`), with no list of morphemes. A word and one more
    character: that character is the compound's head (Chinese compounds are headed on the
    right), a morpheme of its own. A character before a word only qualifies it (出租车 is cut
    出 + 租车). The characters of a two-character word stay bound: 上班 ("go to work") holds
    no 班 that 下了班 ("after work") asks about, 八点 ("eight o'clock") no 点 of 点外卖 ("order
    takeaway"); indexing every character was measured and lost MADial zh
    (docs/benchmarks.md). Only documents get the character: a question's compound asks for
    the compound.
    """
    tokenizer = _jieba().dt
    known = tokenizer.FREQ
    out: list[str] = []
    for word in tokenizer.cut(run):
        if not word.strip():
            continue
        # jieba's search mode, word by word (its cut_for_search, as _segment_cjk reads it).
        parts = [
            word[i : i + n]
            for n in (2, 3)
            if len(word) > n
            for i in range(len(word) - n + 1)
            if known.get(word[i : i + n])
        ]
        out.extend(parts)
        out.append(word)
        if len(word) > 2 and word[-1] not in parts and _inner_cut(word) == (word[:-1], word[-1]):
            out.append(word[-1])
    return out


@lru_cache(maxsize=4096)
def _inner_cut(word: str) -> tuple[str, ...]:
    """jieba's most probable cut of ``word`` from its dictionary with ``word`` itself left out:
    how the compound is built (电子厂 -> 电子 厂, 有意思 -> 有 意思, 二十分钟 -> 二十 分钟)."""
    tokenizer = _jieba().dt
    dag = tokenizer.get_DAG(word)
    dag[0] = [end for end in dag[0] if end != len(word) - 1] or [0]
    route: dict[int, tuple[float, int]] = {}
    tokenizer.calc(word, dag, route)
    cut, start = [], 0
    while start < len(word):
        end = route[start][1] + 1
        cut.append(word[start:end])
        start = end
    return tuple(cut)


def terms(text: str) -> list[str]:
    """Lowercased terms of ``text`` in order (duplicates kept), stop words removed: a query's
    terms, and the words every reader that compares two texts' words shares (same words,
    shared words, conflicts, themes). A document is indexed under :func:`indexed_terms`."""
    return _terms(text, _segment_cjk)


def indexed_terms(text: str) -> list[str]:
    """:func:`terms` plus the head character of each Chinese compound of a word and one more
    character (see :func:`_segment_cjk_indexed`): what the lexical index holds for a memory.
    Latin text is cut as in :func:`terms`."""
    return _terms(text, _segment_cjk_indexed)


def _terms(text: str, segment: Callable[[str], list[str]]) -> list[str]:
    out: list[str] = []
    pos = 0
    for match in _CJK_RUN.finditer(text):
        out.extend(_latin_terms(text[pos : match.start()]))
        out.extend(w for w in segment(match.group()) if w not in _ZH_STOP)
        pos = match.end()
    out.extend(_latin_terms(text[pos:]))
    return out


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


def document_terms(text: str) -> str:
    """The string stored in the FTS5 index for a node's content (:func:`indexed_terms`)."""
    return " ".join(indexed_terms(text))


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
