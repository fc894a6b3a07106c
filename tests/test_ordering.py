"""The deterministic ordering rules of pack-schema.md: the correction sequence (02) and the
handoff recording schedule (07), checked against an independent reading of the schema."""

import random
import shutil
from types import SimpleNamespace

import pytest

from omseval.pack_schema import load_pack
from omseval.pack_schema.ordering import KINDS, PROBABILITIES, correction_sequence, recording_schedule

SEEDS = range(40)


def fake_rules(n: int, prefix: str = "r-x") -> list:
    return [
        SimpleNamespace(
            rule_id=f"{prefix}-{i}",
            skill=f"skill-{i % 3}",
            initial_correction=f"initial {i}",
            restatement_1=f"restatement one {i}",
            restatement_2=f"restatement two {i}",
            later_change=f"change {i}",
        )
        for i in range(n)
    ]


def schema_order(rules, seed: int) -> list[str]:
    """The schema's rule, written out independently: shuffle, then swap change/initial pairs."""
    messages = [f"{r.rule_id}/{k}" for r in rules for k in ("initial", "restatement-1", "restatement-2", "change")]
    random.Random(seed).shuffle(messages)
    for r in rules:
        i, c = messages.index(f"{r.rule_id}/initial"), messages.index(f"{r.rule_id}/change")
        if c < i:
            messages[i], messages[c] = messages[c], messages[i]
    return messages


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    from tests.helpers import PACK

    dest = tmp_path_factory.mktemp("shipped") / "pack"
    shutil.copytree(PACK, dest)  # a snapshot: others may be extending the shipped pack
    return load_pack(dest)


# ---------------------------------------------------------------------------------------------
# correction_sequence


@pytest.mark.parametrize("n", [1, 2, 7, 40])
def test_sequence_follows_the_schema_rule(n):
    rules = fake_rules(n)
    for seed in SEEDS:
        assert [m.message_id for m in correction_sequence(rules, "larger", seed)] == schema_order(rules, seed)


def test_sequence_fields():
    rules = fake_rules(12)
    by_id = {r.rule_id: r for r in rules}
    texts = {
        "initial": "initial_correction",
        "restatement-1": "restatement_1",
        "restatement-2": "restatement_2",
        "change": "later_change",
    }
    messages = correction_sequence(rules, "smaller", 7)
    assert [m.position for m in messages] == list(range(1, 4 * len(rules) + 1))
    assert sorted(m.message_id for m in messages) == sorted(f"{r.rule_id}/{k}" for r in rules for k in KINDS)
    for m in messages:
        rule_id, suffix = m.message_id.split("/")
        assert (m.corpus, m.seed, m.rule_id, m.skill) == ("smaller", 7, rule_id, by_id[rule_id].skill)
        assert m.kind == ("restatement" if suffix.startswith("restatement") else suffix)
        assert m.text == getattr(by_id[rule_id], texts[suffix])


def test_every_change_comes_after_its_initial():
    rules = fake_rules(30)
    swapped = 0
    for seed in SEEDS:
        raw = [f"{r.rule_id}/{k}" for r in rules for k in KINDS]
        random.Random(seed).shuffle(raw)
        swapped += sum(raw.index(f"{r.rule_id}/change") < raw.index(f"{r.rule_id}/initial") for r in rules)
        pos = {m.message_id: m.position for m in correction_sequence(rules, "larger", seed)}
        for r in rules:
            assert pos[f"{r.rule_id}/initial"] < pos[f"{r.rule_id}/change"], (seed, r.rule_id)
    assert swapped > 0  # the swap rule was exercised


def test_stale_and_in_force():
    rules = fake_rules(30)
    stale_seen = 0
    for seed in SEEDS:
        messages = correction_sequence(rules, "larger", seed)
        pos = {m.message_id: m.position for m in messages}
        for m in messages:
            change = f"{m.rule_id}/change"
            after_change = m.kind == "restatement" and pos[change] < m.position
            assert m.stale is after_change, m
            if m.kind in ("initial", "change"):
                assert m.in_force == m.message_id
            else:
                assert m.in_force == (change if after_change else f"{m.rule_id}/initial")
            stale_seen += m.stale
    assert stale_seen > 0


def test_restatement_before_its_initial_counts_as_the_initial():
    rules = fake_rules(30)
    found = 0
    for seed in SEEDS:
        messages = correction_sequence(rules, "larger", seed)
        pos = {m.message_id: m.position for m in messages}
        for m in messages:
            if m.kind == "restatement" and m.position < pos[f"{m.rule_id}/initial"]:
                found += 1
                assert m.in_force == f"{m.rule_id}/initial" and m.stale is False
    assert found > 0


def test_only_restatements_are_ever_stale():
    for seed in SEEDS:
        for m in correction_sequence(fake_rules(10), "larger", seed):
            if m.kind != "restatement":
                assert m.stale is False


