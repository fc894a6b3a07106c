"""The second pack (tests/packs/second): other skills, other wording, and the hard cases a lexical reader
can miss. What the offline stand-in must do on it: every path runs (every approach on both corpora, the
handoff experiment, answering and scoring), no prompt holds the answer key, and its results are
deterministic. How often its guidance passes the pack's checks is reported in the test summary, never
asserted: the stand-in is not a language model, and the pack is not worded for it.
"""

import asyncio
import json
from collections import Counter

import pytest
from inspect_ai import eval

from omseval.audit import superseded
from omseval.builders.build import build_guidance
from omseval.handoff import build_handoff, handoff_key
from omseval.models import make_model
from omseval.pack_schema import load_pack
from omseval.pack_schema.build import verify
from omseval.scorers.check import verdict
from omseval.tasks import run_task
from tests.helpers import ROOT, validated
from tests.helpers.prompts import APPROACHES, CORPORA, answer_key, prompts_of

SECOND = ROOT / "tests" / "packs" / "second"


def second(tmp_path, *overrides):
    return validated(tmp_path, f"pack.path={SECOND}", "cache=false", *overrides)


def test_second_pack_verifies():
    assert verify(SECOND).startswith("pack ok: 01=18 02=72 03=36 04=6 05=4")


@pytest.mark.slow
def test_every_path_runs_and_no_prompt_holds_the_answer_key(tmp_path, report):
    pack = load_pack(SECOND)
    seen = set()
    for approach in APPROACHES:
        for corpus in CORPORA:
            run = second(tmp_path, f"approach={approach}", f"corpus={corpus}")
            g = asyncio.run(build_guidance(run, make_model(run.cfg.model)))
            m = g.manifest
            assert m["messages"] == len(pack.sequence_of(corpus)) == m["processed"] + m["failures"]
            seen |= {*prompts_of(g.path), *g.documents.values()}
            asked = pack.questions_of(corpus)
            passing = sum(verdict(q, g.for_rule(pack.rule(q.rule_id))) is True for q in asked)
            stating = sum(superseded(q, pack.rule(q.rule_id), g.for_rule(pack.rule(q.rule_id))) for q in asked)
            report(
                f"second pack, {approach}, {corpus}: checks passing on the published guidance {passing}/{len(asked)}"
                f", questions whose guidance states a superseded value {stating}/{len(asked)}"
                f", processing losses {m['failures']}"
            )
        run = second(tmp_path, "experiment=handoff", f"approach={approach}", "experiment.probabilities=[0,100]")
        snapshots = asyncio.run(build_handoff(run, make_model(run.cfg.model)))
        assert {s.case_id for s in snapshots} == {c.case_id for c in pack.handoff}
        seen |= {*prompts_of(tmp_path / "builds" / handoff_key(run)[0]), *(s.guidance for s in snapshots)}
    assert len(seen) > len(pack.sequence)  # the model was asked, and every call was recorded
    assert not set().union(*map(answer_key(pack), seen))


def replay(tmp_path, approach: str, corpus: str) -> tuple[dict, str, dict]:
    """A replay run on the second pack in a fresh folder: (documents, processing log, scores by question)."""
    run = second(tmp_path, "experiment=replay", f"approach={approach}", f"corpus={corpus}", "seed=2")
    task = run_task(run)
    [log] = eval(task, model=make_model(run.cfg.model), log_dir=str(tmp_path / "logs"), display="none")
    assert log.status == "success" and log.samples
    folder = tmp_path / "builds" / task.metadata["build"]
    assert (folder / "manifest.json").is_file()
    documents = {p.name: p.read_text() for p in sorted(folder.rglob("*.md"))}
    return (
        documents,
        (folder / "processing.jsonl").read_text(),
        {s.id: s.scores["compliance"].value for s in log.samples},
    )


@pytest.mark.slow
@pytest.mark.parametrize("approach, corpus", [("oms", "larger"), ("file_edit", "smaller")])
def test_results_are_deterministic(tmp_path, report, approach, corpus):
    first = replay(tmp_path / "a", approach, corpus)
    assert replay(tmp_path / "b", approach, corpus) == first  # builds, decisions and verdicts alike
    scores = first[2].values()
    assert all(v["first_attempt"] is not None for v in scores)  # every question answered and checked
    entries = [json.loads(line) for line in first[1].splitlines()]
    decisions = Counter(e["decision"] for e in entries if "decision" in e)  # OMS's; a file edit has none
    report(
        f"second pack, replay, {approach}, {corpus}, seed 2: first attempt "
        f"{sum(v['first_attempt'] for v in scores)}/{len(scores)}, eventual {sum(v['eventual'] for v in scores)}"
        f"/{len(scores)}" + (f"; decisions {dict(sorted(decisions.items()))}" if decisions else "")
    )
