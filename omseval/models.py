"""The model of a run, from config: one code path for every inspect-ai model, and what its failures mean.

A call that fails past inspect's retries is one of:
- a service failure (no connection, a time-out, 429, 5xx, 529): the run stops before it becomes a result, and a
  rerun resumes (`ServiceStopped`, exit 1);
- a rejected key (401, 403): the user's mistake (`KeyRejected`, exit 2);
- a request the model's API refuses as invalid (another 4xx, say a prompt over the context window): the model's
  own failure, a processing loss in a build and missing evidence for an answer;
- anything else: a fault.
A call refused because the command's spend reached `budget_usd` (`budget`) stops the run as a service failure does.
"""

import importlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

from filelock import FileLock
from inspect_ai.model import CachePolicy, GenerateConfig, Model, ModelOutput, ModelUsage, RetryDecision, get_model
from inspect_ai.util import LimitExceededError
from tenacity import RetryError

from omseval.errors import ServiceStopped, UserError
from omseval.identity import code_digest
from omseval.shim import skip_anthropic_state

Failure = Literal["service", "key", "refused", "budget"]
SERVICE_ERRORS = ("APIConnectionError", "APITimeoutError", "ConnectError", "ConnectTimeout", "ReadTimeout",
                  "RemoteProtocolError", "ReadError", "WriteError", "PoolTimeout", "InternalServerError",
                  "OverloadedError", "RateLimitError", "ServiceUnavailableError")  # fmt: skip


class KeyRejected(UserError):
    """The model's API refused the key: the user's mistake, at the first call."""


def cache_policy(enabled: bool, **scopes: str) -> CachePolicy | bool:
    """inspect's model-call cache, kept without expiry; `scopes` separate calls that share a prompt."""
    return CachePolicy(expiry=None, scopes=scopes) if enabled else False


def last_error(e: BaseException) -> BaseException:
    """For retries that ran out (tenacity's RetryError), the last attempt's error."""
    if isinstance(e, RetryError) and (last := e.last_attempt.exception()) is not None:
        return last
    return e


def failure(model: Model, e: BaseException) -> Failure | None:
    """What a model call's error past inspect's retries means (see the module); None for a fault."""
    e = last_error(e)
    if isinstance(e, OverBudget):
        return "budget"
    response = getattr(e, "response", None)
    status = getattr(e, "status_code", None) or getattr(response, "status_code", None)
    status = status if isinstance(status, int) else None
    if status in (401, 403):
        return "key"
    if isinstance(e, ServiceStopped | TimeoutError | ConnectionError) or type(e).__name__ in SERVICE_ERRORS:
        return "service"
    if status is not None:
        return "service" if status in (408, 409, 425, 429) or status >= 500 else "refused"
    if isinstance(e, Exception):
        decision = model.api.should_retry(e)
        if decision.retry if isinstance(decision, RetryDecision) else bool(decision):
            return "service"
    return None


def refusal(model: Model, e: Exception) -> str:
    """What a failed call means to the code that made it: a request the model's API refused as invalid (the
    model's own failure: a processing loss, missing evidence) comes back as its one-line description; a service
    failure, a rejected key or a spent budget is raised as the stop (`stop`); any other error, a fault, as it is."""
    kind = failure(model, e)
    if kind is None:
        raise e
    if kind != "refused":
        raise stop(model, e, kind) from None
    return describe(e)


def describe(e: BaseException) -> str:
    """An error as one line; for retries that ran out, the last attempt's error."""
    e = last_error(e)
    text = " ".join(f"{type(e).__name__}: {e}".split())
    return text if len(text) <= 300 else text[:299] + "…"  # an API's error may quote the whole request


def stop(model: Model, e: BaseException, kind: Failure) -> Exception:
    """The exception that stops a run for a service failure, a rejected key or a budget reached."""
    if kind == "budget":  # logged as a ServiceStopped, an eval's stop is read as one (exit 1, a rerun resumes)
        return ServiceStopped(f"{last_error(e)}, and the run stops unfinished")
    service = f"{model}" + (f" at {model.api.base_url}" if model.api.base_url else "")
    if kind == "key":
        return KeyRejected(f"{service}: the API rejected the key ({describe(e)})")
    return ServiceStopped(f"{service} failed past its retries: {describe(e)}")


def endpoint(name: str, base_url: str | None = None) -> str | None:
    """What serves a model, standing for its revision in a run's identity and in inspect's cache key: the offline
    model's code, or the configured base URL (None: the provider's own). A local model's is its file (omseval.local)."""
    if name.startswith("omseval/"):  # its own code and its plug-in roles' (imported by name: code_digest of a
        roles = importlib.import_module("omseval.offline.answering").roles_fingerprint()  # caller stays off it)
        return f"heuristic:{code_digest('omseval.offline.provider')}:{roles}"
    return base_url


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


