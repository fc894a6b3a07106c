"""The peer memory systems as approaches (omseval.peers: Mem0, LangMem's memory manager and its prompt optimizer),
over the run's model: refused in one line without their pinned library, built offline on both corpora with
their guidance out and their losses counted, stopped by a service failure and a fault, resumed after a kill with
nothing processed twice, no answer key in any prompt, and through the real Anthropic client against a local
stand-in for its API with injected faults. A plug-in approach: tests/test_peers_plugin.py."""

import asyncio
import importlib
import itertools
import json
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
from inspect_ai.model import ModelOutput

from omseval.builders.build import build_guidance, make_builder
from omseval.config import compose, options
from omseval.errors import ServiceStopped, UserError
from omseval.handoff import build_handoff, handoff_key
from omseval.models import make_model
from omseval.offline.answering import Request, reply, respond
from omseval.peers.base import Peer
from tests.helpers import run_module, validated
from tests.helpers.fake_anthropic import FakeAnthropic, serving
from tests.helpers.prompts import CORPORA, answer_key, prompts_of


def builder_class(option: str) -> type:
    module, _, name = str(compose([f"approach={option}"]).approach._target_).rpartition(".")
    return getattr(importlib.import_module(module), name)


PEERS = [a for a in options("approach") if issubclass(builder_class(a), Peer)]  # conf/approach and plug-ins
# the library call each peer's builder makes per message (a library error is injected there)
LIBRARY_CALLS = {
    "Mem0": ("mem0.memory.main", "Memory", "_add_to_vector_store"),
    "LangMem": ("langmem.knowledge.extraction", "MemoryManager", "ainvoke"),
    "LangMemPrompt": ("langmem.prompts.stateless", "PromptMemoryMultiple", "ainvoke"),
}


@pytest.fixture(autouse=True)
def mem0_home(monkeypatch, tmp_path_factory):
    """Mem0 writes a config.json where MEM0_DIR says (~/.mem0 unless set) when first imported: a temp folder here
    (a build sets it to its own folder before it imports Mem0)."""
    monkeypatch.setenv("MEM0_DIR", str(tmp_path_factory.getbasetemp() / "mem0-home"))


def need(peer: str) -> type:
    """The peer's builder class, its library installed (else the test is skipped)."""
    cls = builder_class(peer)
    pytest.importorskip(LIBRARY_CALLS[cls.__name__][0], reason=f"needs the extra: {cls.extra}")
    return cls


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


def current(prompt: str) -> str:
    """The text a peer's call processes: Mem0's new message, the manager's session, the optimizer's feedback."""
    from omseval.offline import memory

    if (new := memory.section(prompt, "New Messages", "Observation Date")) is not None:
        return re.sub(r"^user: ", "", new.strip())
    if found := memory.new_messages(prompt):
        return found[-1]
    feedback = re.findall(r"<feedback (\d+)>\n(.*?)\n</feedback \1>", prompt, re.S)
    return feedback[-1][1].strip() if feedback else ""


@contextmanager
def faulty(model, rule):
    """The model's calls go through `rule(text processed)`: None (answered), an exception (raised), or a reply."""
    generate = model.api.generate

    async def calling(input, tools, tool_choice, config):
        found = rule(current("\n\n".join(m.text for m in input)))
        if isinstance(found, Exception):
            raise found
        if isinstance(found, str):
            return ModelOutput.from_content(model.name, found)
        return await generate(input, tools, tool_choice, config)

    model.api.generate = calling
    try:
        yield
    finally:
        model.api.generate = generate  # get_model keeps one instance per model for the whole process


def build(log_dir: Path, peer: str, corpus: str, *overrides: str, rule=None):
    run = validated(log_dir, f"approach={peer}", f"corpus={corpus}", "cache=false", "model.max_retries=0", *overrides)
    model = make_model(run.cfg.model)
    with faulty(model, rule or (lambda _: None)):
        return run, asyncio.run(build_guidance(run, model))


def partial(log_dir: Path) -> Path:
    [folder] = (log_dir / "builds").glob("*.partial")
    return folder


