"""A run's config validated once into a frozen `Run`, which everything downstream takes and nothing re-checks.

Hydra refuses a misspelled key or a wrong type; `validate` refuses the rest before any work, each in one line:
an added key, options a class does not take, values out of range, a missing API key or extra, a malformed or
silent store server, an unwritable log folder and a bad pack (its file, row and column). A multirun validates
every run of the sweep before it starts, so a cluster sweep is refused before anything is submitted or written.
"""

import difflib
import itertools
import os
import shutil
import tempfile
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from hydra.core.override_parser.overrides_parser import OverridesParser
from hydra.experimental.callback import Callback
from omegaconf import DictConfig, OmegaConf

from omseval import local
from omseval.config import ModelConfig, compose, model_option, plain
from omseval.errors import UserError, run_command
from omseval.experiments import Experiment
from omseval.identity import identity, model_identity, run_key
from omseval.pack_schema import CORPORA, Pack, load_pack
from omseval.paths import SHIPPED_PACK
from omseval.subset import restrict
from omseval.targets import target_class

if TYPE_CHECKING:
    from omseval.builders.base import Builder
    from omseval.oms.store import Store


@dataclass(frozen=True)
class Run:
    """A validated run: its composed config (read-only) and what was made of it, once."""

    cfg: DictConfig
    pack: Pack  # as the run sees it (`rules=N`: the subset)
    experiment: Experiment
    approach: "type[Builder]"
    approach_options: dict
    store: "type[Store]"
    store_settings: dict  # the store's settings that are set (a secret included: never written)
    endpoint: str | None  # what serves the answering model: its identity in the run's and in inspect's cache key
    judge: ModelConfig | None
    identity: dict
    key: str  # the run's log folder, from its identity

    @property
    def name(self) -> str:
        return f"{self.experiment.name} {self.cfg.corpus.name} {self.approach_name}"

    @property
    def approach_name(self) -> str:
        return str(self.cfg.approach.name)

    @property
    def folder(self) -> Path:
        return Path(self.cfg.log_dir) / self.key


def validate(cfg: DictConfig) -> Run:
    """Every refusal of a run, before any work; the validated run when all is well."""
    validate_closed(cfg)
    cls, options = target_class("experiment", cfg.experiment, Experiment, "an experiment class")
    cls.validate_options(options)
    experiment = cls(**options)
    for key, value in (("limit", cfg.limit), ("rules", cfg.rules), ("epochs", cfg.epochs)):
        if value is not None and value < 1:
            raise UserError(f"{key} must be a positive integer, got {value}")
    for key, value, least, kind in (
        ("seed", cfg.seed, 0, "zero or a positive integer"),
        ("budget_usd", cfg.budget_usd, 0, "zero or a positive number"),
        ("max_samples", cfg.max_samples, 1, "a positive integer"),
    ):
        if value is not None and value < least:
            raise UserError(f"{key} must be {kind}, got {value}")
    if cfg.corpus.name not in CORPORA:
        raise UserError(f"corpus.name={cfg.corpus.name} is not a corpus of the pack; corpora: {', '.join(CORPORA)}")
    served_by = validate_model(cfg.model, keyed=not cfg.plan)  # a plan calls no model: it needs no key
    judge = validate_judge(cfg.judge, keyed=not cfg.plan)
    store, settings = store_of(cfg)
    validate_writable("log_dir", cfg.log_dir)
    pack = restrict(load_pack(cfg.pack.path or SHIPPED_PACK), cfg.corpus.name, cfg.rules)
    from omseval.builders.base import Builder

    approach, approach_options = target_class("approach", cfg.approach, Builder, "a guidance builder class", skip=1)
    approach.validate_options(approach_options)
    if approach.uses_store and not cfg.plan:
        store.reach(settings)
    config = plain(cfg)
    judged = judge_identity(cfg.judge, judge) if judge else None
    ident = identity(config, pack.checksum, served_by, judged, approach.uses_store, store.name)
    OmegaConf.set_readonly(cfg, True)
    run = Run(
        cfg, pack, experiment, approach, approach_options, store, settings, served_by, judge, ident, run_key(ident)
    )
    experiment.validate_run(run)
    approach.validate_environment(run)
    return run


def store_of(cfg: DictConfig) -> "tuple[type[Store], dict]":
    """The store class conf/store's `_target_` names and its settings that are set, validated."""
    from omseval.oms.store import Store  # imports the driver: after the quick checks

    given = {k: v for k, v in OmegaConf.to_container(cfg.store, resolve=True).items() if v is not None}  # type: ignore[union-attr]
    abstract = cast("type[Store]", Store)  # any subclass that conf/store names
    store, settings = target_class("store", OmegaConf.create(given), abstract, "a store class", skip=1)
    store.validate_settings(settings)
    return store, settings


