"""Agent scenarios from a file: run the scenario benchmarks on scenarios you wrote.

The file is one JSON document, a list of scenarios (JSON, not JSON Lines: a scenario is a
nested object people write and read by hand). It maps field for field onto
:class:`~benchmarks.scenarios.Scenario`, :class:`~benchmarks.scenarios.ScenarioNode` and
:class:`~benchmarks.scenarios.Probe`::

    [{"id": "move-en", "family": "value_change", "lang": "en",
      "now": "2025-05-01T09:00:00+00:00",
      "nodes": [{"id": "move-en.task", "content": "User profile", "node_type": "task",
                 "parent_id": null, "created_at": "2025-03-01T09:00:00+00:00"}, ...],
      "probes": [{"query": "Where does the user live?", "task_id": "move-en.task",
                  "gold": ["move-en.new"], "stale": ["move-en.old"], "polluters": []}]}]

Optional fields: a node's ``parent_id`` (null) and ``importance`` (null: the engine's
default), a probe's ``task_id`` (null: the whole user tree), ``stale`` and ``polluters`` ([]),
a scenario's ``needed`` ([]) and ``cap`` (0). Times are ISO-8601 with a time zone.

:func:`load_scenarios` checks everything the benchmarks rely on, including what each family's
metrics read (:data:`FAMILY_RULES`), and reports every problem at once, each naming the file,
the scenario and the field. :func:`dump_scenarios` writes scenarios in the same format, so a
generated set (``--dump FILE``) is a working example to start from.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from benchmarks import scenarios_changes
from benchmarks.scenarios import FAMILIES as BASE_FAMILIES
from benchmarks.scenarios import LANGS, Probe, Scenario, ScenarioNode
from hybridmem.config import MemoryConfig
from hybridmem.errors import FileAccessError, InvalidArgumentError, ValidationError
from hybridmem.validation import check_content, check_node_type, check_user_id, check_weight

FAMILIES = (*BASE_FAMILIES, *scenarios_changes.FAMILIES)
"""Every family the scenario metrics know (both generators')."""

FAMILY_RULES: dict[str, str] = {
    "sibling": "two or more task nodes; every probe names its task (task_id, a 'task' node): "
    "sibling_rate counts the top-3 hits that belong to another task",
    "value_change": "every probe has stale ids (the superseded values) beside gold (the "
    "current value): stale_rate; no node id may be '<gold id>.again' (the confirmed variant "
    "of evolution_scenarios restates each gold node under that id)",
    "natural_change": "every probe has stale ids: stale_rate",
    "slotless_change": "every probe has stale ids: stale_rate",
    "hypothetical": "every probe has polluters (the hypotheticals/one-offs): pollution_rate",
    "one_offs": "every probe has polluters: pollution_rate",
    "venting": "every probe has polluters (the vents): pollution_rate",
    "pruning": "needed (ids that must survive forgetting) and a cap (1 <= cap < number of "
    "nodes): false_forget_rate, hit@3_after_pruning",
    "active_path": "a node '<scenario id>.step' (the next step of the paused task, resumed as "
    "the active node), needed and a cap (1 <= cap < number of nodes); the first probe's "
    "task_id is an ancestor of the step: false_forget_rate, recovery",
    "repeats": "every probe's gold lists the copies of one event (two or more ids): "
    "duplicates_in_context / duplicate_rate",
    "recurring": "needed lists the mentions of the theme (two or more ids), probes may be "
    "empty: profile_rate, profile_real_sources",
}
"""What each family's metrics read from a scenario (checked by :func:`load_scenarios`)."""

_NEEDS_STALE = {"value_change", "natural_change", "slotless_change"}
_NEEDS_POLLUTERS = {"hypothetical", "one_offs", "venting"}
_READS_NEEDED = {"pruning", "active_path", "recurring"}
_READS_CAP = {"pruning", "active_path"}

_SCENARIO_FIELDS = ("id", "family", "lang", "now", "nodes", "probes", "needed", "cap")
_NODE_FIELDS = ("id", "content", "node_type", "parent_id", "created_at", "importance")
_PROBE_FIELDS = ("query", "task_id", "gold", "stale", "polluters")


class ScenarioFileError(InvalidArgumentError):
    """A scenario file cannot be used: each line of the message is one problem."""

    def __init__(self, path: Path, problems: Sequence[str]) -> None:
        self.path = path
        self.problems = tuple(problems)
        head = (
            f"{path}: {problems[0]}"
            if len(problems) == 1
            else f"{path}: {len(problems)} problems:\n" + "\n".join(f"- {p}" for p in problems)
        )
        super().__init__(head)


class _Problems:
    """Collects every problem of a file, each prefixed with where it is."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.items.append(f"{where}: {message}" if where else message)


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _fields(
    obj: Any, where: str, known: tuple[str, ...], required: tuple[str, ...], out: _Problems
) -> dict[str, Any] | None:
    """``obj`` as a dict with only known fields and every required one, else None."""
    if not isinstance(obj, dict):
        out.add(where, f"must be a JSON object, got {_kind(obj)}")
        return None
    ok = True
    for key in obj:
        if key not in known:
            out.add(where, f"unknown field {key!r} (fields: {', '.join(known)})")
            ok = False
    for key in required:
        if key not in obj:
            out.add(where, f"missing field {key!r}")
            ok = False
    return obj if ok else None


def _text(value: Any, where: str, out: _Problems) -> str | None:
    if not isinstance(value, str) or not value.strip():
        out.add(where, f"must be a non-empty string, got {value!r:.60}")
        return None
    return value


def _ident(value: Any, where: str, out: _Problems) -> str | None:
    """Scenario and node ids: what the engine takes as a user id / source id."""
    try:
        return check_user_id(value, name="id")
    except ValidationError as exc:
        out.add(where, str(exc).removeprefix("id "))
        return None


def _when(value: Any, where: str, out: _Problems) -> datetime | None:
    if not isinstance(value, str):
        out.add(where, f"must be an ISO-8601 string with a time zone, got {_kind(value)}")
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        out.add(where, f"is not an ISO-8601 date and time: {value!r:.60}")
        return None
    if parsed.tzinfo is None or parsed.utcoffset() is None:
        out.add(where, f"has no time zone (write e.g. {value}+00:00 or {value}Z): {value!r:.60}")
        return None
    return parsed


def _ids(value: Any, where: str, out: _Problems) -> frozenset[str] | None:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        out.add(where, f"must be a list of node ids (strings), got {value!r:.60}")
        return None
    return frozenset(value)


def _node(obj: Any, where: str, out: _Problems) -> ScenarioNode | None:
    raw = _fields(obj, where, _NODE_FIELDS, ("id", "content", "node_type", "created_at"), out)
    if raw is None:
        return None
    before = len(out.items)
    nid = _ident(raw["id"], f"{where}.id", out)
    content: str | None = None
    try:
        content = check_content(raw["content"], max_chars=MemoryConfig().max_content_chars)
    except ValidationError as exc:
        out.add(f"{where}.content", str(exc).removeprefix("content "))
    try:
        node_type = check_node_type(raw["node_type"])
        if node_type == "root":
            out.add(f"{where}.node_type", "'root' is the user's root, made by the engine")
    except ValidationError as exc:
        out.add(f"{where}.node_type", str(exc).removeprefix("node_type "))
    parent = raw.get("parent_id")
    if parent is not None:
        parent = _ident(parent, f"{where}.parent_id", out)
    created = _when(raw["created_at"], f"{where}.created_at", out)
    importance = raw.get("importance")
    if importance is not None:
        try:
            importance = check_weight("importance", importance)
        except ValidationError as exc:
            out.add(f"{where}.importance", str(exc).removeprefix("importance "))
    if len(out.items) > before or nid is None or content is None or created is None:
        return None
    return ScenarioNode(nid, content, raw["node_type"], parent, created, importance)


def _probe(obj: Any, where: str, out: _Problems) -> Probe | None:
    raw = _fields(obj, where, _PROBE_FIELDS, ("query", "gold"), out)
    if raw is None:
        return None
    before = len(out.items)
    query = _text(raw["query"], f"{where}.query", out)
    task = raw.get("task_id")
    if task is not None and not isinstance(task, str):
        out.add(f"{where}.task_id", f"must be a node id or null, got {_kind(task)}")
    gold = _ids(raw["gold"], f"{where}.gold", out)
    if gold is not None and not gold:
        out.add(f"{where}.gold", "is empty: a probe needs at least one id that answers it")
    stale = _ids(raw.get("stale", []), f"{where}.stale", out)
    polluters = _ids(raw.get("polluters", []), f"{where}.polluters", out)
    if len(out.items) > before or query is None or gold is None:
        return None
    assert stale is not None and polluters is not None
    for name, other in (("stale", stale), ("polluters", polluters)):
        if gold & other:
            out.add(f"{where}.{name}", f"{sorted(gold & other)} also in gold")
            return None
    return Probe(query, task, gold, stale, polluters)


def _scenario(obj: Any, where: str, out: _Problems) -> Scenario | None:
    raw = _fields(
        obj, where, _SCENARIO_FIELDS, ("id", "family", "lang", "now", "nodes", "probes"), out
    )
    if raw is None:
        return None
    sid = _ident(raw["id"], f"{where}, id", out)
    if sid is not None:
        where = f"scenario {sid!r}"
    before = len(out.items)
    family = raw["family"]
    if family not in FAMILIES:
        out.add(f"{where}, family", f"unknown family {family!r} (one of: {', '.join(FAMILIES)})")
    if raw["lang"] not in LANGS:
        out.add(f"{where}, lang", f"unknown language {raw['lang']!r} (one of: {', '.join(LANGS)})")
    now = _when(raw["now"], f"{where}, now", out)
    nodes: list[ScenarioNode | None] = []
    if not isinstance(raw["nodes"], list) or not raw["nodes"]:
        out.add(f"{where}, nodes", f"must be a non-empty list of nodes, got {raw['nodes']!r:.60}")
    else:
        nodes = [_node(n, f"{where}, nodes[{i}]", out) for i, n in enumerate(raw["nodes"])]
    probes: list[Probe | None] = []
    if not isinstance(raw["probes"], list):
        out.add(f"{where}, probes", f"must be a list of probes, got {_kind(raw['probes'])}")
    else:
        probes = [_probe(p, f"{where}, probes[{i}]", out) for i, p in enumerate(raw["probes"])]
    needed = _ids(raw.get("needed", []), f"{where}, needed", out)
    cap = raw.get("cap", 0)
    if isinstance(cap, bool) or not isinstance(cap, int) or cap < 0:
        out.add(f"{where}, cap", f"must be a whole number >= 0, got {cap!r:.60}")
    if len(out.items) > before or sid is None or now is None or needed is None:
        return None
    sc = Scenario(
        sid,
        family,
        raw["lang"],
        tuple(n for n in nodes if n is not None),
        tuple(p for p in probes if p is not None),
        now,
        needed=needed,
        cap=cap,
    )
    _check_links(sc, where, out)
    _check_family(sc, where, out)
    return sc if len(out.items) == before else None


def _check_links(sc: Scenario, where: str, out: _Problems) -> None:
    """Ids name nodes of this scenario; parents are written before their children."""
    # The benchmarks write nodes sorted by created_at, ties in file order.
    order = {n.id: i for i, n in enumerate(sorted(sc.nodes, key=lambda n: n.created_at))}
    seen: set[str] = set()
    for i, n in enumerate(sc.nodes):
        at = f"{where}, nodes[{i}]"
        if n.id in seen:
            out.add(f"{at}.id", f"duplicate node id {n.id!r}")
        seen.add(n.id)
        if n.parent_id is not None:
            if n.parent_id not in order:
                out.add(f"{at}.parent_id", f"{n.parent_id!r} is not a node of this scenario")
            elif n.parent_id == n.id:
                out.add(f"{at}.parent_id", "a node cannot be its own parent")
            elif order[n.parent_id] > order[n.id]:
                out.add(
                    f"{at}.parent_id",
                    f"parent {n.parent_id!r} is written after its child (nodes are written in "
                    "created_at order, ties in file order)",
                )
        if n.created_at > sc.now:
            out.add(f"{at}.created_at", f"is after the scenario's now ({sc.now.isoformat()})")
    for j, p in enumerate(sc.probes):
        at = f"{where}, probes[{j}]"
        if p.task_id is not None and p.task_id not in order:
            out.add(f"{at}.task_id", f"{p.task_id!r} is not a node of this scenario")
        for name in ("gold", "stale", "polluters"):
            missing = sorted(getattr(p, name) - order.keys())
            if missing:
                out.add(f"{at}.{name}", f"{missing} not nodes of this scenario")
    missing = sorted(sc.needed - order.keys())
    if missing:
        out.add(f"{where}, needed", f"{missing} not nodes of this scenario")


def _ancestors(sc: Scenario, nid: str) -> list[str]:
    parent = {n.id: n.parent_id for n in sc.nodes}
    chain: list[str] = []
    cur = parent.get(nid)
    while cur is not None and cur not in chain:
        chain.append(cur)
        cur = parent.get(cur)
    return chain


def _check_family(sc: Scenario, where: str, out: _Problems) -> None:
    """What the family's metrics read is there (see :data:`FAMILY_RULES`)."""
    fam = sc.family
    if not sc.probes and fam != "recurring":
        out.add(f"{where}, probes", f"is empty: {fam} scores its probes")
    if sc.needed and fam not in _READS_NEEDED:
        out.add(f"{where}, needed", f"is read only by {', '.join(sorted(_READS_NEEDED))}")
    if sc.cap and fam not in _READS_CAP:
        out.add(f"{where}, cap", f"is read only by {', '.join(sorted(_READS_CAP))}")
    if fam in ("pruning", "active_path") and not sc.needed:
        out.add(f"{where}, needed", f"is missing: {fam} scores the forgetting of needed ids")
    if fam == "recurring" and len(sc.needed) < 2:
        out.add(f"{where}, needed", "must list two or more mentions of the recurring theme")
    if fam in _READS_CAP and not 1 <= sc.cap < len(sc.nodes):
        out.add(
            f"{where}, cap",
            f"must be between 1 and {len(sc.nodes) - 1} (fewer than the nodes, or {fam} "
            f"forgets nothing), got {sc.cap}",
        )
    kinds = {n.id: n.node_type for n in sc.nodes}
    for j, p in enumerate(sc.probes):
        at = f"{where}, probes[{j}]"
        if fam in _NEEDS_STALE and not p.stale:
            out.add(f"{at}.stale", f"is empty: {fam} scores stale_rate (stale ranked above gold)")
        if fam in _NEEDS_POLLUTERS and not p.polluters:
            out.add(
                f"{at}.polluters",
                f"is empty: {fam} scores pollution_rate (polluters ranked above gold)",
            )
        if fam == "repeats" and len(p.gold) < 2:
            out.add(f"{at}.gold", "must list two or more copies of the repeated event")
        if fam == "sibling" and (p.task_id is None or kinds.get(p.task_id) != "task"):
            out.add(
                f"{at}.task_id",
                f"must name a 'task' node (sibling scores hits from other tasks), got "
                f"{p.task_id!r}",
            )
    if fam == "sibling" and sum(k == "task" for k in kinds.values()) < 2:
        out.add(f"{where}, nodes", "need two or more 'task' nodes (sibling tasks)")
    if fam == "value_change":
        clash = sorted({f"{g}.again" for p in sc.probes for g in p.gold} & kinds.keys())
        if clash:
            out.add(
                f"{where}, nodes",
                f"ids {clash} are reserved: the confirmed variant of evolution_scenarios "
                "restates each gold node as '<gold id>.again'",
            )
    if fam == "active_path":
        step = f"{sc.id}.step"
        if step not in kinds:
            out.add(f"{where}, nodes", f"no node {step!r}: active_path resumes the task there")
        elif sc.probes and sc.probes[0].task_id not in _ancestors(sc, step):
            out.add(
                f"{where}, probes[0].task_id",
                f"must name an ancestor of {step!r} (the paused task), got "
                f"{sc.probes[0].task_id!r}",
            )


def load_scenarios(path: str | Path) -> tuple[Scenario, ...]:
    """The scenarios of the JSON file at ``path``.

    Raises :class:`ScenarioFileError` listing every problem (file, scenario, field, what is
    wrong), or :class:`~hybridmem.errors.FileAccessError` when the file cannot be read.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioFileError(path, [f"not UTF-8 text ({exc.reason})"]) from exc
    except OSError as exc:
        raise FileAccessError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioFileError(
            path, [f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"]
        ) from exc
    if not isinstance(data, list) or not data:
        raise ScenarioFileError(
            path, [f"must hold a non-empty JSON list of scenarios, got {data!r:.60}"]
        )
    out = _Problems()
    scenarios = [_scenario(obj, f"scenario #{i}", out) for i, obj in enumerate(data)]
    seen: set[str] = set()
    for sc in scenarios:
        if sc is not None and sc.id in seen:
            # Each scenario is its own user of one store: two with one id would share a tree.
            out.add(f"scenario {sc.id!r}, id", "duplicate scenario id")
        if sc is not None:
            seen.add(sc.id)
    if out.items:
        raise ScenarioFileError(path, out.items)
    return tuple(sc for sc in scenarios if sc is not None)


def scenario_to_json(sc: Scenario) -> dict[str, Any]:
    """One scenario as the file writes it (optional fields only when set)."""
    out: dict[str, Any] = {"id": sc.id, "family": sc.family, "lang": sc.lang}
    out["now"] = sc.now.isoformat()
    if sc.needed:
        out["needed"] = sorted(sc.needed)
    if sc.cap:
        out["cap"] = sc.cap
    out["nodes"] = []
    for n in sc.nodes:
        node: dict[str, Any] = {
            "id": n.id,
            "content": n.content,
            "node_type": n.node_type,
            "parent_id": n.parent_id,
            "created_at": n.created_at.isoformat(),
        }
        if n.importance is not None:
            node["importance"] = n.importance
        out["nodes"].append(node)
    out["probes"] = [
        {
            "query": p.query,
            "task_id": p.task_id,
            "gold": sorted(p.gold),
            "stale": sorted(p.stale),
            "polluters": sorted(p.polluters),
        }
        for p in sc.probes
    ]
    return out


def dump_scenarios(scenarios: Iterable[Scenario], path: str | Path) -> Path:
    """Write ``scenarios`` to ``path`` in the file format; return the path."""
    path = Path(path)
    text = json.dumps([scenario_to_json(sc) for sc in scenarios], indent=2, ensure_ascii=False)
    try:
        path.write_text(text + "\n", encoding="utf-8")
    except OSError as exc:
        raise FileAccessError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from exc
    return path
