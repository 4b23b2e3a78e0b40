"""The lexical index in PostgreSQL: ``tsvector`` terms ranked by BM25, as FTS5 ranks them.

Terms come from :mod:`hybridmem.lexical` (jieba for Chinese, stop words removed), exactly as
for SQLite, and go through the ``hybridmem_lex`` text search configuration (``simple`` plus
English Snowball stemming; FTS5 uses ``porter``). Matching uses the GIN index on ``nodes.lex``.

Ranking is BM25 with FTS5's constants and IDF (k1 = 1.2, b = 0.75,
``idf = ln((N - df + 0.5) / (df + 0.5))``, floored at 1e-6), computed from ``lex_df`` (nodes
per term and user) and two counters per user (nodes, terms), summed, which the store keeps up
to date in every write transaction. ``ts_rank_cd`` would be the built-in choice, but it has
no IDF: on OR-ed queries a stop-like word would rank as high as a rare name, and the two
backends would disagree on which candidates enter retrieval. ``benchmarks/backends.py``
measures the agreement.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

import psycopg

from hybridmem.store.postgres.schema import COUNTER_ROWS, TS_CONFIG

_QUOTED = re.compile(r'"((?:[^"]|"")*)"')
K1 = 1.2
B = 0.75


def fold(text: str) -> str:
    """Strip Latin diacritics (FTS5's ``remove_diacritics 2``); other scripts are unchanged."""
    out = []
    for ch in text:
        if "\u00c0" <= ch <= "\u024f":
            base = unicodedata.normalize("NFKD", ch)
            out.append("".join(c for c in base if not unicodedata.combining(c)))
        else:
            out.append(ch)
    return "".join(out)


def terms_of_match(match: str) -> list[str]:
    """The terms of an FTS5 expression built by :func:`hybridmem.lexical.match_expression`."""
    return [m.replace('""', '"') for m in _QUOTED.findall(match)]


# The BM25 statistics are kept per user (m009): writers of different users run at once
# (``base.py``) and would otherwise wait on each other's rows of common terms and on one
# counter row, or deadlock over two terms taken in opposite orders. Ranking sums them.
_PER_USER = (
    "SELECT n.user_id, count(*) AS docs, coalesce(sum(n.lex_len), 0) AS terms "
    "FROM nodes n WHERE n.id = ANY(%s) GROUP BY n.user_id"
)
DOCS_COUNTERS = "starts_with(name, 'lex_docs/')"
"""The counter rows holding nodes per user (their sum is the store's)."""
TERMS_COUNTERS = "starts_with(name, 'lex_terms/')"


def count_terms(conn: psycopg.Connection, ids: Sequence[str]) -> None:
    """Count nodes' terms into the BM25 statistics (after their rows got their terms)."""
    conn.execute(
        "INSERT INTO lex_df(term, user_id, df) SELECT u.lexeme, n.user_id, count(*) "
        "FROM nodes n, unnest(n.lex) u WHERE n.id = ANY(%s) GROUP BY n.user_id, u.lexeme "
        "ORDER BY 1, 2 ON CONFLICT (term, user_id) DO UPDATE SET df = lex_df.df + excluded.df",
        (list(ids),),
    )
    conn.execute(
        f"INSERT INTO counters(name, value) SELECT k.name, k.v FROM ({_PER_USER}) s "
        f"{COUNTER_ROWS} ORDER BY 1 "
        "ON CONFLICT (name) DO UPDATE SET value = counters.value + excluded.value",
        (list(ids),),
    )


def remove_terms(conn: psycopg.Connection, ids: Sequence[str]) -> None:
    """Count nodes' terms out of the statistics (before their rows are deleted or re-termed).

    A term no node of the user holds any more is deleted: after an erasure no row names it.
    """
    # Two statements whose answers nobody reads (in a write transaction's pipeline they cost
    # no round trip): the second sees the first's counts.
    conn.execute(
        "UPDATE lex_df d SET df = d.df - c.k FROM ("
        "  SELECT u.lexeme AS term, n.user_id, count(*) AS k FROM nodes n, unnest(n.lex) u "
        "  WHERE n.id = ANY(%s) GROUP BY n.user_id, u.lexeme"
        ") c WHERE d.term = c.term AND d.user_id = c.user_id",
        (list(ids),),
    )
    conn.execute(
        "DELETE FROM lex_df d WHERE d.df <= 0 AND (d.term, d.user_id) IN ("
        "  SELECT u.lexeme, n.user_id FROM nodes n, unnest(n.lex) u WHERE n.id = ANY(%s))",
        (list(ids),),
    )
    conn.execute(
        f"UPDATE counters c SET value = c.value - k.v FROM ({_PER_USER}) s {COUNTER_ROWS} "
        "WHERE c.name = k.name",
        (list(ids),),
    )


def search_sql(where: str) -> str:
    """BM25 over the nodes matching the query's terms and ``where`` (alias ``n``).

    Every row counts one token more than its terms, in its length and in the average: the
    SQLite index holds one scope token per row (m009), and FTS5's BM25 counts the tokens of
    all columns, so the two backends rank alike.

    Parameters, in order: the query text, the ``where`` parameters, the limit.
    """
    # Every CTE is MATERIALIZED, computed once: inlined (PostgreSQL's default for a CTE used
    # once) the term weights were recomputed for every hit, a scan of lex_df each time.
    return f"""
        WITH q AS MATERIALIZED (
            SELECT DISTINCT u.lexeme AS term
            FROM unnest(to_tsvector('{TS_CONFIG}', %s)) u
        ), tsq AS MATERIALIZED (
            SELECT string_agg(
                '''' || replace(replace(term, '\\', '\\\\'), '''', '''''') || '''', ' | '
            )::tsquery AS query FROM q
        ), st AS MATERIALIZED (
            SELECT greatest(sum(value) FILTER (WHERE {DOCS_COUNTERS}), 1)::float8 AS docs,
                   greatest(sum(value) FILTER (WHERE {TERMS_COUNTERS}), 1)::float8 AS terms
            FROM counters WHERE starts_with(name, 'lex_')
        ), d AS MATERIALIZED (
            SELECT l.term, sum(l.df) AS df FROM lex_df l JOIN q ON l.term = q.term
            GROUP BY l.term
        ), w AS MATERIALIZED (
            SELECT q.term,
                   greatest(ln((st.docs - d.df + 0.5) / (d.df + 0.5)), 1e-6) AS idf
            FROM q JOIN d ON d.term = q.term CROSS JOIN st
        ), hit AS MATERIALIZED (
            SELECT n.id, n.lex, n.lex_len FROM nodes n
            WHERE n.lex @@ (SELECT query FROM tsq) AND {where}
        )
        SELECT hit.id AS id, {_bm25("hit.lex_len")} AS score
        FROM hit CROSS JOIN LATERAL unnest(hit.lex) u
        JOIN w ON w.term = u.lexeme CROSS JOIN st
        GROUP BY hit.id
        ORDER BY score DESC, hit.id
        LIMIT %s
    """


def _bm25(length: str) -> str:
    """The BM25 sum over the matched terms ``u`` of one document of ``length`` terms, with
    the idf weights ``w`` and the index statistics ``st`` (both queries above name them so)."""
    return f"""sum(w.idf * (array_length(u.positions, 1) * {K1 + 1})
                   / (array_length(u.positions, 1)
                      + {K1} * ({1 - B} + {B} * ({length} + 1)
                               / ((st.terms + st.docs) / st.docs))))"""


def unindexed_sql() -> str:
    """:func:`search_sql`'s BM25 of documents given as arrays (ids, terms, term counts) whose
    terms the index does not hold (a sealed memory's plaintext, read at query time; its row
    is counted, without terms) and of indexed nodes, all with the statistics the index would
    have were the documents' terms in it (as ``fts.rank_unindexed``). Parameters: the query
    text, the ids, the terms (folded), the term counts, the indexed nodes' ids."""
    return f"""
        WITH q AS MATERIALIZED (
            SELECT DISTINCT u.lexeme AS term
            FROM unnest(to_tsvector('{TS_CONFIG}', %s)) u
        ), given AS MATERIALIZED (
            SELECT v.id, to_tsvector('{TS_CONFIG}', v.t) AS lex, v.len
            FROM unnest(%s::text[], %s::text[], %s::int[]) AS v(id, t, len)
        ), docs AS MATERIALIZED (
            SELECT id, lex, len FROM given
            UNION ALL SELECT n.id, n.lex, n.lex_len FROM nodes n WHERE n.id = ANY(%s)
        ), st AS MATERIALIZED (
            SELECT greatest(sum(value) FILTER (WHERE {DOCS_COUNTERS}), 1)::float8 AS docs,
                   coalesce(sum(value) FILTER (WHERE {TERMS_COUNTERS}), 0)::float8
                       + (SELECT coalesce(sum(len), 0) FROM given) AS terms
            FROM counters WHERE starts_with(name, 'lex_')
        ), d AS MATERIALIZED (
            SELECT q.term,
                   coalesce((SELECT sum(l.df) FROM lex_df l WHERE l.term = q.term), 0)
                   + (SELECT count(*) FROM given, unnest(given.lex) u WHERE u.lexeme = q.term)
                   AS df
            FROM q
        ), w AS MATERIALIZED (
            SELECT d.term,
                   greatest(ln((st.docs - d.df + 0.5) / (d.df + 0.5)), 1e-6) AS idf
            FROM d CROSS JOIN st WHERE d.df > 0
        )
        SELECT docs.id AS id, {_bm25("docs.len")} AS score
        FROM docs CROSS JOIN LATERAL unnest(docs.lex) u
        JOIN w ON w.term = u.lexeme CROSS JOIN st
        GROUP BY docs.id
    """


def query_params(match: str, where_params: Sequence[Any], limit: int) -> list[Any]:
    return [fold(" ".join(terms_of_match(match))), *where_params, limit]
