"""The lexical index's rows (FTS5) and the statistics that rank a scope's matches (m011).

FTS5's ``bm25()`` weighs each query term by its IDF, and it finds the term's document
frequency by walking the term's whole doclist, per query: a task-scoped search whose matches
FTS5 finds in 0.3 ms on a 1M-node store spent ~100 ms ranking them. So the store keeps what
BM25 needs beside the index, in the same write transaction as the FTS5 rows: ``lex_df`` (how
many rows hold each token in the ``terms`` column) and ``lex_totals`` (rows, tokens), as the
PostgreSQL store's ``lex_df`` does. A scoped search reads its matches' terms and ranks them with
:func:`rank`, FTS5's own formula over these statistics.

Exact, not approximate: the tokens are FTS5's own. A word's tokens (porter stemming,
diacritics folding) are asked of a scratch FTS5 table with the same tokenizer, once per word
per process (``fts5vocab``); a row's tokens are its words' tokens in order (the stored terms
are words separated by white space, which the tokenizer always splits on). The score follows
``bm25(nodes_fts, 1.0, 0.0)``: the scope column weighted 0, every row one scope token longer
(m009). A query whose terms are not single tokens goes back to ``bm25()``.

Every write of ``nodes_fts`` goes through :func:`insert_terms` / :func:`delete_terms`, which
count the rows in or out; migrations and bulk loads :func:`recount` from the index itself, and
:func:`drift` compares the two (the consistency check).
"""

from __future__ import annotations

import math
import re
import sqlite3
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any

FTS_TOKENIZER = "porter unicode61 remove_diacritics 2"
"""The tokenizer of ``nodes_fts`` (and of the scratch table that tells a word's tokens)."""

FTS_INSERT = (
    "INSERT INTO nodes_fts(rowid, terms, scope) VALUES (?1, ?2, "
    "(SELECT 'k' || t.rid FROM nodes n JOIN nodes t ON t.id = n.task_id WHERE n.rid = ?1))"
)
"""A node's lexical row: its terms and its scope token (``k<rid of its task>``, m009); the
node row must be written first."""

K1 = 1.2
B = 0.75
"""FTS5's BM25 constants."""

_QUOTED_OR = re.compile(r'"(?:[^"]|"")*"(?: OR "(?:[^"]|"")*")*')
_QUOTED = re.compile(r'"((?:[^"]|"")*)"')

_TOKENS: dict[str, tuple[str, ...]] = {}
"""A word's FTS5 tokens, shared by every store of the process (one tokenizer for all)."""
_TOKENS_MAX = 500_000

_SCRATCH = "temp.hm_lex_words"
_SCRATCH_VOCAB = "temp.hm_lex_words_v"
_INDEX_VOCAB = "temp.hm_lex_vocab"


def create_tables(conn: sqlite3.Connection) -> None:
    """``lex_df`` and ``lex_totals`` (migration m011; idempotent)."""
    conn.execute(
        "CREATE TABLE IF NOT EXISTS lex_df (term TEXT PRIMARY KEY, df INTEGER NOT NULL) "
        "WITHOUT ROWID"
    )
    conn.execute(
        "CREATE TABLE IF NOT EXISTS lex_totals (name TEXT PRIMARY KEY, value INTEGER NOT NULL)"
    )


