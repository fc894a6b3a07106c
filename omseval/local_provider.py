"""`local/<alias>`: inspect-ai's llama-cpp-python provider, talking to the server omseval.local started.

Adaptations: llama.cpp's server takes a JSON schema as `{"type": "json_object", "schema": ...}` (it
refuses OpenAI's `json_schema` form) and enforces all of it, so every free string gets a pattern: a
length that lets the object close within max_tokens (a small model otherwise loops inside a string
until the reply is cut short), and no control character (llama-cpp-python's grammar allows raw
newlines inside strings, which strict JSON refuses); replies are keyed by the model file, not the port; and a server
that no longer answers on its loopback port has stopped, which ends the run (a rerun resumes) rather
than costing every remaining sample its evidence.
"""

from typing import Any

from inspect_ai.model import ChatMessage, GenerateConfig, ModelCall, ModelOutput
from inspect_ai.tool import ToolChoice, ToolInfo
from openai import APIConnectionError, APITimeoutError

from omseval.errors import ServiceStopped
from omseval.shim import LlamaCppPythonAPI

# llama-cpp-python's grammar nests one level per character of a bounded string: 1024 levels crashed its
# server (SIGSEGV), 700 did not
LONGEST_STRING = 512
MAX_ITEMS = 6  # an open array is bounded too, so that a reply of several items still closes within max_tokens


class LocalAPI(LlamaCppPythonAPI):
    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig | None = None,
        identity: str | None = None,
        **model_args,
    ) -> None:
        # the client connects to base_url ...
        super().__init__(model_name, base_url, api_key, config or GenerateConfig())
        self.server_url = self.base_url
        self.base_url = identity or self.base_url  # ... while inspect's cache and omseval's keys see the model file

    async def generate(
        self, input: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice, config: GenerateConfig
    ) -> ModelOutput | tuple[ModelOutput | Exception, ModelCall]:
        try:
            return await super().generate(input, tools, tool_choice, config)
        except APITimeoutError:
            raise
        except APIConnectionError as e:
            raise ServiceStopped(
                f"the llama.cpp server at {self.server_url} stopped answering ({e}); rerun the same command to resume"
            ) from None

    @property
    def schema_exclude_fields(self) -> set[str] | None:
        return None  # llama.cpp's grammar honours maxLength, pattern and the rest

    def completion_params(self, config: GenerateConfig, tools: bool) -> dict[str, Any]:
        params = super().completion_params(config, tools)
        if fmt := params.get("response_format"):
            schema = fitted(fmt["json_schema"]["schema"], config.max_tokens)
            params["response_format"] = {"type": "json_object", "schema": schema}
        return params


def fitted(schema: dict, max_tokens: int | None) -> dict:
    """The schema with each open array limited to MAX_ITEMS items, and each free string (no enum, length or
    pattern of its own) limited to plain characters (no quote, backslash or control character) and to an equal
    share of half of max_tokens, counted in characters and in all the array items it may repeat in (the other
    half is left for the object's keys and punctuation), at most LONGEST_STRING."""
    free: list[tuple[dict, int]] = []  # (a free string, how many times it may occur)

    def walk(node: Any, times: int) -> None:  # inspect's schemas have no $ref
        if not isinstance(node, dict):
            return
        if node.get("type") == "array":
            node["maxItems"] = min(node.get("maxItems", MAX_ITEMS), max(MAX_ITEMS, node.get("minItems", 0)))
            times *= node["maxItems"]
        if node.get("type") == "string" and not {"enum", "const", "maxLength", "pattern", "format"} & set(node):
            free.append((node, times))
        for value in node.values():
            for child in value if isinstance(value, list) else [value]:
                walk(child, times)

    walk(schema, 1)
    occurrences = sum(times for _, times in free)
    for node, _ in free:
        share = max_tokens // (2 * occurrences) if max_tokens else LONGEST_STRING
        node["pattern"] = rf'^[^"\\\x00-\x1f]{{0,{min(share, LONGEST_STRING)}}}$'
    return schema
