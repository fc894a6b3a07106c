"""Every command the README and docs/*.md show in a `bash` block runs, as a new user would type it from a
checkout (with a small `limit` and `rules` where the command takes them), in one scratch folder: a command that
fails fails this test. Commands that need a key, a server, a cluster or hours are named below with the reason they
are not run; their overrides still compose. The pages' links resolve, and no command hides in an untagged block."""

import os
import re
import shlex
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from omseval.config import compose
from omseval.validation import sweep_jobs
from tests.helpers import PACK, ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^([ \t]*)```(\w*)[^\n]*\n(.*?)^\1```", re.S | re.M)
OPERATORS = {"|", "||", "&&", ";", ">", ">>", "2>", "<"}
FIRST_WORDS = {"python", "python3", "inspect", "pip", "bash", "export", "cp", "docker"}
FIRST_WORDS |= {"scripts/neo4j-server", "scripts/install-local"}
SMALL = {"limit": "2", "rules": "2"}  # added to every `python -m omseval` command that does not set them

NOT_RUN = {  # a command containing the key is not run, for this reason
    "pip install": "installs packages",
    "bash scripts/test": "runs these tests",
    "-m pytest": "runs these tests",
    "export ": "sets a secret in the shell",
    "anthropic/": "needs an API key and the network",
    "model=sonnet": "needs an API key and the network",
    "model=local": "the local model runs for minutes to hours on 2 cores",
    "store=neo4j": "needs a Neo4j server",
    "scripts/neo4j-server": "starts and stops a Neo4j server",
    "scripts/install-local": "builds llama.cpp (minutes)",
    "docker ": "starts a Neo4j server",
    "/shared/": "a cluster's shared file system",
    "inspect view": "serves the viewer until stopped",
    "bench/": "benchmarks, not tests: minutes to hours each",
    "PYTHONPATH=": "needs the plug-in the line before installs (tests/test_peers_plugin.py runs both)",
}
EXIT = {"hydra/launcher=slurm": 2}  # refused on a machine without SLURM, before anything is written


def not_run(command: list[str]) -> str | None:
    """Why a command is not run here, if it is not (a plan calls no model and needs no key: it runs)."""
    if "plan=true" in command:
        return None
    return next((reason for key, reason in NOT_RUN.items() if key in text(command)), None)


def words_of(line: str) -> list[str]:
    """A shell line's words, with `|`, `&&`, `>` ... as words of their own and comments dropped."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    return list(lexer)


def blocks(page: Path, tags=("bash",)) -> list[str]:
    """The page's fenced blocks with one of `tags` (dedented, as in a list item)."""
    return [textwrap.dedent(m.group(3)) for m in FENCE.finditer(page.read_text(encoding="utf-8")) if m[2] in tags]


def commands(page: Path) -> list[list[str]]:
    """The commands of a page's bash blocks, continuation lines joined; each `&&` part is a command of its own."""
    lines = "\n".join(blocks(page)).replace("\\\n", " ").splitlines()
    out: list[list[str]] = []
    for line in lines:
        part: list[str] = []
        for w in [*words_of(line), "&&"]:
            if w == "&&":
                out += [part] if part else []
                part = []
            else:
                part.append(w)
    return out


def text(command: list[str]) -> str:
    return " ".join(w if w in OPERATORS else shlex.quote(w) for w in command)


def program(command: list[str]) -> list[str]:
    """The command's first simple command (before any pipe or redirection), without its variable assignments."""
    end = next((i for i, w in enumerate(command) if w in OPERATORS), len(command))
    return [w for w in command[:end] if not re.match(r"^[A-Z_]+=", w)] or command[:end]


def is_run(command: list[str]) -> bool:
    words = program(command)
    return words[:3] in (["python", "-m", "omseval"], ["python3", "-m", "omseval"])


def overrides(command: list[str]) -> list[str]:
    """A `python -m omseval` command's overrides, as the shell hands them over."""
    return [w for w in program(command)[3:] if w != "-m" and not w.startswith("hydra")]


def small(command: list[str], log: Path | None) -> list[str]:
    """The command for this test: `python`/`inspect` as this interpreter, small runs, placeholders filled in."""
    end = next((i for i, w in enumerate(command) if w in OPERATORS), len(command))
    head, tail = list(command[:end]), command[end:]
    at = next(i for i, w in enumerate(head) if not re.match(r"^[A-Z_]+=", w))
    words = head[at:]
    if words[0] in ("python", "python3"):
        words[0] = sys.executable
        keys = {w.partition("=")[0] for w in words}
        if words[1:3] == ["-m", "omseval"]:
            words += [f"{k}={v}" for k, v in SMALL.items() if k not in keys]
        elif words[1:3] == ["-m", "omseval.calibrate"] and "size" not in keys:
            words.append("size=14")  # two controls of each kind
    elif words[0] == "inspect":
        words = [sys.executable, "-m", "inspect_ai", *words[1:]]
        if words[3] == "eval":
            words += ["-T", "limit=2", "--display", "none"]
    words = [str(log) if w == "LOG.eval" and log else w for w in words]
    return head[:at] + words + tail


