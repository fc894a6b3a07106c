"""The offline heuristic: deterministic answers, token usage, and registration with inspect-ai."""

import asyncio
import json
import os
import subprocess
import sys

import pytest
from inspect_ai.model import ChatMessageUser, GenerateConfig, ResponseSchema, get_model
from inspect_ai.util import JSONSchema

from omseval.offline import answering, files, rules
from omseval.pack_schema.lint import GENERIC_ANSWER

GUIDANCE = """# Competitive analysis

## Positioning maps

- Plot competitors on a positioning map with four dimensions, one per axis.
- Refresh every profile every six weeks.

## Tables

- Put our product in the first column of comparison tables.
"""


def test_answers_with_the_most_relevant_passages():
    text = answering.answer(GUIDANCE, "How should I draw the positioning map?", top=1)
    assert text.endswith("- Plot competitors on a positioning map with four dimensions, one per axis.")
    assert answering.answer(GUIDANCE, "Where does our product go in a comparison table?", top=1).endswith(
        "first column of comparison tables."
    )


def test_generic_answer_without_guidance_does_not_echo_the_task():
    assert answering.answer("", "How should I draw the positioning map?") == GENERIC_ANSWER
    assert answering.answer(GUIDANCE, "zzz qqq") == GENERIC_ANSWER


def test_retry_puts_the_corrective_message_first():
    prompt = (
        f"<guidance>\n{GUIDANCE}\n</guidance>\n<task>\nDraw the map.\n</task>\n"
        "<correction>\nUse five axes.\n</correction>"
    )
    assert answering.respond(prompt, "retry").startswith("Understood. Use five axes.")


def test_a_call_is_answered_by_the_role_it_declares_never_by_its_wording():
    """The role is the reply schema's name, else the role the message declares; none: a question."""
    model = get_model("omseval/heuristic")
    document, correction = "# Time\n\n- Log times in UTC.\n", "Log times in local time."
    prompt = f"<document>\n{document}</document>\n<skill>\ntime\n</skill>\n<correction>\n{correction}\n</correction>"

    def reply(role=None, schema=None) -> str:
        message = ChatMessageUser(content=prompt, metadata={"role": role} if role else None)
        config = GenerateConfig(response_schema=schema)
        return asyncio.run(model.generate([message], config=config, cache=False)).completion

    assert reply("edit") == files.edit(document, correction)
    extract = ResponseSchema(name="extract", json_schema=JSONSchema(type="object"))
    assert json.loads(reply(schema=extract)) == rules.extract(correction, "time")
    assert reply() == GENERIC_ANSWER  # the same words with no role: a question without a task
    with pytest.raises(NotImplementedError, match="no role 'summary'"):
        reply("summary")


def test_model_api_is_deterministic_and_reports_usage():
    model = get_model("omseval/heuristic")
    prompt = f"<guidance>\n{GUIDANCE}\n</guidance>\n<task>\nHow do we draw positioning maps?\n</task>"
    first, second = (asyncio.run(model.generate(prompt, cache=False)) for _ in range(2))
    assert first.completion == second.completion and "four dimensions" in first.completion
    assert first.usage.input_tokens > 0 and first.usage.output_tokens > 0


TIED = """- zulu yankee xray whiskey victor uniform tango.
- zulu yankee xray whiskey victor uniform sierra.
- alpha bravo charlie.
- delta echo foxtrot.
- bravo echo golf.
- charlie foxtrot hotel.
- charlie foxtrot india.
"""  # the third and fourth passages tie for the last place: the same weights, summed in another order


@pytest.mark.slow
def test_answers_do_not_depend_on_the_process_string_hashing():
    """Sets of words iterate in another order in each process (hash randomisation): scores summed over them, and
    so the passages an answer picks, must not."""
    script = (
        "from omseval.offline import answering; import sys; "
        "print(answering.answer(sys.argv[1], 'zulu yankee xray whiskey victor uniform alpha bravo charlie delta "
        "echo foxtrot?'))"
    )
    answers = {
        subprocess.run(
            [sys.executable, "-c", script, TIED],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in range(8)
    }
    assert len(answers) == 1 and "alpha bravo charlie" in answers.pop()  # the tie goes to the earlier passage


@pytest.mark.slow
def test_inspect_cli_finds_the_provider_through_the_entry_point(tmp_path):
    (tmp_path / "tiny.py").write_text(
        "from inspect_ai import Task, task\n"
        "from inspect_ai.dataset import Sample\n"
        "from inspect_ai.scorer import includes\n"
        "@task\n"
        "def tiny():\n"
        "    prompt = ('<guidance>\\n- Maps use four dimensions.\\n</guidance>\\n'\n"
        "              '<task>\\nHow many dimensions on maps?\\n</task>')\n"
        "    return Task(dataset=[Sample(input=prompt, target='four')], scorer=includes())\n"
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "inspect_ai",
            "eval",
            "tiny.py",
            "--model",
            "omseval/heuristic",
            "--log-dir",
            str(tmp_path / "logs"),
            "--display",
            "plain",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    from inspect_ai.log import list_eval_logs, read_eval_log

    log = read_eval_log(list_eval_logs(str(tmp_path / "logs"))[0])
    assert log.status == "success" and log.results.scores[0].metrics["accuracy"].value == 1.0
