"""LoCoMo suite: evidence recall at k nodes and at token budgets, with compression beside it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from benchmarks.locomo_data import CATEGORY_NAMES, HEADLINE_CATEGORIES, Conversation, LocomoDataset
from benchmarks.methods import Method
from benchmarks.metrics import compression, evidence_score, mean
from benchmarks.report import ResultRow, SuiteResult, plot_bars, plot_curves, print_grid, progress
from benchmarks.units import Corpus, TreeNode, Unit

K_VALUES = (5, 10, 25)
BUDGETS = (500, 1000, 2000)
HEADLINE_GROUP = "cat1-4"


@dataclass(frozen=True)
class Setting:
    """A retrieval setting: a node count or a token budget."""

    label: str
    k: int | None = None
    budget: int | None = None


def settings_for(k_values: Sequence[int], budgets: Sequence[int]) -> tuple[Setting, ...]:
    """The protocol's settings: ``k=5`` ... then ``B=500`` ..."""
    return tuple(Setting(f"k={k}", k=k) for k in k_values) + tuple(
        Setting(f"B={b}", budget=b) for b in budgets
    )


def render_full_history(conv: Conversation) -> str:
    """The whole conversation with session dates, as a reader replaying it would get it."""
    lines = [f"Conversation between {conv.speaker_a} and {conv.speaker_b}."]
    for session in conv.sessions:
        lines.append("")
        lines.append(f"[session {session.number} · {session.date_text}]")
        lines.extend(t.content for t in session.turns)
    return "\n".join(lines)


def build_corpus(conv: Conversation) -> Corpus:
    """Turns as units; conversation -> sessions -> turns as the tree."""
    sid = conv.sample_id
    units = tuple(
        Unit(f"{sid}:{t.dia_id}", t.content, "turn", t.created_at, frozenset({t.dia_id}))
        for t in conv.turns
    )
    first = conv.sessions[0].date if conv.sessions else None
    tree: list[TreeNode] = []
    if first is not None:
        tree.append(
            TreeNode(
                sid,
                f"Conversation between {conv.speaker_a} and {conv.speaker_b}",
                "task",
                None,
                first,
            )
        )
    for s in conv.sessions:
        session_id = f"{sid}:S{s.number}"
        tree.append(
            TreeNode(session_id, f"Session {s.number} · {s.date_text}", "session", sid, s.date)
        )
        tree.extend(
            TreeNode(f"{sid}:{t.dia_id}", t.content, "event", session_id, t.created_at, t.dia_id)
            for t in s.turns
        )
    return Corpus(sid, units, render_full_history(conv), tree=tuple(tree))


def run_locomo(
    dataset: LocomoDataset,
    methods: Sequence[Method],
    *,
    k_values: Sequence[int] = K_VALUES,
    budgets: Sequence[int] = BUDGETS,
    console: Console | None = None,
    checkpoint: Callable[[SuiteResult], object] | None = None,
) -> SuiteResult:
    """Run every method on every question of ``dataset``; return rows per method/setting/group.

    ``checkpoint`` receives the result so far after each method (long runs on a busy machine
    keep what they measured even if they are stopped).
    """
    console = console or Console()
    settings = settings_for(k_values, budgets)
    corpora = {c.sample_id: build_corpus(c) for c in dataset.conversations}
    questions = [q for c in dataset.conversations for q in c.questions]
    # values[(method, setting, group)] -> per-question (frac, all, any, tokens, full tokens)
    values: dict[tuple[str, str, str], list[tuple[float, float, float, int, int]]] = defaultdict(
        list
    )
    with progress(console) as bar:
        for method in methods:
            task = bar.add_task(f"locomo · {method.name}", total=len(questions) + 1)
            method.prepare(list(corpora.values()))
            warm = getattr(method, "warm", None)
            if callable(warm):
                warm([q.question for q in questions])
            bar.advance(task)
            for q in questions:
                corpus = corpora[q.conversation_id]
                groups = [f"cat{q.category}"]
                groups.append(HEADLINE_GROUP if q.category in HEADLINE_CATEGORIES else "cat5-apart")
                for s in settings:
                    sel = method.select(corpus, q.question, k=s.k, budget=s.budget)
                    sc = evidence_score(q.evidence, sel.sources)
                    item = (sc.frac, sc.all, sc.any, sel.tokens, corpus.full_tokens)
                    for g in groups:
                        values[(method.name, s.label, g)].append(item)
                bar.advance(task)
            method.close()
            if checkpoint is not None:
                checkpoint(_result(dataset, values, corpora, k_values, budgets, len(questions)))
    return _result(dataset, values, corpora, k_values, budgets, len(questions))


