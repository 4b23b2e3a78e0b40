"""``hybridmem bench`` runs the suites of a checkout of the repository, and says so elsewhere."""

from __future__ import annotations

import os
from pathlib import Path

from typer.testing import CliRunner

from hybridmem.cli import ExitCode, app
from hybridmem.cli import bench as bench_cli

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def test_the_checkout_is_the_one_the_package_runs_from(tmp_path):
    assert bench_cli.find_checkout(tmp_path) == ROOT


def test_a_checkout_is_found_from_the_current_directory_or_below_it(tmp_path, monkeypatch):
    monkeypatch.setattr(bench_cli, "PACKAGE", tmp_path / "site-packages" / "hybridmem")
    checkout = tmp_path / "repo"
    (checkout / "benchmarks").mkdir(parents=True)
    (checkout / "benchmarks" / "cli.py").write_text("")
    (checkout / "hybridmem").mkdir()
    (checkout / "hybridmem" / "__init__.py").write_text("")
    (checkout / "docs").mkdir()
    assert bench_cli.find_checkout(checkout) == checkout
    assert bench_cli.find_checkout(checkout / "docs") == checkout
    # A folder named benchmarks in some other project is not a checkout of this one.
    other = tmp_path / "other"
    (other / "benchmarks").mkdir(parents=True)
    (other / "benchmarks" / "cli.py").write_text("")
    assert bench_cli.find_checkout(other) is None


def test_outside_a_checkout_bench_says_where_it_runs(tmp_path, monkeypatch):
    monkeypatch.setattr(bench_cli, "PACKAGE", tmp_path / "site-packages" / "hybridmem")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["bench", "perf", "--help"])
    assert result.exit_code == ExitCode.NOT_FOUND
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert "hybridmem bench runs from a checkout of the repository" in lines[0]
    assert "python -m benchmarks" in lines[0]


def test_in_a_checkout_bench_lists_the_suites(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # found through the package's own checkout
    monkeypatch.setenv("PYTHONPATH", "")
    result = runner.invoke(app, ["bench", "--help"])
    assert result.exit_code == 0, result.output
    assert "perf" in result.output
    # Workers a suite starts (python -m benchmarks.<name>) find the suites too.
    assert str(ROOT) in os.environ["PYTHONPATH"].split(os.pathsep)
