"""`omseval/heuristic`: the offline model as an inspect-ai model provider.

Not a language model: a deterministic lexical procedure (see omseval.offline) that makes every
experiment runnable with no API key and no network. Its scores describe the heuristic only.
"""

import json

import anyio
from inspect_ai.model import (
    ChatMessage,
    GenerateConfig,
    ModelAPI,
    ModelCall,
    ModelOutput,
    ModelUsage,
    modelapi,
)
from inspect_ai.tool import ToolChoice, ToolInfo

from omseval.models import endpoint
from omseval.offline import answering


class HeuristicAPI(ModelAPI):
    """Answers from the prompt's XML-tagged slots by lexical ranking and rule-based edits; its token usage is
    characters / 4 (`tokens`). `latency` (seconds
    per call, `model.latency`) makes each call wait that long without using the CPU, as a served model's
    calls do, so that the concurrency of a run can be measured; its replies are the same."""

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig | None = None,
        latency: float = 0.0,
        **model_args,
    ) -> None:
        # the model's code is its "weights": cached replies are keyed by it (inspect's cache keys on base_url)
        super().__init__(model_name, endpoint(f"omseval/{model_name}"), api_key, [], config or GenerateConfig())
        self.latency = latency

    async def generate(
        self, input: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice, config: GenerateConfig
    ) -> tuple[ModelOutput, ModelCall]:
        prompt = "\n\n".join(m.text for m in input)
        if self.latency:
            await anyio.sleep(self.latency)
        schema = config.response_schema
        declared = next((m.metadata["role"] for m in reversed(input) if m.metadata and "role" in m.metadata), None)
        role = schema.name if schema else declared
        output = answering.output(self.model_name, prompt, role, schema, tools, tool_choice)  # text or tool calls
        completion = output.completion + "".join(json.dumps(c.arguments) for c in output.message.tool_calls or [])
        n_in, n_out = tokens(prompt), tokens(completion)
        output.usage = ModelUsage(input_tokens=n_in, output_tokens=n_out, total_tokens=n_in + n_out)
        call = ModelCall.create({"model": self.model_name, "prompt": prompt}, {"completion": completion})
        return output, call

    def max_connections(self) -> int:
        return 32


def tokens(text: str) -> int:
    """The usage the heuristic reports for a text: its characters / 4, rounded up. It has no tokenizer (it is no
    language model), so this is an approximation, in the unit `plan=true` estimates tokens in."""
    return -(-len(text) // 4)


@modelapi(name="omseval")
def heuristic_provider() -> type[ModelAPI]:
    return HeuristicAPI
