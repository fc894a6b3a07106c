"""Builds you can watch and trust: structured output, every model call recorded with its tokens, model
errors as processing losses, programming errors loud, and keys that change with the prompts."""

import asyncio
import json

import pytest

from omseval.guidance.build import build_guidance
from omseval.models import make_model
from omseval.oms import prompts
from tests.conftest import config


def build(cfg, pack, model=None):
    return asyncio.run(build_guidance(cfg, pack, model or make_model(cfg)))


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
    cfg = config(tmp_path, "approach=oms", "corpus=smaller", "cache=false")
    model = make_model(cfg)
    seen = watched(model)
    g = build(cfg, small, model)
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
    cfg = config(tmp_path, "approach=file_edit", "corpus=larger", "cache=false")
    model = make_model(cfg)
    seen = watched(model)
    g = build(cfg, pack, model)
    assert sorted(map(str, (s for s, _ in seen))) == sorted(map(str, ["file_selection", None] * 6))
    assert set(g.manifest["tokens"]) == {"select", "edit"} and g.manifest["failures"] == 0


class ServiceDown(ConnectionError):
    pass


def test_a_model_error_past_retries_is_a_processing_loss(small, tmp_path):
    cfg = config(tmp_path, "approach=oms", "corpus=smaller", "cache=false", "model.max_retries=0")
    model = make_model(cfg)
    model.api.should_retry = lambda e: isinstance(e, ServiceDown)  # how a provider marks a service failure

    def fail(n, schema):
        if n == 3:
            raise ServiceDown("503 from the provider")

    watched(model, fail)
    g = build(cfg, small, model)
    assert g.manifest["failures"] == 1 and g.manifest["processed"] == len(small.sequence) - 1
    lost = [json.loads(line) for line in (g.path / "processing.jsonl").read_text().splitlines() if "failure" in line]
    assert "ServiceDown: 503 from the provider" in lost[0]["failure"]
    assert any(c.get("error", "").startswith("ServiceDown") for c in calls_of(g))


def test_a_programming_error_fails_the_build(small, tmp_path):
    cfg = config(tmp_path, "approach=oms", "corpus=smaller", "cache=false")
    model = make_model(cfg)

    def fail(n, schema):
        if n == 3:
            raise KeyError("a bug")

    watched(model, fail)
    with pytest.raises(KeyError):
        build(cfg, small, model)


def test_editing_a_prompt_makes_a_new_build(small, tmp_path, monkeypatch):
    cfg = config(tmp_path, "approach=oms", "corpus=smaller")
    first = build(cfg, small)
    assert build(cfg, small).key == first.key  # reused
    monkeypatch.setattr(
        prompts, "EXTRACT", prompts.EXTRACT.replace("Extract the rule it states.", "Extract the one rule it states.")
    )
    second = build(cfg, small)
    assert second.key != first.key
    assert all("Extract the one rule it states." in c["prompt"] for c in calls_of(second) if c["phase"] == "extract")
