"""The lexical channel's IDF against the general language's (wordfreq), on MADial (issue 38).

Held out, hybridmem's MADial English hit@5 (0.78 e5, 0.80 MiniLM) trailed plain dense MiniLM
(0.88); madial11 found that the memories ranked above the relevant one match the user's own
everyday words ("feel", "teacher"; 喜欢, 非常). BM25's IDF comes from the store, so an
everyday word rare in one store could weigh like a name. ``wordfreq`` (its word lists inside
the wheel, read offline) tells how often a word is written in general English or Chinese;
:func:`expected_rows` turns that into the store's terms with no parameter: how many of the
store's rows, of its mean length in content words, would hold the word were their words drawn
from the general language (0 for a word wordfreq does not list: a name, a number). A
*background* chooses what a query word's IDF reads (the rest of BM25 and of fusion as
shipped), patched into :func:`hybridmem.store.fts.rank` at run time (the engine is unchanged):

- ``store``: the store's rows holding it (the engine);
- ``min``: the larger of the store's rows and the general language's (the smaller IDF);
- ``general``: the general language's rows alone;
- ``mean``: their mean;
- ``product``: the store's IDF times the general IDF over the IDF of a word never written
  (a discount in [0, 1]);
- ``geomean``: the geometric mean of the two IDFs.

- ``--measure SPEC/LANG``: item by item, on both halves, the query words each memory ranked
  above the relevant one (an intruder) shares with the dialogue, and the relevant memory's,
  with their store IDF, their general-language IDF (the same formula over the rows wordfreq
  expects) and their Zipf frequency; per half, the means and how often the general IDF is
  the smaller one.
- default: channel_parity's ``hybridmem`` / ``dense`` / ``lexical`` on MADial en and zh for
  each background (``--backgrounds``), each embedder, with or without ``--user-lines``; a
  ``<`` after a half marks hybridmem below one of its channels.

``python -m benchmarks.general_idf [--user-lines] --json benchmarks/results/idf11/F.json``;
``python -m benchmarks.general_idf --measure default/en --json ...``.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sqlite3
import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import wordfreq

from benchmarks import channel_parity, fusion_paired, tuning
from benchmarks.paths import default_data_dir
from hybridmem import MemoryConfig, lexical
from hybridmem.store import fts

BACKGROUNDS = ("store", "min", "general", "mean", "product", "geomean", "rare")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\uf9ff\ufa00-\ufaff]")


@cache
def _table(lang: str) -> tuple[dict[str, float], float]:
    """wordfreq's frequencies of ``lang`` and the share of running words that are not the
    lexical channel's stop words (the index holds content words only)."""
    table = wordfreq.get_frequency_dict(lang, "best")
    stop = lexical._ZH_STOP if lang == "zh" else lexical._EN_STOP
    return table, max(1.0 - sum(table.get(w, 0.0) for w in stop), 1e-6)


def content_frequency(word: str) -> float | None:
    """How often ``word`` is written among the content words of general text (Chinese when it
    holds a Han character, else English); None when wordfreq does not list it."""
    table, content = _table("zh" if _CJK.search(word) else "en")
    found = table.get(word.casefold())
    return None if found is None else min(found / content, 1.0)


def expected_rows(word: str, rows: int, mean_length: float) -> float:
    """How many of ``rows`` rows of ``mean_length`` content words would hold ``word`` in
    general text (0 when wordfreq does not list it)."""
    share = content_frequency(word)
    if share is None or rows <= 0:
        return 0.0
    return rows * (1.0 - (1.0 - share) ** max(mean_length, 1.0))


def _idf(hits: float, docs: int) -> float:
    return max(math.log((docs - hits + 0.5) / (hits + 0.5)), 1e-6)


def word_idf(
    background: str, word: str, rows: int, docs: int, mean_length: float, mean_rows: float = 0.0
) -> float:
    """A query word's IDF under ``background``: its store ``rows`` among ``docs``. ``rare``
    (madial24): the store's IDF for a word in fewer rows than the store's words on average
    (``mean_rows``: tokens over distinct terms), none for a commoner one: a word more of the
    bank's memories say than its average word is incidental to any one of them."""
    if background == "store":
        return _idf(rows, docs)
    if background == "rare":
        return _idf(rows, docs) if rows <= mean_rows else 1e-6
    general = expected_rows(word, docs, mean_length)
    if background == "min":
        return _idf(max(rows, general), docs)
    if background == "general":
        return _idf(general, docs)
    if background == "mean":
        return _idf((rows + general) / 2.0, docs)
    if background == "geomean":
        return math.sqrt(_idf(rows, docs) * _idf(general, docs))
    return _idf(rows, docs) * _idf(general, docs) / _idf(0.0, docs)


