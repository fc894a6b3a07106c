"""The pack's deterministic ordering rules: the correction sequence (02) and the recording schedule (07)."""

import random
from dataclasses import dataclass

KINDS = ("initial", "restatement-1", "restatement-2", "change")
PROBABILITIES = tuple(range(0, 101, 10))


@dataclass(frozen=True)
class Message:
    corpus: str
    seed: int
    position: int
    message_id: str
    rule_id: str
    skill: str
    kind: str  # initial | restatement | change
    text: str
    in_force: str
    stale: bool


def message_text(rule, suffix: str) -> str:
    return {
        "initial": rule.initial_correction,
        "restatement-1": rule.restatement_1,
        "restatement-2": rule.restatement_2,
        "change": rule.later_change,
    }[suffix]


def correction_sequence(rules: list, corpus: str, seed: int) -> list[Message]:
    """Shuffle each rule's four messages with `seed`; a change never precedes its initial."""
    order = [(r, s) for r in rules for s in KINDS]
    random.Random(seed).shuffle(order)
    index = {(r.rule_id, s): i for i, (r, s) in enumerate(order)}
    for r in rules:
        i, c = index[r.rule_id, "initial"], index[r.rule_id, "change"]
        if c < i:
            order[i], order[c] = order[c], order[i]
            index[r.rule_id, "initial"], index[r.rule_id, "change"] = c, i
    messages = []
    for pos, (r, s) in enumerate(order, start=1):
        change_id = f"{r.rule_id}/change"
        stale = s.startswith("restatement") and index[r.rule_id, "change"] < pos - 1
        in_force = {"initial": f"{r.rule_id}/initial", "change": change_id}.get(
            s, change_id if stale else f"{r.rule_id}/initial"
        )
        kind = "restatement" if s.startswith("restatement") else s
        messages.append(
            Message(
                corpus, seed, pos, f"{r.rule_id}/{s}", r.rule_id, r.skill, kind, message_text(r, s), in_force, stale
            )
        )
    return messages


def recording_schedule(case_ids: list[str], seed: int) -> tuple[list[str], dict[str, dict[int, bool]]]:
    """Processing order of the handoff cases for `seed`, and whether each is recorded at each probability."""
    rng = random.Random(seed)
    order = list(case_ids)
    rng.shuffle(order)
    u = {case_id: rng.random() for case_id in case_ids}
    return order, {c: {p: u[c] < p / 100 for p in PROBABILITIES} for c in case_ids}
