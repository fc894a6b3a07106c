"""Quick subsets, `rules=N`: a run restricted consistently to N of its corpus's rules.

The N rules are chosen by a fixed seed and stratified across skills (one rule of each skill in turn, the
skills and each skill's rules in a seeded order), so every run with `rules=N` uses the same rules. The run
keeps their starting documents, their correction messages in stream order (the pack's order; with `seed`,
the seed's ordering rule applied to these rules), their questions and their handoff cases. A subset run is
its own identity: builds, log folders and the report name `rules=N` and never mix it with a full run.
"""

import dataclasses
import random
from itertools import zip_longest

from omseval.errors import UserError
from omseval.pack_schema import Pack

SEED = "omseval rules"  # the subsets' own seed: independent of the stream's `seed`


def chosen_rules(pack: Pack, corpus: str, n: int) -> list[str]:
    """The ids of the N rules of `corpus` a `rules=N` run keeps, in the pack's order."""
    rules = pack.rules_of(corpus)
    if n > len(rules):
        raise UserError(f"rules={n}: the {corpus} corpus has {len(rules)} rules")
    rng = random.Random(f"{SEED} {corpus}")
    by_skill: dict[str, list[str]] = {}
    for rule in rules:
        by_skill.setdefault(rule.skill, []).append(rule.rule_id)
    skills = sorted(by_skill)
    rng.shuffle(skills)
    for skill in skills:
        rng.shuffle(by_skill[skill])
    turns = [r for turn in zip_longest(*(by_skill[s] for s in skills)) for r in turn if r is not None]
    keep = set(turns[:n])
    return [r.rule_id for r in rules if r.rule_id in keep]


def restrict(pack: Pack, corpus: str, n: int | None) -> Pack:
    """The pack as a `rules=n` run of `corpus` sees it (the whole pack when n is None)."""
    if n is None:
        return pack
    keep = set(chosen_rules(pack, corpus, n))
    skills = {r.skill for r in pack.rules if r.rule_id in keep}
    return dataclasses.replace(
        pack,
        rules=[r for r in pack.rules if r.rule_id in keep],
        sequence=[m for m in pack.sequence if m.rule_id in keep],
        questions=[q for q in pack.questions if q.rule_id in keep],
        handoff=[c for c in pack.handoff if c.rule_id in keep],
        documents=[d for d in pack.documents if d.skill in skills],
    )
