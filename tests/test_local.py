"""model=local: SmolLM2-135M-Instruct served by llama.cpp. Checks that the replies are usable, never their quality."""

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import jsonschema
import pytest
from inspect_ai.log import list_eval_logs, read_eval_log
from inspect_ai.model import GenerateConfig, ResponseSchema

from tests.helpers import config as composed
from tests.helpers import run_module, stderr_lines, validated

needs_extra = pytest.mark.skipif(
    any(__import__("importlib").util.find_spec(m) is None for m in ("llama_cpp", "openai")),
    reason="needs the local extra: scripts/install-local",
)


def local_config(tmp_path, *overrides):
    return composed(tmp_path / "logs", "model=local", *overrides)


def omseval(tmp_path, *args):
    return run_module("omseval", f"log_dir={tmp_path / 'logs'}", "model=local", *args, cwd=tmp_path)


@pytest.mark.slow
def test_without_the_extra_one_line_and_no_work(tmp_path):
    code = "import sys; sys.modules['llama_cpp'] = None; from omseval.__main__ import main; main()"
    result = subprocess.run(
        [sys.executable, "-c", code, "model=local", f"log_dir={tmp_path / 'logs'}"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "error: local/smollm2-135m-instruct needs the local extra (llama_cpp missing): scripts/install-local"
    ]
    assert not (tmp_path / "logs").exists()


@pytest.mark.slow
@needs_extra
@pytest.mark.parametrize(
    "content, says", [(None, "No such file or directory"), (b"not a model", "not a GGUF model file")]
)
def test_missing_or_corrupt_model_file_is_named(tmp_path, content, says):
    path = tmp_path / "model.gguf"
    if content is not None:
        path.write_bytes(content)
    result = omseval(tmp_path, f"model.path={path}", "model.name=local/other", "model.label=other")
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines() == [f"error: model.path={path}: {says}"]
    assert not (tmp_path / "logs").exists()


@pytest.mark.slow
@needs_extra
def test_another_model_file_must_be_named(tmp_path):
    result = omseval(tmp_path, f"model.path={tmp_path / 'qwen.gguf'}")
    assert result.returncode == 2 and "model.name=local/<its name> and model.label" in result.stderr


@pytest.mark.slow
@needs_extra
@pytest.mark.local
def test_a_file_llama_cpp_cannot_load_is_named(tmp_path):
    path = tmp_path / "broken.gguf"
    path.write_bytes(b"GGUF" + bytes(64))
    result = omseval(tmp_path, f"model.path={path}", "model.name=local/broken", "model.label=broken", "limit=1")
    assert result.returncode == 2, result.stderr
    [line] = stderr_lines(result)
    assert line.startswith(f"error: {path}: llama.cpp could not load the model")
    assert not list_eval_logs(str(tmp_path / "logs"))


@needs_extra
@pytest.mark.local
@pytest.mark.slow
def test_questions_answered_by_the_real_model(tmp_path):
    args = ["experiment=maintain", "approach=none", "limit=3"]
    result = omseval(tmp_path, *args)
    assert result.returncode == 0, result.stderr
    assert "model smollm2-135m-instruct (local)" in result.stdout and "not a language model" not in result.stdout
    [info] = list_eval_logs(str(tmp_path / "logs"))
    log = read_eval_log(info)
    assert log.eval.model == "local/smollm2-135m-instruct" and len(log.samples) == 3
    for s in log.samples:
        assert s.error is None and s.output.completion.strip() and s.output.usage.output_tokens > 0
        assert s.scores["compliance"].value["first_attempt"] in (0, 1)
    again = omseval(tmp_path, *args)  # another server on another port: the same model, so the run is reused
    assert again.returncode == 0 and len(list_eval_logs(str(tmp_path / "logs"))) == 1


@needs_extra
@pytest.mark.local
@pytest.mark.slow
def test_server_lifecycle(tmp_path):
    """Free ports for servers side by side; a stopped server fails the call loudly; the server ends with the run."""
    from omseval.errors import ServiceStopped
    from omseval.local import serving
    from omseval.models import make_model

    cfg = local_config(tmp_path)
    with pytest.raises(KeyboardInterrupt), serving(cfg) as first, serving(cfg) as second:
        assert first.model_args["base_url"] != second.model_args["base_url"]
        assert first.model_args["identity"] == second.model_args["identity"]
        procs = [first.process, second.process]
        model = make_model(cfg.model, second.model_args)
        assert model.api.base_url == second.model_args["identity"]
        assert asyncio.run(model.generate("Say hello.")).completion.strip()
        procs[1].kill()
        procs[1].wait()
        with pytest.raises(ServiceStopped, match="rerun the same command to resume"):
            asyncio.run(model.generate("Say hello again."))
        raise KeyboardInterrupt  # Ctrl-C
    assert all(p.poll() is not None for p in procs)


# an array of objects (Graphiti's extracted edges have this shape; inspect's schemas have no $ref)
EDGE = {
    "type": "object",
    "properties": {
        "relation_type": {"type": "string"},
        "fact": {"type": "string"},
        "source_id": {"type": "integer"},
        "valid_at": {"anyOf": [{"type": "string"}, {"type": "null"}]},
    },
    "required": ["relation_type", "fact", "source_id", "valid_at"],
}
EDGES = {"type": "object", "properties": {"edges": {"type": "array", "items": EDGE}}, "required": ["edges"]}


def longest(pattern: str) -> int:
    return int(pattern.rsplit(",", 1)[1].split("}")[0])


@needs_extra
def test_every_string_of_a_reply_fits_in_half_of_max_tokens():
    """Open arrays get a bound, and the free strings, counted in every array item they may repeat in, fit in
    half of max_tokens (characters, at least one per token), so the object can close."""
    import copy

    from omseval.local_provider import fitted

    schema = fitted(copy.deepcopy(EDGES), 2048)
    items = schema["properties"]["edges"]["maxItems"]
    edge = schema["properties"]["edges"]["items"]["properties"]
    strings = [edge["relation_type"], edge["fact"], edge["valid_at"]["anyOf"][0]]
    assert 0 < items * sum(longest(s["pattern"]) for s in strings) <= 1024
    assert "pattern" not in edge["source_id"] and all(longest(s["pattern"]) > 0 for s in strings)
    jsonschema.validate({"edges": [{"relation_type": "USES", "fact": "x", "source_id": 1, "valid_at": None}]}, schema)
    with pytest.raises(jsonschema.ValidationError):  # a runaway list is refused
        jsonschema.validate(
            {"edges": [{"relation_type": "", "fact": "", "source_id": 1, "valid_at": None}] * 99}, schema
        )


@needs_extra
@pytest.mark.local
@pytest.mark.slow
def test_response_schema_constrains_decoding(tmp_path):
    """inspect's response_schema reaches llama.cpp as a grammar whose strings fit in max_tokens: every reply is an
    object of the schema (unbounded, this model loops inside a string until max_tokens cuts the object short)."""
    from omseval.local import serving
    from omseval.models import make_model

    schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["decision", "target", "reason"],
        "properties": {
            "decision": {"type": "string", "enum": ["new", "restates", "supersedes", "stale"]},
            "target": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            "reason": {"type": "string"},
        },
    }
    config = GenerateConfig(response_schema=ResponseSchema(name="decision", json_schema=schema))
    prompts = ["Always use tabs.", "Reply with a poem about the sea.", "Use four spaces, not tabs."]
    cfg = local_config(tmp_path, "model.max_tokens=300")
    edges = GenerateConfig(response_schema=ResponseSchema(name="edges", json_schema=EDGES))
    with serving(cfg) as served:
        model = make_model(cfg.model, served.model_args)
        for prompt in prompts:
            reply = asyncio.run(model.generate(prompt, config=config)).completion
            jsonschema.validate(json.loads(reply), schema)
        for prompt in ["List every fact: Alice manages Bob. Bob uses tabs. Tabs were replaced by spaces in 2024."]:
            reply = asyncio.run(model.generate(prompt, config=edges)).completion
            jsonschema.validate(json.loads(reply), EDGES)


