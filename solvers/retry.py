"""The retry loop: a solver wrapped around the answering solver.

A failed answer gets the pack's `retry` template (guidance, task, previous answer, corrective message) as a
fresh prompt; at most `attempts` attempts, stopping at the first pass. A request the model's API refuses as
invalid, or a check that timed out, is missing evidence: recorded, and the loop stops. A service failure past
inspect's retries or a rejected key stops the sample (and the run: a rerun resumes it), so an outage never
becomes missing evidence (omseval.models). Any other exception is a fault and propagates. The loop retries on
the pack's check alone, as the benchmark's procedure says; the strict verdict and a judge are the scorer's,
over the same answers.
"""

import logging

from inspect_ai.model import ChatMessageUser, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from omseval.models import cache_policy, refusal
from omseval.pack_schema.loader import Question, fill
from omseval.record import ATTEMPTS_KEY, attempt, attempt_verdicts

logger = logging.getLogger(__name__)
logger.setLevel(logging.INFO)  # attempt outcomes belong in the transcript


@solver
def retry_loop(answer: Solver, retry_template: str, attempts: int = 3, cache: bool = True) -> Solver:

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        question = Question(**state.metadata["scoring"])
        record: list[dict] = []
        for n in range(1, attempts + 1):
            try:
                if n == 1:
                    state = await answer(state, generate)
                else:
                    prompt = fill(
                        retry_template,
                        guidance=state.metadata["guidance"],
                        question=question.question,
                        previous_answer=record[-1]["answer"],
                        corrective_message=question.corrective_message,
                    )
                    state.messages = [ChatMessageUser(content=prompt, metadata={"role": "retry"})]
                    # scoped by attempt: a retry prompt that repeats an earlier one is still a fresh call
                    state = await generate(state, cache=cache_policy(cache, attempt=str(n)))
                record.append(attempt(n, state.output))
            except Exception as e:
                record.append(attempt(n, error=refusal(get_model(), e)))
            passed = attempt_verdicts(question, record[-1:])[0]
            if passed is None:
                logger.warning(
                    f"{state.sample_id}: attempt {n} is missing evidence: "
                    f"{record[-1]['error'] or 'the check timed out'}"
                )
                break
            if passed:
                break
            if n < attempts:
                logger.info(f"{state.sample_id}: attempt {n} failed the check; sending the corrective message")
        state.store.set(ATTEMPTS_KEY, record)
        return state

    return solve
