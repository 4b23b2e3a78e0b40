"""The wheel ships the library and its models, nothing else.

``benchmarks/`` is a folder of the repository (``python -m benchmarks``, ``hybridmem bench`` in a
checkout), not a package of the wheel; the labelled evaluation sets (``*.jsonl``) are not
shipped either, while the model files the runtime loads are. The wheel is really built (pip,
no dependencies, no network) from a copy of the source, so the repository is left untouched.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PIP_OFFLINE = ("--no-deps", "--no-build-isolation", "--no-index")
"""Build with the installed setuptools, fetching nothing."""


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    src = tmp_path_factory.mktemp("src")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "results")
    shutil.copytree(ROOT / "hybridmem", src / "hybridmem", ignore=skip)
    # The folder is there when the wheel is built: leaving it out must be the config's doing.
    shutil.copytree(ROOT / "benchmarks", src / "benchmarks", ignore=skip)
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", *PIP_OFFLINE, "-w", str(dist), str(src)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (wheel,) = dist.glob("hybridmem-*.whl")
    return zipfile.ZipFile(wheel).namelist()


def test_benchmarks_is_not_a_package_of_the_wheel(wheel_names):
    assert not [n for n in wheel_names if n.startswith("benchmarks/")]
    tops = {n.split("/")[0] for n in wheel_names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"hybridmem"}


def test_the_wheel_ships_models_but_no_labelled_sets(wheel_names):
    assert not [n for n in wheel_names if n.endswith(".jsonl")]
    shipped = set(wheel_names)
    # Every model file the runtime loads from the package (the JSON beside the code).
    models = {
        p.relative_to(ROOT).as_posix()
        for p in (ROOT / "hybridmem").rglob("*.json")
        if "__pycache__" not in p.parts
    }
    assert models and models <= shipped
    assert {"hybridmem/py.typed", "hybridmem/cli/bench.py"} <= shipped
