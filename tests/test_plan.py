"""Cost and time before a run: `plan=true` prints a run's (or a suite's) calls, tokens, dollars and wall time without
calling a model or writing anything; `budget_usd` refuses a run whose estimate exceeds it before any work, and
stops a run whose spend reaches it as a resumable run."""

import dataclasses
import json
import math
import re

import pytest

from omseval.builders.base import Builder, PlannedCall
from omseval.errors import ServiceStopped, UserError
from omseval.models import OverBudget, _Spend, budget, failure, stop
from omseval.offline.provider import tokens
from omseval.plan import estimate
from tests.helpers import run_module, stderr_lines, validated
from tests.helpers.fake_anthropic import FakeAnthropic, serving
from tests.helpers.processes import eval_logs

SMALL = ["experiment=maintain", "corpus=smaller", "rules=2"]
KEY = {"ANTHROPIC_API_KEY": "test-key"}


class FakeMessages(FakeAnthropic):
    """Anthropic's Messages API: OMS's extraction and reconcile answered in JSON, anything else in text, every reply
    with the token usage `usage` (so that a test sets what a call costs)."""

    requests: list[dict] = []
    usage = {"input_tokens": 10, "output_tokens": 12}

    def answer(self, body: dict) -> None:
        FakeMessages.requests.append(body)
        text = "".join(
            c if isinstance(c, str) else "".join(b.get("text", "") for b in c)
            for c in (m["content"] for m in body["messages"])
        )
        schema = (body.get("output_format") or {}).get("schema") or {"properties": {}}
        if "subject" in schema["properties"]:
            found = re.search(r"<correction>\n(.*?)\n</correction>", text, re.S)
            reply = json.dumps({"subject": "a rule", "directive": found.group(1) if found else "x", "scope": "all"})
        elif "decision" in schema["properties"]:
            reply = json.dumps({"decision": "new", "target": None, "reason": "nothing covers it"})
        else:
            reply = "Following the team's guidance."
        self.send(
            200,
            {
                "id": f"msg_{len(FakeMessages.requests)}",
                "type": "message",
                "role": "assistant",
                "model": self.model,
                "content": [{"type": "text", "text": reply}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": FakeMessages.usage,
            },
        )


@pytest.fixture
def fake_api():
    FakeMessages.requests = []
    FakeMessages.usage = {"input_tokens": 10, "output_tokens": 12}
    with serving(FakeMessages) as url:
        yield url


def sonnet(url: str) -> list[str]:
    return ["model=sonnet", f"model.base_url={url}", "model.max_retries=0", "model.max_connections=1"]


def omseval(tmp_path, *args):
    return run_module("omseval", f"log_dir={tmp_path / 'logs'}", *args, cwd=tmp_path, env=KEY)


# --- the estimate, in this process ---


def test_a_builder_that_calls_a_model_and_lists_no_calls_has_no_estimate_and_no_budget(tmp_path):
    class Silent(Builder):
        uses_model = True

    run = dataclasses.replace(validated(tmp_path / "logs", *SMALL, "approach=oms"), approach=Silent)
    plan = estimate([run])
    assert plan.runs[0].build == "no estimate" and plan.cost() is None
    assert "no estimate for approach oms's build" in plan.text()
    with pytest.raises(UserError, match=r"^budget_usd=100: the cost cannot be estimated \(no estimate for approach"):
        plan.within(100)
    assert Builder.planned_calls(run.pack, run.cfg.corpus, run.pack.sequence, {}) == []  # no model: no calls


def test_the_build_lists_its_calls_per_message(tmp_path):
    """OMS: an extraction per correction, a reconcile for each but the first (its shared file starts empty);
    file_edit on the larger corpus: a selection and an edit per correction; verbatim and none: no calls."""
    calls = {}
    for approach in ("oms", "oms_no_retrieval", "file_edit", "file_edit_hinted", "verbatim", "none"):
        for corpus in ("smaller", "larger"):
            run = validated(tmp_path / "logs", "experiment=maintain", f"approach={approach}", f"corpus={corpus}")
            stream = run.pack.sequence_of(corpus)
            listed = run.approach.planned_calls(run.pack, run.cfg.corpus, stream, run.approach_options)
            calls[approach, corpus] = [c.phase for c in listed]
            assert all(isinstance(c, PlannedCall) and c.prompt_chars > 0 and c.reply_chars > 0 for c in listed)
    n = {c: len(validated(tmp_path / "logs", f"corpus={c}").pack.sequence_of(c)) for c in ("smaller", "larger")}
    assert calls["oms", "smaller"].count("extract") == n["smaller"]
    assert calls["oms", "smaller"].count("reconcile") == n["smaller"] - 1
    assert calls["oms", "larger"].count("reconcile") == n["larger"]
    assert calls["oms_no_retrieval", "larger"] == ["extract"] * n["larger"]
    assert calls["file_edit", "larger"].count("select") == calls["file_edit", "larger"].count("edit") == n["larger"]
    assert calls["file_edit_hinted", "larger"] == ["edit"] * n["larger"]
    assert calls["file_edit", "smaller"] == ["edit"] * n["smaller"]  # one shared file: nothing to choose
    assert calls["verbatim", "larger"] == calls["none", "smaller"] == []


def test_an_edit_prompt_holds_its_document_as_it_grows(tmp_path):
    run = validated(tmp_path / "logs", "experiment=maintain", "approach=file_edit_hinted", "corpus=smaller")
    listed = run.approach.planned_calls(run.pack, run.cfg.corpus, run.pack.sequence_of("smaller"), {})
    prompts = [c.prompt_chars for c in listed]
    texts = [m.text for m in run.pack.sequence_of("smaller")]
    # each prompt: the document as the edits before it left it (grown by each correction), and its correction
    assert all(b - a == len(u) + 3 for a, b, u in zip(prompts[:-1], prompts[1:], texts[1:], strict=True))
    assert [c.chain for c in listed] == ["shared"] * len(listed)  # one chain: every edit waits for the one before


def test_a_finished_build_and_a_finished_run_cost_nothing(tmp_path):
    run = validated(tmp_path / "logs", *SMALL, "approach=oms", "experiment=replay")
    fresh = estimate([run]).runs[0]
    assert fresh.build == "new" and {p.name for p in fresh.phases} >= {"build: extract", "answer", "retry"}
    from omseval.builders import artifact

    final, _ = artifact.folders(run.cfg.log_dir, run.experiment.build_key(run))
    final.mkdir(parents=True)
    (final / "manifest.json").write_text("{}")
    reused = estimate([run]).runs[0]
    assert reused.build == "reused (finished)" and not [p for p in reused.phases if p.name.startswith("build")]
    assert reused.total().calls == fresh.total().calls - sum(
        p.expected.calls for p in fresh.phases if p.name.startswith("build")
    )
    maintain = validated(tmp_path / "logs", *SMALL, "approach=oms")
    both = estimate([maintain, run])  # maintain and replay share the build: made once
    assert [r.build for r in both.runs] == ["reused (finished)"] * 2


def test_a_suite_plans_every_run_and_each_build_once(tmp_path, monkeypatch):
    from omseval.config import compose
    from omseval.suite import suite_runs

    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    overrides = ["suite=benchmark", "model=sonnet", "limit=2", f"log_dir={tmp_path / 'logs'}"]
    runs = suite_runs(compose(overrides).suite, overrides)
    plan = estimate(runs)
    text = plan.text()
    assert f"plan: {len(runs)} runs" in text and len(runs) == 30
    builds = {r.name: r.build for r in plan.runs}
    assert builds["replay larger oms"] == "reused (an earlier run builds it)" and builds["maintain larger oms"] == "new"
    assert builds["handoff smaller verbatim"] == "no model calls"
    assert re.search(r"^estimated: \$[\d,]+\.\d\d \(at most \$[\d,]+\.\d\d\), wall time [\d.]+ (s|min|h)$", text, re.M)
    assert plan.cost() and plan.cost(bound=True) >= plan.cost() > 0
    assert not (tmp_path / "logs").exists()


# --- the budget's stop, in this process ---


def test_the_spend_is_counted_at_the_price_and_stops_at_the_budget(monkeypatch):
    from inspect_ai.model import ModelUsage

    with budget(0.10, {"anthropic/x": (3.0, 15.0)}):
        import os

        spend = _Spend(os.environ["OMSEVAL_BUDGET"])
        spend.check()  # nothing spent: nothing refused
        spend.add("omseval/heuristic", ModelUsage(input_tokens=10**9, output_tokens=10**9))  # no price: free
        spend.add("anthropic/x", ModelUsage(input_tokens=10_000, output_tokens=2_000))  # $0.03 + $0.03
        assert math.isclose(spend.spent(), 0.06)
        spend.check()
        spend.add("anthropic/x", ModelUsage(input_tokens=10_000, output_tokens=2_000))
        with pytest.raises(OverBudget) as refused:
            spend.check()
    assert "OMSEVAL_BUDGET" not in os.environ
    assert failure(None, refused.value) == "budget"  # type: ignore[arg-type]
    stopped = stop(None, refused.value, "budget")  # type: ignore[arg-type]
    assert isinstance(stopped, ServiceStopped) and str(stopped).startswith("budget_usd=0.1 reached: ")


def test_the_offline_model_counts_characters_per_four_as_tokens():
    assert tokens("") == 0 and tokens("abcd") == 1 and tokens("abcde") == 2


# --- the command ---


@pytest.mark.slow
def test_plan_prints_the_estimate_calls_no_model_and_writes_nothing(tmp_path, fake_api):
    (tmp_path / "logs").mkdir()
    result = omseval(tmp_path, "plan=true", "experiment=replay", "approach=oms", "corpus=smaller", *sonnet(fake_api))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for phase in ("build: extract", "build: reconcile", "answer", "retry"):
        assert re.search(rf"^{re.escape(phase)}\s+\d+\s+\d+\s+[\d,]+\s+[\d,]+\s+\$\d", out, re.M), phase
    assert re.search(r"^estimated: \$\d+\.\d\d \(at most \$\d+\.\d\d\), wall time [\d.]+ (s|min|h)$", out, re.M)
    assert "tokens = characters / 4" in out and "replay smaller oms" in out
    assert FakeMessages.requests == []  # no model was called
    assert list((tmp_path / "logs").iterdir()) == []  # nothing was written


@pytest.mark.slow
def test_an_unknown_price_is_said_and_a_budget_refuses_it(tmp_path, fake_api):
    args = [*SMALL, "approach=oms", *sonnet(fake_api), "model.price=null"]
    shown = omseval(tmp_path, "plan=true", *args)
    assert shown.returncode == 0 and "unknown" in shown.stdout and "model=sonnet has no price" in shown.stdout
    refused = omseval(tmp_path, "budget_usd=100", *args)
    assert refused.returncode == 2
    assert stderr_lines(refused) == [
        "error: budget_usd=100: the cost cannot be estimated (model=sonnet has no price (model.price=null)); "
        "plan=true shows the estimate"
    ]
    assert FakeMessages.requests == [] and not (tmp_path / "logs").exists()


@pytest.mark.slow
def test_a_budget_below_the_estimate_is_refused_before_any_work(tmp_path, fake_api):
    result = omseval(tmp_path, "budget_usd=0.001", *SMALL, "approach=oms", *sonnet(fake_api))
    assert result.returncode == 2
    [line] = stderr_lines(result)
    assert re.fullmatch(
        r"error: budget_usd=0\.001: the estimated cost is \$[\d.]+ \(at most \$[\d.]+\), over the budget; "
        r"plan=true shows the estimate",
        line,
    )
    assert FakeMessages.requests == [] and not (tmp_path / "logs").exists()


def affordable(tmp_path, monkeypatch, args: list[str]) -> float:
    """A budget twice the run's estimate, with every call of the fake API made to cost 0.6 of it: the run is let
    start, and its third call is refused."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    usd = 2 * (estimate([validated(tmp_path / "logs", *args)]).cost() or 0.0)
    FakeMessages.usage = {"input_tokens": math.ceil(0.6 * usd / 3.0 * 1e6), "output_tokens": 0}  # sonnet: $3/Mtok in
    return round(usd, 6)


@pytest.mark.slow
def test_a_build_that_reaches_its_budget_stops_unfinished_and_resumes_with_a_larger_one(
    tmp_path, fake_api, monkeypatch
):
    args = [*SMALL, "approach=oms", *sonnet(fake_api)]
    usd = affordable(tmp_path, monkeypatch, args)
    stopped = omseval(tmp_path, f"budget_usd={usd}", *args)
    assert stopped.returncode == 1, stopped.stderr
    said = [line for line in stopped.stdout.splitlines() if "budget_usd=" in line]
    assert len(said) == 1 and re.match(rf"run stopped: budget_usd={usd:g} reached: .* cost \$[\d.]+", said[0])
    assert len(FakeMessages.requests) == 2  # the third call was refused before it was sent
    builds = tmp_path / "logs" / "builds"
    assert [p.name for p in builds.glob("*.partial")] and not list(builds.glob("*/manifest.json"))
    assert not [i for i in eval_logs(tmp_path / "logs") if "success" in i.name]

    resumed = omseval(tmp_path, "budget_usd=100", *args)
    assert resumed.returncode == 0, resumed.stderr
    [manifest] = builds.glob("*/manifest.json")
    processed = [json.loads(x)["message_id"] for x in (manifest.parent / "processing.jsonl").read_text().splitlines()]
    assert len(processed) == len(set(processed)) == 8 and json.loads(manifest.read_text())["failures"] == 0
    assert not list(builds.glob("*.partial"))
    FakeMessages.requests = []
    again = omseval(tmp_path, "plan=true", *args)  # a finished run costs nothing
    assert again.returncode == 0 and "finished run: nothing to do" in again.stdout
    assert "estimated: $0.00 (at most $0.00)" in again.stdout and FakeMessages.requests == []


@pytest.mark.slow
def test_answers_that_reach_the_budget_leave_an_unfinished_log_and_resume(tmp_path, fake_api, monkeypatch):
    from inspect_ai.log import read_eval_log

    args = [*SMALL, "approach=verbatim", *sonnet(fake_api)]  # no model in the build: the answers reach the budget
    usd = affordable(tmp_path, monkeypatch, args)
    stopped = omseval(tmp_path, f"budget_usd={usd}", *args)
    assert stopped.returncode == 1, stopped.stderr
    assert [line for line in stopped.stdout.splitlines() if f"budget_usd={usd:g} reached" in line]
    answered = len(FakeMessages.requests)
    assert 0 < answered < 4
    assert {read_eval_log(i, header_only=True).status for i in eval_logs(tmp_path / "logs")} == {"error"}

    FakeMessages.requests = []
    resumed = omseval(tmp_path, "budget_usd=100", *args)
    assert resumed.returncode == 0, resumed.stderr
    assert len(FakeMessages.requests) == 4 - answered  # the answered samples are kept, not asked again
    assert "success" in {read_eval_log(i, header_only=True).status for i in eval_logs(tmp_path / "logs")}


@pytest.mark.slow
def test_plan_of_the_suite_from_the_command_line(tmp_path, fake_api):
    (tmp_path / "logs").mkdir()
    result = omseval(tmp_path, "plan=true", "suite=benchmark", "limit=2", *sonnet(fake_api))
    assert result.returncode == 0, result.stderr
    assert "plan: 30 runs" in result.stdout and "reused (an earlier run builds it)" in result.stdout
    assert FakeMessages.requests == [] and list((tmp_path / "logs").iterdir()) == []
