"""Write pytest's rewritten-assert bytecode for the suite once, before its workers start.

pytest imports each test module through its assertion rewriter: it parses the module, rewrites
its ``assert`` statements into code that explains a failure, compiles the result and caches it
as ``__pycache__/<name>.<tag>-pytest-<version>.pyc`` beside the source. It skips that cache
write when ``PYTHONDONTWRITEBYTECODE`` is set (it is on our machines), so every process that
collects the suite rewrote every test module and conftest, and every module of each installed
distribution that registers a pytest plugin (langsmith's 400-odd among them): about 9 s of
CPU per ``make test`` worker (docs/benchmarks.md, helper ci25). ``make test`` runs this first,
once, on both cores; the workers then read the cached code (pytest checks each file's source
hash against it, so an edited file is rewritten again, never run stale).

The rewrite is pytest's own (``_pytest.assertion.rewrite``): the same function on the same
source gives the same code. Its one setting, ``enable_assertion_pass_hook``, is read from
``pyproject.toml``. If pytest's private names change, this writes nothing and says so: the
suite then rewrites as before, only slower.

Run: ``python -m tests.assert_rewrite_cache`` (from the project's root).
"""

from __future__ import annotations

import importlib.metadata
import sys
import tomllib
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
PYTEST_PLUGINS = ("tests/backends.py",)
"""The project's modules loaded through ``pytest_plugins`` (tests/conftest.py): rewritten too."""


class _Ini:
    """The one setting the rewriter reads from pytest's configuration."""

    def __init__(self, pass_hook: bool) -> None:
        self.pass_hook = pass_hook

    def getini(self, name: str) -> object:
        if name != "enable_assertion_pass_hook":
            raise ValueError(name)
        return self.pass_hook


def _pass_hook() -> bool:
    with (ROOT / "pyproject.toml").open("rb") as f:
        ini = tomllib.load(f).get("tool", {}).get("pytest", {}).get("ini_options", {})
    return bool(ini.get("enable_assertion_pass_hook", False))


def suite_sources() -> Iterator[Path]:
    """The project's files pytest rewrites: test modules, conftests, ``pytest_plugins``."""
    yield from sorted(TESTS.rglob("test_*.py"))
    yield from sorted(TESTS.rglob("conftest.py"))
    yield from (ROOT / rel for rel in PYTEST_PLUGINS)


def plugin_sources() -> Iterator[Path]:
    """Every module of each installed distribution with a ``pytest11`` entry point: pytest
    marks all of them for rewriting when it loads the plugins."""
    for dist in importlib.metadata.distributions():
        if not any(ep.group == "pytest11" for ep in dist.entry_points):
            continue
        for file in dist.files or ():
            if file.suffix == ".py":
                path = Path(str(dist.locate_file(file)))
                if path.is_file():
                    yield path


def _cache(job: tuple[str, bool]) -> bool:
    """Rewrite one file and write its cached code unless a valid cache is there already."""
    from _pytest.assertion.rewrite import (
        PYC_TAIL,
        _read_pyc,
        _rewrite_test,
        _write_pyc,
        get_cache_dir,
    )

    fn, pass_hook = Path(job[0]), job[1]
    cache_dir = get_cache_dir(fn)
    pyc = cache_dir / (fn.name[:-3] + PYC_TAIL)
    if _read_pyc(fn, pyc) is not None:
        return False
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        source_hash, co = _rewrite_test(fn, _Ini(pass_hook))  # type: ignore[arg-type]
    except (OSError, SyntaxError):
        return False  # pytest reports it when it imports the file
    # _write_pyc reads only the state's trace, for its error messages.
    state = SimpleNamespace(trace=lambda message: None)
    return _write_pyc(state, co, source_hash, pyc)  # type: ignore[arg-type]


def main() -> int:
    try:
        import _pytest.assertion.rewrite as rewrite

        for name in ("PYC_TAIL", "_read_pyc", "_rewrite_test", "_write_pyc", "get_cache_dir"):
            getattr(rewrite, name)
    except (ImportError, AttributeError) as exc:
        print(f"assert_rewrite_cache: nothing written ({exc})", file=sys.stderr)
        return 0
    pass_hook = _pass_hook()
    files = sorted({str(p) for p in (*suite_sources(), *plugin_sources())})
    with ProcessPoolExecutor() as pool:
        written = sum(pool.map(_cache, [(f, pass_hook) for f in files], chunksize=16))
    print(f"assert_rewrite_cache: {written} of {len(files)} files rewritten and cached")
    return 0


if __name__ == "__main__":
    sys.exit(main())