def memories_written(folder: Path) -> int:
    """Mem0's memories in a build's folder: the ADD events of its history databases."""
    total = 0
    for db in folder.glob("mem0/*/history.db"):
        with sqlite3.connect(db) as c:
            total += c.execute("SELECT count(*) FROM history WHERE event = 'ADD'").fetchone()[0]
    return total


def assert_once(folder: Path, stream: list) -> None:
    """Every message processed once: one journal line and one processing entry each, and (the offline model makes
    one call per message) one recorded call each; Mem0 wrote each memory once."""
    journal = [line["entry"]["message_id"] for line in lines(folder / "journal.jsonl")]
    assert sorted(journal) == sorted(m.message_id for m in stream)
    assert [e["message_id"] for e in lines(folder / "processing.jsonl")] == [m.message_id for m in stream]
    calls = Counter(c["message_id"] for c in lines(folder / "calls.jsonl"))
    assert set(calls.values()) == {1}, [m for m, n in calls.items() if n > 1]
    if (folder / "mem0").exists():
        added = [e.get("added", []) for e in lines(folder / "processing.jsonl")]
        added += [line["entry"].get("added", []) for line in lines(folder / "documents.jsonl")]
        assert memories_written(folder) == sum(map(len, added))


def test_every_peer_is_an_option_that_validates_offline(tmp_path):
    assert len(PEERS) >= 3
    for peer in PEERS:
        need(peer)
        for corpus in CORPORA:
            run = validated(tmp_path, f"approach={peer}", f"corpus={corpus}")
            assert run.approach.uses_model and run.approach.recording == "always"
            assert run.approach.prompts()["library"] == f"{run.approach.library}=={run.approach.version}"
    assert not (tmp_path / "builds").exists()


@pytest.mark.parametrize("peer", PEERS)
def test_a_missing_library_or_another_version_is_refused_in_one_line(monkeypatch, tmp_path, peer):
    import omseval.peers.base as base

    cls = builder_class(peer)
    extra = re.escape(cls.extra)
    monkeypatch.setattr(base, "installed", lambda library: None)
    with pytest.raises(UserError, match=f"^{cls.library}=={cls.version} is needed and not installed: {extra}$"):
        validated(tmp_path, f"approach={peer}")
    monkeypatch.setattr(base, "installed", lambda library: "0.0.0.dev1")
    with pytest.raises(
        UserError, match=f"^{cls.library}=={cls.version} is needed and 0.0.0.dev1 is installed: {extra}$"
    ):
        validated(tmp_path, f"approach={peer}")
    assert not (tmp_path / "builds").exists()


def test_the_peers_suite_refuses_each_missing_extra_once_before_any_run(monkeypatch, tmp_path):
    import omseval.peers.base as base
    from omseval.oms.neo4j_store import Neo4jStore
    from omseval.suite import suite_runs

    def silent(cls, settings):
        raise UserError(f"no Neo4j server answers at {settings['uri']} (store.uri)")

    monkeypatch.setattr(base, "installed", lambda library: None)
    monkeypatch.setattr(Neo4jStore, "reach", classmethod(silent))
    given = ["suite=peers", f"log_dir={tmp_path}"]
    with pytest.raises(UserError) as refused:
        suite_runs(compose(given).suite, given)
    refusals = str(refused.value).split("\nerror: ")
    extras = {builder_class(p).extra for p in PEERS}
    assert sorted(r.rsplit(": ", 1)[1] for r in refusals if "is needed" in r) == sorted(extras)  # each once
    assert len([r for r in refusals if r.startswith("no Neo4j server")]) == 1  # Graphiti's server, once
    assert len(refusals) == len(extras) + 1 and not list(tmp_path.iterdir())


def test_mem0_options_are_checked_before_any_work(tmp_path):
    need("mem0")
    with pytest.raises(UserError, match="^approach.guidance must be one of all, search, got every$"):
        validated(tmp_path, "approach=mem0", "approach.guidance=every")
    with pytest.raises(UserError, match="^approach.guidance=search needs each question at answering time"):
        validated(tmp_path, "approach=mem0", "approach.guidance=search")
    with pytest.raises(UserError, match="^approach.dimensions must be a positive integer, got 0$"):
        validated(tmp_path, "approach=mem0", "approach.dimensions=0")


