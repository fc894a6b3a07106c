"""The shipped pack has the seed's exact size (other packs may have any size)."""

from collections import Counter

from omseval.pack import load_pack
from tests.conftest import PACK


def test_seed_counts():
    pack = load_pack(PACK)
    assert Counter(r.corpus for r in pack.rules) == {"larger": 160, "smaller": 33}
    assert Counter(m.corpus for m in pack.sequence) == {"larger": 640, "smaller": 132}
    assert {m.corpus: m.seed for m in pack.sequence} == {"larger": 11, "smaller": 7}
    assert len(pack.questions) == 386
    assert len(pack.handoff) == 33 and {c.rule_id for c in pack.handoff} == {r.rule_id for r in pack.rules_of("smaller")}
    assert len(pack.documents) == 40
    assert len(pack.templates) == 5
    assert sorted(pack.schedule) == [11, 23, 41] and sum(len(c) for c in pack.schedule.values()) == 99
    assert Counter(r.skill for r in pack.rules_of("larger")) == {d.skill: 4 for d in pack.documents}


def test_skill_documents_are_300_to_900_words():
    for doc in load_pack(PACK).documents:
        assert 300 <= len(doc.text.split()) <= 900, doc.skill
