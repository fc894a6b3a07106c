"""The project's modules and the project modules each imports."""

import ast
from pathlib import Path

from tests.helpers import ROOT

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
