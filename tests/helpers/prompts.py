"""The answer key as a finder of leaks, and the prompts a build recorded."""

import json
import re

from omseval.config import options

# graphiti needs a Neo4j server: tests/test_graphiti.py checks its prompts
APPROACHES = [a for a in options("approach") if a != "graphiti"]
CORPORA = options("corpus")


def answer_key(pack):
    """A finder of the answer key in a text, from the pack itself: its ids anywhere, and the sequence's
    kinds and `in_force`/`stale` where they label something (an attribute, a JSON key or value). The
    same words in the pack's own prose ("the stale-data banner") are no leak."""
    ids = {r.rule_id for r in pack.rules} | {m.message_id for m in pack.sequence} | {c.case_id for c in pack.handoff}
    words = {m.kind for m in pack.sequence} | {m.message_id.rsplit("/", 1)[1] for m in pack.sequence} | {"stale"}
    word = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    labels = re.compile(rf"\bin_force\b|\b(?:kind|stale)\s*[=:]|=\s*[\"']?(?:{word})\b|[\"'](?:{word})[\"']\s*:")

    def find(text: str) -> set[str]:
        tokens = set(re.findall(r"[\w-]+(?:/[\w-]+)*", text))
        tokens |= {part for t in tokens for part in t.split("/")}
        return (tokens & ids) | {m.group(0) for m in labels.finditer(text)}

    return find


def prompts_of(folder) -> list[str]:
    return [
        json.loads(line)["prompt"]
        for path in sorted(folder.rglob("calls.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
