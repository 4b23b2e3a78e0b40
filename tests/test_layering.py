"""The package's layers point down only, and no module imports itself back through others.

Every import counts: module-level, inside functions and under ``TYPE_CHECKING`` (a type-only
cycle still couples two modules, and a function-level import is a cycle deferred to run time).

Layers, top to bottom (docs/architecture.md draws the same picture):

    apps       cli, server, integrations, demo, testing harnesses     talk to the facade
    facade     HybridMemory (memory.py), ScopedMemory, the package root
    services   retrieval, evolution, privacy, recovery                 built on the core
    core       Engine, write unit, ops, tree writes, index sync
    ports      store (SQLite), index (Chroma, fake), embedding
    base       models, errors, config, clock, validation, tokens, lexical, scoring
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "hybridmem"

LAYERS = ("base", "ports", "core", "services", "facade", "apps")

# Most specific prefix wins.
PREFIXES = {
    "hybridmem.models": "base",
    "hybridmem.errors": "base",
    "hybridmem.config": "base",
    "hybridmem.clock": "base",
    "hybridmem.validation": "base",
    "hybridmem.tokens": "base",
    "hybridmem.lexical": "base",
    "hybridmem.scoring": "base",
    "hybridmem.filters": "base",
    "hybridmem.store": "ports",
    "hybridmem.index": "ports",
    "hybridmem.embedding": "ports",
    "hybridmem.core": "core",
    "hybridmem.retrieval": "services",
    "hybridmem.evolution": "services",
    "hybridmem.privacy": "services",
    "hybridmem.recovery": "services",
    "hybridmem.memory": "facade",
    "hybridmem.opening": "facade",
    "hybridmem.scoped": "facade",
    "hybridmem": "facade",  # the package root re-exports the public API
    "hybridmem.cli": "apps",
    "hybridmem.server": "apps",
    "hybridmem.integrations": "apps",
    "hybridmem.demo": "apps",
    "hybridmem.testing": "apps",
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def layer_of(module: str) -> str:
    best = max((p for p in PREFIXES if module == p or module.startswith(p + ".")), key=len)
    return PREFIXES[best]


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(module: str, path: Path, known: set[str]) -> Iterator[str]:
    """Every hybridmem module ``path`` imports, wherever the import statement stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from pkg import mod` imports the submodule when there is one.
            names = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
            ]
        else:
            continue
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name.startswith("hybridmem") and name != module:
                yield name


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {m: set(imports_of(m, p, known)) for m, p in found.items()}


def test_every_module_has_a_layer():
    for module in modules():
        assert layer_of(module) in LAYERS


def test_imports_point_down_only():
    edges = graph()
    wrong = []
    for module, targets in edges.items():
        here = LAYERS.index(layer_of(module))
        for target in targets:
            if target == "hybridmem":
                wrong.append(f"{module} -> the package root (import the defining module)")
            elif LAYERS.index(layer_of(target)) > here:
                wrong.append(f"{module} ({layer_of(module)}) -> {target} ({layer_of(target)})")
    assert not wrong, "imports against the layer direction:\n" + "\n".join(sorted(wrong))


def strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative (the package is small, but recursion limits are not)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                out.append(sorted(group))
    return out


def test_no_import_cycles():
    cycles = [g for g in strongly_connected(graph()) if len(g) > 1]
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)


def test_the_checker_sees_function_level_and_type_checking_imports(tmp_path):
    """The checks above are only as good as the import scan: it must see imports hidden in
    functions and under TYPE_CHECKING, and resolve relative ones."""
    source = tmp_path / "probe.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from hybridmem.memory import HybridMemory\n"
        "def f():\n    from hybridmem.core import engine\n    import hybridmem.cli\n",
        encoding="utf-8",
    )
    known = set(modules())
    found = set(imports_of("hybridmem.store.probe", source, known))
    assert {"hybridmem.memory", "hybridmem.core.engine", "hybridmem.cli"} <= found
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [
        ["a", "b", "c"],
        ["d"],
    ]
