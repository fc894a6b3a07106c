"""rules=N: a quick subset, seeded and stratified across skills, applied consistently to the build, the
questions and the handoff cases, and kept apart from full runs by name and key."""

import pytest

from omseval.builders.build import build_parts, correction_stream
from omseval.errors import UserError
from omseval.identity import build_key, columns
from omseval.pack_schema import load_pack
from omseval.subset import chosen_rules, restrict
from tests.helpers import PACK, validated

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


@pytest.mark.parametrize("approach", ["verbatim", "file_edit"])  # a build without and with the model
def test_a_subset_run_is_its_own_build_and_log_folder(tmp_path, approach):
    full, quick = validated(tmp_path, f"approach={approach}"), validated(tmp_path, f"approach={approach}", "rules=5")
    assert "-rules-5-" in build_key(build_parts(quick))
    assert "-rules-" not in build_key(build_parts(full))
    assert "-rules-5-" in quick.key and "-rules-" not in full.key
    assert quick.experiment.build_key(quick) == build_key(build_parts(quick))  # the build the run's task names
    assert {r.rule_id for r in quick.pack.rules} == set(chosen_rules(pack, "larger", 5))  # the run sees the subset
    assert columns(quick.identity)["rules"] == "5"  # the report's column
    assert columns(full.identity)["rules"] == "all"


@pytest.mark.parametrize("rules, says", [(0, "rules must be a positive integer"), (161, "the larger corpus has 160")])
def test_a_bad_subset_is_refused_in_one_line(tmp_path, rules, says):
    with pytest.raises(UserError, match=says):
        validated(tmp_path, f"rules={rules}")
