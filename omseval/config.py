"""Structured-config schema behind conf/: a misspelled key, unknown option or wrong type is refused by Hydra."""

from dataclasses import dataclass, field
from enum import StrEnum
from importlib.resources import files
from typing import Any

from hydra.core.config_store import ConfigStore
from omegaconf import MISSING, DictConfig, OmegaConf

from omseval.errors import UserError


class CorpusName(StrEnum):
    larger = "larger"
    smaller = "smaller"


class GuidanceLayout(StrEnum):
    shared_file = "shared_file"  # one shared guidance file, starting empty
    skill_documents = "skill_documents"  # the pack's starting skill documents (05), one per skill


class StoreKind(StrEnum):
    sqlite = "sqlite"
    neo4j = "neo4j"


@dataclass
class CorpusConfig:
    name: CorpusName = MISSING
    guidance: GuidanceLayout = MISSING
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


@dataclass
class StoreConfig:
    _target_: str = MISSING  # the store class's constructor for one build (omseval.oms.service.open_store)
    kind: StoreKind = MISSING
    uri: str | None = None  # neo4j: bolt://host:port
    user: str | None = None
    password: str | None = None
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
    max_samples: int | None = None
    suite: Any = None  # conf/suite: run every listed experiment x approach x corpus (omseval.suite)


def seed_label(seed: int | None) -> str:
    """How folder names and reports name a seed; null is the pack's own order."""
    return "pack-order" if seed is None else str(seed)


def model_option(name: str, key: str = "judge") -> ModelConfig:
    """The conf/model option `name` (a judge names one); an unknown name is refused, naming `key` and the options."""
    folder = files("omseval.conf") / "model"
    file = folder / f"{name}.yaml"
    if not file.is_file():
        options = sorted(f.name.removesuffix(".yaml") for f in folder.iterdir() if f.name.endswith(".yaml"))
        raise UserError(f"{key}={name} is not a model option; options: {', '.join(options)}")
    return OmegaConf.merge(OmegaConf.structured(ModelConfig), OmegaConf.create(file.read_text()))  # type: ignore[return-value]


def register() -> None:
    ConfigStore.instance().store(name="base_config", node=Config)


def resolved(cfg: DictConfig) -> dict[str, Any]:
    """The config as plain data: interpolations resolved, enums as their names."""
    data = OmegaConf.to_container(cfg, resolve=True, enum_to_str=True)
    if not isinstance(data, dict):
        raise TypeError(f"a run's config is a mapping, not {type(data).__name__}")
    return {str(k): v for k, v in data.items()}
