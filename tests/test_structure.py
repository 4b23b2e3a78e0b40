"""The shape of the package, read statically: sizes a reader can hold, rooms a newcomer can find.

These are the limits the project keeps (docs/architecture.md explains the layout they protect):

- no module over 700 lines, no function over 80 lines (the CLI's command bodies and the demo's
  script excepted: they read top to bottom);
- ``hybridmem/evolution/`` keeps at most 15 modules at its top level: the rest lives in rooms
  (``speech/``, ``slots/``, ``write/``, ``maintain/``);
- evaluation and fitting code and labelled data live in ``benchmarks/``, never in the package,
  and nothing in the package imports ``benchmarks``;
- each store query is written once: at most 5 SQL statements appear both in the SQLite store
  and in the PostgreSQL store;
- no store protocol declares more than 45 public methods (ports are owned by their users).
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "hybridmem"

MAX_MODULE_LINES = 700
MAX_FUNCTION_LINES = 80
MAX_EVOLUTION_TOP_MODULES = 15
MAX_SQL_WRITTEN_TWICE = 5
MAX_PROTOCOL_METHODS = 45


def _modules() -> Iterator[Path]:
    yield from sorted(PACKAGE.rglob("*.py"))


def _rel(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def test_no_module_over_700_lines():
    long = {
        _rel(p): n
        for p in _modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert not long, f"modules over {MAX_MODULE_LINES} lines: {long}"


def test_no_function_over_80_lines_outside_the_cli_and_demo():
    long = {}
    for path in _modules():
        rel = _rel(path)
        if rel.startswith("cli/") or rel == "demo.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > MAX_FUNCTION_LINES:
                    long[f"{rel}:{node.lineno} {node.name}"] = size
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {long}"


def test_evolution_lives_in_rooms():
    top = sorted(p.name for p in (PACKAGE / "evolution").glob("*.py") if p.name != "__init__.py")
    assert len(top) <= MAX_EVOLUTION_TOP_MODULES, f"{len(top)} modules at evolution/'s top: {top}"


def test_no_evaluation_code_or_labelled_data_ships():
    eval_modules = [_rel(p) for p in _modules() if re.search(r"_(eval|fit)$", p.stem)]
    labelled = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.jsonl")]
    assert not eval_modules, f"evaluation or fitting modules in the package: {eval_modules}"
    assert not labelled, f"labelled data in the package: {labelled}"


def _imported_names(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.module


def test_the_package_never_imports_benchmarks():
    offenders = sorted(
        _rel(path)
        for path in _modules()
        if any(
            name == "benchmarks" or name.startswith("benchmarks.")
            for name in _imported_names(ast.parse(path.read_text(encoding="utf-8")))
        )
        # The CLI's `bench` command runs the suites from a checkout, by path, not by import.
        and not _rel(path).startswith("cli/")
    )
    assert not offenders, f"modules importing benchmarks: {offenders}"


def test_benchmarks_is_not_a_package_of_the_wheel():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    find = config["tool"]["setuptools"]["packages"]["find"]
    include = find.get("include", ["*"])
    exclude = find.get("exclude", [])

    def matches(name: str, patterns: list[str]) -> bool:
        return any(re.fullmatch(p.replace(".", r"\.").replace("*", ".*"), name) for p in patterns)

    for name in ("benchmarks", "benchmarks.suite_locomo", "tests"):
        assert not matches(name, include) or matches(name, exclude), f"{name} ships in the wheel"
    assert matches("hybridmem.evolution", include)


_SQL = re.compile(r"^\s*(select|insert|update|delete|with|create|alter|drop|replace)\s", re.I)


def _statements(path: Path) -> set[str]:
    """SQL string literals of a module, normalised: one placeholder style, one space, lower case.
    Docstrings and single words ("select") are not statements."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings:
                continue
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        else:
            continue
        if not _SQL.match(text):
            continue
        norm = re.sub(r"%\(\w+\)s|%s|\?|\$\d+", "?", text)
        norm = re.sub(r"\s+", " ", norm).strip().lower()
        if len(norm.split()) >= 4:
            out.add(norm)
    return out


def test_each_store_query_is_written_once():
    sqlite: set[str] = set()
    postgres: set[str] = set()
    for path in (PACKAGE / "store").rglob("*.py"):
        (postgres if "postgres" in path.parts else sqlite).update(_statements(path))
    twice = sorted(sqlite & postgres)
    assert len(twice) <= MAX_SQL_WRITTEN_TWICE, (
        f"{len(twice)} statements written in both stores:\n" + "\n".join(twice)
    )


def test_store_protocols_are_small():
    big = {}
    for path in (PACKAGE / "store").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {ast.unparse(b).rpartition(".")[2] for b in node.bases}
            if "Protocol" not in bases:
                continue
            public = [
                item.name
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                and not item.name.startswith("_")
            ]
            if len(public) > MAX_PROTOCOL_METHODS:
                big[f"{_rel(path)}:{node.name}"] = len(public)
    assert not big, f"store protocols over {MAX_PROTOCOL_METHODS} public methods: {big}"


def test_the_checks_see_what_they_count(tmp_path):
    """The SQL scan must normalise placeholders and skip docstrings, or the count means nothing."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        '"""Select the rows of a node."""\n'
        'A = "SELECT id FROM nodes WHERE user_id = ?"\n'
        'B = f"SELECT {cols} FROM nodes WHERE id = %s"\n'
        'C = "select"\n',
        encoding="utf-8",
    )
    assert _statements(probe) == {
        "select id from nodes where user_id = ?",
        "select {} from nodes where id = ?",
    }
