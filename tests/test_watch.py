"""Builds you can watch and trust: structured output, every model call recorded with its tokens, a request the
model's API refuses as a processing loss, a service failure or a rejected key stopping the build with nothing of
its message recorded (a rerun resumes), programming errors loud, and keys that change with the prompts."""

import asyncio
import dataclasses
import json
import re

import pytest

from omseval.builders import artifact, jsonl
from omseval.builders.build import build_guidance, build_parts
from omseval.errors import ServiceStopped
from omseval.identity import build_key
from omseval.models import KeyRejected, make_model
from omseval.oms import prompts
from tests.helpers import validated


def build(run, pack, model=None):
    """The run's build over `pack` (a shortened stream), with `model` (by default, the run's)."""
    run = dataclasses.replace(run, pack=pack)
    return asyncio.run(build_guidance(run, model or make_model(run.cfg.model)))


def calls_of(guidance) -> list[dict]:
    return [json.loads(line) for line in (guidance.path / "calls.jsonl").read_text(encoding="utf-8").splitlines()]


def watched(model, fail=lambda n, schema: None):
    """The model, its provider's calls recorded as (schema name, prompt); `fail(n, schema)` may raise."""
    seen, generate = [], model.api.generate

    async def recording(input, tools, tool_choice, config):
        schema = config.response_schema.name if config.response_schema else None
        seen.append((schema, "\n\n".join(m.text for m in input)))
        fail(len(seen), schema)
        return await generate(input, tools, tool_choice, config)

    model.api.generate = recording
    return seen


@pytest.fixture
def small(shipped):
    import dataclasses

    pack, _ = shipped
    return dataclasses.replace(pack, sequence=pack.sequence_of("smaller")[:40])


def test_oms_asks_for_structured_replies_with_prompt_local_ids(small, tmp_path):
    run = validated(tmp_path, "approach=oms", "corpus=smaller", "cache=false")
    model = make_model(run.cfg.model)
    seen = watched(model)
    g = build(run, small, model)
    assert {s for s, _ in seen} == {"extract", "reconcile"}
    reconcile = [p for s, p in seen if s == "reconcile"]
    assert reconcile and all('<statement id="s1"' in p for p in reconcile)
    assert not any("<operation>" in p for _, p in seen)
    calls = calls_of(g)
    assert sorted(c["prompt"] for c in calls) == sorted(p for _, p in seen)  # every call, in stream order
    assert all(c["usage"]["total_tokens"] > 0 and c["reply"] and "decision" in c for c in calls)
    totals = {
        phase: sum(c["usage"]["total_tokens"] for c in calls if c["phase"] == phase)
        for phase in ("extract", "reconcile")
    }
    assert {p: t["total_tokens"] for p, t in g.manifest["tokens"].items()} == totals


def test_file_edit_asks_for_a_structured_file_choice(shipped, tmp_path):
    import dataclasses

    pack, _ = shipped
    pack = dataclasses.replace(pack, sequence=pack.sequence_of("larger")[:6])
    run = validated(tmp_path, "approach=file_edit", "corpus=larger", "cache=false")
    model = make_model(run.cfg.model)
    seen = watched(model)
    g = build(run, pack, model)
    assert sorted(map(str, (s for s, _ in seen))) == sorted(map(str, ["file_selection", None] * 6))
    assert set(g.manifest["tokens"]) == {"select", "edit"} and g.manifest["failures"] == 0


class ServiceDown(ConnectionError):
    pass


class Refused(Exception):
    """How a provider's client raises a request its API refuses, with the HTTP status."""

    def __init__(self, message: str, status_code: int):
        super().__init__(message)
        self.status_code = status_code


def failing_model(run, error: Exception):
    """The run's model, its provider failing its third call with `error` (no retries)."""
    model = make_model(run.cfg.model)
    model.api.should_retry = lambda e: isinstance(e, ServiceDown)  # how a provider marks a service failure
    failed = []

    def fail(n, schema):
        if n == 3:
            failed.append(seen[-1][1])
            raise error

    seen = watched(model, fail)
    return model, failed


def test_a_request_the_api_refuses_is_a_processing_loss(small, tmp_path):
    run = validated(tmp_path, "approach=oms", "corpus=smaller", "cache=false", "model.max_retries=0")
    model, failed = failing_model(run, Refused("prompt is too long", 400))
    g = build(run, small, model)
    assert g.manifest["failures"] == 1 and g.manifest["processed"] == len(small.sequence) - 1
    assert g.manifest["losses"] == {"request refused": 1}
    lost = [json.loads(line) for line in (g.path / "processing.jsonl").read_text().splitlines() if "failure" in line]
    assert len(lost) == 1 and lost[0]["cause"] == "request refused"
    assert "Refused: prompt is too long" in lost[0]["failure"]
    [refused] = [c for c in calls_of(g) if "error" in c]
    assert refused["error"] == "Refused: prompt is too long" and refused["prompt"] == failed[0]


@pytest.mark.parametrize(
    "error, stops, says",
    [
        (ServiceDown("503 from the provider"), ServiceStopped, "failed past its retries: ServiceDown: 503"),
        (Refused("invalid x-api-key", 401), KeyRejected, "the API rejected the key (Refused: invalid x-api-key)"),
    ],
)
def test_a_service_failure_or_a_rejected_key_stops_the_build_and_a_rerun_resumes(small, tmp_path, error, stops, says):
    run = validated(tmp_path, "approach=oms", "corpus=smaller", "cache=false", "model.max_retries=0")
    model, failed = failing_model(run, error)
    with pytest.raises(stops, match=re.escape(says)):
        build(run, small, model)
    final, partial = artifact.folders(run.cfg.log_dir, build_key(build_parts(run)))
    assert partial.is_dir() and not final.exists()  # unfinished: nothing looks like a result
    calls = jsonl.read(partial / "calls.jsonl")
    assert not any("error" in c for c in calls) and failed[0] not in [c["prompt"] for c in calls]

    g = build(run, small)  # the service is back: the rerun resumes the build
    assert g.path == final and g.manifest["failures"] == 0 and g.manifest["processed"] == len(small.sequence)
    log = [json.loads(line) for line in (g.path / "processing.jsonl").read_text().splitlines()]
    assert [e["message_id"] for e in log] == [m.message_id for m in small.sequence]  # each once, in order
    assert not any("failure" in e for e in log)
    assert [c["message_id"] for c in calls_of(g)] == sorted(
        (c["message_id"] for c in calls_of(g)), key=[m.message_id for m in small.sequence].index
    )  # only the processed messages' calls, in stream order


def test_a_programming_error_fails_the_build(small, tmp_path):
    run = validated(tmp_path, "approach=oms", "corpus=smaller", "cache=false")
    model = make_model(run.cfg.model)

    def fail(n, schema):
        if n == 3:
            raise KeyError("a bug")

    watched(model, fail)
    with pytest.raises(KeyError):
        build(run, small, model)


def test_editing_a_prompt_makes_a_new_build(small, tmp_path, monkeypatch):
    run = validated(tmp_path, "approach=oms", "corpus=smaller")
    first = build(run, small)
    assert build(run, small).key == first.key  # reused
    monkeypatch.setattr(
        prompts, "EXTRACT", prompts.EXTRACT.replace("Extract the rule it states.", "Extract the one rule it states.")
    )
    second = build(run, small)
    assert second.key != first.key
    assert all("Extract the one rule it states." in c["prompt"] for c in calls_of(second) if c["phase"] == "extract")
