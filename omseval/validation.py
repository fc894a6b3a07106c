"""Refusals of a composed config that Hydra's schema check lets through, each one line before any work.

Hydra refuses a misspelled key or a wrong type, but a `+key=`/`++key=` addition opens the config, and
values can be well-typed yet unusable. A multirun checks every run of the sweep before it starts,
so a cluster sweep is refused before anything is submitted or written.
"""

import difflib
import itertools
import os
import shutil
import tempfile
from dataclasses import fields, is_dataclass
from pathlib import Path

from hydra.core.override_parser.overrides_parser import OverridesParser
from hydra.experimental.callback import Callback
from omegaconf import DictConfig, OmegaConf

from omseval import local
from omseval.config import model_option
from omseval.errors import UserError, run_command
from omseval.experiments import experiment_class
from omseval.pack_schema import Pack, load_pack
from omseval.paths import SHIPPED_PACK
from omseval.subset import restrict


def check(cfg) -> Pack:
    """Every refusal of a run, before any work: the quick ones, then the approach's options and its store's
    server. The run's pack when all is well."""
    pack = check_quick(cfg)
    check_approach(cfg)
    return pack


def check_quick(cfg) -> Pack:
    """The refusals that need no approach class (nor inspect-ai): `python -m omseval` makes them before its
    first line. Added keys, the experiment's options, out-of-range values, a missing API key, a malformed
    Neo4j URI, an unwritable log folder and a bad pack (its file, row and column); the pack when all is well."""
    check_closed(cfg)
    experiment_class(cfg)  # the experiment's options are checked against its class
    for key, value in (("limit", cfg.limit), ("rules", cfg.rules), ("epochs", cfg.epochs)):
        if value is not None and value < 1:
            raise UserError(f"{key} must be a positive integer, got {value}")
    if cfg.seed is not None and cfg.seed < 0:
        raise UserError(f"seed must be zero or a positive integer, got {cfg.seed}")
    if cfg.model.latency < 0 or cfg.model.latency and not cfg.model.name.startswith("omseval/"):
        raise UserError(f"model.latency: the offline model's seconds per call, 0 or more, got {cfg.model.latency}")
    check_environment(cfg)
    if cfg.store.kind.value == "neo4j":
        check_uri(cfg.store.uri)
    check_writable("log_dir", cfg.log_dir)
    return restrict(load_pack(cfg.pack.path or SHIPPED_PACK), cfg.corpus.name.value, cfg.rules)  # rules=N


def check_approach(cfg) -> None:
    """The approach's options, checked against its class, and its store's server, reached (Neo4j)."""
    from omseval.guidance.build import approach_class  # imports inspect-ai: after the quick checks

    approach = approach_class(cfg)
    if approach.uses_store and cfg.store.kind.value == "neo4j":
        from omseval.oms.neo4j_store import connect

        connect(cfg.store.uri, cfg.store.user, cfg.store.password, cfg.store.database).close()
    approach.check_ready(cfg)


def check_environment(cfg) -> None:
    """Refuse before any work when the model needs an API key that is not set, or a local model is unusable."""
    var = cfg.model.api_key_env
    if var and not os.environ.get(var):
        raise UserError(f"model={cfg.model.label} needs the environment variable {var} (an API key); it is not set")
    if local.is_local(cfg.model):
        local.check(cfg.model)
    if cfg.judge is not None:  # the judge's model: a conf/model option, its key, no local server of its own
        judge = model_option(cfg.judge)
        if judge.api_key_env and not os.environ.get(judge.api_key_env):
            raise UserError(
                f"judge={cfg.judge} needs the environment variable {judge.api_key_env} (an API key); it is not set"
            )
        if local.is_local(judge):
            raise UserError(f"judge={cfg.judge}: a local model serves only as the answering model; choose another")


def check_closed(node: DictConfig, prefix: str = "") -> None:
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
            check_closed(value, f"{prefix}{key}.")


def check_uri(uri) -> None:
    """Parse the URI with the Neo4j driver itself (no connection is made)."""
    from neo4j import GraphDatabase
    from neo4j.exceptions import ConfigurationError

    try:
        GraphDatabase.driver(uri).close()
    except (ConfigurationError, ValueError, TypeError, AttributeError) as e:
        reason = str(e).split(". ")[0].rstrip(".")  # the driver's first sentence; the rest lists every scheme
        raise UserError(
            f"store.uri={uri} is not a Neo4j URI ({reason}); expected bolt://host:port or neo4j://host:port"
        ) from None


def check_writable(key: str, path) -> None:
    """The folder, or its nearest existing parent, must take a new folder (probed, then removed)."""
    target = Path(path).absolute()
    existing = next(p for p in (target, *target.parents) if p.exists())
    if not existing.is_dir():
        raise UserError(f"{key}={path} is not writable: {existing} is not a folder")
    try:
        tempfile.TemporaryDirectory(dir=existing).cleanup()
    except OSError as e:
        raise UserError(f"{key}={path} is not writable: cannot create a folder in {existing} ({e.strerror})") from None


def compose_job(config_name: str | None, overrides: list[str]) -> DictConfig:
    """One run's config; Hydra's refusal of it in one line (Hydra ignores errors raised in callbacks)."""
    from hydra import compose
    from hydra.errors import CompactHydraException

    try:
        return compose(config_name, overrides=overrides)
    except CompactHydraException as e:
        first = [str(x).strip().splitlines()[0] for x in (e, e.__cause__) if x is not None]
        raise UserError(": ".join(first)) from None


def check_launcher(launcher: DictConfig) -> None:
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
    """Compose and check every run of a multirun before the sweep writes or launches anything."""

    def on_multirun_start(self, config: DictConfig, config_name: str | None = None, **kwargs) -> None:
        def check_sweep() -> None:
            check_launcher(config.hydra.launcher)
            check_writable("hydra.sweep.dir", config.hydra.sweep.dir)
            if config.hydra.sweeper._target_.endswith("BasicSweeper"):  # other sweepers choose runs as they go
                jobs = sweep_jobs(list(config.hydra.overrides.task))
                for job in jobs:
                    check(compose_job(config_name, job))
                print(f"sweep of {len(jobs)} runs; multirun.yaml and launcher job output in {config.hydra.sweep.dir}")

        if code := run_command(check_sweep):
            raise SystemExit(code)
