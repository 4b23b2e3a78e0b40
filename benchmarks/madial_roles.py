"""MADial asked as a dialogue: which channel reads whose lines (issue 38, helper madial11).

``python -m benchmarks.madial_roles [--embedders default,minilm] [--langs en,zh]
[--readings engine,lexical_user,dense_user,lexical_last] [--user-lines] --json F`` runs
:mod:`benchmarks.channel_parity`'s hybridmem / dense / lexical methods on MADial once per
*reading* of the query, each a patch of the retriever at run time (the engine is unchanged
unless a reading is shipped):

- ``engine``: as the engine reads the query;
- ``lexical_user``: the lexical match (BM25 candidates and the lexical feature) reads only
  the lines of the speakers who are not the agent (:func:`user_text`: a line labelled with
  a chat role of the agent's side, ``Assistant:``, is the agent's); the embedding reads the
  whole dialogue;
- ``dense_user``: the embedding reads the user's lines, the lexical match the whole dialogue;
- ``both_user``: both read the user's lines (``--user-lines``'s query, for comparison);
- ``lexical_last``: the lexical match reads only the user's last line;
- ``qtf``: every occurrence of a term counts (BM25's query term frequency, unbounded);
- ``user_again`` / ``last_again``: each distinct term once, and the terms of the user's lines
  / of the user's last line once more (BM25 sums one contribution per phrase).

``--why SPEC/LANG`` (with or without ``--user-lines``): the item-level reading of the
dialogues the dense channel ranks higher (:func:`why`).

``--user-lines`` asks without the assistant's lines (the held-out symptom,
``channel_parity --user-lines``). Prints one table per reading (hit@5 tune / check, MRR) and
the dialogues a reading wins and loses against ``engine`` on hybridmem.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import channel_parity, fusion_paired, madial_english, tuning
from benchmarks.paths import default_data_dir
from hybridmem import lexical
from hybridmem.retrieval import channels
from hybridmem.retrieval.entities import speaker_label
from hybridmem.retrieval.retriever import Retriever

AGENT_ROLES = frozenset({"assistant", "system", "tool", "ai", "chatbot", "model", "developer"})
"""Speaker labels of the agent's side of a chat: the message roles but the user, and the
integrations' names for them (LangChain ``ai``, LlamaIndex ``chatbot`` / ``model``, Agents SDK
``developer``)."""
USER_ROLES = frozenset({"user", "human"})

_ROLE = re.compile(r"^\s*(\w+)\s*[:：]")


def _side(line: str) -> bool | None:
    """True for an agent's line, False for another speaker's, None for a line with no label."""
    role = _ROLE.match(line)
    name = role.group(1).casefold() if role else None
    if name in AGENT_ROLES:
        return True
    if name in USER_ROLES or speaker_label(line) is not None:
        return False
    return None


def user_text(query: str) -> str:
    """``query`` without its agent-side lines when it is a dialogue: at least one line labelled
    with an agent role and one labelled with another speaker. Anything else (a question, a
    passage, one side's lines) is returned as is."""
    lines = [line for line in query.splitlines() if line.strip()]
    sides = [_side(line) for line in lines]
    if True not in sides or False not in sides:
        return query
    return "\n".join(line for line, side in zip(lines, sides, strict=True) if side is not True)


Read = Callable[[str], str]
Express = Callable[[str], "str | None"]


def _same(text: str) -> str:
    return text


def _quoted(terms: Sequence[str]) -> str | None:
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms) or None


def _user_lines(text: str) -> list[str]:
    user = user_text(text)
    return [line for line in user.splitlines() if line.strip()]


def _distinct(text: str) -> list[str]:
    return list(dict.fromkeys(lexical.terms(text)))


def _every(text: str) -> str | None:
    """Every occurrence of a term counts (query term frequency)."""
    return _quoted(lexical.terms(text))


def _again(part: Callable[[str], str]) -> Express:
    """Each distinct term once, and the distinct terms of ``part`` of the query once more."""

    def express(text: str) -> str | None:
        return _quoted(_distinct(text) + _distinct(part(text)))

    return express


def _last_user(text: str) -> str:
    lines = _user_lines(text)
    return lines[-1] if lines else text


def _user(text: str) -> str:
    return "\n".join(_user_lines(text))


