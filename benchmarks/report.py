"""Results as typed rows, and their three outputs: terminal table, JSON file, PNG plots."""

from __future__ import annotations

import json
import math
import platform
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table


@dataclass(frozen=True)
class ResultRow:
    """One measured cell group: a method at a setting on a slice of the questions."""

    method: str
    setting: str
    """e.g. ``"k=5"``, ``"B=1000"``, ``"1k nodes"``."""
    group: str
    """e.g. ``"cat1-4"``, ``"cat2"``, ``"en"``, a scenario family."""
    metrics: Mapping[str, float]
    n: int
    """How many items were averaged (0: not measured)."""


@dataclass(frozen=True)
class SuiteResult:
    """Everything a suite run produced, written as ``results.json``."""

    suite: str
    rows: tuple[ResultRow, ...]
    settings: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    created_at: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))

    def value(self, method: str, setting: str, group: str, metric: str) -> float:
        """Look one figure up (NaN when absent)."""
        for row in self.rows:
            if (row.method, row.setting, row.group) == (method, setting, group):
                return float(row.metrics.get(metric, math.nan))
        return math.nan

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (NaN and infinities become null: JSON has no such numbers)."""
        return {
            "suite": self.suite,
            "created_at": self.created_at,
            "machine": {"python": platform.python_version(), "platform": platform.platform()},
            "settings": _clean(self.settings),
            "notes": list(self.notes),
            "rows": [
                {
                    "method": r.method,
                    "setting": r.setting,
                    "group": r.group,
                    "n": r.n,
                    "metrics": _clean(dict(r.metrics)),
                }
                for r in self.rows
            ],
            "extra": _clean(self.extra),
        }


def _clean(value: Any) -> Any:
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {str(k): _clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    if isinstance(value, Path):
        return str(value)
    return value


def write_json(result: SuiteResult, out_dir: Path) -> Path:
    """Write ``results.json`` into ``out_dir`` (created if needed) and return its path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "results.json"
    path.write_text(json.dumps(result.to_json(), indent=2, ensure_ascii=False), encoding="utf-8")
    return path


def fmt(value: float, digits: int = 2) -> str:
    """Format a figure; NaN (not measured) shows as ``n/a``."""
    if isinstance(value, float) and math.isnan(value):
        return "n/a"
    if isinstance(value, float) and math.isinf(value):
        return "inf"
    return f"{value:.{digits}f}"


def print_grid(
    console: Console,
    result: SuiteResult,
    *,
    title: str,
    group: str,
    settings: Sequence[str],
    metric: str,
    secondary: str | None = None,
    digits: int = 2,
) -> None:
    """Print methods × settings for one group; ``secondary`` is shown in brackets beside."""
    methods = list(dict.fromkeys(r.method for r in result.rows if r.group == group))
    table = Table(title=title)
    table.add_column("method")
    for s in settings:
        table.add_column(s, justify="right")
    for m in methods:
        cells = []
        for s in settings:
            v = result.value(m, s, group, metric)
            cell = fmt(v, digits)
            if secondary is not None:
                cell += f" (×{fmt(result.value(m, s, group, secondary), 1)})"
            cells.append(cell)
        table.add_row(m, *cells)
    console.print(table)


def progress(console: Console) -> Progress:
    """The progress bar every suite uses."""
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )


def plot_curves(
    path: Path,
    series: Mapping[str, Sequence[tuple[float, float]]],
    *,
    title: str,
    xlabel: str,
    ylabel: str,
) -> Path:
    """One line per method through (x, y) points; written as PNG."""
    import matplotlib

    matplotlib.use("Agg")  # no display on CI machines
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for name, points in series.items():
        pts = [(x, y) for x, y in points if math.isfinite(x) and math.isfinite(y)]
        if pts:
            xs, ys = zip(*pts, strict=True)
            ax.plot(xs, ys, marker="o", label=name)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def plot_bars(
    path: Path,
    values: Mapping[str, Mapping[str, float]],
    *,
    title: str,
    ylabel: str,
) -> Path:
    """Grouped bars: ``values[group][method]``; written as PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = list(values)
    methods = list(dict.fromkeys(m for g in groups for m in values[g]))
    width = 0.8 / max(len(methods), 1)
    fig, ax = plt.subplots(figsize=(max(7, 1.6 * len(groups)) + 2, 4.5))
    for j, m in enumerate(methods):
        ys = [values[g].get(m, math.nan) for g in groups]
        xs = [i + (j - (len(methods) - 1) / 2) * width for i in range(len(groups))]
        ax.bar(xs, [0 if math.isnan(y) else y for y in ys], width=width, label=m)
    ax.set_xticks(range(len(groups)), groups)
    ax.set_title(title)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, 1.02)
    ax.grid(axis="y", alpha=0.3)
    # Outside the axes: with full context at 1.0 any inside corner hides a bar.
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def load_json(path: Path) -> SuiteResult:
    """Read a ``results.json`` back into a :class:`SuiteResult` (nulls become NaN)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    rows = tuple(
        ResultRow(
            r["method"],
            r["setting"],
            r["group"],
            {k: math.nan if v is None else float(v) for k, v in r["metrics"].items()},
            int(r["n"]),
        )
        for r in data["rows"]
    )
    return SuiteResult(
        data["suite"],
        rows,
        settings=data.get("settings", {}),
        notes=tuple(data.get("notes", ())),
        extra=data.get("extra", {}),
        created_at=data.get("created_at", ""),
    )


def markdown_grid(
    result: SuiteResult,
    *,
    group: str,
    settings: Sequence[str],
    metric: str,
    secondary: str | None = None,
    digits: int = 2,
) -> str:
    """Methods × settings for one group as a Markdown table (for docs/benchmarks.md)."""
    methods = list(dict.fromkeys(r.method for r in result.rows if r.group == group))
    lines = ["| method | " + " | ".join(settings) + " |", "|---|" + "---:|" * len(settings)]
    for m in methods:
        cells = []
        for s in settings:
            cell = fmt(result.value(m, s, group, metric), digits)
            if secondary is not None:
                cell += f" (×{fmt(result.value(m, s, group, secondary), 1)})"
            cells.append(cell)
        lines.append(f"| {m} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
