"""Every offline command the README shows runs, as a new user would type it (with a small `limit` where the
command takes one), from a folder of its own: a command that fails fails this test, and whatever a
command writes lands under `logs/`. Commands that need a key, a server, a cluster or hours are named
below with the reason they are not run; their overrides still compose."""

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from omseval.refusals import sweep_jobs
from omseval.tasks import compose_config
from tests.conftest import PACK, ROOT

NOT_RUN = {  # a command containing the key is not run, for this reason
    "pip install": "installs the package",
    "bash scripts/test": "runs these tests",
    "export ": "sets a key",
    "anthropic/": "needs an API key and the network",
    "model=sonnet": "needs an API key and the network",
    "model=local": "the local model builds OMS's guidance for hours on 2 cores",
    "store=neo4j": "needs a Neo4j server",
    "scripts/neo4j-server": "starts and stops a Neo4j server",
    "scripts/install-local": "builds llama.cpp (minutes)",
    "docker ": "starts a Neo4j server",
    "/shared/": "a cluster's shared file system",
    "inspect view": "serves the viewer until stopped",
    "bench/": "benchmarks, not tests: minutes to hours each",
}
EXIT = {"hydra/launcher=slurm": 2}  # refused on a machine without SLURM, before anything is written


def readme_commands() -> list[str]:
    """The commands of the README's bash blocks: continuation lines joined, each `&&` part on its own."""
    blocks = re.findall(r"```bash\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S)
    lines = "\n".join(blocks).replace("\\\n", " ").splitlines()
    words = [shlex.split(line, comments=True) for line in lines]
    return [" ".join(map(shlex.quote, w)) for line in words for w in _split_and(line) if w]


def _split_and(words: list[str]) -> list[list[str]]:
    parts: list[list[str]] = [[]]
    for w in words:
        parts.append([]) if w == "&&" else parts[-1].append(w)
    return parts


def argv(command: str, pack: Path, log: Path | None) -> list[str]:
    """The command's arguments for this machine: `python`/`inspect` as this interpreter's modules, the
    README's placeholders filled in, and a small limit where the command takes one."""
    words = shlex.split(command.replace("[DIR]", "DIR").replace("[--long 0]", ""))
    words = [str(pack) if w == "DIR" else w.replace("=DIR", f"={pack}") for w in words]
    words = [str(log) if w == "LOG.eval" else w for w in words]
    if words[0] == "inspect":
        words = [sys.executable, "-m", "inspect_ai", *words[1:]]
        if words[3] == "eval":
            words += ["-T", "limit=2", "--display", "none"]
        return words
    words = [sys.executable, *words[1:]]
    if words[1:3] == ["-m", "omseval"] and not any(w.startswith("limit=") for w in words):
        words.append("limit=2")
    return words


def test_the_readme_shows_commands_and_every_one_is_run_or_said_why_not():
    commands = readme_commands()
    assert len(commands) > 30 and any("python -m omseval.report" in c for c in commands)
    for c in commands:
        assert c.split()[0] in (
            "python",
            "python3",
            "inspect",
            "pip",
            "bash",
            "export",
            "scripts/neo4j-server",
            "scripts/install-local",
            "docker",
        )


@pytest.mark.parametrize("command", [c for c in readme_commands() if c.split()[1:3] == ["-m", "omseval"]])
def test_every_run_command_composes(command):
    """Hydra parses every `python -m omseval` command's overrides as the shell hands them over."""
    overrides = [w for w in shlex.split(command)[3:] if w != "-m" and not w.startswith("hydra")]
    for job in sweep_jobs(overrides):
        if "model=opus" not in job:  # the cluster example's conf/model/opus.yaml is the user's own copy
            compose_config(job)


@pytest.mark.slow
def test_every_offline_command_runs(tmp_path):
    work, pack = tmp_path / "work", tmp_path / "pack"
    work.mkdir()
    shutil.copytree(PACK, pack)
    (work / "pack").symlink_to(PACK)  # the README's commands run from a checkout
    (work / "tests").mkdir()
    (work / "tests" / "pack_controls.csv").symlink_to(ROOT / "tests" / "pack_controls.csv")
    (work / "answers.csv").write_text("question_id,answer\nq-competitive-dimensions-familiar,Use four axes.\n")
    given = {p.relative_to(work) for p in work.rglob("*")}
    env = {**os.environ, "INSPECT_LOG_DIR": "logs", "PATH": str(Path(sys.executable).parent)}  # no srun here
    log = None
    for command in readme_commands():
        if reason := next((r for key, r in NOT_RUN.items() if key in command), None):
            print(f"not run ({reason}): {command}")
            continue
        result = subprocess.run(argv(command, pack, log), cwd=work, env=env, capture_output=True, text=True)
        expected = next((code for key, code in EXIT.items() if key in command), 0)
        assert result.returncode == expected, f"{command}\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
        log = log or next((work / "logs").rglob("replay-*/*.eval"), None)
    written = {p.relative_to(work) for p in work.rglob("*")} - given
    assert written and all(p.parts[0] == "logs" for p in written), sorted(p for p in written if p.parts[0] != "logs")