def rank_with(background: str) -> Callable[..., list[tuple[str, float]] | None]:
    """:func:`fts.rank` with each query word's IDF read by ``background`` (the same BM25
    otherwise: the length normalization, the saturation, one contribution per word)."""

    def rank(
        conn: sqlite3.Connection, phrases: Sequence[str], rows: Sequence[tuple[str, int, str]]
    ) -> list[tuple[str, float]] | None:
        asked = fts.row_tokens(conn, list(phrases))
        if any(len(t) != 1 for t in asked):
            return None
        terms = [t[0] for t in asked]
        unique = sorted(set(terms))
        df = dict(
            conn.execute(
                f"SELECT term, df FROM lex_df WHERE term IN ({','.join('?' * len(unique))})",
                unique,
            ).fetchall()
        )
        totals = dict(conn.execute("SELECT name, value FROM lex_totals").fetchall())
        docs = int(totals.get("docs", 0))
        if docs <= 0:
            return None
        avgdl = float(int(totals.get("tokens", 0)) + docs) / float(docs)
        vocab = conn.execute("SELECT count(*) FROM lex_df WHERE df > 0").fetchone()[0]
        mean_rows = int(totals.get("tokens", 0)) / max(int(vocab), 1)
        idf = [
            word_idf(background, w, int(df.get(t, 0)), docs, avgdl - 1.0, mean_rows)
            for w, t in zip(phrases, terms, strict=True)
        ]
        scored: list[tuple[float, int, str]] = []
        for node_id, rid, text in rows:
            toks = fts.row_tokens(conn, [str(text)])[0]
            freq = Counter(toks)
            norm = fts.K1 * (1 - fts.B + fts.B * (len(toks) + 1) / avgdl)
            score = sum(
                w * (freq[t] * (fts.K1 + 1.0)) / (freq[t] + norm)
                for w, t in zip(idf, terms, strict=True)
            )
            scored.append((-score, int(rid), str(node_id)))
        scored.sort()
        return [(node_id, -neg) for neg, _, node_id in scored]

    return rank


@contextmanager
def background_of(name: str) -> Iterator[None]:
    """The store's lexical ranking reads ``name``'s IDF inside the block."""
    shipped = fts.rank
    fts.rank = rank_with(name)
    try:
        yield
    finally:
        fts.rank = shipped


def word_rows(mem: Any, words: Sequence[str]) -> list[dict[str, Any]]:
    """Per query word: its store rows, store IDF, general-language rows and IDF, Zipf."""
    conn = mem.store.conn
    with mem.store.reading():
        tokens = fts.row_tokens(conn, list(words))
        totals = dict(conn.execute("SELECT name, value FROM lex_totals").fetchall())
        docs = int(totals["docs"])
        length = float(int(totals["tokens"])) / docs
        out = []
        for word, toks in zip(words, tokens, strict=True):
            if len(toks) != 1:
                continue
            found = conn.execute("SELECT df FROM lex_df WHERE term = ?", toks).fetchone()
            rows = int(found[0]) if found else 0
            general = expected_rows(word, docs, length)
            lang = "zh" if lexical._CJK_RUN.search(word) else "en"
            out.append(
                {
                    "word": word,
                    "token": toks[0],
                    "store_rows": rows,
                    "store_idf": round(_idf(rows, docs), 3),
                    "general_rows": round(general, 2),
                    "general_idf": round(_idf(general, docs), 3),
                    "zipf": wordfreq.zipf_frequency(word, lang),
                }
            )
    return out


def _shared(mem: Any, query_words: Sequence[str], node_id: str) -> list[str]:
    conn = mem.store.conn
    with mem.store.reading():
        row = conn.execute(
            "SELECT f.terms FROM nodes n JOIN nodes_fts f ON f.rowid = n.rid WHERE n.id = ?",
            [node_id],
        ).fetchone()
        if row is None:
            return []
        held = set(fts.row_tokens(conn, [str(row[0])])[0])
        asked = fts.row_tokens(conn, list(query_words))
    return [w for w, t in zip(query_words, asked, strict=True) if len(t) == 1 and t[0] in held]


