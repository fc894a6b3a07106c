"""The package's rooms: no import cycle, and only the provider registry imports the offline model."""

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGES = {"omseval": ROOT / "omseval", "omseval.solvers": ROOT / "solvers", "omseval.scorers": ROOT / "scorers"}


def modules() -> dict[str, Path]:
    out = {}
    for package, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            name = ".".join((package, *parts)).removesuffix(".__init__")
            out[name] = path
    return out


def imports(path: Path, known: set[str]) -> set[str]:
    """The project modules a file imports, anywhere in it (function-local imports included)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        found |= {n for n in names if n in known}
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {name: imports(path, set(mods)) - {name} for name, path in mods.items()}


def test_no_import_cycle():
    g, state, cycles = graph(), {}, []

    def visit(m, trail):
        state[m] = "open"
        for n in sorted(g[m]):
            if state.get(n) == "open":
                cycles.append(trail[trail.index(n) :] + [n])
            elif n not in state:
                visit(n, trail + [n])
        state[m] = "done"

    for m in sorted(g):
        if m not in state:
            visit(m, [m])
    assert not cycles


def test_only_the_registry_imports_the_offline_model():
    outside = {
        m
        for m, deps in graph().items()
        if not m.startswith("omseval.offline") and any(d.startswith("omseval.offline") for d in deps)
    }
    assert outside == {"omseval._registry"}
