"""The shipped pack: the seed's exact size (other packs may have any size), its checks and its controls."""

from collections import Counter

from omseval.pack_schema import load_pack
from tests.helpers import PACK


def test_seed_counts():
    pack = load_pack(PACK)
    assert Counter(r.corpus for r in pack.rules) == {"larger": 160, "smaller": 33}
    assert Counter(m.corpus for m in pack.sequence) == {"larger": 640, "smaller": 132}
    assert {m.corpus: m.seed for m in pack.sequence} == {"larger": 11, "smaller": 7}
    assert len(pack.questions) == 386
    assert len(pack.handoff) == 33 and {c.rule_id for c in pack.handoff} == {
        r.rule_id for r in pack.rules_of("smaller")
    }
    assert len(pack.documents) == 40
    assert len(pack.templates) == 5
    assert sorted(pack.schedule) == [11, 23, 41] and sum(len(c) for c in pack.schedule.values()) == 99
    assert Counter(r.skill for r in pack.rules_of("larger")) == {d.skill: 4 for d in pack.documents}


def test_skill_documents_are_300_to_900_words():
    for doc in load_pack(PACK).documents:
        assert 300 <= len(doc.text.split()) <= 900, doc.skill


def test_readme_states_the_check_shares():
    """pack/README.md gives the presence and absence counts of the shipped checks."""
    pack = load_pack(PACK)
    n, absent = len(pack.questions), sum(q.expect == "absent" for q in pack.questions)
    readme = " ".join((PACK / "README.md").read_text(encoding="utf-8").split())
    assert f"{n - absent} checks are presence checks ({round(100 * (n - absent) / n)}%)" in readme
    assert f"{absent} are absence checks ({round(100 * absent / n)}%)" in readme


def test_shipped_controls_cover_every_kind_for_every_question(shipped):
    """At least one no-guidance control per question, and a context control for every rule."""
    pack, controls = shipped
    for q in pack.questions:
        assert {"positive", "source", "initial", "no-guidance"} <= set(controls[q.question_id]), q.question_id
    for rule in pack.rules:
        assert any(controls[f"q-{rule.rule_id[2:]}-{t}"].get("context") for t in ("familiar", "situational")), (
            rule.rule_id
        )
