"""Refusals of a composed config that Hydra's schema check lets through, each one line before any work.

Hydra refuses a misspelled key or a wrong type, but a `+key=`/`++key=` addition opens the config, and
values can be well-typed yet unusable. A multirun checks every run of the sweep before it starts,
so a cluster sweep is refused before anything is submitted or written.
"""

import difflib
import os
import tempfile
from dataclasses import fields, is_dataclass
from pathlib import Path

from hydra.core.override_parser.overrides_parser import OverridesParser
from hydra.experimental.callback import Callback
from omegaconf import DictConfig, OmegaConf

from omseval import local
from omseval.errors import UserError, run_command
from omseval.pack import load_pack
from omseval.paths import SHIPPED_PACK


def check(cfg) -> None:
    """Refuse added keys, the approach's unknown options, out-of-range values, a missing API key, a
    malformed Neo4j URI and an unwritable log folder."""
    check_quick(cfg)
    from omseval.guidance.build import approach_class  # imports inspect-ai: after the quick checks

    approach_class(cfg)  # the approach's options are checked against its class


def check_quick(cfg) -> None:
    """The refusals that need no approach class (nor inspect-ai): `python -m omseval` makes them before its
    first line. The pack is loaded and checked here too."""
    check_closed(cfg)
    for key, value in (("limit", cfg.limit), ("rules", cfg.rules), ("experiment.attempts", cfg.experiment.attempts)):
        if value is not None and value < 1:
            raise UserError(f"{key} must be a positive integer, got {value}")
    for key, seed in [("seed", cfg.seed), *(("experiment.seeds", s) for s in cfg.experiment.seeds)]:
        if seed is not None and seed < 0:
            raise UserError(f"{key} must be zero or a positive integer, got {seed}")
    if cfg.model.latency < 0 or cfg.model.latency and not cfg.model.name.startswith("omseval/"):
        raise UserError(f"model.latency: the offline model's seconds per call, 0 or more, got {cfg.model.latency}")
    if bad := [p for p in cfg.experiment.probabilities if p not in range(0, 101, 10)]:
        raise UserError(f"experiment.probabilities must be multiples of 10 from 0 to 100, got {bad}")
    check_environment(cfg)
    if cfg.store.kind.value == "neo4j":
        check_uri(cfg.store.uri)
    check_writable("log_dir", cfg.log_dir)
    load_pack(cfg.pack.path or SHIPPED_PACK)  # a bad pack: its file, row and column


def check_environment(cfg) -> None:
    """Refuse before any work when the model needs an API key that is not set, or a local model is unusable."""
    var = cfg.model.api_key_env
    if var and not os.environ.get(var):
        raise UserError(f"model={cfg.model.label} needs the environment variable {var} (an API key); it is not set")
    if local.is_local(cfg.model):
        local.check(cfg.model)


def check_closed(node: DictConfig, prefix: str = "") -> None:
    """Every key must be a field of the node's schema (dataclass); untyped nodes stay open."""
    schema = OmegaConf.get_type(node)
    if not is_dataclass(schema):
        return
    known = [f.name for f in fields(schema)]
    for key, value in node.items_ex(resolve=False):
        if key not in known:
            close = difflib.get_close_matches(str(key), known, n=1)
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


class SweepCheck(Callback):
    """Compose and check every run of a multirun before the sweep writes or launches anything."""

    def on_multirun_start(self, config: DictConfig, config_name: str | None = None, **kwargs) -> None:
        from hydra._internal.core_plugins.basic_sweeper import BasicSweeper

        def check_sweep() -> None:
            check_writable("hydra.sweep.dir", config.hydra.sweep.dir)
            if config.hydra.sweeper._target_.endswith("BasicSweeper"):  # other sweepers choose runs as they go
                overrides = OverridesParser.create().parse_overrides(list(config.hydra.overrides.task))
                jobs = [job for batch in BasicSweeper.split_arguments(overrides, None) for job in batch]
                for job in jobs:
                    check(compose_job(config_name, job))
                print(f"sweep of {len(jobs)} runs; multirun.yaml and launcher job output in {config.hydra.sweep.dir}")

        if code := run_command(check_sweep):
            raise SystemExit(code)