@needs_extra
@pytest.mark.local
@pytest.mark.slow
def test_oms_replies_are_structured_objects(tmp_path):
    """A few corrections processed by OMS: each call asks for a schema, and each reply is an object of it."""
    from omseval.builders.build import correction_stream, make_builder
    from omseval.local import serving
    from omseval.models import make_model

    run = validated(tmp_path / "logs", "model=local", "approach=oms", "corpus=smaller", "model.max_tokens=512")
    calls = []
    with serving(run.cfg) as served:
        model = make_model(run.cfg.model, served.model_args)
        generate = model.generate

        async def recorded(*args, **kwargs):
            output = await generate(*args, **kwargs)
            calls.append((kwargs.get("config", GenerateConfig()).response_schema, output.completion))
            return output

        model.generate = recorded
        workdir = tmp_path / "build.partial"
        workdir.mkdir()
        builder = make_builder(run, workdir, model)

        async def process(messages):
            for message in messages:
                await builder.process(message, await builder.prepare(message))

        asyncio.run(process(correction_stream(run.pack, "smaller", None)[:4]))
        builder.close()
    assert len({schema.name for schema, _ in calls if schema}) >= 2  # extraction and reconciliation
    for schema, reply in calls:
        assert schema is not None
        jsonschema.validate(json.loads(reply), schema.json_schema.model_dump(exclude_none=True, by_alias=True))


