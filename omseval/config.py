"""The config behind conf/: its structured schema, and `compose`, the one function that composes a run's config
(`python -m omseval` composes through Hydra's app, which uses the same conf/ and schema)."""

import difflib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from hydra import compose as hydra_compose
from hydra import initialize_config_module
from hydra.core.config_store import ConfigStore
from hydra.core.global_hydra import GlobalHydra
from hydra.errors import HydraException
from omegaconf import MISSING, DictConfig, OmegaConf
from omegaconf.errors import OmegaConfBaseException

from omseval.errors import UserError

CONF = "omseval.conf"
GROUPS = ("experiment", "approach", "corpus", "model", "store", "suite")
SECRET = re.compile(r"(?i)(password|secret|token|api_key)$")  # config keys whose values are never written
REDACTED = "<redacted>"


class DocumentLayout(StrEnum):
    shared_file = "shared_file"  # one shared guidance file, starting empty
    skill_documents = "skill_documents"  # the pack's starting skill documents (05), one per skill


@dataclass
class CorpusConfig:
    name: str = MISSING  # a corpus of the pack (omseval.pack_schema.CORPORA)
    layout: DocumentLayout = MISSING
    selection_template: str | None = None  # 06 template for choosing a file (null: one file, nothing to choose)
    editing_template: str = MISSING  # 06 template for rewriting a document


@dataclass
class PriceConfig:
    input_per_mtok: float = 0.0  # dollars per million input tokens
    output_per_mtok: float = 0.0  # dollars per million output tokens


@dataclass
class ModelConfig:
    name: str = MISSING  # an inspect-ai model name
    label: str = MISSING  # how reports name it
    language_model: bool = True  # false for the offline heuristic: its numbers are not a model's results
    api_key_env: str | None = None  # environment variable that must be set before any work starts
    base_url: str | None = None
    max_connections: int = 10
    max_tokens: int | None = None
    temperature: float | None = None
    timeout: int | None = None  # seconds per model call
    max_retries: int | None = None
    seed: int | None = None  # sampling seed, for providers that take one
    path: str | None = None  # local: a GGUF model file; null: the packaged SmolLM2-135M-Instruct
    context: int | None = None  # local: the context window in tokens (llama.cpp's n_ctx)
    price: PriceConfig | None = None  # null: unknown, reports show no cost
    latency: float = 0.0  # offline model only: seconds each call waits (no CPU), to measure a run's concurrency
    seconds_per_call: float | None = None  # plan=true: a call's expected wall time (null: a rough default)


@dataclass
class StoreConfig:
    _target_: str = MISSING  # the store class's constructor for one build; the class says what kind it is
    uri: str | None = None  # a server store: bolt://host:port
    user: str | None = None
    password: str | None = None  # a secret: redacted wherever a config is written, never part of a run's identity
    database: str | None = None


@dataclass
class PackConfig:
    path: str | None = None  # null: the shipped pack


@dataclass
class Config:
    experiment: Any = MISSING  # `_target_` names the experiment class; the other keys are its options
    approach: Any = MISSING  # `_target_` names the builder class; the other keys are its options
    corpus: CorpusConfig = MISSING
    model: ModelConfig = MISSING
    store: StoreConfig = MISSING
    pack: PackConfig = field(default_factory=PackConfig)
    seed: int | None = None  # correction-stream ordering seed; null: the pack's own sequence (02)
    log_dir: str = "logs"
    limit: int | None = None  # first N questions (smoke runs)
    epochs: int = 1  # each question asked this many times (inspect's epochs; the model cache is kept per epoch)
    rules: int | None = None  # a quick subset: N of the corpus's rules (seeded, across skills); null: all
    cache: bool = True  # inspect-ai's model-call cache
    judge: str | None = None  # a conf/model option that also grades every answer (null: no judge)
    max_samples: int | None = None  # samples answered at once (null: inspect's default, max_connections + 1)
    plan: bool = False  # print the run's calls, tokens, cost and time, estimated without calling a model, and stop
    budget_usd: float | None = None  # refuse a run whose estimate exceeds it; stop one whose spend reaches it
    suite: Any = None  # conf/suite: run every listed experiment x approach x corpus (omseval.suite)


def register() -> None:
    ConfigStore.instance().store(name="base_config", node=Config)


@contextmanager
def hydra() -> Iterator[None]:
    """Hydra initialised with omseval's configs: the running app's (whose search path holds the plug-ins' configs
    too), or, outside the app, a fresh one for the block."""
    register()
    if GlobalHydra.instance().is_initialized():
        yield
        return
    with initialize_config_module(CONF, version_base="1.3"):
        yield


def compose(overrides: list[str]) -> DictConfig:
    """The config `python -m omseval <overrides>` runs with; Hydra's refusal of it in one line."""
    try:
        with hydra():
            return hydra_compose(config_name="config", overrides=overrides)
    except (HydraException, OmegaConfBaseException) as e:
        raise UserError(one_line(str(e) + (f"\n{e.__cause__}" if e.__cause__ else ""))) from None