def _result(
    dataset: LocomoDataset,
    values: dict[tuple[str, str, str], list[tuple[float, float, float, int, int]]],
    corpora: dict[str, Corpus],
    k_values: Sequence[int],
    budgets: Sequence[int],
    n_questions: int,
) -> SuiteResult:
    rows = []
    for (m, s, g), items in values.items():
        rows.append(
            ResultRow(
                m,
                s,
                g,
                {
                    "frac": mean(i[0] for i in items),
                    "all": mean(i[1] for i in items),
                    "any": mean(i[2] for i in items),
                    "tokens": mean(i[3] for i in items),
                    "compression": compression((i[4] for i in items), (i[3] for i in items)),
                },
                len(items),
            )
        )
    rep = dataset.report
    return SuiteResult(
        "locomo",
        tuple(rows),
        settings={
            "k": list(k_values),
            "budgets": list(budgets),
            "conversations": [c.sample_id for c in dataset.conversations],
            "questions": n_questions,
            "full_history_tokens": {k: c.full_tokens for k, c in corpora.items()},
        },
        notes=(
            "frac/all/any averaged over questions; compression = sum(full-history tokens) / "
            "sum(context tokens); tokens = mean cl100k_base tokens of the exact context string.",
            "Category 5 (adversarial) is the group 'cat5-apart' and is never in 'cat1-4'.",
        ),
        extra={
            "evidence_repaired": [list(x) for x in rep.repaired],
            "evidence_dropped": [list(x) for x in rep.dropped_ids],
            "questions_skipped_no_evidence": [list(x) for x in rep.skipped_questions],
            "categories": {str(k): v for k, v in CATEGORY_NAMES.items()},
        },
    )


def show_and_plot(result: SuiteResult, out_dir: Path, console: Console) -> list[Path]:
    """Print the LoCoMo tables and write the two plots; return the plot paths."""
    labels = list(dict.fromkeys(r.setting for r in result.rows))
    print_grid(
        console,
        result,
        title="LoCoMo cat 1-4 · frac (×compression)",
        group=HEADLINE_GROUP,
        settings=labels,
        metric="frac",
        secondary="compression",
    )
    print_grid(
        console,
        result,
        title="LoCoMo cat 1-4 · all",
        group=HEADLINE_GROUP,
        settings=labels,
        metric="all",
    )
    print_grid(
        console,
        result,
        title="LoCoMo cat 1-4 · any",
        group=HEADLINE_GROUP,
        settings=labels,
        metric="any",
    )
    headline = "B=1000" if "B=1000" in labels else labels[-1]
    cats = [f"cat{c}" for c in (*HEADLINE_CATEGORIES, 5)]
    methods = list(dict.fromkeys(r.method for r in result.rows))
    per_cat = {g: {m: result.value(m, headline, g, "frac") for m in methods} for g in cats}
    from rich.table import Table

    from benchmarks.report import fmt

    table = Table(title=f"LoCoMo frac at {headline}, per category (cat5 reported apart)")
    table.add_column("method")
    for g in cats:
        table.add_column(f"{g} {CATEGORY_NAMES[int(g[3:])]}", justify="right")
    for m in methods:
        table.add_row(m, *(fmt(per_cat[g][m]) for g in cats))
    console.print(table)
    budget_labels = [s for s in labels if s.startswith("B=")]
    series = {
        m: [
            (
                result.value(m, s, HEADLINE_GROUP, "tokens"),
                result.value(m, s, HEADLINE_GROUP, "frac"),
            )
            for s in budget_labels
        ]
        for m in methods
        if m != "full-context"
    }
    n = max((r.n for r in result.rows if r.group == HEADLINE_GROUP), default=0)
    run = f"{n} questions, embedder {result.settings.get('embedder', '?')}"
    paths = [
        plot_curves(
            out_dir / "recall_vs_budget.png",
            series,
            title=f"LoCoMo dev, categories 1-4: evidence recall vs context tokens\n({run})",
            xlabel="mean context tokens (cl100k_base)",
            ylabel="frac (share of evidence turns packed)",
        ),
        plot_bars(
            out_dir / "per_category.png",
            {f"{g} {CATEGORY_NAMES[int(g[3:])]}": v for g, v in per_cat.items()},
            title=f"LoCoMo dev: evidence recall at {headline} per category ({run})",
            ylabel="frac",
        ),
    ]
    return paths
