"""The package's layers point down only, and nothing imports itself back through others: no
module, and no sub-package (core, store, evolution, ..., each root-level module its own node).

Every import counts: module-level, inside functions and under ``TYPE_CHECKING`` (a type-only
cycle still couples two modules, and a function-level import is a cycle deferred to run time).

Layers, top to bottom (docs/architecture.md draws the same picture):

    apps       cli, server, integrations, demo, testing harnesses     talk to the facade
    facade     HybridMemory (memory.py), ScopedMemory, the package root
    services   retrieval, evolution, privacy, recovery                 built on the core;
               among themselves only as SERVICES_MAY_USE says (no cycle)
    core       Engine, write unit, ops, tree writes, index sync
    ports      store (SQLite), index (Chroma, fake), embedding
    base       models, errors, config (every layer's settings), clock, validation, tokens,
               lexical, scoring
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
    "hybridmem.conversation": "services",
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


# -- package level -----------------------------------------------------------------------------
# A module-level check misses a cycle between packages whose modules do not close a loop among
# themselves (config.py -> config/evolution.py while evolution/ imports config.py; privacy/
# erasure.py -> recovery/files.py while recovery/consistency.py -> privacy/erasure.py): the
# packages still cannot be understood, tested or moved one without the other.

SERVICES = ("retrieval", "evolution", "privacy", "recovery", "conversation")

SERVICES_MAY_USE: dict[str, set[str]] = {
    "evolution": set(),
    # A conflict group's value history (retriever: superseded values of a slot).
    "retrieval": {"evolution"},
    # An export writes what the user may see, as retrieval decides it (portability).
    "privacy": {"retrieval"},
    # Recovery meets privacy through the core (core/sealed.py, core/directory.py,
    # core/duties.py), never directly: a restore checks keys, an erasure scrubs snapshots.
    "recovery": set(),
    # Extraction reads a message with the write path's own speech-act filter and slots.
    "conversation": {"evolution"},
}
"""Which service may import which: one direction each, no cycle (checked below)."""


def package_of(module: str) -> str:
    """The node of ``module`` in the package graph: its sub-package under hybridmem
    (``core``, ``store``, ...), a root-level module itself (``memory``, ``opening``), or
    ``hybridmem`` for the package root."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def package_edges(edges: dict[str, set[str]]) -> dict[str, dict[str, list[str]]]:
    """Package -> package it imports -> the module imports that make the edge."""
    out: dict[str, dict[str, list[str]]] = {}
    for module, targets in edges.items():
        here = package_of(module)
        out.setdefault(here, {})
        for target in targets:
            there = package_of(target)
            if there != here:
                out[here].setdefault(there, []).append(f"{module} -> {target}")
    return out


def package_cycles(edges: dict[str, set[str]]) -> list[str]:
    """Each cycle between packages, with the module imports that close it."""
    packages = package_edges(edges)
    found = []
    for group in strongly_connected({p: set(t) for p, t in packages.items()}):
        if len(group) < 2:
            continue
        members = set(group)
        why = [
            f"  {src} -> {dst}: " + ", ".join(sorted(imports)[:3])
            for src in group
            for dst, imports in sorted(packages[src].items())
            if dst in members
        ]
        found.append(" <-> ".join(group) + "\n" + "\n".join(why))
    return found


def test_no_package_cycles():
    cycles = package_cycles(graph())
    assert not cycles, "cycles between hybridmem's sub-packages:\n" + "\n".join(cycles)


def test_every_root_module_and_sub_package_is_a_node():
    nodes = set(package_edges(graph()))
    subpackages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    root_modules = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert subpackages <= nodes and root_modules <= nodes and "hybridmem" in nodes
    assert {"core", "store", "index", "embedding", "config", *SERVICES} <= subpackages


def test_services_use_each_other_only_in_the_documented_direction():
    packages = package_edges(graph())
    wrong = [
        f"{src} -> {dst}: " + ", ".join(sorted(packages[src][dst]))
        for src in SERVICES
        for dst in SERVICES
        if dst in packages.get(src, {}) and dst not in SERVICES_MAY_USE[src]
    ]
    assert not wrong, "service imports outside SERVICES_MAY_USE:\n" + "\n".join(wrong)
    allowed_cycles = [g for g in strongly_connected(SERVICES_MAY_USE) if len(g) > 1]
    assert not allowed_cycles, f"SERVICES_MAY_USE itself has a cycle: {allowed_cycles}"


def test_the_package_check_sees_a_cycle_no_module_closes():
    """Two packages importing each other through different modules: no module cycle, one
    package cycle (the shape config.py <-> evolution/config.py had)."""
    edges = {
        "hybridmem.config": {"hybridmem.evolution.config"},
        "hybridmem.evolution.config": set(),
        "hybridmem.evolution.writer": {"hybridmem.config"},
        "hybridmem.memory": {"hybridmem.evolution.writer"},
    }
    assert all(len(g) == 1 for g in strongly_connected(edges))
    cycles = package_cycles(edges)
    assert len(cycles) == 1 and cycles[0].startswith("config <-> evolution")


def test_the_config_package_imports_only_errors():
    """Every layer's settings are composed by MemoryConfig: config/ importing a service (as
    config.py once imported config/evolution.py) would tie the base to that service."""
    packages = package_edges(graph())
    assert set(packages["config"]) <= {"errors"}, packages["config"]