def make_model(m, served: dict | None = None) -> Model:
    """The model of a conf/model option `m`; `served` holds the address and identity of a local server
    (omseval.local.serving)."""
    if not m.name.startswith("anthropic/"):
        skip_anthropic_state()
    if os.environ.get(BUDGET):
        _watch_spend()  # a suite's worker process: the command's budget holds here too
    args = {"base_url": m.base_url} | (served or {})
    if m.latency:  # the offline model's simulated latency (refused for any other model)
        args["latency"] = m.latency
    if m.name.startswith("mockllm/"):
        args["custom_outputs"] = _mock_output
    return get_model(m.name, config=generate_config(m), **args)


def _mock_output(*_) -> ModelOutput:
    """mockllm's default reply with token usage set (without it, mockllm fetches a tokenizer online)."""
    out = ModelOutput.from_content("mockllm", "Default output from mockllm/model")
    out.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return out


BUDGET = "OMSEVAL_BUDGET"  # the armed budget (JSON), for this process and the worker processes it starts


class OverBudget(LimitExceededError):
    """A model call refused before it is sent: the command's spend has reached `budget_usd`. A LimitExceededError,
    because inspect passes on only those from a hook (it logs any other exception and carries on); `failure` reads
    it as "budget" and `stop` makes it a ServiceStopped, so it never reaches inspect's sample as a limit."""


@contextmanager
def budget(usd: float, prices: dict[str, tuple[float, float]]) -> Iterator[None]:
    """`budget_usd`: while the block runs, the cost of every model call this process and its worker processes make
    is counted (inspect's `on_model_usage` hook: tokens at the model's price, `prices`: model name -> dollars per
    million input and output tokens; a cache hit costs nothing), and once it has reached `usd`, every model call
    is refused before it is sent (`on_before_model_generate`), which stops the run. Calls already under way
    finish, so the spend can pass `usd` by the calls in flight (at most the models' max_connections)."""
    folder = tempfile.mkdtemp(prefix="omseval-budget-")
    os.environ[BUDGET] = json.dumps({"usd": usd, "prices": prices, "spend": str(Path(folder) / "spend")})
    _watch_spend()
    try:
        yield
    finally:
        os.environ.pop(BUDGET, None)
        shutil.rmtree(folder, ignore_errors=True)


class _Spend:
    """The armed budget: its limit, the models' prices and the file that holds the spend (one file, locked while
    it is added to, so that a suite's worker processes share one spend)."""

    def __init__(self, armed: str):
        data = json.loads(armed)
        self.usd, self.prices, self.path = float(data["usd"]), data["prices"], Path(data["spend"])

    def spent(self) -> float:
        try:
            return float(self.path.read_text(encoding="utf-8") or 0)
        except FileNotFoundError:
            return 0.0

    def add(self, model_name: str, usage: ModelUsage) -> None:
        if (price := self.prices.get(model_name)) is None:
            return
        tokens_in = usage.input_tokens + (usage.input_tokens_cache_write or 0) + (usage.input_tokens_cache_read or 0)
        cost = (tokens_in * price[0] + usage.output_tokens * price[1]) / 1e6  # cache reads at the full input rate
        with FileLock(f"{self.path}.lock"):
            spent = self.spent() + cost
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(repr(spent), encoding="utf-8")
            os.replace(tmp, self.path)

    def check(self) -> None:
        if (spent := self.spent()) > 0 and spent >= self.usd:
            message = f"budget_usd={self.usd:g} reached: this command's model calls have cost ${spent:.4f}"
            raise OverBudget("cost", value=spent, limit=self.usd, message=message)


_watching = False


def _watch_spend() -> None:
    """Register the budget's inspect hook in this process, once (registered only where a budget is armed: inspect
    announces every registered hook when an eval starts). It is enabled while a budget is armed."""
    global _watching
    if _watching:
        return
    from inspect_ai.hooks import BeforeModelGenerate, Hooks, ModelUsageData, hooks

    @hooks(name="omseval_budget", description="budget_usd: stops the run once its model calls cost that much")
    class Budget(Hooks):
        def enabled(self) -> bool:
            return bool(os.environ.get(BUDGET))

        async def on_model_usage(self, data: ModelUsageData) -> None:
            if armed := os.environ.get(BUDGET):
                _Spend(armed).add(data.model_name, data.usage)

        async def on_before_model_generate(self, data: BeforeModelGenerate) -> None:
            if armed := os.environ.get(BUDGET):
                _Spend(armed).check()

    _watching = True