READINGS: dict[str, tuple[Express, Read]] = {
    # name: (the lexical match expression of the query, the text embedded)
    "engine": (lexical.match_expression, _same),
    "lexical_user": (lambda t: lexical.match_expression(user_text(t)), _same),
    "dense_user": (lexical.match_expression, user_text),
    "both_user": (
        lambda t: lexical.match_expression(user_text(t)),
        user_text,
    ),
    "lexical_last": (lambda t: lexical.match_expression(_last_user(t)), _same),
    "qtf": (_every, _same),
    "user_again": (_again(_user), _same),
    "last_again": (_again(_last_user), _same),
}


@contextmanager
def reading(name: str) -> Iterator[None]:
    """The retriever with the reading ``name`` patched in (its lexical search and its
    embedding of the query)."""
    express, dense_read = READINGS[name]
    expression, embed = channels.lexical_expression, Retriever.embed

    def patched_embed(self: Retriever, q: Any, text: str) -> Any:
        return embed(self, q, dense_read(text))

    channels.lexical_expression = express
    Retriever.embed = patched_embed  # type: ignore[method-assign]
    try:
        yield
    finally:
        channels.lexical_expression = expression
        Retriever.embed = embed  # type: ignore[method-assign]


def run(
    embedders: Sequence[str],
    langs: Sequence[str],
    readings: Sequence[str],
    data: Path,
    user_lines: bool,
    json_path: Path | None,
) -> dict[str, Any]:
    methods = ["hybridmem", "dense", "lexical"]
    out: dict[str, Any] = {}
    for spec in embedders:
        embedder = fusion_paired._embedder(spec)
        for lang in langs:
            base: dict[str, Any] | None = None
            for name in readings:
                with reading(name):
                    per = channel_parity.evaluate(spec, embedder, lang, data, methods, user_lines)
                key = f"{spec}/{lang}/{name}"
                hyb = per["hybridmem"]
                if base is None:
                    base = hyb
                won = sorted(k for k in hyb if hyb[k]["score"] > base[k]["score"])
                lost = sorted(k for k in hyb if hyb[k]["score"] < base[k]["score"])
                out[key] = {
                    "summary": channel_parity.summary(per),
                    "won": won,
                    "lost": lost,
                    "items": per,
                }
                for line in channel_parity.table_lines(
                    {f"{spec}/{lang} {name}": out[key]}, methods
                )[2:]:
                    print(line, "| won", won, "lost", lost, flush=True)
                if json_path is not None:
                    json_path.parent.mkdir(parents=True, exist_ok=True)
                    json_path.write_text(json.dumps(out, separators=(",", ":")))
    return out


