"""Put the approach's guidance and the question to the answering model through the pack's template."""

from inspect_ai.model import ChatMessageUser
from inspect_ai.solver import Generate, Solver, TaskState, solver

from omseval.pack_schema.loader import fill


@solver
def question_prompt(template: str) -> Solver:
    """Replace the conversation with the `question` template filled from the sample's metadata."""

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        text = fill(template, guidance=state.metadata["guidance"], question=state.metadata["question"])
        state.messages = [ChatMessageUser(content=text, metadata={"role": "answer"})]
        return state

    return solve
