"""Sweeps: jobs in their own processes sharing one log folder, and nothing left in the working folder."""

import asyncio
import json
import multiprocessing
import os

import pytest
from omegaconf import OmegaConf

from omseval.builders import artifact
from omseval.builders.build import build_guidance
from omseval.models import make_model
from omseval.pack_schema import load_pack
from omseval.paths import SHIPPED_PACK
from omseval.report.logs import runs, samples
from tests.helpers import run_module, validated


@pytest.mark.slow
def test_slurm_launcher_keys(tmp_path):
    """The Hydra config the app runs a SLURM sweep with (`--cfg hydra` prints it, unresolved, without running)."""
    result = run_module(
        "omseval",
        "hydra/launcher=slurm",
        "hydra.launcher.partition=cpu",
        "hydra.launcher.account=lab",
        "log_dir=/x",
        "--cfg",
        "hydra",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    hydra = OmegaConf.create(result.stdout).hydra
    launcher = hydra.launcher
    assert launcher._target_.endswith(".SlurmLauncher")
    assert (launcher.partition, launcher.account, launcher.timeout_min, launcher.cpus_per_task, launcher.mem_gb) == (
        "cpu",
        "lab",
        720,
        2,
        8,
    )
    # job output under the log folder
    assert OmegaConf.to_container(launcher)["submitit_folder"].startswith("${hydra.sweep.dir}/")
    assert OmegaConf.to_container(hydra.sweep)["dir"].startswith("${log_dir}/multirun/")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_two_job_sweep_with_submitit_local(tmp_path):
    work, logs = tmp_path / "work", tmp_path / "logs"
    work.mkdir()
    result = run_module(
        "omseval",
        "-m",
        "hydra/launcher=local",
        f"log_dir={logs}",
        "experiment=maintain",
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
    run = validated(log_dir, "corpus=smaller", "approach=verbatim")
    finish = artifact.finish

    def counted_finish(*args):
        with open(calls, "a") as f:
            f.write(f"{os.getpid()}\n")
        return finish(*args)

    artifact.finish = counted_finish
    start.wait()
    guidance = asyncio.run(build_guidance(run, make_model(run.cfg.model)))
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
    [built] = [p for p in (tmp_path / "logs" / "builds").iterdir() if p.is_dir()]
    log = [json.loads(line) for line in (built / "processing.jsonl").read_text().splitlines()]
    stream = load_pack(SHIPPED_PACK).sequence_of("smaller")
    assert [e["message_id"] for e in log] == [m.message_id for m in stream]  # every correction, once, in order
