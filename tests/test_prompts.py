"""No answer key in any prompt: every prompt of full offline builds (every approach, both corpora, and
the handoff experiment), and the guidance the answering model is given, hold no rule id, message id,
case id, message kind used as a label, or the sequence's `in_force`/`stale`."""

import asyncio
import json
import re

import pytest

from omseval.guidance.build import build_guidance
from omseval.handoff import build_handoff
from omseval.models import make_model
from tests.conftest import ROOT, config

# graphiti needs a Neo4j server: tests/test_graphiti.py checks its prompts
APPROACHES = sorted(p.stem for p in (ROOT / "conf" / "approach").glob("*.yaml") if p.stem != "graphiti")
CORPORA = sorted(p.stem for p in (ROOT / "conf" / "corpus").glob("*.yaml"))


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


@pytest.mark.slow
def test_no_prompt_holds_the_answer_key(shipped, tmp_path):
    pack, _ = shipped
    find = answer_key(pack)
    seen = set()
    for approach in APPROACHES:
        for corpus in CORPORA:
            cfg = config(tmp_path, f"approach={approach}", f"corpus={corpus}", "cache=false")
            g = asyncio.run(build_guidance(cfg, pack, make_model(cfg)))
            seen |= {*prompts_of(g.path), *g.documents.values()}
        cfg = config(
            tmp_path, "experiment=handoff", f"approach={approach}", "experiment.probabilities=[100]", "cache=false"
        )
        key, snapshots = asyncio.run(build_handoff(cfg, pack, make_model(cfg)))
        seen |= {*prompts_of(tmp_path / "guidance" / key), *(s.guidance for s in snapshots)}
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