def validate_model(m, keyed: bool = True) -> str | None:
    """Refuse a model that needs an API key that is not set (when `keyed`), or a local model that is unusable; what
    serves it."""
    if m.latency < 0 or m.latency and not m.name.startswith("omseval/"):
        raise UserError(f"model.latency: the offline model's seconds per call, 0 or more, got {m.latency}")
    if keyed and m.api_key_env and not os.environ.get(m.api_key_env):
        raise UserError(f"model={m.label} needs the environment variable {m.api_key_env} (an API key); it is not set")
    if local.is_local(m):
        return local.identity(local.check(m), m.context)
    from omseval.models import endpoint

    return endpoint(m.name, m.base_url)


def judge_identity(option: str, judge: ModelConfig) -> dict:
    from omseval.models import endpoint

    return {"option": option} | model_identity(OmegaConf.to_container(judge), endpoint(judge.name, judge.base_url))  # type: ignore[arg-type]


def validate_judge(option: str | None, keyed: bool = True) -> ModelConfig | None:
    """The judge's conf/model option, its key set (when `keyed`); a local model serves only as the answering
    model."""
    if option is None:
        return None
    judge = model_option(option)
    if keyed and judge.api_key_env and not os.environ.get(judge.api_key_env):
        raise UserError(
            f"judge={option} needs the environment variable {judge.api_key_env} (an API key); it is not set"
        )
    if local.is_local(judge):
        raise UserError(f"judge={option}: a local model serves only as the answering model; choose another")
    return judge


def validate_closed(node: DictConfig, prefix: str = "") -> None:
    """Every key must be a field of the node's schema (dataclass); untyped nodes stay open."""
    schema = OmegaConf.get_type(node)
    if not is_dataclass(schema):
        return
    known = [f.name for f in fields(schema)]
    for node_key, value in node.items_ex(resolve=False):
        key = str(node_key)  # a DictConfig's keys may be typed; the schema's are field names
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            hint = (
                f"did you mean {prefix}{close[0]}?"
                if close
                else f"keys of {prefix.rstrip('.') or 'the config'}: {', '.join(known)}"
            )
            raise UserError(f"unknown config key {prefix}{key} ('+' cannot add keys to omseval's config); {hint}")
        if isinstance(value, DictConfig):
            validate_closed(value, f"{prefix}{key}.")


def validate_writable(key: str, path) -> None:
    """The folder, or its nearest existing parent, must take a new folder (probed, then removed)."""
    target = Path(path).absolute()
    existing = next(p for p in (target, *target.parents) if p.exists())
    if not existing.is_dir():
        raise UserError(f"{key}={path} is not writable: {existing} is not a folder")
    try:
        tempfile.TemporaryDirectory(dir=existing).cleanup()
    except OSError as e:
        raise UserError(f"{key}={path} is not writable: cannot create a folder in {existing} ({e.strerror})") from None


def validate_launcher(launcher: Any) -> None:
    """A SLURM launcher needs SLURM's commands on this machine (submitit submits through them)."""
    if str(launcher.get("_target_", "")).endswith("SlurmLauncher") and not shutil.which("srun"):
        raise UserError("hydra/launcher=slurm needs SLURM: srun is not on this machine's PATH")


def sweep_jobs(overrides: list[str]) -> list[list[str]]:
    """The runs of a basic sweep, as Hydra's basic sweeper makes them: every combination of the swept values."""
    choices = [
        [f"{o.get_key_element()}={v}" for v in o.sweep_string_iterator()]
        if o.is_sweep_override()
        else [f"{o.get_key_element()}={o.get_value_element_as_str()}"]
        for o in OverridesParser.create().parse_overrides(overrides)
    ]
    return [list(job) for job in itertools.product(*choices)]


class SweepCheck(Callback):
    """Compose and validate every run of a multirun before the sweep writes or launches anything; at its end,
    one table of its runs."""

    def __init__(self) -> None:
        self.validated: list[tuple[list[str], Run]] = []  # each job's overrides and its validated run

    def on_multirun_start(self, config: DictConfig, config_name: str | None = None, **kwargs) -> None:
        def validate_sweep() -> None:
            validate_launcher(config.hydra.launcher)
            validate_writable("hydra.sweep.dir", config.hydra.sweep.dir)
            if config.hydra.sweeper._target_.endswith("BasicSweeper"):  # other sweepers choose runs as they go
                jobs = sweep_jobs(list(config.hydra.overrides.task))
                for job in jobs:
                    self.validated.append((job, validate(compose(job))))
                print(f"sweep of {len(jobs)} runs; multirun.yaml and launcher job output in {config.hydra.sweep.dir}")

        if code := run_command(validate_sweep):
            raise SystemExit(code)

    def on_multirun_end(self, config: DictConfig, **kwargs) -> None:
        """One table of the sweep's runs (from the newest finished log of each validated run), then the closing
        lines once; the sweep's jobs print none of their own (omseval.run_summary.closing)."""
        from omseval.run_summary import sweep_summary

        jobs = [(job, run.folder) for job, run in self.validated]
        log_dirs = list(dict.fromkeys(str(run.cfg.log_dir) for _, run in self.validated)) or [str(config.log_dir)]
        print(sweep_summary(jobs, log_dirs), flush=True)
