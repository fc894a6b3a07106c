"""The retry loop: a solver wrapped around the answering solver.

A failed answer gets the pack's `retry` template (guidance, task, previous answer, corrective
message) as a fresh prompt; at most `attempts` attempts, stopping at the first pass. A model
error, a time-out or a check that timed out is missing evidence: recorded, and the loop stops.
"""

import logging

from inspect_ai.model import ChatMessageUser
from inspect_ai.solver import Generate, Solver, TaskState, solver

from omseval.models import cache_policy
from omseval.pack.loader import Question, fill
from omseval.scorers.check import verdict

ATTEMPTS_KEY = "attempts"
logger = logging.getLogger(__name__)
logger.setLevel(logging.INFO)  # attempt outcomes belong in the transcript


@solver
def retry_loop(answer: Solver, retry_template: str, attempts: int = 3, cache: bool = True) -> Solver:

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        question = Question(**state.metadata["check"])
        record: list[dict] = []
        for n in range(1, attempts + 1):
            try:
                if n == 1:
                    state = await answer(state, generate)
                else:
                    prompt = fill(retry_template, guidance=state.metadata["guidance"], question=question.question,
                                  previous_answer=record[-1]["answer"], corrective_message=question.corrective_message)
                    state.messages = [ChatMessageUser(content=prompt)]
                    # scoped by attempt: a retry prompt that repeats an earlier one is still a fresh call
                    state = await generate(state, cache=cache_policy(cache, attempt=str(n)))
                text, error = state.output.completion, None
                passed = verdict(question, text)
                if passed is None:
                    error = "the check timed out"
            except Exception as e:  # a lost attempt is missing evidence, not a crash
                text, passed, error = None, None, f"{type(e).__name__}: {e}"
            record.append({"attempt": n, "answer": text, "passed": passed, "error": error})
            if passed is None:
                logger.warning(f"{state.sample_id}: attempt {n} is missing evidence: {error}")
            elif not passed and n < attempts:
                logger.info(f"{state.sample_id}: attempt {n} failed the check; sending the corrective message")
            if passed is not False:
                break
        state.store.set(ATTEMPTS_KEY, record)
        return state

    return solve
