"""AI editing of instruction files: the model picks a file (unless hinted), then rewrites it whole.

A reply that names no single listed file gets one re-ask, then the correction is a filing failure;
an empty rewrite, one cut short by max_tokens, or one under half a long file's length keeps the old
file and is a processing loss. Both are logged as failures, as is a model error that survived
inspect's retries.
"""

import json
import re

from omseval.builders.base import Build, FileBuilder, PlannedCall, starting_documents
from omseval.builders.calls import Calls, Loss, reply_schema, string
from omseval.pack_schema import Message, Pack

FENCE = re.compile(r"^```[^\n]*\n(.*?)\n?```$", re.S)
REASK = "Your previous reply could not be used: {problem}. Reply with exactly one file name from the list.\n\n{prompt}"


def parse_selection(reply: str, names: list[str]) -> str:
    """The one listed file name (with or without ".md") that appears in the reply; ValueError otherwise."""
    found = [n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?:\.md)?(?![\w-])", reply)]
    if not found:
        raise ValueError("it named none of the listed files")
    if len(found) > 1:
        raise ValueError(f"it named {len(found)} of the listed files ({', '.join(n + '.md' for n in found)})")
    return found[0]


def strip_fence(reply: str) -> str:
    """The reply without a surrounding ``` code fence."""
    m = FENCE.match(reply.strip())
    return m.group(1) if m else reply


def rewrite_of(old: str):
    """An edit reply's parser: the rewritten document, or ValueError saying why it cannot replace the old one."""

    def parse(output) -> str:
        new = strip_fence(output.completion).strip()
        if problem := rewrite_problem(old, new, output.stop_reason):
            raise ValueError(problem)
        return new

    return parse


def rewrite_problem(old: str, new: str, stop_reason: str) -> str | None:
    """Why a rewrite cannot replace the file: empty, cut short by max_tokens, or a long document come back
    under half its length (a part lost); None when it can."""
    if not new:
        return "empty reply"
    if stop_reason == "max_tokens":
        return "truncated reply (max_tokens)"
    if len(old) > 200 and len(new) < len(old) / 2:
        return "reply under half the old file's length"
    return None


class FileEdit(FileBuilder):
    """file_edit (the model chooses the file) and file_edit_hinted (the message's skill is given)."""

    uses_model = True

    def __init__(self, build: Build, name: str, hinted_file: bool = False):
        super().__init__(build, name)
        self.hinted_file = hinted_file
        self.calls: Calls = Calls(self.model, self.workdir, self.cache, self.connections)

    @classmethod
    def prompts(cls) -> dict:
        return {"REASK": REASK}

    @classmethod
    def planned_calls(cls, pack: Pack, corpus, messages: list[Message], options: dict) -> list[PlannedCall]:
        """Per correction: the file's selection (ahead of the stream; none when hinted or the corpus has one file),
        then the edit of the correction's own file (assumed chosen), whose prompt holds the whole document: the
        starting document, grown by each correction edited into it (assumed: the rewrite keeps the document and adds
        the correction's text), and whose reply is the document rewritten."""
        hinted = options.get("hinted_file", False) or corpus.selection_template is None
        listing = "\n".join(f"- {d.skill}.md: {d.title} — {d.description}" for d in pack.documents)
        documents = {skill: len(text) for skill, (_, text) in starting_documents(pack, corpus).items()}
        calls = []
        for m in messages:
            if not hinted:
                prompt = pack.render(corpus.selection_template, files=listing, correction=m.text)
                calls.append(PlannedCall("select", len(prompt), len(json.dumps({"file": f"{m.skill}.md"})), None, True))
            old = documents.get(m.skill, 0)
            documents[m.skill] = new = old + len(m.text) + 3  # "\n- " before it
            prompt = pack.render(corpus.editing_template, document="d" * old, correction=m.text)
            calls.append(PlannedCall("edit", len(prompt), new, m.skill))
        return calls

    async def choose(self, message: Message) -> str:
        """The file the model says the correction belongs in; Loss after one re-ask."""
        listing = "\n".join(f"- {d.skill}.md: {d.title} — {d.description}" for d in self.pack.documents)
        prompt = self.pack.render(self.corpus.selection_template, files=listing, correction=message.text)
        names = [d.skill for d in self.pack.documents]
        schema = reply_schema("file_selection", file=string(enum=[f"{n}.md" for n in names]))
        return await self.calls.ask(
            message.message_id,
            "select",
            prompt,
            lambda output: parse_selection(output.completion, names),
            REASK,
            schema,
        )

    async def prepare(self, message: Message) -> str | Loss:
        """The message's file (or its filing failure): the choice reads no document, so it runs ahead."""
        if self.hinted_file or self.corpus.selection_template is None:
            chosen: str | Loss = message.skill
        else:
            try:
                chosen = await self.choose(message)
            except Loss as e:
                chosen = e
        return chosen

    def chain(self, message: Message, prepared: str | Loss) -> str:
        """Each file's edits in stream order; a filing failure changes nothing and waits for nothing."""
        return message.message_id if isinstance(prepared, Loss) else prepared

    async def apply(self, message: Message, prepared: str | Loss) -> dict:
        name = prepared  # the file `prepare` chose
        if isinstance(name, Loss):
            return {
                "document": None,
                "correct_file": False,
                "failure": f"filing failure: {name}",
                "cause": "filing failure",
            }
        entry = {"document": name, "correct_file": name == message.skill}
        old = self.documents[name]
        prompt = self.pack.render(self.corpus.editing_template, document=old, correction=message.text)
        try:
            rewrite = await self.calls.ask(message.message_id, "edit", prompt, rewrite_of(old), role="edit")
            self.documents[name] = rewrite + "\n"
        except Loss as e:
            return entry | {"chars": len(old), "failure": f"{e}; the old file was kept", "cause": e.cause}
        return entry | {"chars": len(self.documents[name])}
