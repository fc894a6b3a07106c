"""rules=N: a quick subset, seeded and stratified across skills, applied consistently to the build, the
questions and the handoff cases, and kept apart from full runs by name and key."""

import pytest

from omseval.errors import UserError
from omseval.guidance.artifact import artifact_key
from omseval.guidance.build import correction_stream, key_parts
from omseval.models import make_model
from omseval.pack_schema import load_pack
from omseval.refusals import check
from omseval.report.logs import identity
from omseval.run import run_key
from omseval.subset import chosen_rules, restrict
from tests.conftest import PACK, config

pack = load_pack(PACK)


def test_the_subset_is_seeded_and_stratified_across_skills():
    five = chosen_rules(pack, "larger", 5)
    assert five == chosen_rules(pack, "larger", 5) and len(set(five)) == 5
    assert len({pack.rule(r).skill for r in five}) == 5  # one rule of each of five skills
    skills = {r.skill for r in pack.rules_of("larger")}
    assert len({pack.rule(r).skill for r in chosen_rules(pack, "larger", len(skills))}) == len(skills)
    assert set(five) <= set(chosen_rules(pack, "larger", 12))  # a larger subset holds the smaller one
    assert len(chosen_rules(pack, "smaller", 7)) == 7


@pytest.mark.parametrize("corpus", ["larger", "smaller"])
def test_a_subset_keeps_its_rules_documents_messages_questions_and_cases(corpus):
    small = restrict(pack, corpus, 6)
    keep = set(chosen_rules(pack, corpus, 6))
    assert {r.rule_id for r in small.rules} == keep
    full = [m.message_id for m in pack.sequence_of(corpus)]
    assert [m.message_id for m in correction_stream(small, corpus, None)] == [
        m for m in full if m.split("/")[0] in keep
    ]  # their messages, in stream order
    assert len(small.sequence_of(corpus)) == 4 * 6
    assert {q.rule_id for q in small.questions_of(corpus)} == keep
    assert {d.skill for d in small.documents} == {r.skill for r in small.rules} & {d.skill for d in pack.documents}
    assert {c.rule_id for c in small.handoff} == keep & {c.rule_id for c in pack.handoff}
    assert restrict(pack, corpus, None) is pack


def test_a_subset_run_is_its_own_build_and_log_folder(tmp_path):
    full, quick = config(tmp_path, "approach=verbatim"), config(tmp_path, "approach=verbatim", "rules=5")
    model = make_model(full)
    assert "-rules-5-" in artifact_key(key_parts(quick, pack, model))
    assert "-rules-" not in artifact_key(key_parts(full, pack, model))
    assert "-rules-5-" in run_key(quick, pack, model) and "-rules-" not in run_key(full, pack, model)
    config_of = {"experiment": {"name": "replay"}, "corpus": {"name": "larger"}, "approach": {"name": "oms"}}
    config_of |= {"store": {"kind": "sqlite"}, "model": {"temperature": None}, "seed": None, "limit": None}
    assert identity(config_of | {"rules": 5}, "m", "x" * 12)["rules"] == "5"
    assert identity(config_of | {"rules": None}, "m", "x" * 12)["rules"] == "all"


@pytest.mark.parametrize("rules, says", [(0, "rules must be a positive integer"), (161, "the larger corpus has 160")])
def test_a_bad_subset_is_refused_in_one_line(tmp_path, rules, says):
    with pytest.raises(UserError, match=says):
        check(config(tmp_path, f"rules={rules}"))
