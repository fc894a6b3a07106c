"""`local/<alias>`: inspect-ai's llama-cpp-python provider, talking to the server omseval.local started.

Adaptations: llama.cpp's server takes a JSON schema as `{"type": "json_object", "schema": ...}` (it
refuses OpenAI's `json_schema` form) and enforces all of it, lengths and patterns included; replies are keyed by the model file, not the port; and a server
that no longer answers on its loopback port has stopped, which ends the run (a rerun resumes) rather
than costing every remaining sample its evidence.
"""

from typing import Any

from inspect_ai.model import ChatMessage, GenerateConfig, ModelOutput
from inspect_ai.model._providers.llama_cpp_python import LlamaCppPythonAPI
from inspect_ai.tool import ToolChoice, ToolInfo
from openai import APIConnectionError, APITimeoutError


class LocalServerStopped(RuntimeError):
    """The run's llama.cpp server is gone: not a reply to count, a run to resume."""


class LocalAPI(LlamaCppPythonAPI):
    def __init__(self, model_name: str, base_url: str | None = None, api_key: str | None = None,
                 config: GenerateConfig = GenerateConfig(), identity: str | None = None, **model_args) -> None:
        super().__init__(model_name, base_url, api_key, config)  # the client connects to base_url ...
        self.server_url = self.base_url
        self.base_url = identity or self.base_url  # ... while inspect's cache and omseval's keys see the model file

    async def generate(self, input: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice,
                       config: GenerateConfig) -> ModelOutput | tuple[ModelOutput, Any]:
        try:
            return await super().generate(input, tools, tool_choice, config)
        except APITimeoutError:
            raise
        except APIConnectionError as e:
            raise LocalServerStopped(f"the llama.cpp server at {self.server_url} stopped answering ({e}); "
                                     "rerun the same command to resume") from None

    @property
    def schema_exclude_fields(self) -> set[str] | None:
        return None  # llama.cpp's grammar honours maxLength, pattern and the rest: a small model's loop ends

    def completion_params(self, config: GenerateConfig, tools: bool) -> dict[str, Any]:
        params = super().completion_params(config, tools)
        if fmt := params.get("response_format"):
            params["response_format"] = {"type": "json_object", "schema": fmt["json_schema"]["schema"]}
        return params
