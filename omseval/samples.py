"""The pack's questions as inspect-ai samples: each with its guidance, its check and its audit."""

from inspect_ai.dataset import Sample

from omseval.audit import audits
from omseval.guidance.artifact import Guidance
from omseval.pack_schema import Pack


def question_sample(q, sample_id: str, guidance: str, approach: str, **extra) -> Sample:
    """A question as a sample: the solver reads the guidance and the check from its metadata."""
    return Sample(
        id=sample_id,
        input=q.question,
        target=q.intended_rule,
        metadata={
            "question_type": q.question_type,
            "rule_id": q.rule_id,
            "approach": approach,
            "corpus": q.corpus,
            "question": q.question,
            "guidance": guidance,
            "guidance_chars": len(guidance),
            "check": q.__dict__,
        }
        | extra,
    )


def question_samples(pack: Pack, corpus: str, guidance: Guidance, approach: str, limit: int | None) -> list[Sample]:
    asked = [(q, pack.rule(q.rule_id)) for q in pack.questions_of(corpus)[:limit]]
    texts = [guidance.for_rule(rule) for _, rule in asked]
    found = audits([(q, rule, text) for (q, rule), text in zip(asked, texts, strict=True)])
    return [
        question_sample(q, q.question_id, text, approach, **a)
        for (q, _), text, a in zip(asked, texts, found, strict=True)
    ]


def audit_summary(samples: list[Sample]) -> dict:
    """The guidance audit per rule: final value found (every question's check passes on the guidance) and
    superseded value stated (for any question)."""
    final: dict[str, bool] = {}
    stated: dict[str, bool] = {}
    for s in samples:
        meta = s.metadata or {}
        rule = meta["rule_id"]
        final[rule] = final.get(rule, True) and meta["audit_check_passes"] is True
        stated[rule] = stated.get(rule, False) or meta["audit_superseded"] is True
    return {
        "rules": len(final),
        "final_value_found": sum(final.values()),
        "superseded_value_stated": sum(stated.values()),
    }


def arrival(snapshots) -> dict:
    """Per recording probability, the share of agent B's cases (over every schedule seed) where the case's
    correction was recorded, its marker arrived, was present before, and arrived without being there before."""
    by_probability: dict[str, list] = {}
    for s in snapshots:
        by_probability.setdefault(str(s.probability), []).append(s)
    return {
        p: {"n": len(group)}
        | {
            k: sum(bool(f(s)) for s in group) / len(group)
            for k, f in (
                ("recorded", lambda s: s.recorded),
                ("arrived", lambda s: s.arrived),
                ("present_before", lambda s: s.present_before),
                ("arrived_new", lambda s: s.arrived and not s.present_before),
            )
        }
        for p, group in by_probability.items()
    }


def handoff_samples(pack: Pack, snapshots, approach: str) -> list[Sample]:
    """Agent A: each case's familiar question without guidance (one sample, reused by every condition
    through the model cache); agent B: the situational question with the guidance after the case."""
    by_id = {q.question_id: q for q in pack.questions}
    cases = {c.case_id: c for c in pack.handoff}
    asked = {s.case_id for s in snapshots}  # every case, or the first N of each seed's order (limit)
    samples = [
        question_sample(
            by_id[c.agent_a_question_id],
            f"{c.case_id}/A",
            "",
            approach,
            agent="A",
            case_id=c.case_id,
            condition="agent A",
        )
        for c in pack.handoff
        if c.case_id in asked
    ]
    for s in snapshots:
        samples.append(
            question_sample(
                by_id[cases[s.case_id].agent_b_question_id],
                f"{s.case_id}/B/seed{s.seed}/p{s.probability}",
                s.guidance,
                approach,
                agent="B",
                case_id=s.case_id,
                condition=f"agent B p{s.probability}",
                seed=s.seed,
                probability=s.probability,
                order=s.order,
                recorded=s.recorded,
                arrived=s.arrived,
                present_before=s.present_before,
            )
        )
    return samples