@pytest.mark.slow
@pytest.mark.parametrize("corpus", CORPORA)
@pytest.mark.parametrize("peer", PEERS)
def test_an_offline_build_gives_guidance_and_is_reused(tmp_path, peer, corpus):
    need(peer)
    run, g = build(tmp_path, peer, corpus, "rules=4")
    stream = run.pack.sequence_of(corpus)
    assert g.manifest["messages"] == g.manifest["processed"] == len(stream) == 16
    assert g.manifest["failures"] == 0 and g.manifest["losses"] == {}
    assert g.manifest["model_label"].endswith("(not a language model)")
    assert set(g.manifest["tokens"]) == {run.approach.phase}
    assert set(g.documents) == {d.skill for d in run.pack.documents} or corpus == "smaller"
    for skill, text in g.documents.items():
        assert re.search(r"(?m)^- \S", text), skill  # each document holds statements
    said = "\n".join(g.documents.values())
    assert sum(m.text.rstrip(".") in said for m in stream) >= 4  # corrections reached the guidance
    assert_once(g.path, stream)
    if corpus == "larger":  # a skill's starting document went in first, once, in its own session
        documents = {c["message_id"] for c in lines(g.path / "calls.jsonl") if c["message_id"].startswith("doc")}
        assert documents == {f"document:{d.skill}" for d in run.pack.documents} or "Prompt" in run.approach.__name__
    again = asyncio.run(build_guidance(run, make_model(run.cfg.model)))  # finished: reused, nothing asked
    assert again.path == g.path and again.documents == g.documents


@pytest.mark.slow
@pytest.mark.parametrize("peer", PEERS)
def test_losses_are_counted_and_the_build_goes_on(monkeypatch, tmp_path, peer):
    """An unusable reply (after its one repair request) and the library raising inside a correction are each a
    processing loss with its cause; the build goes on and the manifest counts them."""
    cls = need(peer)
    run = validated(tmp_path, f"approach={peer}", "corpus=smaller", "rules=4")
    stream = run.pack.sequence_of("smaller")
    unusable, broken = stream[6], stream[9]  # later messages: the memory manager must call a tool by then
    module, owner, method = LIBRARY_CALLS[cls.__name__]
    target = getattr(importlib.import_module(module), owner)
    original = getattr(target, method)

    def mentions(value) -> bool:
        if isinstance(value, str):
            return broken.text in value
        items = value.values() if isinstance(value, dict) else value if isinstance(value, list | tuple) else ()
        return any(mentions(v) for v in items)

    def breaking(self, *args, **kwargs):
        if mentions([args, kwargs]):
            raise RuntimeError("injected library failure")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(target, method, breaking)
    run, g = build(tmp_path, peer, "smaller", "rules=4", rule=lambda text: "Noted." if text == unusable.text else None)
    assert g.manifest["processed"] == 14 and g.manifest["failures"] == 2
    assert g.manifest["losses"] == {"unusable reply": 1, "library error": 1}
    lost = {e["message_id"]: e for e in lines(g.path / "processing.jsonl") if "failure" in e}
    assert lost[unusable.message_id]["cause"] == "unusable reply"
    assert lost[unusable.message_id]["failure"].endswith("(after one repair request)")
    assert lost[broken.message_id]["cause"] == "library error"
    assert "injected library failure" in lost[broken.message_id]["failure"]
    repaired = [c for c in lines(g.path / "calls.jsonl") if c["message_id"] == unusable.message_id]
    assert [("problem" in c, "decision" in c) for c in repaired] == [(True, False), (True, False)]
    assert "could not be used" in repaired[1]["prompt"]


