"""The pack's questions as inspect-ai samples, and what each sample gets from the run's build.

A sample is known before the build: its question and its scoring row (03), which stays in the sample's metadata
where no model sees it (only the question and the guidance reach the answering model, through the pack's
templates). Once the build is done, each sample gets its guidance and what the build says of it (`extras`): the
guidance audit for a question, the recording and the marker's arrival for a handoff case.
"""

from inspect_ai.dataset import Sample

from omseval.audit import audits
from omseval.builders.artifact import Guidance
from omseval.pack_schema import Pack


def question_sample(q, sample_id: str, approach: str, **extra) -> Sample:
    """A question as a sample: the solver reads the guidance and the scoring row from its metadata."""
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
            "scoring": q.__dict__,
        }
        | extra,
    )


def asked(pack: Pack, corpus: str, limit: int | None) -> list:
    """The questions a run asks: the corpus's, or its first `limit`."""
    return pack.questions_of(corpus)[:limit]


def question_samples(pack: Pack, corpus: str, approach: str, limit: int | None) -> list[Sample]:
    return [question_sample(q, q.question_id, approach) for q in asked(pack, corpus, limit)]


def question_extras(pack: Pack, corpus: str, limit: int | None, guidance: Guidance) -> dict[str, dict]:
    """Per question: the guidance its rule's document holds, and the guidance audit (every search in one batch)."""
    questions = [(q, pack.rule(q.rule_id)) for q in asked(pack, corpus, limit)]
    texts = [guidance.for_rule(rule) for _, rule in questions]
    found = audits([(q, rule, text) for (q, rule), text in zip(questions, texts, strict=True)])
    return {
        q.question_id: {"guidance": text, "guidance_chars": len(text)} | audit
        for (q, _), text, audit in zip(questions, texts, found, strict=True)
    }


def agent_b(case_id: str, seed: int, probability: int) -> str:
    return f"{case_id}/B/seed{seed}/p{probability}"


def handoff_samples(pack: Pack, cases: list[tuple[int, int, list[str]]], approach: str) -> list[Sample]:
    """Agent A: each case's familiar question without guidance (one sample, reused by every condition through
    the model cache); agent B: the situational question with the guidance after the case, per condition
    (`cases`: each condition's seed, recording probability and case ids in the seed's order)."""
    by_id = {q.question_id: q for q in pack.questions}
    handoff = {c.case_id: c for c in pack.handoff}
    run = {case for _, _, ids in cases for case in ids}  # every case, or the first N of each seed's order (limit)
    samples = [
        question_sample(
            by_id[c.agent_a_question_id], f"{c.case_id}/A", approach, agent="A", case_id=c.case_id, condition="agent A"
        )
        for c in pack.handoff
        if c.case_id in run
    ]
    for seed, p, ids in cases:
        for n, case_id in enumerate(ids, start=1):
            samples.append(
                question_sample(
                    by_id[handoff[case_id].agent_b_question_id],
                    agent_b(case_id, seed, p),
                    approach,
                    agent="B",
                    case_id=case_id,
                    condition=f"agent B p{p}",
                    seed=seed,
                    probability=p,
                    order=n,
                )
            )
    return samples


def handoff_extras(pack: Pack, snapshots) -> dict[str, dict]:
    """Per sample: agent A's empty guidance; agent B's guidance after its case, whether the case's correction was
    recorded, and whether its marker arrived and was present before."""
    extras = {f"{c.case_id}/A": {"guidance": "", "guidance_chars": 0} for c in pack.handoff}
    for s in snapshots:
        extras[agent_b(s.case_id, s.seed, s.probability)] = {
            "guidance": s.guidance,
            "guidance_chars": len(s.guidance),
            "recorded": s.recorded,
            "arrived": s.arrived,
            "present_before": s.present_before,
        }
    return extras
