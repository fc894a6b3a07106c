"""The package's rooms: no import cycle, and only the provider registry imports the offline model."""

import ast

from omseval.config import compose, options
from omseval.identity import code
from tests.helpers.layout import imports, modules


def graph() -> dict[str, set[str]]:
    mods = modules()
    return {name: imports(path, set(mods)) - {name} for name, path in mods.items()}


def runtime_imports(path, known: set[str]) -> set[str]:
    """The project modules a file imports when it runs (function-local imports included): those of its
    `if TYPE_CHECKING:` blocks are type hints only, never run."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            node.body = [ast.Pass()]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {n for n in [node.module, *(f"{node.module}.{a.name}" for a in node.names)] if n in known}
    return found


def runtime_graph() -> dict[str, set[str]]:
    mods = modules()
    return {name: runtime_imports(path, set(mods)) - {name} for name, path in mods.items()}


def test_no_import_cycle():
    g, state, cycles = runtime_graph(), {}, []  # a type hint's import may point back: it never runs

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


def test_a_builds_code_leaves_out_the_answering_and_the_scoring():
    """A build's identity covers its approach's code and all it runs (omseval.identity.code); answering and
    scoring are none of it, so changing them keeps every finished build."""
    for option in options("approach"):
        covered = code(str(compose([f"approach={option}"]).approach._target_).rpartition(".")[0])
        assert covered and not [m for m in covered if m.startswith(("omseval.scorers", "omseval.solvers"))], option
