"""Sweeps: jobs in their own processes sharing one log folder, and nothing left in the working folder."""

import asyncio
import json
import multiprocessing
import os

import pytest
from hydra import compose, initialize_config_dir

from omseval.config import register
from omseval.guidance import artifact
from omseval.guidance.build import build_guidance
from omseval.models import make_model
from omseval.pack_schema import load_pack
from omseval.paths import SHIPPED_PACK
from omseval.report.logs import runs, samples
from tests.conftest import ROOT, run_module

register()


def test_slurm_launcher_keys():
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose(
            config_name="config",
            return_hydra_config=True,
            overrides=[
                "hydra/launcher=slurm",
                "hydra.launcher.partition=cpu",
                "hydra.launcher.account=lab",
                "log_dir=/x",
            ],
        )
    launcher = cfg.hydra.launcher
    assert launcher._target_.endswith(".SlurmLauncher")
    assert (launcher.partition, launcher.account, launcher.timeout_min, launcher.cpus_per_task, launcher.mem_gb) == (
        "cpu",
        "lab",
        720,
        2,
        8,
    )
    assert launcher.submitit_folder.startswith("/x/multirun/")  # job output under the log folder


@pytest.mark.slow
def test_two_job_sweep_with_submitit_local(tmp_path):
    work, logs = tmp_path / "work", tmp_path / "logs"
    work.mkdir()
    result = run_module(
        "omseval",
        "-m",
        "hydra/launcher=local",
        f"log_dir={logs}",
        "experiment=guidance",
        "corpus=smaller",
        "approach=verbatim,none",
        "limit=4",
        cwd=work,
    )
    assert result.returncode == 0, result.stderr
    assert list(work.iterdir()) == []  # multirun.yaml and the job logs went under the log folder
    [sweep] = (logs / "multirun").iterdir()
    assert (sweep / "multirun.yaml").is_file()
    outputs = sorted(sweep.glob(".submitit/*/*_log.out"))
    assert len(outputs) == 2 and all("log: " in p.read_text() for p in outputs)
    df = samples(runs(str(logs)))
    assert sorted(df["approach"].unique()) == ["none", "verbatim"] and len(df) == 8


def _build(log_dir, calls, start):
    """One job: wait for the other, then build (or reuse) the same guidance."""
    with initialize_config_dir(config_dir=str(ROOT / "conf"), version_base="1.3"):
        cfg = compose(config_name="config", overrides=[f"log_dir={log_dir}", "corpus=smaller", "approach=verbatim"])
    pack = load_pack(SHIPPED_PACK)
    finish = artifact.finish

    def counted_finish(*args):
        with open(calls, "a") as f:
            f.write(f"{os.getpid()}\n")
        return finish(*args)

    artifact.finish = counted_finish
    start.wait()
    guidance = asyncio.run(build_guidance(cfg, pack, make_model(cfg)))
    return guidance.documents


@pytest.mark.slow
def test_two_processes_needing_the_same_build_build_it_once(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    calls = tmp_path / "builds.txt"  # one line per finished build
    with ctx.Manager() as manager:
        start = manager.Barrier(2)
        with ctx.Pool(2) as pool:
            results = pool.starmap(_build, [(tmp_path / "logs", calls, start)] * 2)
    assert results[0] == results[1]
    assert len(calls.read_text().splitlines()) == 1  # built once: the second job waited, then reused it
    [built] = [p for p in (tmp_path / "logs" / "guidance").iterdir() if p.is_dir()]
    log = [json.loads(line) for line in (built / "processing.jsonl").read_text().splitlines()]
    stream = load_pack(SHIPPED_PACK).sequence_of("smaller")
    assert [e["message_id"] for e in log] == [m.message_id for m in stream]  # every correction, once, in order