@pytest.mark.slow
@pytest.mark.parametrize("peer", PEERS)
def test_a_service_failure_stops_the_build_and_a_rerun_processes_nothing_twice(tmp_path, peer):
    need(peer)
    run = validated(tmp_path, f"approach={peer}", "corpus=smaller", "rules=4")
    stream = run.pack.sequence_of("smaller")  # one shared document: one chain, in stream order
    down = stream[7]
    with pytest.raises(ServiceStopped, match="ConnectionError: injected"):
        build(
            tmp_path, peer, "smaller", "rules=4", rule=lambda t: ConnectionError("injected") if t == down.text else None
        )
    folder = partial(tmp_path)
    journal = [line["entry"]["message_id"] for line in lines(folder / "journal.jsonl")]
    assert journal == [m.message_id for m in stream[:7]]  # nothing of the 8th
    assert down.message_id not in {c["message_id"] for c in lines(folder / "calls.jsonl")}
    _, g = build(tmp_path, peer, "smaller", "rules=4")  # the same build, the service back
    assert g.manifest["processed"] == 16 and g.manifest["failures"] == 0
    assert_once(g.path, stream)
    _, whole = build(tmp_path / "whole", peer, "smaller", "rules=4")  # a build that never stopped
    assert g.documents == whole.documents


@pytest.mark.slow
@pytest.mark.parametrize("peer", PEERS)
def test_a_fault_of_the_model_stops_the_build_and_is_no_loss(tmp_path, peer):
    """The offline model lacking the role a call needs is a fault in omseval's own code: it propagates (the CLI
    exits 3), whatever the library does with its model's errors, and nothing of the message is recorded."""
    need(peer)
    run = validated(tmp_path, f"approach={peer}", "corpus=smaller", "rules=4")
    bad = run.pack.sequence_of("smaller")[5]
    with pytest.raises(NotImplementedError, match="no role"):
        build(
            tmp_path,
            peer,
            "smaller",
            "rules=4",
            rule=lambda t: NotImplementedError("no role") if t == bad.text else None,
        )
    journal = [line["entry"]["message_id"] for line in lines(partial(tmp_path) / "journal.jsonl")]
    assert len(journal) == 5 and bad.message_id not in journal


BUILD = """
import asyncio, sys
from omseval.builders.build import build_guidance
from omseval.config import compose
from omseval.models import make_model
from omseval.validation import validate
run = validate(compose(sys.argv[1:]))
asyncio.run(build_guidance(run, make_model(run.cfg.model)))
"""