# -- tokens ----------------------------------------------------------------------------------
def _tokens_of(conn: sqlite3.Connection, words: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The FTS5 tokens of each word (cached; words not seen before are asked of a scratch
    FTS5 table with the index's tokenizer, on this connection's temp schema)."""
    wanted = dict.fromkeys(words)
    out: dict[str, tuple[str, ...]] = {}
    new: list[str] = []
    for word in wanted:
        known = _TOKENS.get(word)
        if known is None:
            new.append(word)
        else:
            out[word] = known
    if not new:
        return out
    if len(_TOKENS) + len(new) > _TOKENS_MAX:
        _TOKENS.clear()
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {_SCRATCH} USING fts5(w, tokenize='{FTS_TOKENIZER}')"
    )
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {_SCRATCH_VOCAB} "
        "USING fts5vocab(temp, hm_lex_words, instance)"
    )
    for lo in range(0, len(new), 5000):
        part = new[lo : lo + 5000]
        conn.executemany(
            f"INSERT INTO {_SCRATCH}(rowid, w) VALUES (?, ?)", list(enumerate(part, 1))
        )
        found: dict[int, list[tuple[int, str]]] = {}
        for term, doc, offset in conn.execute(f"SELECT term, doc, offset FROM {_SCRATCH_VOCAB}"):
            found.setdefault(int(doc), []).append((int(offset), str(term)))
        conn.execute(f"DELETE FROM {_SCRATCH}")
        for k, word in enumerate(part, 1):
            out[word] = _TOKENS[word] = tuple(t for _, t in sorted(found.get(k, ())))
    return out


def row_tokens(conn: sqlite3.Connection, texts: Sequence[str]) -> list[list[str]]:
    """The FTS5 tokens of each stored ``terms`` text, in order."""
    split = [text.split() for text in texts]
    known = _tokens_of(conn, chain.from_iterable(split))
    return [[t for w in words for t in known[w]] for words in split]


def phrases_of(match: str) -> list[str] | None:
    """The phrases of an expression built by :func:`hybridmem.lexical.match_expression`
    (quoted terms joined by OR); None for any other expression."""
    if not _QUOTED_OR.fullmatch(match):
        return None
    return [m.replace('""', '"') for m in _QUOTED.findall(match)]


# -- statistics ------------------------------------------------------------------------------
def _count(conn: sqlite3.Connection, texts: Sequence[str], sign: int) -> None:
    if not texts:
        return
    rows = row_tokens(conn, texts)
    tokens = sum(map(len, rows))
    # One count over every row's distinct tokens: the counts (and first-seen order) of one
    # update per row, without Counter.update's per-call type check.
    df = Counter(chain.from_iterable(set(toks) for toks in rows))
    if sign > 0:
        conn.executemany(
            "INSERT INTO lex_df(term, df) VALUES (?, ?) "
            "ON CONFLICT(term) DO UPDATE SET df = df + excluded.df",
            list(df.items()),
        )
    else:
        conn.executemany(
            "UPDATE lex_df SET df = df - ? WHERE term = ?", [(n, t) for t, n in df.items()]
        )
        # A token no row holds any more leaves no trace (after an erasure no row names it).
        conn.executemany("DELETE FROM lex_df WHERE term = ? AND df <= 0", [(t,) for t in df])
    conn.executemany(
        "INSERT INTO lex_totals(name, value) VALUES (?, ?) "
        "ON CONFLICT(name) DO UPDATE SET value = value + excluded.value",
        [("docs", sign * len(texts)), ("tokens", sign * tokens)],
    )


def insert_terms(conn: sqlite3.Connection, rows: Sequence[tuple[int, str]]) -> None:
    """Write ``(rid, terms)`` lexical rows (their node rows written first) and count them in."""
    conn.executemany(FTS_INSERT, rows)
    _count(conn, [terms for _, terms in rows], +1)


def delete_terms(conn: sqlite3.Connection, rids_sql: str, params: Sequence[Any]) -> None:
    """Count out and delete the lexical rows whose rowid ``rids_sql`` (a SELECT) yields."""
    gone = [
        str(r[0])
        for r in conn.execute(
            f"SELECT terms FROM nodes_fts WHERE rowid IN ({rids_sql})", list(params)
        )
    ]
    _count(conn, gone, -1)
    conn.execute(f"DELETE FROM nodes_fts WHERE rowid IN ({rids_sql})", list(params))
    if gone:
        # Words of deleted (maybe erased) content leave the process's word cache too; it
        # refills from later reads.
        _TOKENS.clear()


def _index_vocab(conn: sqlite3.Connection) -> None:
    conn.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {_INDEX_VOCAB} USING fts5vocab(main, nodes_fts, col)"
    )


def _indexed_totals(conn: sqlite3.Connection) -> tuple[int, int]:
    docs = int(conn.execute("SELECT count(*) FROM nodes_fts").fetchone()[0])
    tokens = conn.execute(
        f"SELECT coalesce(sum(cnt), 0) FROM {_INDEX_VOCAB} WHERE col = 'terms'"
    ).fetchone()[0]
    return docs, int(tokens)


def recount(conn: sqlite3.Connection) -> None:
    """Recompute the statistics from the index itself (inside the caller's transaction): the
    migration that adds them, and bulk loads that wrote ``nodes_fts`` directly."""
    create_tables(conn)
    _index_vocab(conn)
    conn.execute("DELETE FROM lex_df")
    conn.execute(
        f"INSERT INTO lex_df(term, df) SELECT term, doc FROM {_INDEX_VOCAB} WHERE col = 'terms'"
    )
    docs, tokens = _indexed_totals(conn)
    conn.execute("DELETE FROM lex_totals")
    conn.executemany(
        "INSERT INTO lex_totals(name, value) VALUES (?, ?)", [("docs", docs), ("tokens", tokens)]
    )


def drift(conn: sqlite3.Connection) -> int:
    """How many statistics disagree with the index (tokens with another count, and the two
    totals); 0 when they are right. Reads the whole index: a check, not a query-time call."""
    _index_vocab(conn)
    wrong = conn.execute(
        "SELECT count(*) FROM ("
        f"SELECT term, doc FROM {_INDEX_VOCAB} WHERE col = 'terms' "
        "EXCEPT SELECT term, df FROM lex_df "
        f"UNION ALL SELECT term, df FROM lex_df EXCEPT SELECT term, doc FROM {_INDEX_VOCAB} "
        "WHERE col = 'terms')"
    ).fetchone()[0]
    docs, tokens = _indexed_totals(conn)
    kept = dict(conn.execute("SELECT name, value FROM lex_totals").fetchall())
    return int(wrong) + (kept.get("docs", 0) != docs) + (kept.get("tokens", 0) != tokens)


# -- ranking ---------------------------------------------------------------------------------
def rank(
    conn: sqlite3.Connection, phrases: Sequence[str], rows: Sequence[tuple[str, int, str]]
) -> list[tuple[str, float]] | None:
    """``bm25(nodes_fts, 1.0, 0.0)`` (negated: higher is better) of matched rows ``(id, rid,
    terms)`` for the query's ``phrases``, best first (ties by rid); None when a phrase is not
    exactly one token (FTS5 would match it as a multi-token phrase), so the caller asks FTS5."""
    asked = row_tokens(conn, list(phrases))
    if any(len(t) != 1 for t in asked):
        return None
    terms = [t[0] for t in asked]
    unique = sorted(set(terms))
    df = dict(
        conn.execute(
            f"SELECT term, df FROM lex_df WHERE term IN ({','.join('?' * len(unique))})", unique
        ).fetchall()
    )
    totals = dict(conn.execute("SELECT name, value FROM lex_totals").fetchall())
    docs = int(totals.get("docs", 0))
    if docs <= 0:
        return None
    avgdl = float(int(totals.get("tokens", 0)) + docs) / float(docs)  # + one scope token a row
    idf = []
    for term in terms:
        hits = int(df.get(term, 0))
        value = math.log((docs - hits + 0.5) / (hits + 0.5))
        idf.append(value if value > 0.0 else 1e-6)
    slot = {t: k for k, t in enumerate(unique)}
    split = [str(r[2]).split() for r in rows]
    known = _tokens_of(conn, (w for words in split for w in words))
    # Per distinct word: how many tokens it makes, and which query tokens among them.
    info = {w: (len(toks), [slot[t] for t in toks if t in slot]) for w, toks in known.items()}
    at = [slot[t] for t in terms]
    scored: list[tuple[float, int, str]] = []
    for (node_id, rid, _), words in zip(rows, split, strict=True):
        length = 1  # the row's scope token (m009)
        freq = [0] * len(unique)
        for word in words:
            size, found = info[word]
            length += size
            for k in found:
                freq[k] += 1
        norm = K1 * (1 - B + B * length / avgdl)
        score = 0.0
        for i, k in enumerate(at):
            f = float(freq[k])
            score += idf[i] * ((f * (K1 + 1.0)) / (f + norm))
        scored.append((-score, int(rid), str(node_id)))
    scored.sort()
    return [(node_id, -neg) for neg, _, node_id in scored]


def rank_unindexed(
    conn: sqlite3.Connection,
    phrases: Sequence[str],
    documents: Sequence[tuple[str, str]],
    indexed: Sequence[tuple[str, str]] = (),
) -> list[tuple[str, float]]:
    """:func:`rank`'s score of ``documents`` ``(id, terms)`` whose terms the index does not
    hold (a sealed memory's plaintext, read at query time; its row is in the index, empty)
    and of ``indexed`` rows ``(id, terms)``, all with the statistics the index would have
    were the documents' terms in it: each token's rows and the tokens counting them, so a
    word a sealed memory shares with a clear one weighs what it would with both clear.
    Nothing is written. A phrase of several tokens is left out (only FTS5 matches it as a
    phrase); a row matching no phrase is left out."""
    asked = [t[0] for t in row_tokens(conn, list(phrases)) if len(t) == 1]
    if not asked or not documents:
        return []
    unique = sorted(set(asked))
    rows = row_tokens(conn, [terms for _, terms in documents])
    df = Counter(t for toks in rows for t in set(toks) if t in unique)
    for term, hits in conn.execute(
        f"SELECT term, df FROM lex_df WHERE term IN ({','.join('?' * len(unique))})", unique
    ):
        df[str(term)] += int(hits)
    totals = dict(conn.execute("SELECT name, value FROM lex_totals").fetchall())
    docs = max(int(totals.get("docs", 0)), len(rows))  # their rows are counted already
    tokens = int(totals.get("tokens", 0)) + sum(map(len, rows))
    avgdl = float(tokens + docs) / float(docs)  # + one scope token a row, as rank()
    idf = {}
    for term in unique:
        value = math.log((docs - df[term] + 0.5) / (df[term] + 0.5))
        idf[term] = value if value > 0.0 else 1e-6
    everyone = [*documents, *indexed]
    out: list[tuple[str, float]] = []
    for (node_id, _), toks in zip(
        everyone, rows + row_tokens(conn, [t for _, t in indexed]), strict=True
    ):
        freq = Counter(toks)
        norm = K1 * (1 - B + B * (len(toks) + 1) / avgdl)
        score = sum(idf[t] * (freq[t] * (K1 + 1.0)) / (freq[t] + norm) for t in asked if freq[t])
        if score > 0:
            out.append((node_id, score))
    return sorted(out, key=lambda x: -x[1])
