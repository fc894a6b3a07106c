"""The model of a run, from config: one code path for every inspect-ai model."""

from inspect_ai.model import (
    CachePolicy,
    GenerateConfig,
    Model,
    ModelOutput,
    ModelUsage,
    RetryDecision,
    get_model,
)
from tenacity import RetryError

from omseval.shim import skip_anthropic_state


def cache_policy(enabled: bool, **scopes: str) -> CachePolicy | bool:
    """inspect's model-call cache, kept without expiry; `scopes` separate calls that share a prompt."""
    return CachePolicy(expiry=None, scopes=scopes) if enabled else False


def model_error(model: Model, e: Exception) -> bool:
    """A time-out, a service failure that outlasted inspect's retries (tenacity's RetryError), or an error
    the model's provider classifies as a service failure."""
    if isinstance(e, (TimeoutError, RetryError)):
        return True
    decision = model.api.should_retry(e)
    return decision.retry if isinstance(decision, RetryDecision) else bool(decision)


def describe(e: BaseException) -> str:
    """An error as one line; for retries that ran out, the last attempt's error."""
    if isinstance(e, RetryError) and (last := e.last_attempt.exception()) is not None:
        e = last
    return f"{type(e).__name__}: {e}"


def generate_config(m) -> GenerateConfig:
    """Inspect's generation settings from a conf/model option."""
    return GenerateConfig(
        max_connections=m.max_connections,
        max_tokens=m.max_tokens,
        temperature=m.temperature,
        timeout=m.timeout,
        max_retries=m.max_retries,
        seed=m.seed,
    )


def make_model(cfg, served: dict | None = None) -> Model:
    """The configured model; `served` holds the address and identity of a local server (omseval.local.serving)."""
    m = cfg.model
    config = generate_config(m)
    if not m.name.startswith("anthropic/"):
        skip_anthropic_state()
    args = {"base_url": m.base_url} | (served or {})
    if m.latency:  # the offline model's simulated latency (refused for any other model)
        args["latency"] = m.latency
    if m.name.startswith("mockllm/"):
        args["custom_outputs"] = _mock_output
    return get_model(m.name, config=config, **args)


def _mock_output(*_) -> ModelOutput:
    """mockllm's default reply with token usage set (without it, mockllm fetches a tokenizer online)."""
    out = ModelOutput.from_content("mockllm", "Default output from mockllm/model")
    out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return out
