"""Chinese word cutting in the lexical index, measured without changing the engine (issue 38).

``python -m benchmarks.zh_cuts --cut chars|heads MODULE [ARGS...]`` runs the benchmark
``MODULE`` (e.g. ``benchmarks.first_day --seventh``) with the documents' lexical terms
(:func:`hybridmem.lexical.document_terms`) cut another way; questions are cut as the engine
cuts them. jieba's search mode keeps a compound's one-character morphemes out of the index:
电子厂 is indexed as 电子 and 电子厂, never 厂; 自学 only as 自学, never 学, so a question
naming the morpheme as a word of its own (哪个厂, 学什么) shares no term with the memory.

- ``chars``: every character of every Chinese word of two or more characters is indexed too
  (the classic word-plus-character indexing of Chinese retrieval), once per word.
- ``heads``: only the last character of a word whose most probable cut in jieba's dictionary,
  the word itself left out, is a word and that one character (电子厂 = 电子 + 厂, 游泳馆 =
  游泳 + 馆; Chinese compounds are headed on the right); two-character words stay whole.

Neither has a list of morphemes or a constant. The cached stores of :mod:`benchmarks.tuning`
hold the documents' terms, so a cut uses its own cache folder (``$HM_TUNE_DIR`` with the cut's
name appended). Figures: docs/benchmarks.md, "Chinese word cutting in the lexical index".
"""

from __future__ import annotations

import argparse
import os
import runpy
import sys
from collections.abc import Callable
from functools import lru_cache

from hybridmem import lexical
from hybridmem.retrieval import sensitive


def _search_parts(word: str) -> list[str]:
    """jieba's search-mode terms of one of its words (its ``cut_for_search``, word by word)."""
    known = lexical._jieba().dt.FREQ
    parts = [
        word[i : i + n]
        for n in (2, 3)
        if len(word) > n
        for i in range(len(word) - n + 1)
        if known.get(word[i : i + n])
    ]
    return [*parts, word]


@lru_cache(maxsize=4096)
def inner_cut(word: str) -> tuple[str, ...]:
    """jieba's most probable cut of ``word`` from its dictionary with ``word`` itself left out
    (电子厂 -> 电子 厂, 有意思 -> 有 意思, 二十分钟 -> 二十 分钟)."""
    tokenizer = lexical._jieba().dt
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


def with_chars(word: str) -> list[str]:
    """The word's search-mode terms and, for two or more characters, its characters."""
    parts = _search_parts(word)
    extra = [c for c in dict.fromkeys(word) if c not in parts] if len(word) > 1 else []
    return parts + extra


def with_head(word: str) -> list[str]:
    """The word's search-mode terms and, for a word and one more character, that character."""
    parts = _search_parts(word)
    if len(word) > 2 and word[-1] not in parts and inner_cut(word) == (word[:-1], word[-1]):
        parts.append(word[-1])
    return parts


CUTS: dict[str, Callable[[str], list[str]]] = {"chars": with_chars, "heads": with_head}


def document_terms(text: str, cut: Callable[[str], list[str]]) -> str:
    """:func:`hybridmem.lexical.document_terms` with each Chinese word cut by ``cut``."""
    out: list[str] = []
    pos = 0
    for match in lexical._CJK_RUN.finditer(text):
        out.extend(lexical._latin_terms(text[pos : match.start()]))
        for word in lexical._jieba().dt.cut(match.group()):
            if word.strip():
                out.extend(t for t in cut(word) if t not in lexical._ZH_STOP)
        pos = match.end()
    out.extend(lexical._latin_terms(text[pos:]))
    return " ".join(out)


def install(name: str) -> None:
    """Index documents with the cut ``name`` in this process (both readers of the terms)."""
    cut = CUTS[name]

    def terms(text: str) -> str:
        return document_terms(text, cut)

    lexical.document_terms = terms
    sensitive.document_terms = terms
    os.environ["HM_TUNE_DIR"] = os.environ.get("HM_TUNE_DIR", "/tmp/hm-tune") + f"-{name}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cut", choices=sorted(CUTS), required=True)
    parser.add_argument("module")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    ns = parser.parse_args(argv)
    install(ns.cut)
    sys.argv = [ns.module, *ns.args]
    runpy.run_module(ns.module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