def targets(command: list[str]) -> set[str]:
    """Where a command may write in the scratch folder: its log folder, --out, a redirection, a copy."""
    out = {"logs"}
    for i, w in enumerate(command):
        if w.startswith("log_dir="):
            out.add(Path(w.partition("=")[2]).parts[0])
        if w in ("--out", ">", ">>") and i + 1 < len(command):
            out.add(Path(command[i + 1]).parts[0])
    if program(command)[0] == "cp":
        out.add(Path(program(command)[-1]).parts[0])
    return out


ALL = [(page, c) for page in PAGES for c in commands(page)]


def test_the_pages_show_commands_and_each_is_one_a_user_can_type():
    assert len(ALL) > 40
    readme = [text(c) for c in commands(ROOT / "README.md")]
    assert "python3 -m pip install -e ." in readme and "python3 -m omseval" in readme  # the quick start
    assert "bash scripts/test" in readme
    assert any(c.startswith("python -m omseval.report logs") for c in readme)
    for page, c in ALL:
        assert program(c)[0] in FIRST_WORDS, f"{page.name}: {text(c)}"


def test_no_command_hides_in_a_block_that_is_not_bash():
    """A command in an untagged (or sh, shell, console) block would escape this test: tag it bash."""
    hidden = [
        f"{page.name}: {line.strip()}"
        for page in PAGES
        for block in blocks(page, tags=("", "sh", "shell", "console"))
        for line in block.splitlines()
        if re.match(r"\s*(\$ )?(python3? -m |pip |inspect |bash |PYTHONPATH=)", line)
    ]
    assert not hidden, "\n".join(hidden)


def test_every_link_between_the_pages_resolves():
    broken = []
    for page in PAGES:
        body = FENCE.sub("", page.read_text(encoding="utf-8"))
        for target in re.findall(r"\]\(([^)\s]+)\)", body):
            if not re.match(r"^(https?:|mailto:|#)", target) and not (page.parent / target.split("#")[0]).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken
    linked = set(re.findall(r"\]\(docs/([^)#]+)\)", (ROOT / "README.md").read_text(encoding="utf-8")))
    assert {p.name for p in PAGES[1:]} <= linked, "every page of docs/ is linked from the README"


@pytest.mark.parametrize("command", sorted({text(c) for _, c in ALL if is_run(c)}))
def test_every_run_command_composes(command):
    """Hydra parses every `python -m omseval` command's overrides as the shell hands them over, each run of a
    sweep included (also those not run here; a plug-in's, installed by the line before, excepted)."""
    if "PYTHONPATH=" in command:
        pytest.skip(NOT_RUN["PYTHONPATH="])
    for job in sweep_jobs(overrides(words_of(command))):
        compose(job)


@pytest.mark.slow
def test_every_offline_command_runs(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    shutil.copytree(PACK, work / "pack")  # the pages' commands run from a checkout; a copy, since some write
    given = {p.relative_to(work) for p in work.rglob("*")}
    path = f"{Path(sys.executable).parent}{os.pathsep}/usr/bin{os.pathsep}/bin"
    env = {**os.environ, "INSPECT_LOG_DIR": "logs", "PATH": path}
    env.pop("ANTHROPIC_API_KEY", None)  # the offline commands need no key, and a plan calls no model
    log, done, allowed, failed = None, set(), set(), []
    for page, command in ALL:
        shown = f"{page.name}: {text(command)}"
        if reason := not_run(command):
            print(f"not run ({reason}): {shown}")
            continue
        if "hydra/launcher=slurm" in command and shutil.which("srun", path=path):
            print(f"not run (SLURM is on this machine: it would submit jobs): {shown}")
            continue
        run = small(command, log)
        if text(run) in done:
            continue
        done.add(text(run))
        allowed |= targets(command)
        before = {p.relative_to(work) for p in work.rglob("*")}
        planned = "plan=true" in command
        result = subprocess.run(
            ["bash", "-c", text(run)], cwd=work, env=env, capture_output=True, text=True, timeout=900
        )
        expected = next((code for key, code in EXIT.items() if key in command), 0)
        if result.returncode != expected:
            failed.append(f"{shown}\nexit {result.returncode}\n{result.stdout[-1500:]}\n{result.stderr[-2500:]}")
        if planned and {p.relative_to(work) for p in work.rglob("*")} != before:
            failed.append(f"{shown}: plan=true wrote files")
        log = log or next((work / "logs").rglob("replay-*/*.eval"), None)
    assert not failed, "\n\n".join(failed)
    written = {p.relative_to(work) for p in work.rglob("*")} - given
    assert written
    assert all(p.parts[0] in allowed for p in written), sorted({p.parts[0] for p in written} - allowed)
