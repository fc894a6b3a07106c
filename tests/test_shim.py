"""omseval.shim's private inspect-ai names still exist and work as the shim assumes: these fail when an
inspect release changes them, so the shim is mended before a run breaks."""

import ast
import inspect
import sys

import pytest
from inspect_ai.model import ModelAPI, _assistant_internal

from omseval import shim
from tests.helpers.layout import modules

ANTHROPIC_STATE = "inspect_ai.model._providers.anthropic"


def test_skipping_the_anthropic_state_keeps_its_provider_unimported(monkeypatch):
    monkeypatch.setattr(_assistant_internal, "_HAS_ANTHROPIC", _assistant_internal._HAS_ANTHROPIC)  # restored after
    monkeypatch.delitem(sys.modules, ANTHROPIC_STATE, raising=False)
    shim.skip_anthropic_state()
    _assistant_internal.init_sample_assistant_internal()
    assert ANTHROPIC_STATE not in sys.modules


def test_the_llama_cpp_provider_takes_what_the_local_provider_passes():
    pytest.importorskip("openai")
    api = shim.LlamaCppPythonAPI
    assert issubclass(api, ModelAPI)
    assert list(inspect.signature(api.__init__).parameters)[:5] == [
        "self",
        "model_name",
        "base_url",
        "api_key",
        "config",
    ]
    assert list(inspect.signature(api.completion_params).parameters) == ["self", "config", "tools"]
    assert inspect.iscoroutinefunction(api.generate)


def private_names(path) -> set[str]:
    """The private inspect-ai or Hydra modules and names a file imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        found |= {
            n
            for n in names
            if n.split(".")[0] in ("inspect_ai", "hydra") and any(p.startswith("_") for p in n.split("."))
        }
    return found


def test_no_other_module_imports_a_private_inspect_or_hydra_name():
    assert private_names(modules()["omseval.shim"])  # the check sees the shim's own
    assert {
        name: found for name, path in modules().items() if name != "omseval.shim" and (found := private_names(path))
    } == {}
