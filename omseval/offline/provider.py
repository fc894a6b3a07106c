"""`omseval/heuristic`: the offline model as an inspect-ai model provider.

Not a language model: a deterministic lexical procedure (see omseval.offline) that makes every
experiment runnable with no API key and no network. Its scores describe the heuristic only.
"""

import hashlib
from pathlib import Path

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

from omseval import text
from omseval.offline import answering
from omseval.pack_schema import lint

# The model's code is its "weights": cached replies are keyed by it (inspect's cache keys on base_url).
CODE = sorted(Path(__file__).parent.glob("*.py")) + [Path(text.__file__), Path(lint.__file__)]
FINGERPRINT = hashlib.sha256(b"".join(p.read_bytes() for p in CODE)).hexdigest()[:16]


class HeuristicAPI(ModelAPI):
    """Answers from the prompt's XML-tagged slots by lexical ranking and rule-based edits. `latency` (seconds
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
        super().__init__(model_name, base_url or f"heuristic:{FINGERPRINT}", api_key, [], config or GenerateConfig())
        self.latency = latency

    async def generate(
        self, input: list[ChatMessage], tools: list[ToolInfo], tool_choice: ToolChoice, config: GenerateConfig
    ) -> tuple[ModelOutput, ModelCall]:
        prompt = "\n\n".join(m.text for m in input)
        if self.latency:
            await anyio.sleep(self.latency)
        completion = answering.respond(prompt, config.response_schema.name if config.response_schema else None)
        output = ModelOutput.from_content(model=self.model_name, content=completion)
        n_in, n_out = len(prompt.split()), len(completion.split())
        output.usage = ModelUsage(input_tokens=n_in, output_tokens=n_out, total_tokens=n_in + n_out)
        call = ModelCall.create({"model": self.model_name, "prompt": prompt}, {"completion": completion})
        return output, call

    def max_connections(self) -> int:
        return 32


@modelapi(name="omseval")
def heuristic_provider() -> type[ModelAPI]:
    return HeuristicAPI