def table(results: dict[str, Any]) -> list[str]:
    """Markdown: one row per embedder and language, one column per reading; each cell
    hybridmem's hit@5 tune / check, with ``<`` after a half where a channel is above it and
    the dialogues won / lost against the engine's reading in brackets."""
    rows: dict[str, dict[str, str]] = {}
    names: list[str] = []
    for key, entry in results.items():
        spec, lang, name = key.split("/")
        names = names if name in names else [*names, name]
        halves = []
        for half in ("tune", "check"):
            row = entry["summary"][half]
            below = any(
                row[c]["score"] > row["hybridmem"]["score"] + 1e-9 for c in ("dense", "lexical")
            )
            halves.append(f"{row['hybridmem']['score']:.3f}" + (" <" if below else ""))
        moved = f" (+{len(entry['won'])}/-{len(entry['lost'])})" if name != "engine" else ""
        rows.setdefault(f"{spec} {lang}", {})[name] = " / ".join(halves) + moved
    lines = ["| embedder, lang | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for label, cells in rows.items():
        lines.append(f"| {label} | " + " | ".join(cells.get(n, "") for n in names) + " |")
    return lines


def _said(line: str) -> str:
    """A dialogue line without its speaker's label (a name every memory of the bank holds)."""
    head, colon, rest = line.partition(":")
    return rest if colon and len(head.split()) <= 3 else line


def _source(term: str, last: frozenset[str], user: frozenset[str]) -> str:
    if term in last:
        return "last user line"
    if term in user:
        return "user lines"
    return "assistant lines only"


SOURCES = ("last user line", "user lines", "assistant lines only")


@dataclass(frozen=True)
class Places:
    """Where a dialogue's words are said: the user's last line, any user line, any line."""

    last: frozenset[str]
    user: frozenset[str]
    asked: frozenset[str]

    @classmethod
    def of(cls, text: str) -> Places:
        lines = [_said(line) for line in _user_lines(text)]
        return cls(
            last=lexical.stemmed_terms(lines[-1]) if lines else frozenset(),
            user=lexical.stemmed_terms("\n".join(lines)),
            asked=lexical.stemmed_terms("\n".join(_said(line) for line in text.splitlines())),
        )

    def shared(self, content: str) -> dict[str, str]:
        """The words ``content`` shares with the dialogue, each with where it is said."""
        return {
            t: _source(t, self.last, self.user)
            for t in sorted(lexical.stemmed_terms(content) & self.asked)
        }


def _memory(hit: Any, places: Places) -> dict[str, Any]:
    words = places.shared(hit.node.content)
    return {
        "memory": hit.node.content[:90],
        "lexical": round(hit.breakdown.parts.get("lexical", 0.0), 3),
        "similarity": round(hit.breakdown.parts.get("similarity", 0.0), 3),
        "words": words,
        "closest": min(words.values(), key=SOURCES.index, default="no shared word"),
    }


def why(spec: str, lang: str, data: Path, user_lines: bool) -> dict[str, Any]:
    """Per dialogue whose relevant memory the dense channel ranks higher than hybridmem (the
    engine's reading): the memories placed above the relevant one, each with the words it
    shares with the query and where in the dialogue each is said (the user's last line,
    another user line, only the assistant's lines), and the relevant memory's own; and per
    half, how many of those memories (``closest``: the nearest place any of its words is
    said) and how many of their shared words are said in each place."""
    embedder = fusion_paired._embedder(spec)
    with channel_parity.user_lines_only(user_lines):
        bench, dialogues = tuning.madial_bench(embedder, data, lang)
        ours = madial_english._ranked(
            bench, dialogues, embedder, channel_parity.METHODS["hybridmem"][1]
        )
        dense = madial_english._ranked(
            bench, dialogues, embedder, channel_parity.METHODS["dense"][1]
        )
        queries = {d.number: tuning.dialogue_query(d.context_lines) for d in dialogues}
    cases: list[dict[str, Any]] = []
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    for number, (rank, hits, good) in sorted(ours.items()):
        other = dense[number][0]
        if other is None or (rank is not None and rank <= other):
            continue
        half = "tune" if number % 2 == 0 else "check"
        places = Places.of(queries[number])
        above = [
            _memory(hit, places)
            for hit, ok in zip(hits[: rank if rank is not None else 5], good, strict=False)
            if not ok
        ]
        relevant = _memory(hits[rank], places) if rank is not None else None
        for m in above:
            tally[f"{half} above: closest"][m["closest"]] += 1
            tally[f"{half} above: words"].update(m["words"].values())
        if relevant is not None:
            tally[f"{half} relevant: closest"][relevant["closest"]] += 1
            tally[f"{half} relevant: words"].update(relevant["words"].values())
        lines = _user_lines(queries[number])
        cases.append(
            {
                "dialogue": number,
                "half": half,
                "hybridmem_rank": rank,
                "dense_rank": other,
                "last_user_line": lines[-1] if lines else "",
                "relevant": relevant,
                "above": above,
            }
        )
    return {"cases": cases, "places": {k: dict(v) for k, v in sorted(tally.items())}}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=None)
    parser.add_argument("--embedders", default="default,minilm")
    parser.add_argument("--langs", default="en,zh")
    parser.add_argument("--readings", default=",".join(READINGS))
    parser.add_argument("--user-lines", action="store_true")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--why", default=None, help="SPEC/LANG: dialogues dense ranks higher")
    parser.add_argument("--table", type=Path, default=None, help="only the table of a JSON")
    args = parser.parse_args(argv)
    if args.table is not None:
        print("\n".join(table(json.loads(args.table.read_text()))))
        return
    if args.why:
        spec, lang = args.why.split("/")
        found = why(spec, lang, args.data or default_data_dir(), args.user_lines)
        for case in found["cases"]:
            print(json.dumps(case, ensure_ascii=False))
        for key, counts in found["places"].items():
            print(key, counts)
        if args.json is not None:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(found, ensure_ascii=False, indent=1))
        return
    run(
        args.embedders.split(","),
        args.langs.split(","),
        args.readings.split(","),
        args.data or default_data_dir(),
        args.user_lines,
        args.json,
    )


if __name__ == "__main__":
    main()
