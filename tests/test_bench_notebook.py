"""The notebooks run end to end on small settings (hash embedder, a slice) so they cannot rot."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

# The benchmark notebooks; agent_loop.ipynb has its own test (test_agent_loop_notebook.py).
NOTEBOOKS = sorted(
    p
    for p in (Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb")
    if p.name != "agent_loop.ipynb"
)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_executes(path, monkeypatch):
    monkeypatch.setenv("HYBRIDMEM_NOTEBOOK_EMBEDDER", "hash")
    monkeypatch.setenv("HYBRIDMEM_NOTEBOOK_QUESTIONS", "6")
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    errors = [
        o
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if o.get("output_type") == "error"
    ]
    assert not errors


def test_notebook_falls_back_to_scenarios(monkeypatch):
    monkeypatch.setenv("HYBRIDMEM_NOTEBOOK_EMBEDDER", "hash")
    monkeypatch.setenv("HYBRIDMEM_NOTEBOOK_FORCE_SCENARIOS", "1")
    path = NOTEBOOKS[0]
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    text = "".join(
        o.get("text", "") for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
    )
    assert "generated sibling-task scenario" in text
    assert os.environ["HYBRIDMEM_NOTEBOOK_FORCE_SCENARIOS"] == "1"
