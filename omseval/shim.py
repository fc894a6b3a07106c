"""The one module that reaches into inspect-ai's private names, each where inspect offers no public way;
tests/test_shim.py fails when an inspect release changes them.

- `LlamaCppPythonAPI`: inspect exports no provider class to adapt, and the `local` provider adapts its
  llama.cpp provider (omseval.local_provider). Imported on first use: it needs the `openai` package.
- `skip_anthropic_state()`: inspect imports its Anthropic provider for every sample when the package is
  installed (for that provider's per-sample state), a cost a run answered by another model need not pay.
"""

from typing import TYPE_CHECKING, Any

from inspect_ai.model import _assistant_internal

if TYPE_CHECKING:
    from inspect_ai.model._providers.llama_cpp_python import LlamaCppPythonAPI as LlamaCppPythonAPI


def skip_anthropic_state() -> None:
    """No Anthropic per-sample state in this process (for runs answered by another model)."""
    _assistant_internal._HAS_ANTHROPIC = False


def __getattr__(name: str) -> Any:
    if name == "LlamaCppPythonAPI":
        from inspect_ai.model._providers.llama_cpp_python import LlamaCppPythonAPI

        return LlamaCppPythonAPI
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
