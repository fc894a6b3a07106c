"""inspect-ai tasks: the corpus's questions as a dataset, answered with one approach's guidance."""

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.solver import chain, generate
from inspect_ai.model import CachePolicy

from omseval.guidance import Guidance
from omseval.pack import Pack
from omseval.scorers.compliance import compliance
from omseval.solvers import question_prompt, retry_loop


def question_samples(pack: Pack, corpus: str, guidance: Guidance, approach: str, limit: int | None) -> list[Sample]:
    questions = pack.questions_of(corpus)[:limit]
    return [
        Sample(
            id=q.question_id,
            input=q.question,
            target=q.intended_rule,
            metadata={
                "question_type": q.question_type,
                "rule_id": q.rule_id,
                "approach": approach,
                "corpus": corpus,
                "question": q.question,
                "guidance": guidance.for_rule(pack.rule(q.rule_id)),
                "check": q.__dict__,
            },
        )
        for q in questions
    ]


def handoff_samples(pack: Pack, snapshots, approach: str) -> list[Sample]:
    """Agent A: each case's familiar question without guidance (one sample, reused by every condition
    through the model cache); agent B: the situational question with the guidance after the case."""
    by_id = {q.question_id: q for q in pack.questions}
    cases = {c.case_id: c for c in pack.handoff}

    def sample(sid, question, guidance, extra):
        return Sample(id=sid, input=question.question, target=question.intended_rule, metadata={
            "question_type": question.question_type, "rule_id": question.rule_id, "approach": approach,
            "corpus": "smaller", "question": question.question, "guidance": guidance, "check": question.__dict__,
        } | extra)

    samples = [sample(f"{c.case_id}/A", by_id[c.agent_a_question_id], "", {"agent": "A", "case_id": c.case_id})
               for c in pack.handoff]
    for s in snapshots:
        extra = {"agent": "B", "case_id": s.case_id, "seed": s.seed, "probability": s.probability, "order": s.order,
                 "recorded": s.recorded, "arrived": s.arrived, "present_before": s.present_before}
        question = by_id[cases[s.case_id].agent_b_question_id]
        samples.append(sample(f"{s.case_id}/B/seed{s.seed}/p{s.probability}", question, s.guidance, extra))
    return samples


def answer_task(name: str, samples: list[Sample], pack: Pack, attempts: int, cache: bool, metadata: dict) -> Task:
    """Answer each question with its guidance; retry a failed answer up to `attempts` attempts in all."""
    policy = CachePolicy(expiry=None) if cache else False
    answer = chain(question_prompt(pack.templates["question"]), generate(cache=policy))
    return Task(
        name=name,
        dataset=MemoryDataset(samples, name=name),
        solver=retry_loop(answer, pack.templates["retry"], attempts=attempts, cache=cache),
        scorer=compliance(),
        metadata=metadata,
    )
