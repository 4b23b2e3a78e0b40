"""The notebooks run end to end on small settings (hash embedder, a slice) so they cannot rot,
are committed with their outputs, and use hybridmem's public API only."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import hybridmem
from benchmarks.paths import DATA_ENV
from tests.bench_support import DATA_DIR, HAS_LOCOMO, HAS_MADIAL, LOCOMO, MADIAL

# Notebooks that read the external data (LoCoMo and MADial-Bench): they execute only where it is.
NEEDS_DATA = {"retrieval_comparisons.ipynb"}

# The benchmark notebooks; agent_loop.ipynb has its own test (test_agent_loop_notebook.py).
NOTEBOOKS = sorted(
    p
    for p in (Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb")
    if p.name != "agent_loop.ipynb"
)


def code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


def images(nb) -> int:
    return sum("image/png" in o.get("data", {}) for c in code_cells(nb) for o in c.outputs)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_committed_with_outputs_and_public_api_only(path):
    nb = nbformat.read(path, as_version=4)
    assert all(c.outputs for c in code_cells(nb)), "every code cell has its output committed"
    assert images(nb) >= 5  # recall vs budget, categories, sweep, breakdown, MADial
    source = "\n".join(c.source for c in code_cells(nb))
    assert "sys.path" not in source and "benchmarks" not in source.replace("docs/benchmarks", "")
    imported = {
        name.strip()
        for line in source.splitlines()
        if line.startswith("from hybridmem")
        for name in line.split("import", 1)[1].split(",")
    }
    assert imported <= set(hybridmem.__all__), imported - set(hybridmem.__all__)


@pytest.mark.slow(47)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_executes(path, monkeypatch):
    if path.name in NEEDS_DATA:
        if not (HAS_LOCOMO and HAS_MADIAL):
            pytest.skip(
                f"{path.name} reads LoCoMo ({LOCOMO}) and MADial-Bench ({MADIAL}), not found: "
                f"set {DATA_ENV} to the data folder"
            )
        # the notebook resolves the folder itself (public API only); hand it the one found here
        monkeypatch.setenv(DATA_ENV, str(DATA_DIR))
    monkeypatch.setenv("HYBRIDMEM_NOTEBOOK_EMBEDDER", "hash")
    monkeypatch.setenv("HYBRIDMEM_NOTEBOOK_QUESTIONS", "6")
    monkeypatch.setenv("HYBRIDMEM_NOTEBOOK_DIALOGUES", "4")
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    errors = [o for c in code_cells(nb) for o in c.outputs if o.get("output_type") == "error"]
    assert not errors, json.dumps(errors)[:2000]
    assert images(nb) >= 5
    tables = [o for c in code_cells(nb) for o in c.outputs if "text/html" in o.get("data", {})]
    assert len(tables) >= 4  # the DataFrames: categories, curve, per category, sweep, MADial
