"""Structure rules: no import cycles between the project's modules (function-level imports included,
so a cycle cannot hide behind a lazy import)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("apps", "mcp_gateway", "worlds", "benchmarks", "tasks", "crossapp")


def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.glob("**/*.py"):
        rel = path.relative_to(ROOT)
        if rel.parts[0] in PACKAGES:
            name = ".".join(rel.with_suffix("").parts).removesuffix(".__init__")
            found[name] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
            out |= set(subs) if len(subs) == len(node.names) else {base, *subs}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return {m for m in out if m in modules and m != name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while (w := stack.pop()) != v:
                part.append(w)
            if part:
                found.append(sorted([v, *part]))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles():
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert _cycles(graph) == []


def test_the_detector_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# Layers, lowest first: a package may import only the packages listed for it (function-level imports
# included). The task framework (`tasks`) sits below the apps' families and beside the engine; the gateway
# only serves it.
ALLOWED_IMPORTS = {
    "worlds": {"worlds", "apps"},
    "apps": {"apps", "worlds", "tasks"},
    "tasks": {"tasks", "apps", "worlds"},
    "crossapp": {"crossapp", "tasks", "apps", "worlds"},
}


def _layer_violations(modules: dict[str, Path]) -> list[str]:
    found = []
    for name, path in modules.items():
        allowed = ALLOWED_IMPORTS.get(name.split(".")[0])
        if allowed is None:
            continue
        for target in _imports(name, path, modules):
            if target.split(".")[0] not in allowed:
                found.append(f"{name} imports {target}")
    return sorted(found)


def test_the_task_framework_apps_and_worlds_never_import_the_gateway():
    assert _layer_violations(_modules()) == []


def test_the_layer_check_sees_a_lazy_import_of_the_gateway(tmp_path):
    module = tmp_path / "verdict.py"
    module.write_text("def f():\n    from mcp_gateway.live import LiveServer\n")
    modules = {"tasks.verifier.verdict": module, "mcp_gateway.live": module}
    assert _layer_violations(modules) == ["tasks.verifier.verdict imports mcp_gateway.live"]
