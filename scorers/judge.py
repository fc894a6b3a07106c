"""The opt-in model-graded judge (`judge=<a conf/model option>`): any inspect model grades each attempt's
answer against the question's intended rule, with LongMemEval's rule for knowledge updates.

An answer is correct when it commits to the current rule; a superseded value mentioned as context (marked
as old, former or replaced) is fine; an answer that hedges between an old and the current value, or commits
to an old one, is wrong. The judge replies under a response schema (inspect's structured output) and its calls
go through inspect's cache. A request its API refuses, or a reply that is not an object of the schema, is
missing evidence (None), never a pass or a fail; a service failure or a rejected key stops the run, as for the
answering model. The judge sees the question, the intended rule and the answer, nothing else of the answer key.
"""

import asyncio
import json
import logging

from inspect_ai.model import GenerateConfig, Model, ResponseSchema, get_model
from inspect_ai.util import JSONSchema

from omseval.config import model_option
from omseval.models import cache_policy, generate_config, refusal

logger = logging.getLogger(__name__)

SCHEMA = ResponseSchema(
    name="judge",  # the offline model answers a reply of this name in its judge role
    json_schema=JSONSchema(
        type="object",
        properties={"reason": JSONSchema(type="string"), "correct": JSONSchema(type="boolean")},
        required=["reason", "correct"],
        additionalProperties=False,
    ),
)
PROMPT = """You grade whether an answer follows a team's current rule. The rule has changed over time; the \
intended rule below is the one in force now.

The answer is correct if it commits to the current rule: what it says to do agrees with the intended rule. \
An older value mentioned only as context (marked as old, former, previous, replaced or rejected) is fine. \
The answer is wrong if it commits to an older or different value, if it offers the old and the current value \
as alternatives (a hedge, such as "either ... or ..." or "both are fine"), or if it does not say what the \
intended rule requires.

<question>
{question}
</question>

<intended_rule>
{intended_rule}
</intended_rule>

<answer>
{answer}
</answer>

Reply with a JSON object: "reason" (one sentence) and "correct" (true or false)."""


def judge_model(option: str) -> Model:
    """The judge's inspect model, configured as its conf/model option says."""
    m = model_option(option)
    return get_model(m.name, config=generate_config(m), base_url=m.base_url)


def parse(completion: str) -> bool:
    """The verdict of a reply; ValueError when it is not an object of the schema."""
    try:
        reply = json.loads(completion)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON: {e}") from None
    if not isinstance(reply, dict) or not isinstance(reply.get("correct"), bool):
        raise ValueError('no boolean "correct"')
    return reply["correct"]


class Judge:
    def __init__(self, option: str, cache: bool = True):
        self.option, self.model, self.cache = option, judge_model(option), cache_policy(cache)

    async def verdict(self, question, answer: str | None) -> bool | None:
        """Correct (True), wrong (False) or missing evidence (None: no answer, a model error, an unusable reply)."""
        if answer is None:
            return None
        prompt = PROMPT.format(question=question.question, intended_rule=question.intended_rule, answer=answer)
        try:
            output = await self.model.generate(prompt, config=GenerateConfig(response_schema=SCHEMA), cache=self.cache)
        except Exception as e:  # an outage stops the run: it never becomes missing evidence
            logger.warning(f"judge={self.option}: no verdict for {question.question_id}: {refusal(self.model, e)}")
            return None
        try:
            return parse(output.completion)
        except ValueError as e:
            logger.warning(f"judge={self.option}: unusable reply for {question.question_id}: {e}")
            return None

    async def verdicts(self, question, record: list[dict]) -> list[bool | None]:
        """The judge's verdict of each attempt's answer."""
        return list(await asyncio.gather(*(self.verdict(question, a["answer"]) for a in record)))
