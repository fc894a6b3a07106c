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