@pytest.mark.slow
@pytest.mark.parametrize("peer", PEERS)
def test_a_killed_build_resumes_and_processes_nothing_twice(tmp_path, peer):
    need(peer)
    args = [f"approach={peer}", "corpus=larger", "rules=5", "cache=false", f"log_dir={tmp_path}"]
    proc = subprocess.Popen(
        [sys.executable, "-c", BUILD, *args, "model.latency=0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 300
        while len(lines(next((tmp_path / "builds").glob("*.partial/journal.jsonl"), Path("-")))) < 8:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    run, g = build(tmp_path, peer, "larger", "rules=5")
    assert g.manifest["processed"] == 20 and g.manifest["failures"] == 0
    assert_once(g.path, run.pack.sequence_of("larger"))
    _, whole = build(tmp_path / "whole", peer, "larger", "rules=5")  # a build that never died
    assert g.documents == whole.documents


class Died(Exception):
    """A Mem0 build dies partway through a message."""


def died_and_rerun(tmp_path: Path, patch) -> tuple[int, int, dict]:
    """A Mem0 build processes three messages, then the fourth with `patch(monkeypatch)` applied (which makes it raise
    Died partway), and a new build processes the fourth again: Mem0's memories written before the rerun, after it,
    and the rerun's entry."""
    run = validated(tmp_path, "approach=mem0", "corpus=smaller", "rules=3", "cache=false")
    stream = run.pack.sequence_of("smaller")
    model = make_model(run.cfg.model)
    folder = tmp_path / "build"
    folder.mkdir()

    async def first():
        builder = make_builder(run, folder, model)
        try:
            for m in stream[:3]:
                await builder.process(m, None)
            with pytest.MonkeyPatch.context() as mp, suppress(Died):
                patch(mp)
                await builder.process(stream[3], None)
        finally:
            builder.close()

    async def again():
        builder = make_builder(run, folder, model)
        try:
            return await builder.process(stream[3], None)
        finally:
            builder.close()

    asyncio.run(first())
    written = memories_written(folder)
    entry = asyncio.run(again())
    return written, memories_written(folder), entry


@pytest.mark.slow
def test_mem0_adds_nothing_again_for_a_message_it_stored_before_the_build_died(tmp_path):
    """A build killed after Mem0 stored a message's memories but before its journal line: the rerun finds them
    (by the position in their metadata) and journals the message as recovered, adding nothing."""
    need("mem0")
    import omseval.peers.base as base

    append = base.jsonl.append

    def dying(path, record):
        if Path(path).name == "journal.jsonl":
            raise Died()
        append(path, record)

    written, after, entry = died_and_rerun(tmp_path, lambda mp: mp.setattr(base.jsonl, "append", dying))
    assert entry["recovered"] is True and entry["added"] and after == written


@pytest.mark.slow
def test_mem0_completes_the_history_of_memories_stored_before_the_build_died(tmp_path):
    """A build killed after Mem0 stored a message's memories but before it recorded them in its history: the rerun
    finds the memories and records them, so every memory is written and recorded once."""
    need("mem0")
    from mem0.memory.storage import SQLiteManager

    def dying(*args, **kwargs):
        raise Died()

    def patch(mp):  # Mem0 stores the 4th message's memories, then the build dies before its history records
        mp.setattr(SQLiteManager, "add_history", dying)
        mp.setattr(SQLiteManager, "batch_add_history", dying)

    written, after, entry = died_and_rerun(tmp_path, patch)
    assert entry["recovered"] is True and entry["added"]
    assert after == written + len(entry["added"])


@pytest.mark.slow
def test_mem0_search_ranks_a_skills_memories_by_the_question(tmp_path):
    need("mem0")
    run = validated(tmp_path, "approach=mem0", "corpus=smaller", "rules=3", "cache=false", "approach.top_k=2")
    stream = run.pack.sequence_of("smaller")
    builder = make_builder(run, tmp_path / "build", make_model(run.cfg.model))

    async def go():
        for m in stream:
            await builder.process(m, None)
        return await builder.in_thread("shared", builder.search, "shared", stream[0].text)

    try:
        found = asyncio.run(go())
    finally:
        builder.close()
    assert len(found) == 2 and found[0] == stream[0].text


@pytest.mark.slow
@pytest.mark.parametrize("peer", PEERS)
def test_the_handoff_experiment_records_every_correction(tmp_path, peer):
    need(peer)
    run = validated(tmp_path, "experiment=handoff", f"approach={peer}", "limit=3", "cache=false")
    snapshots = asyncio.run(build_handoff(run, make_model(run.cfg.model)))
    assert snapshots and all(s.recorded and s.probability == 100 for s in snapshots)
    assert all(re.search(r"(?m)^- \S", s.guidance) for s in snapshots)  # agent B's guidance holds statements
    assert any(s.arrived and not s.present_before for s in snapshots)  # a correction reached agent B
    assert (tmp_path / "builds" / handoff_key(run)[0]).is_dir()


@pytest.mark.slow
def test_no_peer_prompt_holds_the_answer_key(shipped, tmp_path):
    pack, _ = shipped
    find = answer_key(pack)
    seen: set[str] = set()
    for peer in PEERS:
        need(peer)
        for corpus in CORPORA:
            _, g = build(tmp_path, peer, corpus, "rules=8")
            seen |= {*prompts_of(g.path), *g.documents.values()}
        run = validated(tmp_path, "experiment=handoff", f"approach={peer}", "limit=4", "cache=false")
        snapshots = asyncio.run(build_handoff(run, make_model(run.cfg.model)))
        seen |= {*prompts_of(tmp_path / "builds" / handoff_key(run)[0]), *(s.guidance for s in snapshots)}
    assert len(seen) > 3 * 2 * 32  # every call was recorded
    assert not set().union(*map(find, seen))


def test_the_offline_roles_are_found_by_schema_and_tool_never_by_wording():
    from omseval.offline.answering import roles

    known = roles()
    assert {"mem0_extraction", "Memory", "GeneralResponse", "ExtractedEdges"} <= set(known)  # entry points
    prompt = (
        "You are a memory subroutine for an AI.\n\n<existing>\n"
        "<instance id=memory-1 schema_type=\"Memory\">\n{'content': 'Answer review requests within 48 hours.'}\n"
        "</instance>\n<instance id=memory-2 schema_type=\"Memory\">\n{'content': 'Label both axes.'}\n</instance>\n"
        "</existing>\n\n<session_0f8fad5b-d9cb-469f-a165-70867728950e>\n"
        "================================ Human Message =================================\n\n"
        "Answer review requests within 3 days.\n</session_0f8fad5b-d9cb-469f-a165-70867728950e>"
    )
    calls = reply(prompt, None, Request(tools=("PatchDoc", "Memory", "RemoveDoc"), tool_choice="any"))
    assert calls == [
        ("RemoveDoc", {"json_doc_id": "memory-1"}),
        ("Memory", {"content": "Answer review requests within 3 days."}),
    ]
    assert reply(prompt, None, Request(tools=("Memory",))) == [
        ("Memory", {"content": "Answer review requests within 3 days."})
    ]
    assert isinstance(reply(prompt, None), str)  # no schema, no tool, no declared role: a question's answer
    with pytest.raises(NotImplementedError, match="no role for the tools PatchFunctionErrors"):
        reply(prompt, None, Request(tools=("PatchFunctionErrors",), tool_choice="any"))


def test_the_roles_fingerprint_covers_every_entry_point_roles_module(monkeypatch):
    """What the offline model's replies depend on beyond its own code: a changed or added role module changes it."""
    from omseval.offline import answering

    whole = answering.roles_fingerprint()
    assert whole == answering.roles_fingerprint()
    points = [p for p in answering.entry_points(group=answering.GROUP) if p.name != "memory"]
    monkeypatch.setattr(answering, "entry_points", lambda group: points)
    assert answering.roles_fingerprint() != whole


def test_the_offline_mem0_role_gives_a_fact_per_sentence_it_does_not_hold():
    pytest.importorskip("mem0", reason='needs the extra: pip install -e ".[mem0]"')
    from mem0.configs.prompts import ADDITIVE_EXTRACTION_PROMPT, generate_additive_extraction_prompt

    user = generate_additive_extraction_prompt(
        existing_memories=[{"id": "0", "text": "Label both axes."}],
        new_messages="user: Label both axes. Start bar charts at zero.\n",
        last_k_messages=[],
    )
    reply = json.loads(respond(f"{ADDITIVE_EXTRACTION_PROMPT}\n\n{user}", "mem0_extraction"))
    assert [m["text"] for m in reply["memory"]] == ["Start bar charts at zero."]


def test_the_offline_prompt_optimizer_merges_the_feedback_into_the_prompt():
    pytest.importorskip("langmem", reason='needs the extra: pip install -e ".[langmem]"')
    from langmem.prompts.prompt import INSTRUCTION_REFLECTION_MULTIPLE_PROMPT

    from omseval.offline.files import edit

    document = "# Charts\n\n- Start bar charts at zero.\n- Use at most 3 colours, with {{brand}} blue first.\n"
    feedback = "Use at most 5 colours, with {{brand}} blue first."
    data = f"<trajectory 0>\n\n</trajectory 0>\n<feedback 0>\n{feedback}\n</feedback 0>"
    prompt = INSTRUCTION_REFLECTION_MULTIPLE_PROMPT.format(current_prompt=document, data=data, instructions="")
    [(name, args)] = reply(prompt, None, Request(tools=("GeneralResponse",), tool_choice="any"))
    assert name == "GeneralResponse" and args["update_prompt"] is True
    assert args["new_prompt"] == edit(document, feedback) and "5 colours" in args["new_prompt"]


def test_the_chat_model_adapter_maps_tools_and_refuses_unusable_replies():
    pytest.importorskip("langchain_core", reason='needs the extra: pip install -e ".[langmem]"')
    from inspect_ai.model import ChatMessageAssistant, ModelOutput
    from inspect_ai.tool import ToolCall, ToolFunction
    from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
    from langchain_core.utils.function_calling import convert_to_openai_tool
    from trustcall._base import PatchDoc

    from omseval.peers.chat_model import choice, parse, to_inspect, tool_info

    patch = tool_info(convert_to_openai_tool(PatchDoc))
    assert "$ref" not in json.dumps(patch.model_dump()) and patch.parameters.required == [
        "json_doc_id",
        "planned_edits",
        "patches",
    ]
    assert patch.parameters.properties["patches"].items.properties["op"].enum == ["add", "remove", "replace"]
    assert choice(None, [patch]) == "auto" and choice("any", [patch]) == "any"
    assert choice("PatchDoc", [patch]) == ToolFunction(name="PatchDoc") and choice(None, []) is None

    def output(*calls: tuple[str, dict]) -> ModelOutput:
        out = ModelOutput.from_content("m", "")
        out.choices[0].message = ChatMessageAssistant(
            content="", tool_calls=[ToolCall(id=f"c{n}", function=f, arguments=a) for n, (f, a) in enumerate(calls)]
        )
        return out

    good = {"json_doc_id": "m1", "planned_edits": "x", "patches": []}
    assert parse(output(("PatchDoc", good)), [patch], "any")["tool_calls"][0]["args"] == good
    for unusable, problem in [
        (output(), "calls no tool"),
        (output(("Memory", {"content": "x"})), "not among the tools offered"),
        (output(("PatchDoc", {"json_doc_id": "m1"})), "leaves out planned_edits, patches"),
    ]:
        with pytest.raises(ValueError, match=problem):
            parse(unusable, [patch], "any")

    def conversation(session: str) -> list:
        return [
            SystemMessage("s"),
            HumanMessage(f"h <session_{session}>\nx\n</session_{session}>"),
            AIMessage("", tool_calls=[{"name": "PatchDoc", "args": good, "id": "c1"}]),
            ToolMessage("invalid", tool_call_id="c1"),
        ]

    chat = to_inspect(conversation("0f8fad5b-d9cb-469f-a165-70867728950e"))
    assert [m.role for m in chat] == ["system", "user", "assistant", "tool"] and chat[3].function == "PatchDoc"
    assert chat[2].tool_calls and chat[2].tool_calls[0].arguments == good
    again = to_inspect(conversation("7c9e6679-7425-40de-944b-e07fc1f90ae7"))  # LangMem's random session id
    assert [m.text for m in again] == [m.text for m in chat] and "0f8fad5b" not in chat[1].text


# The peers through the real Anthropic client (inspect's provider) against a local stand-in for the Messages API:
# Mem0's structured extraction and LangMem's tool calls travel as Anthropic requests, answered by the offline
# roles, with injected faults: a request refused as invalid (400) is a processing loss, a server error past the
# retries (500 or 529) stops the build (exit 1) and the rerun completes it with nothing processed twice, and an
# unusable reply gets its one repair request.

IDS = itertools.count()


def text_of(content) -> str:
    """A request's message content as text: its text blocks, tool calls' inputs and tool results."""
    if isinstance(content, str):
        return content
    parts = []
    for block in content or []:
        if block.get("type") == "text":
            parts.append(block["text"])
        elif block.get("type") == "tool_use":
            parts.append(json.dumps(block.get("input")))
        elif block.get("type") == "tool_result":
            parts.append(text_of(block.get("content")))
    return "\n".join(parts)


class PeerMessages(FakeAnthropic):
    """Anthropic's Messages API: a structured request (Mem0's) answered by the offline role its schema names, a
    request with tools (LangMem's) by the offline role of the tools, a question with a plain answer. Faults by the
    text a request processes: `refuse` -> 400 (invalid request), `down` -> `status` (500 or 529); `malformed`: an
    unusable reply, then, on the repair request, a good one."""

    requests: list[dict] = []
    refuse: set[str] = set()
    down: set[str] = set()
    status = 500
    malformed = ""

    def answer(self, body: dict) -> None:
        PeerMessages.requests.append(body)
        system = body.get("system")
        text = "\n\n".join(
            [text_of(system) if system else "", *(text_of(m["content"]) for m in body["messages"])]
        ).strip()
        message = current(text)
        if message and message in self.refuse:
            error = {"type": "invalid_request_error", "message": "injected refusal"}
            return self.send(400, {"type": "error", "error": error})
        if message and message in self.down:
            kind = "overloaded_error" if self.status == 529 else "api_error"
            return self.send(self.status, {"type": "error", "error": {"type": kind, "message": "injected fault"}})
        if message and message == self.malformed and "could not be used" not in text:
            return self.reply("I will keep that in mind.")  # neither the JSON nor the tool call asked for
        schema = (body.get("output_format") or {}).get("schema")
        if schema is not None:
            assert list(schema["properties"]) == ["memory"]  # Mem0's extraction: the peers' one structured call
            return self.reply(respond(text, "mem0_extraction"))
        if body.get("tools"):
            choice = body.get("tool_choice") or {}
            chosen = choice.get("name") if choice.get("type") == "tool" else choice.get("type")
            calls = reply(text, None, Request(tools=tuple(t["name"] for t in body["tools"]), tool_choice=chosen))
            return self.tool_use(calls)
        return self.reply("Following the team's guidance.")

    def tool_use(self, calls) -> None:
        n = next(IDS)
        content = [
            {"type": "tool_use", "id": f"toolu_{n}_{i}", "name": f, "input": a} for i, (f, a) in enumerate(calls)
        ]
        self.send(
            200,
            {
                "id": f"msg_{n}",
                "type": "message",
                "role": "assistant",
                "model": self.model,
                "content": content,
                "stop_reason": "tool_use",
                "stop_sequence": None,
                "usage": {"input_tokens": 10, "output_tokens": 12},
            },
        )


@pytest.mark.slow
@pytest.mark.parametrize("peer", PEERS)
def test_anthropic_client_with_injected_faults(tmp_path, peer):
    need(peer)
    stream = validated(tmp_path, "corpus=smaller", "rules=4").pack.sequence_of("smaller")  # one chain: in order
    refused, down, malformed = [stream[3], stream[9]], stream[12], stream[6]
    PeerMessages.requests, PeerMessages.malformed = [], malformed.text
    PeerMessages.refuse, PeerMessages.down = {m.text for m in refused}, {down.text}
    PeerMessages.status = 529 if peer == PEERS[0] else 500
    with serving(PeerMessages) as url:

        def run():
            return run_module(
                "omseval",
                "experiment=maintain",
                f"approach={peer}",
                "corpus=smaller",
                "rules=4",
                "model=sonnet",
                f"model.base_url={url}",
                "model.max_retries=0",
                "limit=1",
                cwd=tmp_path,
                env={"ANTHROPIC_API_KEY": "test-key"},
            )

        stopped = run()  # the service fails past its retries at the 13th correction: the build stops there
        [partial] = (tmp_path / "logs" / "builds").glob("*.partial")
        journal = [line["entry"]["message_id"] for line in lines(partial / "journal.jsonl")]
        asked_before = {c["message_id"] for c in lines(partial / "calls.jsonl")}
        PeerMessages.down = set()
        resumed = run()  # the same command, the service back
    assert stopped.returncode == 1 and "Traceback" not in stopped.stderr, stopped.stderr
    assert "rerun the same command to resume" in stopped.stdout + stopped.stderr
    assert journal == [m.message_id for m in stream[:12]] and down.message_id not in asked_before  # nothing of it

    assert resumed.returncode == 0, resumed.stderr
    assert re.search(r"16 corrections, 14 processed, 2 processing losses", resumed.stdout), resumed.stdout
    assert PeerMessages.requests and {r["model"] for r in PeerMessages.requests} == {"claude-sonnet-4-5"}
    [folder] = [p for p in (tmp_path / "logs" / "builds").iterdir() if p.is_dir()]
    lost = {e["message_id"]: e for e in lines(folder / "processing.jsonl") if "failure" in e}
    assert set(lost) == {m.message_id for m in refused}
    assert all(e["cause"] == "request refused" and e["failure"].startswith("request refused: ") for e in lost.values())
    calls = lines(folder / "calls.jsonl")
    repaired = [c for c in calls if c["message_id"] == malformed.message_id]
    assert [("problem" in c, "decision" in c) for c in repaired] == [(True, False), (False, True)]
    per_message = {m.message_id: sum(c["message_id"] == m.message_id for c in calls) for m in stream}
    assert per_message == {m.message_id: 2 if m == malformed else 1 for m in stream}  # each processed once
    if (folder / "mem0").exists():
        assert memories_written(folder) == sum(len(e.get("added", [])) for e in lines(folder / "processing.jsonl"))
