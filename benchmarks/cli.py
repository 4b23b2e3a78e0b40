"""``hybridmem bench <suite>`` / ``python -m benchmarks <suite>``: one command per suite."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from benchmarks import common
from benchmarks.paths import default_locomo_path, default_madial_dir, portable

if TYPE_CHECKING:
    from benchmarks.scenarios import Scenario

app = typer.Typer(
    name="bench",
    help="Deterministic retrieval benchmarks of hybridmem with baselines in the same run.",
    no_args_is_help=True,
    add_completion=False,
)

EmbedderOpt = Annotated[
    str,
    typer.Option(
        help="'default' (the engine's default), 'minilm', 'multilingual' (e5), "
        "'hash' (fast fake), or a sentence-transformers model name/path."
    ),
]
MethodsOpt = Annotated[str, typer.Option(help="all | baselines | hybrid")]
AblationsOpt = Annotated[
    bool, typer.Option(help="also run the engine's ablations (no tree / lexical / weights)")
]
LiveOpt = Annotated[bool, typer.Option(help="also run hybridmem with live access stats")]


def _out(out: Path | None, suite: str) -> Path:
    return out if out is not None else Path("bench-out") / suite


def _ints(text: str, option: str) -> list[int]:
    """``"5,10,25"`` -> ``[5, 10, 25]``; anything else is a usage error naming the option."""
    parts = [x.strip() for x in text.split(",") if x.strip()]
    if not parts or not all(x.isascii() and x.isdigit() and int(x) > 0 for x in parts):
        raise typer.BadParameter(
            f"needs positive whole numbers, comma-separated, got {text!r}", param_hint=option
        )
    return [int(x) for x in parts]


@app.command()
def locomo(
    data: Annotated[
        Path | None, typer.Option(help="locomo-dev.json (default: shared data)")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="output dir (default bench-out/locomo)")] = None,
    limit: Annotated[int | None, typer.Option(help="first N conversations only", min=1)] = None,
    questions: Annotated[
        int | None, typer.Option(help="first N questions per conversation", min=1)
    ] = None,
    embedder: EmbedderOpt = "default",
    methods: MethodsOpt = "all",
    k: Annotated[str, typer.Option(help="node counts, comma-separated")] = "5,10,25",
    budgets: Annotated[str, typer.Option(help="token budgets, comma-separated")] = "500,1000,2000",
    live_access: LiveOpt = False,
    ablations: AblationsOpt = True,
) -> None:
    """LoCoMo: evidence recall (frac/all/any) at k nodes and token budgets, with compression."""
    from benchmarks.locomo_data import load_locomo
    from benchmarks.suite_locomo import run_locomo, show_and_plot

    console = Console()
    path = data or default_locomo_path()
    if not path.is_file():
        raise typer.BadParameter(f"LoCoMo file not found: {path}", param_hint="--data")
    dataset = load_locomo(path, limit=limit, questions_per_conversation=questions)
    lineup = common.line_up(
        methods, common.load_embedder(embedder), live_access=live_access, ablations=ablations
    )
    out_dir = _out(out, "locomo")

    def checkpoint(partial: object) -> None:
        from benchmarks.report import SuiteResult, write_json

        assert isinstance(partial, SuiteResult)
        write_json(partial, out_dir / "partial")

    k_values, budget_values = _ints(k, "--k"), _ints(budgets, "--budgets")
    result = run_locomo(
        dataset,
        lineup,
        k_values=k_values,
        budgets=budget_values,
        console=console,
        checkpoint=checkpoint,
    )
    result = _with_settings(result, data=portable(path), embedder=embedder)
    common.finish(result, out_dir, console, show_and_plot)


@app.command()
def madial(
    data: Annotated[Path | None, typer.Option(help="MADial folder (default: shared data)")] = None,
    lang: Annotated[
        list[str] | None, typer.Option(help="zh and/or en (repeat; default both)")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="output dir (default bench-out/madial)")] = None,
    limit: Annotated[int | None, typer.Option(help="first N dialogues per language", min=1)] = None,
    embedder: EmbedderOpt = "default",
    methods: MethodsOpt = "all",
    bank: Annotated[str, typer.Option(help="user (each user's memories) | all")] = "user",
    live_access: LiveOpt = False,
    ablations: AblationsOpt = True,
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
    lineups = {
        code: common.line_up(
            methods, emb, full=False, bigram=True, live_access=live_access, ablations=ablations
        )
        for code in langs
    }
    result = run_madial(datasets, lineups, bank_scope=bank, console=console)
    result = _with_settings(result, data=portable(folder), embedder=embedder)
    common.finish(result, _out(out, "madial"), console, show_and_plot)


def _with_settings(result: object, **extra: str) -> object:
    from dataclasses import replace

    from benchmarks.report import SuiteResult

    assert isinstance(result, SuiteResult)
    return replace(result, settings={**result.settings, **extra})


@app.command()
def scenarios(
    out: Annotated[
        Path | None, typer.Option(help="output dir (default bench-out/scenarios)")
    ] = None,
    per_family: Annotated[
        int, typer.Option(help="scenarios per family (alternating en/zh)", min=1)
    ] = 6,
    seed: Annotated[int, typer.Option(help="generator seed")] = 7,
    crash_trials: Annotated[int, typer.Option(help="SIGKILL crash-and-resume trials", min=0)] = 10,
    embedder: EmbedderOpt = "default",
    methods: MethodsOpt = "all",
    scenario_file: Annotated[
        Path | None,
        typer.Option(
            "--scenarios",
            help="run the scenarios of this JSON file instead of the generated ones "
            "(format: docs/benchmarks.md, 'Your own scenarios')",
        ),
    ] = None,
    dump: Annotated[
        Path | None,
        typer.Option(
            help="write the generated scenarios (--per-family, --seed) to this JSON file in "
            "the --scenarios format, then stop"
        ),
    ] = None,
) -> None:
    """The project's own bilingual agent scenarios: scope, stale values, pollution, crash."""
    import tempfile

    from benchmarks import scenarios_changes
    from benchmarks.hybrid import default_variants
    from benchmarks.scenarios import generate
    from benchmarks.suite_scenarios import (
        EngineRetriever,
        FlatBaseline,
        ScenarioRetriever,
        run_scenarios,
        show_and_plot,
    )

    console = Console()
    if dump is not None and scenario_file is not None:
        raise typer.BadParameter(
            "writes the generated scenarios: drop --scenarios", param_hint="--dump"
        )
    if scenario_file is None:
        chosen = (
            *generate(seed, per_family),
            *scenarios_changes.generate(seed=seed, per_family=per_family),
        )
    else:
        chosen = _scenario_file(scenario_file)
    if dump is not None:
        from benchmarks.scenario_files import dump_scenarios
        from hybridmem.errors import FileAccessError

        try:
            written = dump_scenarios(chosen, dump)
        except FileAccessError as exc:
            raise typer.BadParameter(str(exc), param_hint="--dump") from None
        console.print(f"wrote {len(chosen)} scenarios to {written}")
        return
    emb = common.load_embedder(embedder)
    with tempfile.TemporaryDirectory(prefix="hm-scen-") as tmp:
        retrievers: list[ScenarioRetriever] = []
        if methods in ("all", "baselines"):
            retrievers += [FlatBaseline("bm25", emb), FlatBaseline("dense", emb)]
        engines = []
        if methods in ("all", "hybrid"):
            engines = [EngineRetriever(v, emb, Path(tmp)) for v in default_variants()]
            retrievers += engines
        # Crash trials run in child processes; the fast fake embedder keeps their start-up
        # short, and recovery does not depend on the model.
        result = run_scenarios(
            chosen,
            retrievers,
            crash_trials=crash_trials if engines else 0,
            seed=seed,
            console=console,
        )
        for e in engines:
            e.close()
    source = "generated" if scenario_file is None else portable(scenario_file)
    result = _with_settings(result, embedder=embedder, scenario_source=source)
    common.finish(result, _out(out, "scenarios"), console, show_and_plot)


