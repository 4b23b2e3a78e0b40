"""``hybridmem bench <suite>`` / ``python -m benchmarks <suite>``: one command per suite."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from benchmarks import common
from benchmarks.paths import default_locomo_path, default_madial_dir

app = typer.Typer(
    name="bench",
    help="Deterministic retrieval benchmarks of hybridmem with baselines in the same run.",
    no_args_is_help=True,
    add_completion=False,
)

EmbedderOpt = Annotated[
    str, typer.Option(help="'default' (bundled all-MiniLM-L6-v2), 'hash' (fast fake), or a "
                           "sentence-transformers model name/path.")
]
MethodsOpt = Annotated[str, typer.Option(help="all | baselines | hybrid")]


def _out(out: Path | None, suite: str) -> Path:
    return out if out is not None else Path("bench-out") / suite


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


@app.command()
def locomo(
    data: Annotated[Path | None, typer.Option(help="locomo-dev.json (default: shared data)")] = None,
    out: Annotated[Path | None, typer.Option(help="output dir (default bench-out/locomo)")] = None,
    limit: Annotated[int | None, typer.Option(help="first N conversations only")] = None,
    questions: Annotated[int | None, typer.Option(help="first N questions per conversation")] = None,
    embedder: EmbedderOpt = "default",
    methods: MethodsOpt = "all",
    k: Annotated[str, typer.Option(help="node counts, comma-separated")] = "5,10,25",
    budgets: Annotated[str, typer.Option(help="token budgets, comma-separated")] = "500,1000,2000",
    live_access: Annotated[bool, typer.Option(help="also run hybridmem with live access stats")]
    = False,
) -> None:
    """LoCoMo: evidence recall (frac/all/any) at k nodes and token budgets, with compression."""
    from benchmarks.locomo_data import load_locomo
    from benchmarks.suite_locomo import run_locomo, show_and_plot

    console = Console()
    path = data or default_locomo_path()
    if not path.is_file():
        raise typer.BadParameter(f"LoCoMo file not found: {path}", param_hint="--data")
    dataset = load_locomo(path, limit=limit, questions_per_conversation=questions)
    lineup = common.line_up(methods, common.load_embedder(embedder), live_access=live_access)
    result = run_locomo(dataset, lineup, k_values=_ints(k), budgets=_ints(budgets),
                        console=console)
    result = _with_settings(result, data=str(path), embedder=embedder)
    common.finish(result, _out(out, "locomo"), console, show_and_plot)


@app.command()
def madial(
    data: Annotated[Path | None, typer.Option(help="MADial folder (default: shared data)")] = None,
    lang: Annotated[list[str] | None, typer.Option(help="zh and/or en (repeat; default both)")]
    = None,
    out: Annotated[Path | None, typer.Option(help="output dir (default bench-out/madial)")] = None,
    limit: Annotated[int | None, typer.Option(help="first N dialogues per language")] = None,
    embedder: EmbedderOpt = "default",
    methods: MethodsOpt = "all",
    bank: Annotated[str, typer.Option(help="user (each user's memories) | all")] = "user",
) -> None:
    """MADial-Bench: hit@k and recall@k (k = 1, 3, 5) per language."""
    from benchmarks.madial_data import LANGUAGES, load_madial
    from benchmarks.suite_madial import run_madial, show_and_plot

    console = Console()
    folder = data or default_madial_dir()
    langs = lang or list(LANGUAGES)
    for code in langs:
        if code not in LANGUAGES:
            raise typer.BadParameter(f"unknown language {code!r}", param_hint="--lang")
        if not (folder / f"{code}-memory.jsonl").is_file():
            raise typer.BadParameter(f"no {code}-memory.jsonl in {folder}", param_hint="--data")
    emb = common.load_embedder(embedder)
    datasets = [load_madial(folder, code, limit=limit) for code in langs]
    lineups = {code: common.line_up(methods, emb, full=False, bigram=True) for code in langs}
    result = run_madial(datasets, lineups, bank_scope=bank, console=console)
    result = _with_settings(result, data=str(folder), embedder=embedder)
    common.finish(result, _out(out, "madial"), console, show_and_plot)


def _with_settings(result: object, **extra: str) -> object:
    from dataclasses import replace

    from benchmarks.report import SuiteResult

    assert isinstance(result, SuiteResult)
    return replace(result, settings={**result.settings, **extra})
