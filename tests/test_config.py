"""Hydra composition: every option of every group composes and validates, and mistakes are refused with a clear
message."""

import importlib.util

import pytest
from omegaconf import OmegaConf

from omseval.config import options
from omseval.errors import UserError
from omseval.oms.sqlite_store import SQLiteStore
from tests.helpers import ROOT, config, run_module, validated
from tests.helpers.stores import neo4j_uri

GROUPS = ("experiment", "approach", "corpus", "model", "store")
OPTIONS = [(group, option) for group in GROUPS for option in options(group)]
SERVER = {("store", "neo4j"), ("approach", "graphiti")}  # validated only where their Neo4j server answers


def make(*overrides):
    return config(None, *overrides)


def test_defaults(tmp_path):
    cfg = make()
    assert (cfg.experiment.name, cfg.approach.name, cfg.corpus.name) == ("replay", "oms", "larger")
    assert cfg.model.name == "omseval/heuristic" and not cfg.model.language_model
    assert cfg.pack.path is None and cfg.seed is None
    run = validated(tmp_path)
    assert run.store is SQLiteStore and run.store.name == "sqlite" and not run.store.server


def test_every_file_of_a_group_is_an_option():
    """Each conf/<group>/*.yaml is offered as an option of its group (and so composed and validated below)."""
    for group in GROUPS:
        on_disk = {p.stem for p in (ROOT / "conf" / group).glob("*.yaml")}
        assert on_disk and on_disk <= set(options(group))


@pytest.mark.parametrize("group,option", OPTIONS)
def test_every_option_composes(group, option):
    cfg = make(f"{group}={option}")
    on_disk = OmegaConf.load(ROOT / "conf" / group / f"{option}.yaml")
    node = on_disk.get(group, on_disk)  # handoff.yaml is a global package: its keys sit under `experiment`
    chosen = OmegaConf.to_container(cfg[group], resolve=False, enum_to_str=True)
    expected = OmegaConf.to_container(node, resolve=False)
    assert {k: v for k, v in expected.items() if k != "defaults"}.items() <= chosen.items()


@pytest.mark.parametrize(
    "group,option",
    [pytest.param(g, o, marks=pytest.mark.neo4j) if (g, o) in SERVER else (g, o) for g, o in OPTIONS],
)
def test_every_option_validates(group, option, tmp_path, monkeypatch):
    """Each option is a run the app accepts, given what the option says it needs (a key, a server)."""
    extra = []
    if (group, option) in SERVER:
        extra = ["store=neo4j", f"store.uri={neo4j_uri()}"]
    cfg = make(f"{group}={option}", *extra)
    if cfg.model.api_key_env:
        monkeypatch.setenv(cfg.model.api_key_env, "a key")
    if group == "model" and option == "local" and importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("needs the local extra: scripts/install-local")
    run = validated(tmp_path, f"{group}={option}", *extra)
    chosen = {
        "experiment": run.experiment.name,
        "approach": run.approach_name,
        "corpus": run.cfg.corpus.name,
        "model": run.identity["model"]["name"],
        "store": run.store.name,
    }
    assert chosen[group] == (cfg.model.name if group == "model" else option)
    assert run.folder == tmp_path / run.key
    assert run.key.startswith(f"{run.experiment.name}-{run.cfg.corpus.name}-{run.approach_name}-")
    assert list(tmp_path.iterdir()) == []  # validating writes nothing


REFUSALS = [
    ("approach=nope", "approach=nope is not an option; options: file_edit, "),
    ("seed=abc", "seed=abc: Value 'abc' of type 'str' could not be converted to Integer"),
    ("limit=many", "limit=many: Value 'many' of type 'str' could not be converted to Integer"),
    ("approach.top_kk=3", "unknown config key approach.top_kk"),
    ("+approach.top_kk=3", "approach.top_kk: Key 'top_kk' not in"),
    ("approach.top_k=many", "approach.top_k: Value 'many'"),
    ("approach.top_k=0", "approach.top_k must be a positive integer"),
    ("approach._target_=omseval.text.stem", "is not a guidance builder class"),
    ("corpus.name=medium", "corpus.name=medium is not a corpus of the pack"),
    ("limit=0", "limit must be a positive integer"),
    ("experiment.attempts=-1", "experiment.attempts must be a positive integer"),
    ("approach=graphiti", "approach=graphiti keeps its graph in a Neo4j server, and store=sqlite is embedded"),
]


def refusal(override: str, log_dir) -> str:
    """The refusal of a run composed with `override`, as the app makes it before any work: one line."""
    try:
        validated(log_dir, override)
    except UserError as e:
        assert "\n" not in str(e)
        return str(e)
    return ""


@pytest.mark.parametrize("override,message", REFUSALS)
def test_refusals(override, message, tmp_path):
    assert message in refusal(override, tmp_path)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize("override,message", REFUSALS)
def test_refusals_exit_2_through_the_cli(override, message, tmp_path):
    result = run_module("omseval", override, f"log_dir={tmp_path / 'logs'}", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert message in result.stderr
    assert not (tmp_path / "logs").exists()