def _scenario_file(path: Path) -> tuple[Scenario, ...]:
    """The scenarios of ``--scenarios``; any problem is a usage error listing each one."""
    from benchmarks.scenario_files import load_scenarios
    from hybridmem.errors import FileAccessError, ValidationError

    try:
        return load_scenarios(path)
    except (ValidationError, FileAccessError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--scenarios") from None


@app.command()
def perf(
    out: Annotated[
        Path | None, typer.Option(help="output dir (default benchmarks/results/perf-<embedder>)")
    ] = None,
    sizes: Annotated[str, typer.Option(help="store sizes, comma-separated")] = "1000,10000",
    queries: Annotated[int, typer.Option(help="queries per round", min=1)] = 100,
    rounds: Annotated[
        int, typer.Option(help="timed rounds per size (>= 5 for a report)", min=1)
    ] = 5,
    mix: Annotated[
        str,
        typer.Option(
            help="node mix(es), comma-separated: mixed (a third facts/preferences), events"
        ),
    ] = "mixed",
    threads: Annotated[str, typer.Option(help="thread counts for throughput")] = "1,2,4",
    embedder: EmbedderOpt = "default",
) -> None:
    """Ingest throughput, retrieve p50/p95 and concurrent throughput of hybridmem beside bare
    embed + Chroma, alternating the two sides over warmed, repeated rounds."""
    from benchmarks.suite_perf import MIXES, run_perf, show_and_plot

    console = Console()
    mixes = [m.strip() for m in mix.split(",") if m.strip()]
    for m in mixes:
        if m not in MIXES:
            raise typer.BadParameter(f"unknown mix {m!r} (one of {MIXES})", param_hint="--mix")
    size_values, thread_values = _ints(sizes, "--sizes"), _ints(threads, "--threads")
    result = run_perf(
        size_values,
        common.load_embedder(embedder, memo=False),
        queries=queries,
        rounds=rounds,
        mixes=mixes,
        threads=thread_values,
        console=console,
    )
    result = _with_settings(result, embedder=embedder)
    target = out if out is not None else Path("benchmarks/results") / f"perf-{embedder}"
    common.finish(result, target, console, show_and_plot)


@app.command()
def server(
    out: Annotated[Path, typer.Option(help="output dir for server.json")] = Path(
        "benchmarks/results"
    ),
    nodes: Annotated[int, typer.Option(help="store size", min=1)] = 10_000,
    requests: Annotated[int, typer.Option(help="requests per concurrency level", min=1)] = 400,
    clients: Annotated[str, typer.Option(help="concurrency levels, comma-separated")] = "1,4,16",
    embedder: EmbedderOpt = "hash",
) -> None:
    """POST /v1/search through `hybridmem serve` beside in-process retrieve: req/s, p50/p95."""
    from benchmarks.server import run_server_bench, show, write

    console = Console()
    levels = _ints(clients, "--clients")
    result = run_server_bench(nodes, requests, embedder, levels=levels, console=console)
    show(result, console)
    console.print(f"wrote {write(result, out)}")


@app.command(name="all")
def run_all(
    out: Annotated[Path, typer.Option(help="output root (one folder per suite)")] = Path(
        "bench-out"
    ),
    smoke: Annotated[bool, typer.Option(help="tiny slices: the CI correctness run")] = True,
    embedder: EmbedderOpt = "hash",
    data: Annotated[Path | None, typer.Option(help="data folder (default: shared data)")] = None,
) -> None:
    """Every suite in one go; by default a small smoke run (CI: correctness, not speed)."""
    from benchmarks.paths import default_data_dir

    root = data or default_data_dir()
    loco = root / "locomo" / "locomo-dev.json"
    if loco.is_file():
        locomo(
            data=loco,
            out=out / "locomo",
            limit=1 if smoke else None,
            questions=20 if smoke else None,
            embedder=embedder,
            methods="all",
            k="5,10,25",
            budgets="500,1000,2000",
            live_access=False,
        )
    else:
        Console().print(f"[yellow]skipping locomo: {loco} not found")
    if (root / "madial" / "en-memory.jsonl").is_file():
        madial(
            data=root / "madial",
            lang=None,
            out=out / "madial",
            limit=10 if smoke else None,
            embedder=embedder,
            methods="all",
            bank="user",
        )
    else:
        Console().print(f"[yellow]skipping madial: {root / 'madial'} not found")
    scenarios(
        out=out / "scenarios",
        per_family=2 if smoke else 6,
        seed=7,
        crash_trials=2 if smoke else 10,
        embedder=embedder,
        methods="all",
    )
    perf(
        out=out / "perf",
        sizes="200" if smoke else "1000,10000,100000",
        queries=20 if smoke else 100,
        rounds=1 if smoke else 5,
        mix="mixed",
        threads="1,2" if smoke else "1,2,4",
        embedder=embedder,
    )
    server(
        out=out / "server",
        nodes=200 if smoke else 10_000,
        requests=20 if smoke else 400,
        clients="1,4" if smoke else "1,4,16",
        embedder=embedder,
    )


@app.command()
def markdown(
    results: Annotated[Path, typer.Argument(help="a results.json written by a suite")],
    metric: Annotated[str, typer.Option(help="metric to tabulate (suite default if empty)")] = "",
    secondary: Annotated[str, typer.Option(help="metric shown in brackets")] = "",
) -> None:
    """Print a results.json as Markdown tables (one per group), for docs/benchmarks.md."""
    from benchmarks.report import load_json, markdown_grid

    try:
        res = load_json(results)
    except (ValueError, KeyError, TypeError) as exc:  # not JSON, or not a suite's results
        raise typer.BadParameter(
            f"{results} is not a suite's results.json ({exc})", param_hint="RESULTS"
        ) from None
    defaults = {
        "locomo": ("frac", "compression"),
        "madial": ("hit", ""),
        "scenarios": ("value", ""),
        "perf": ("retrieve_p50_ms_excl_embed", ""),
        "server": ("requests_per_s", "p50_ms"),
    }
    main, extra = defaults.get(res.suite, ("value", ""))
    metric, secondary = metric or main, secondary or extra
    for group in dict.fromkeys(r.group for r in res.rows):
        settings = list(dict.fromkeys(r.setting for r in res.rows if r.group == group))
        typer.echo(f"\n**{res.suite} · {group} · {metric}**\n")
        typer.echo(
            markdown_grid(
                res, group=group, settings=settings, metric=metric, secondary=secondary or None
            )
        )


@app.command()
def plot(
    results: Annotated[Path, typer.Argument(help="a results.json written by a suite")],
    out: Annotated[
        Path | None, typer.Option(help="where the plots go (default: beside the results.json)")
    ] = None,
) -> None:
    """Redraw a suite's tables and plots from its results.json (no benchmark is run): how the
    figures in docs/benchmarks.md are made from a committed run."""
    from importlib import import_module

    from benchmarks.report import load_json

    try:
        res = load_json(results)
    except (ValueError, KeyError, TypeError) as exc:  # not JSON, or not a suite's results
        raise typer.BadParameter(
            f"{results} is not a suite's results.json ({exc})", param_hint="RESULTS"
        ) from None
    suites = {
        "locomo": "benchmarks.suite_locomo",
        "madial": "benchmarks.suite_madial",
        "scenarios": "benchmarks.suite_scenarios",
        "perf": "benchmarks.suite_perf",
    }
    if res.suite not in suites:
        raise typer.BadParameter(
            f"no plots for suite {res.suite!r} (one of {sorted(suites)})", param_hint="RESULTS"
        )
    console = Console()
    for path in import_module(suites[res.suite]).show_and_plot(res, out or results.parent, console):
        console.print(f"wrote {path}")
