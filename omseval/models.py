"""The model of a run, from config: one code path for every inspect-ai model."""

import os

from inspect_ai.model import CachePolicy, GenerateConfig, Model, ModelOutput, ModelUsage, get_model

from omseval import local
from omseval.errors import UserError


def cache_policy(enabled: bool, **scopes: str) -> CachePolicy | bool:
    """inspect's model-call cache, kept without expiry; `scopes` separate calls that share a prompt."""
    return CachePolicy(expiry=None, scopes=scopes) if enabled else False


def check_environment(cfg) -> None:
    """Refuse before any work when the model needs an API key that is not set, or a local model is unusable."""
    var = cfg.model.api_key_env
    if var and not os.environ.get(var):
        raise UserError(f"model={cfg.model.label} needs the environment variable {var} (an API key); it is not set")
    if local.is_local(cfg.model):
        local.check(cfg.model)


def make_model(cfg, served: dict | None = None) -> Model:
    """The configured model; `served` holds the address and identity of a local server (omseval.local.serving)."""
    m = cfg.model
    config = GenerateConfig(
        max_connections=m.max_connections, max_tokens=m.max_tokens, temperature=m.temperature,
        timeout=m.timeout, max_retries=m.max_retries, seed=m.seed,
    )
    args = {"base_url": m.base_url} | (served or {})
    if m.name.startswith("mockllm/"):
        args["custom_outputs"] = _mock_output
    return get_model(m.name, config=config, **args)


def _mock_output(*_) -> ModelOutput:
    """mockllm's default reply with token usage set (without it, mockllm fetches a tokenizer online)."""
    out = ModelOutput.from_content("mockllm", "Default output from mockllm/model")
    out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return out