def measure(spec: str, lang: str, data: Path, user_lines: bool) -> dict[str, Any]:
    """The intruders' and relevant memories' matched words, every dialogue whose relevant
    memory is not first."""
    embedder = fusion_paired._embedder(spec)
    bench, dialogues = tuning.madial_bench(embedder, data, lang)
    mem, clock = tuning.open_engine(bench, embedder, MemoryConfig())
    items: list[dict[str, Any]] = []
    try:
        with channel_parity.user_lines_only(user_lines):
            for d in dialogues:
                res, covered = tuning.ask_madial(mem, clock, bench, d, 20)
                good = [bool(c & d.relevant) for c in covered]
                rank = next((i for i, g in enumerate(good) if g), None)
                if rank == 0:
                    continue
                words = list(dict.fromkeys(lexical.terms(tuning.dialogue_query(d.context_lines))))
                table = {r["word"]: r for r in word_rows(mem, words)}
                above = res.hits[: rank if rank is not None else 5]
                intruders = [
                    [table[w] for w in _shared(mem, words, h.node.id) if w in table]
                    for h, ok in zip(above, good, strict=False)
                    if not ok
                ]
                relevant = (
                    [table[w] for w in _shared(mem, words, res.hits[rank].node.id) if w in table]
                    if rank is not None
                    else None
                )
                items.append(
                    {
                        "dialogue": d.number,
                        "half": "tune" if d.number % 2 == 0 else "check",
                        "rank": rank,
                        "intruders": intruders,
                        "relevant": relevant,
                    }
                )
    finally:
        mem.close()
    return {"items": items, "summary": _summary(items)}


def _stats(words: list[dict[str, Any]]) -> dict[str, float]:
    if not words:
        return {"n": 0}
    return {
        "n": len(words),
        "store_idf": round(statistics.fmean(w["store_idf"] for w in words), 2),
        "general_idf": round(statistics.fmean(w["general_idf"] for w in words), 2),
        "zipf": round(statistics.fmean(w["zipf"] for w in words), 2),
        "general_lower": round(
            statistics.fmean(w["general_idf"] < w["store_idf"] - 1e-9 for w in words), 3
        ),
    }


def _summary(items: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for half in ("tune", "check"):
        mine = [i for i in items if i["half"] == half]
        out[half] = {
            "dialogues": len(mine),
            "intruders": _stats([w for i in mine for words in i["intruders"] for w in words]),
            "relevant": _stats([w for i in mine for w in (i["relevant"] or [])]),
        }
    return out


def variants(
    embedders: Sequence[str],
    langs: Sequence[str],
    backgrounds: Sequence[str],
    data: Path,
    user_lines: bool,
    json_path: Path | None,
) -> dict[str, Any]:
    """channel_parity's three methods on MADial under each background."""
    methods = ["hybridmem", "dense", "lexical"]
    results: dict[str, Any] = {}
    for spec in embedders:
        embedder = fusion_paired._embedder(spec)
        for lang in langs:
            for background in backgrounds:
                with background_of(background):
                    per = channel_parity.evaluate(spec, embedder, lang, data, methods, user_lines)
                results[f"{spec}/{lang}/{background}"] = {
                    "summary": channel_parity.summary(per),
                    "items": per,
                }
                print(_line(f"{spec}/{lang}/{background}", results), flush=True)
                if json_path is not None:
                    json_path.parent.mkdir(parents=True, exist_ok=True)
                    json_path.write_text(json.dumps(results, separators=(",", ":")))
    return results


def _line(key: str, results: dict[str, Any]) -> str:
    cells = []
    for rows in results[key]["summary"].values():
        base = rows["hybridmem"]["score"]
        below = any(rows[c]["score"] > base + 1e-9 for c in ("dense", "lexical"))
        cells.append(
            f"{base:.3f}{' <' if below else ''} (d {rows['dense']['score']:.3f}, "
            f"l {rows['lexical']['score']:.3f})"
        )
    return f"| {key} | " + " | ".join(cells) + " |"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--langs", default="en,zh", help="MADial languages, locomo, probing_*")
    parser.add_argument("--backgrounds", default=",".join(BACKGROUNDS))
    parser.add_argument("--user-lines", action="store_true")
    parser.add_argument("--measure", default=None, help="SPEC/LANG: the matched words' IDFs")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    data = args.data or default_data_dir()
    if args.measure:
        spec, lang = args.measure.split("/")
        out = measure(spec, lang, data, args.user_lines)
        print(json.dumps(out["summary"], indent=1))
        if args.json is not None:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(out, ensure_ascii=False, indent=1))
        return
    variants(
        args.embedders.split(","),
        args.langs.split(","),
        args.backgrounds.split(","),
        data,
        args.user_lines,
        args.json,
    )


if __name__ == "__main__":
    main()