@needs_extra
@pytest.mark.local
@pytest.mark.slow
def test_the_longest_string_keeps_the_server_alive(tmp_path):
    """One free string gets LONGEST_STRING characters at the default max_tokens; a longer bound crashed the server."""
    from omseval.local import serving
    from omseval.models import make_model

    schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["reason"],
        "properties": {"reason": {"type": "string"}},
    }
    config = GenerateConfig(response_schema=ResponseSchema(name="reason", json_schema=schema))
    cfg = local_config(tmp_path)
    with serving(cfg) as served:
        reply = asyncio.run(make_model(cfg.model, served.model_args).generate("Why is the sky blue?", config=config))
        assert served.process.poll() is None
    jsonschema.validate(json.loads(reply.completion), schema)


@needs_extra
@pytest.mark.local
@pytest.mark.slow
def test_a_server_killed_mid_run_stops_the_run_and_a_rerun_resumes(tmp_path):
    """kill -9 of the run's llama.cpp server: the run ends incomplete (exit 1, no answer counted), and the
    same command, with a new server, finishes it."""
    args = ["experiment=maintain", "approach=none", "limit=5"]
    command = [sys.executable, "-m", "omseval", f"log_dir={tmp_path / 'logs'}", "model=local", *args]
    run = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen: set = set()
    while True:  # until a connection to the run's server stays open (the model client's, not a readiness probe)
        server, open_now = server_connections(run.pid)
        if seen & open_now:
            break
        assert run.poll() is None, run.communicate()
        seen = open_now
        time.sleep(0.5)
    os.kill(server, signal.SIGKILL)
    stdout, stderr = run.communicate(timeout=600)
    assert run.returncode == 1, stderr
    assert "rerun the same command to resume" in stdout + stderr
    again = omseval(tmp_path, *args)
    assert again.returncode == 0, again.stderr
    done = [read_eval_log(i) for i in list_eval_logs(str(tmp_path / "logs"), recursive=True)]
    [log] = [d for d in done if d.status == "success"]
    assert len(log.samples) == 5 and all(s.error is None for s in log.samples)


def server_connections(pid: int) -> tuple[int | None, set[int]]:
    """The llama.cpp server `pid` started, and the client ports of the connections established to it."""
    for children in Path(f"/proc/{pid}/task").glob("*/children"):
        for child in children.read_text().split():
            try:
                argv = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"llama_cpp.server" in argv:
                port = argv[argv.index(b"--port") + 1].decode()
                rows = [line.split() for line in Path("/proc/net/tcp").read_text().splitlines()[1:]]
                return int(child), {
                    row[2] for row in rows if int(row[1].split(":")[1], 16) == int(port) and row[3] == "01"
                }
    return None, set()
