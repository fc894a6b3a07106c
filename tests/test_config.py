"""Hydra composition: every group composes, and mistakes are refused with a clear message."""

import pytest
from hydra import compose, initialize_config_dir
from omegaconf import OmegaConf

from omseval.config import register
from tests.conftest import ROOT, run_module

register()
GROUPS = {
    "experiment": ["guidance", "replay", "handoff"],
    "approach": ["oms", "oms_no_retrieval", "file_edit", "file_edit_hinted", "verbatim", "none"],
    "corpus": ["larger", "smaller"],
    "model": ["offline", "sonnet", "mock"],
    "store": ["sqlite", "neo4j"],
}


def make(*overrides):
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        return compose(config_name="config", overrides=list(overrides))


def test_defaults():
    cfg = make()
    assert (cfg.experiment.name.value, cfg.approach.name.value, cfg.corpus.name.value) == ("replay", "oms", "larger")
    assert cfg.model.name == "omseval/heuristic" and not cfg.model.language_model
    assert cfg.store.kind.value == "sqlite" and cfg.pack.path is None and cfg.seed is None


@pytest.mark.parametrize("group,option", [(g, o) for g, opts in GROUPS.items() for o in opts])
def test_every_option_composes(group, option):
    cfg = make(f"{group}={option}")
    node = cfg[group]
    assert OmegaConf.select(cfg, f"{group}") is not None
    name = node.kind if group == "store" else node.name
    assert option in str(getattr(name, "value", name)) or group == "model"


def test_options_on_disk_match_groups():
    for group, options in GROUPS.items():
        assert sorted(p.stem for p in (ROOT / "conf" / group).glob("*.yaml")) == sorted(options)


@pytest.mark.parametrize("override,message", [
    ("approach=nope", "Could not find 'approach/nope'"),
    ("seed=abc", "seed"),
    ("limit=many", "limit"),
    ("approach.top_kk=3", "top_kk"),
    ("corpus.name=medium", "medium"),
    ("limit=0", "limit must be a positive integer"),
    ("experiment.attempts=-1", "experiment.attempts must be a positive integer"),
])
def test_refusals(override, message):
    result = run_module("omseval", override)
    assert result.returncode != 0
    assert message in result.stderr + result.stdout
