"""No answer key in any prompt: every prompt of full offline builds (every approach, both corpora, and
the handoff experiment; the peer libraries' on a subset of rules), and the guidance the answering model is given,
hold no rule id, message id, case id, message kind used as a label, or the sequence's `in_force`/`stale`."""

import asyncio

import pytest

from omseval.builders.build import build_guidance
from omseval.handoff import build_handoff, handoff_key
from omseval.models import make_model
from tests.helpers import validated
from tests.helpers.prompts import APPROACHES, CORPORA, answer_key, prompts_of


@pytest.mark.slow
def test_no_prompt_holds_the_answer_key(shipped, tmp_path):
    pack, _ = shipped
    find = answer_key(pack)
    seen = set()
    for approach in APPROACHES:
        # a peer library's prompts repeat per message: a subset of rules shows every one (its builds are long)
        subset = (
            ["rules=24"]
            if validated(tmp_path, f"approach={approach}").approach.__module__.startswith("omseval.peers")
            else []
        )
        for corpus in CORPORA:
            run = validated(tmp_path, f"approach={approach}", f"corpus={corpus}", "cache=false", *subset)
            g = asyncio.run(build_guidance(run, make_model(run.cfg.model)))
            seen |= {*prompts_of(g.path), *g.documents.values()}
        run = validated(
            tmp_path, "experiment=handoff", f"approach={approach}", "experiment.probabilities=[100]", "cache=false",
            *subset,
        )  # fmt: skip
        snapshots = asyncio.run(build_handoff(run, make_model(run.cfg.model)))
        seen |= {*prompts_of(tmp_path / "builds" / handoff_key(run)[0]), *(s.guidance for s in snapshots)}
    assert len(seen) > 2 * len(pack.sequence)  # the model was asked, and every call was recorded
    assert not set().union(*map(find, seen))


def test_the_answer_key_pattern_finds_leaks(shipped):
    pack, _ = shipped
    find = answer_key(pack)
    m = pack.sequence[0]
    for leak in (
        m.message_id,
        f"c:{m.message_id}",
        m.rule_id,
        f'kind="{m.kind}"',
        f'status="{m.kind}"',
        "in_force",
        '"stale": true',
        "stale=false",
        '- "stale": it repeats an older version',
        pack.handoff[0].case_id,
    ):
        assert find(f'<statement id="s1">x {leak} y</statement>'), leak
    assert not find(
        'Correction: the stale-data banner shows after the "onboarding change"; restate it in the initial file.'
    )