def options(group: str) -> list[str]:
    """The options of a config group: conf/<group>/*.yaml and those an installed plug-in adds to Hydra's search path."""
    with hydra():
        return sorted(GlobalHydra.instance().config_loader().get_group_options(group))


def model_option(name: str, key: str = "judge") -> ModelConfig:
    """The conf/model option `name` (a judge names one); an unknown name is refused, naming `key` and the options."""
    known = options("model")
    if name not in known:
        raise UserError(f"{key}={name} is not a model option; options: {', '.join(known)}")
    return OmegaConf.merge(OmegaConf.structured(ModelConfig), compose([f"model={name}"]).model)  # type: ignore[return-value]


def plain_model(m: ModelConfig) -> dict:
    """A model option as plain data (what its identity and a listing take)."""
    return redact(OmegaConf.to_container(m)) if isinstance(m, DictConfig) else redact(dict(m.__dict__))


def seed_label(seed: int | None) -> str:
    """How folder names and reports name a seed; null is the pack's own order."""
    return "pack-order" if seed is None else str(seed)


def plain(cfg: DictConfig) -> dict[str, Any]:
    """The config as plain data to write anywhere (a log's metadata, a listing): interpolations resolved, enums as
    their names, every secret redacted."""
    data = OmegaConf.to_container(cfg, resolve=True, enum_to_str=True)
    if not isinstance(data, dict):
        raise TypeError(f"a run's config is a mapping, not {type(data).__name__}")
    return redact(data)


def redact(data: Any) -> Any:
    """`data` with the value of every secret key replaced (nested mappings and lists included)."""
    if isinstance(data, dict):
        return {str(k): REDACTED if SECRET.search(str(k)) and v is not None else redact(v) for k, v in data.items()}
    if isinstance(data, list):
        return [redact(v) for v in data]
    return data


def redact_override(override: str) -> str:
    """A command-line override with a secret's value redacted: `store.password=x` -> `store.password=<redacted>`."""
    key, sep, value = override.partition("=")
    return f"{key}{sep}{REDACTED}" if sep and SECRET.search(key.lstrip("+~").strip()) and value else override


def one_line(message: str) -> str:
    """Hydra's or OmegaConf's refusal, often several lines, as one line; an unknown key gets "did you mean"."""
    lines = [x.strip() for x in message.splitlines() if x.strip() and not x.startswith("Set the environment")]
    text = "\n".join(lines)
    if m := re.search(r"Could not override '([^']+)'|Key '([^']+)' (?:not in|is not in struct)", text):
        key = m.group(1) or m.group(2)
        full = re.search(r"full_key: (\S+)", text)
        return unknown_key(full.group(1) if full else key)
    if m := re.search(r"Could not find '(\w+)/([^']+)'", text):
        group, name = m.groups()
        listed = [x for x in lines if not x.startswith(("In ", "Available", "Config search", "provider="))]
        return f"{group}={name} is not an option; options: {', '.join(listed)}"
    if m := re.search(r"Error merging override (\S+)\s*\n(.+)", text):
        return f"{m.group(1)}: {m.group(2)}"
    if m := re.search(r"^\S+: error: (.+)$", text, re.M):  # the command line's parser (argparse)
        hint = "; flags such as -m come before the overrides" if "unrecognized arguments" in m.group(1) else ""
        return m.group(1) + hint
    if text.startswith("Ambiguous value for argument"):
        arg = re.search(r"'([^']+)'", text)
        return (
            f"{arg.group(1) if arg else 'an argument'}: a comma makes a sweep; add -m to sweep over the values, "
            "or write key=[a,b] for a list"
        )
    return "; ".join(lines[:2]) if lines else message.strip()


def unknown_key(key: str) -> str:
    """The refusal of an unknown config key, with the closest known key at its level."""
    *parents, last = key.lstrip("+~").split(".")
    known = _known_keys(parents)
    close = difflib.get_close_matches(last, known, n=1)
    prefix = "".join(f"{p}." for p in parents)
    refusal = f"unknown config key {key.lstrip('+~')}"
    if close:
        return f"{refusal}; did you mean {prefix}{close[0]}?"
    return f"{refusal}; keys of {prefix.rstrip('.') or 'the config'}: {', '.join(known)}" if known else refusal


def _known_keys(parents: list[str]) -> list[str]:
    schema: Any = Config
    for p in parents:
        hints = {f.name: f.type for f in fields(schema)} if hasattr(schema, "__dataclass_fields__") else {}
        schema = next((t for name, t in hints.items() if name == p and hasattr(t, "__dataclass_fields__")), None)
        if schema is None:
            return []
    return [f.name for f in fields(schema)]
