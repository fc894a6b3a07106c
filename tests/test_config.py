"""Hydra composition: every group composes, and mistakes are refused with a clear message."""

import pytest
from hydra.errors import HydraException
from omegaconf import OmegaConf

from omseval.errors import UserError
from omseval.refusals import check
from tests.conftest import ROOT, config, run_module

GROUPS = {
    "experiment": ["guidance", "replay", "handoff"],
    "approach": ["oms", "oms_no_retrieval", "file_edit", "file_edit_hinted", "verbatim", "none", "graphiti"],
    "corpus": ["larger", "smaller"],
    "model": ["offline", "sonnet", "local", "mock"],
    "store": ["sqlite", "neo4j"],
}


def make(*overrides):
    return config(None, *overrides)


def test_defaults():
    cfg = make()
    assert (cfg.experiment.name, cfg.approach.name, cfg.corpus.name.value) == ("replay", "oms", "larger")
    assert cfg.model.name == "omseval/heuristic" and not cfg.model.language_model
    assert cfg.store.kind.value == "sqlite" and cfg.pack.path is None and cfg.seed is None


@pytest.mark.parametrize("group,option", [(g, o) for g, opts in GROUPS.items() for o in opts])
def test_every_option_composes(group, option):
    cfg = make(f"{group}={option}")
    on_disk = OmegaConf.load(ROOT / "conf" / group / f"{option}.yaml")
    node = on_disk.get(group, on_disk)  # handoff.yaml is a global package: its keys sit under `experiment`
    chosen = OmegaConf.to_container(cfg[group], resolve=True, enum_to_str=True)
    expected = OmegaConf.to_container(node, resolve=True)
    assert {k: v for k, v in expected.items() if k != "defaults"}.items() <= chosen.items()


def test_options_on_disk_match_groups():
    for group, options in GROUPS.items():
        assert sorted(p.stem for p in (ROOT / "conf" / group).glob("*.yaml")) == sorted(options)


REFUSALS = [
    ("approach=nope", "Could not find 'approach/nope'"),
    ("seed=abc", "seed"),
    ("limit=many", "limit"),
    ("approach.top_kk=3", "top_kk"),
    ("+approach.top_kk=3", "approach.top_kk: Key 'top_kk' not in"),
    ("approach.top_k=many", "approach.top_k: Value 'many'"),
    ("approach.top_k=0", "approach.top_k must be a positive integer"),
    ("approach._target_=omseval.text.stem", "is not a guidance builder class"),
    ("corpus.name=medium", "medium"),
    ("limit=0", "limit must be a positive integer"),
    ("experiment.attempts=-1", "experiment.attempts must be a positive integer"),
]


def refusal(override: str) -> str:
    """The refusal of a run composed with `override`, as the app makes it before any work."""
    try:
        check(make(override))
    except (UserError, HydraException) as e:
        return str(e)
    return ""


@pytest.mark.parametrize("override,message", REFUSALS)
def test_refusals(override, message):
    assert message in refusal(override)


@pytest.mark.slow
@pytest.mark.parametrize("override,message", REFUSALS)
def test_refusals_exit_2_through_the_cli(override, message):
    result = run_module("omseval", override)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert message in result.stderr