def test_sequence_is_deterministic_for_a_seed():
    rules = fake_rules(25)
    assert correction_sequence(rules, "larger", 11) == correction_sequence(rules, "larger", 11)
    assert correction_sequence(rules, "larger", 11) != correction_sequence(rules, "larger", 12)


def test_sequence_does_not_depend_on_global_random_state():
    rules = fake_rules(25)
    random.seed(1)
    first = correction_sequence(rules, "larger", 11)
    random.seed(2)
    random.random()
    assert correction_sequence(rules, "larger", 11) == first


def test_sequence_depends_on_rule_order():
    """Messages are built in 01 row order: reordering the rules changes the stream."""
    rules = fake_rules(25)
    assert [m.message_id for m in correction_sequence(rules[::-1], "larger", 11)] == schema_order(rules[::-1], 11)
    assert correction_sequence(rules[::-1], "larger", 11) != correction_sequence(rules, "larger", 11)


def test_shipped_02_regenerates(shipped):
    seeds = {m.corpus: m.seed for m in shipped.sequence}
    assert seeds == {"larger": 11, "smaller": 7}
    for corpus, seed in seeds.items():
        assert {m.seed for m in shipped.sequence_of(corpus)} == {seed}
        assert correction_sequence(shipped.rules_of(corpus), corpus, seed) == shipped.sequence_of(corpus)
    assert len(shipped.sequence) == 4 * len(shipped.rules)


# ---------------------------------------------------------------------------------------------
# recording_schedule

CASES = [f"h-{i:02d}" for i in range(1, 34)]


def schema_schedule(case_ids, seed):
    rng = random.Random(seed)
    order = list(case_ids)
    rng.shuffle(order)
    u = {c: rng.random() for c in case_ids}
    return order, u


def test_the_handoff_experiment_accepts_exactly_the_probabilities_the_schedule_decides(tmp_path, shipped):
    """A recording probability a handoff run accepts has a decision for every case in every seed's schedule (and
    in the shipped 07); any other is refused before any work."""
    from omseval.errors import UserError
    from omseval.experiments import Handoff
    from tests.helpers import validated

    decided = {p for seed in (11, 23) for rec in recording_schedule(CASES, seed)[1].values() for p in rec}
    assert decided == set(PROBABILITIES) and {0, 100} <= decided
    assert all(set(rec) == decided for cases in shipped.schedule.values() for rec in cases.values())
    for p in range(-10, 111):
        try:
            Handoff.validate_options({"probabilities": [p]})
        except UserError:
            assert p not in decided, p
        else:
            assert p in decided, p
    run = validated(tmp_path, "experiment=handoff", f"experiment.probabilities=[{','.join(map(str, PROBABILITIES))}]")
    assert list(run.experiment.probabilities) == list(PROBABILITIES)
    with pytest.raises(UserError, match="experiment.probabilities"):
        validated(tmp_path, "experiment=handoff", "experiment.probabilities=[15]")


@pytest.mark.parametrize("seed", [11, 23, 41, 0, 1, 2, 99])
def test_schedule_follows_the_schema_rule(seed):
    order, recorded = recording_schedule(CASES, seed)
    expected_order, u = schema_schedule(CASES, seed)
    assert order == expected_order
    assert list(recorded) == CASES
    for c in CASES:
        assert recorded[c] == {p: u[c] < p / 100 for p in PROBABILITIES}


def test_schedule_is_monotone_in_probability():
    for seed in range(60):
        _, recorded = recording_schedule(CASES, seed)
        for c, rec in recorded.items():
            for low in PROBABILITIES:
                for high in PROBABILITIES:
                    if low < high and rec[low]:
                        assert rec[high], (seed, c, low, high)


def test_p0_never_and_p100_always():
    for seed in range(60):
        _, recorded = recording_schedule(CASES, seed)
        assert not any(rec[0] for rec in recorded.values())
        assert all(rec[100] for rec in recorded.values())


def test_schedule_order_is_a_permutation_and_deterministic():
    order, recorded = recording_schedule(CASES, 23)
    assert sorted(order) == CASES and order != CASES
    assert recording_schedule(CASES, 23) == (order, recorded)
    assert recording_schedule(CASES, 41)[0] != order


def test_schedule_does_not_reorder_or_mutate_input():
    cases = list(CASES)
    recording_schedule(cases, 11)
    assert cases == CASES


def test_shipped_07_is_reproduced_by_the_same_draws(shipped):
    case_ids = [c.case_id for c in shipped.handoff]
    assert set(shipped.schedule) == {11, 23, 41}
    for seed, cases in shipped.schedule.items():
        assert list(cases) == case_ids
        _, recorded = recording_schedule(case_ids, seed)
        assert recorded == cases
