"""inspect-ai tasks: the corpus's questions as a dataset, answered with one approach's guidance."""

from inspect_ai import Task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.solver import chain, generate

from omseval.guidance.artifact import Guidance
from omseval.models import cache_policy
from omseval.pack import Pack
from omseval.scorers.compliance import compliance
from omseval.solvers import question_prompt, retry_loop


def question_sample(q, sample_id: str, guidance: str, approach: str, **extra) -> Sample:
    """A question as a sample: the solver reads the guidance and the check from its metadata."""
    return Sample(id=sample_id, input=q.question, target=q.intended_rule, metadata={
        "question_type": q.question_type, "rule_id": q.rule_id, "approach": approach, "corpus": q.corpus,
        "question": q.question, "guidance": guidance, "check": q.__dict__,
    } | extra)


def question_samples(pack: Pack, corpus: str, guidance: Guidance, approach: str, limit: int | None) -> list[Sample]:
    return [question_sample(q, q.question_id, guidance.for_rule(pack.rule(q.rule_id)), approach)
            for q in pack.questions_of(corpus)[:limit]]


def handoff_samples(pack: Pack, snapshots, approach: str) -> list[Sample]:
    """Agent A: each case's familiar question without guidance (one sample, reused by every condition
    through the model cache); agent B: the situational question with the guidance after the case."""
    by_id = {q.question_id: q for q in pack.questions}
    cases = {c.case_id: c for c in pack.handoff}
    samples = [question_sample(by_id[c.agent_a_question_id], f"{c.case_id}/A", "", approach, agent="A",
                               case_id=c.case_id) for c in pack.handoff]
    for s in snapshots:
        samples.append(question_sample(
            by_id[cases[s.case_id].agent_b_question_id], f"{s.case_id}/B/seed{s.seed}/p{s.probability}", s.guidance,
            approach, agent="B", case_id=s.case_id, seed=s.seed, probability=s.probability, order=s.order,
            recorded=s.recorded, arrived=s.arrived, present_before=s.present_before))
    return samples


def answer_task(name: str, samples: list[Sample], pack: Pack, attempts: int, cache: bool, metadata: dict) -> Task:
    """Answer each question with its guidance; retry a failed answer up to `attempts` attempts in all."""
    answer = chain(question_prompt(pack.templates["question"]), generate(cache=cache_policy(cache)))
    return Task(
        name=name,
        dataset=MemoryDataset(samples, name=name),
        solver=retry_loop(answer, pack.templates["retry"], attempts=attempts, cache=cache),
        scorer=compliance(),
        metadata=metadata,
    )
