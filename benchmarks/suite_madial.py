"""MADial-Bench suite: hit@k and recall@k (k = 1, 3, 5) per language."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console

from benchmarks.madial_data import MadialDataset
from benchmarks.methods import Method
from benchmarks.metrics import hit_at_k, mean, recall_at_k
from benchmarks.report import ResultRow, SuiteResult, plot_bars, print_grid, progress
from benchmarks.units import Corpus, TreeNode, Unit

K_VALUES = (1, 3, 5)


BANKS = ("user", "all")


def build_corpora(dataset: MadialDataset, bank_scope: str = "user") -> dict[str, Corpus]:
    """One corpus per user (user -> memories as the tree), keyed by user id.

    ``bank_scope="user"`` (the task's definition) gives each user their own memories;
    ``"all"`` puts every memory of the language in every bank (harder; for comparison with
    figures measured that way).
    """
    if bank_scope not in BANKS:
        raise ValueError(f"bank_scope must be one of {BANKS}")
    users = sorted({d.user_id for d in dataset.dialogues})
    corpora = {}
    for user in users:
        bank = dataset.bank(user) if bank_scope == "user" else dataset.memories
        cid = f"madial-{dataset.language}-u{user}" + ("" if bank_scope == "user" else "-all")
        units = tuple(
            Unit(f"{cid}:m{m.id}", m.event, "memory", m.time, frozenset({m.id})) for m in bank
        )
        first = min((m.time for m in bank), default=None)
        tree: tuple[TreeNode, ...] = ()
        if first is not None:
            tree = (
                TreeNode(cid, f"Memories of user {user}", "task", None, first),
                *(
                    TreeNode(u.id, u.content, "event", cid, u.created_at, next(iter(u.sources)))
                    for u in units
                ),
            )
        full = "\n".join(u.rendered for u in units)
        corpora[user] = Corpus(cid, units, full, tree=tree)
    return corpora


def dialogue_query(lines: Sequence[str]) -> str:
    """The retrieval query: the dialogue so far, one line per turn."""
    return "\n".join(line for line in lines if line)


def run_madial(
    datasets: Sequence[MadialDataset],
    methods_for: dict[str, Sequence[Method]],
    *,
    k_values: Sequence[int] = K_VALUES,
    bank_scope: str = "user",
    console: Console | None = None,
) -> SuiteResult:
    """Run each language's methods (``methods_for[lang]``) on its dialogues."""
    console = console or Console()
    values: dict[tuple[str, str, str], list[tuple[float, float, int]]] = defaultdict(list)
    sizes: dict[str, int] = {}
    with progress(console) as bar:
        for ds in datasets:
            corpora = build_corpora(ds, bank_scope)
            sizes[ds.language] = len(ds.dialogues)
            for method in methods_for[ds.language]:
                task = bar.add_task(
                    f"madial {ds.language} · {method.name}", total=len(ds.dialogues) + 1
                )
                method.prepare(list(corpora.values()))
                warm = getattr(method, "warm", None)
                if callable(warm):
                    warm([dialogue_query(d.context_lines) for d in ds.dialogues])
                bar.advance(task)
                for d in ds.dialogues:
                    corpus = corpora[d.user_id]
                    query = dialogue_query(d.context_lines)
                    for k in k_values:
                        sel = method.select(corpus, query, k=k)
                        values[(method.name, f"k={k}", ds.language)].append(
                            (
                                hit_at_k(d.relevant, sel.covered, k),
                                recall_at_k(d.relevant, sel.covered, k),
                                sel.tokens,
                            )
                        )
                    bar.advance(task)
                method.close()
    rows = tuple(
        ResultRow(
            m,
            s,
            g,
            {
                "hit": mean(v[0] for v in items),
                "recall": mean(v[1] for v in items),
                "tokens": mean(v[2] for v in items),
            },
            len(items),
        )
        for (m, s, g), items in values.items()
    )
    return SuiteResult(
        "madial",
        rows,
        settings={"k": list(k_values), "dialogues": sizes, "bank": bank_scope},
        notes=(
            "Query = the dialogue lines before the first test-turn; bank = that user's memories "
            "(English memories take the user of the same id in the Chinese file).",
            "hit@k: any relevant memory in the top k; recall@k: share of relevant memories in it.",
        ),
    )


def show_and_plot(result: SuiteResult, out_dir: Path, console: Console) -> list[Path]:
    """Print hit/recall tables per language and plot hit@5 per method and language."""
    labels = list(dict.fromkeys(r.setting for r in result.rows))
    langs = list(dict.fromkeys(r.group for r in result.rows))
    for lang in langs:
        print_grid(
            console,
            result,
            title=f"MADial {lang} · hit@k",
            group=lang,
            settings=labels,
            metric="hit",
        )
        print_grid(
            console,
            result,
            title=f"MADial {lang} · recall@k",
            group=lang,
            settings=labels,
            metric="recall",
        )
    top = labels[-1] if labels else "k=5"
    bars = {
        lang: {
            r.method: r.metrics["hit"] for r in result.rows if r.group == lang and r.setting == top
        }
        for lang in langs
    }
    counts = ", ".join(
        f"{lang} {n}" for lang, n in dict((r.group, r.n) for r in result.rows).items()
    )
    title = (
        f"MADial-Bench dev: a relevant memory in the top {top[2:]} (hit@{top[2:]})\n"
        f"(dialogues {counts}; embedder {result.settings.get('embedder', '?')})"
    )
    return [plot_bars(out_dir / "hit_at_k.png", bars, title=title, ylabel=f"hit@{top[2:]}")]
