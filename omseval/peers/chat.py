"""The run's inspect model as a peer's library calls it, with the same cache, retries and failure rules as OMS's.

Every call goes through the run's inspect model (inspect's cache and retries) and is recorded in the build's
calls.jsonl (omseval.builders.calls' format). A library calls the model while it processes one message, inside
a `Session` (a context variable: messages of different chains are processed at once). Whatever stops the
message is kept in the session and ends every later call of it at once, without calling the model, because the
libraries catch a model's errors (Mem0 wraps them; LangMem's trustcall retries until langgraph's recursion limit):

- a reply still unusable after one repair request, or a request the API refuses as invalid: a processing loss
  (omseval.builders.calls.Loss);
- a service failure past inspect's retries or a rejected key: the build stops (omseval.models.stop), nothing of
  the message recorded;
- an error of this adapter or of the model's own code (the offline model lacking a role): a fault.

After the library returns or raises, `outcome` says what became of the message; when nothing stopped it but the
library raised, the message is a processing loss with cause "library error".
"""

import asyncio
import concurrent.futures
import json
import threading
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from inspect_ai.model import (
    ChatMessage,
    ChatMessageUser,
    GenerateConfig,
    Model,
    ModelOutput,
    ResponseSchema,
)
from inspect_ai.tool import ToolChoice, ToolInfo

from omseval.builders.calls import REFUSED, UNUSABLE, Calls, Loss
from omseval.models import describe, failure, stop

LIBRARY = "library error"  # the library raised inside a message that nothing else stopped: a processing loss
REPAIR = "Your reply could not be used: {problem}\n\nReply again in the requested format only."


class Stopped(Exception):
    """A model call refused because its message has stopped (the session's `stopped` says why). An Exception,
    not a BaseException: LangChain's async path breaks on a BaseException (it reads `.generations` from it)."""


@dataclass
class Session:
    """One message being processed: the label of its calls, and what stopped it, if anything."""

    message_id: str
    phase: str
    stopped: BaseException | None = None
    decisions: list = field(default_factory=list)  # the usable replies of its calls, in order


SESSION: ContextVar[Session | None] = ContextVar("omseval_peer_session", default=None)


def current() -> Session:
    session = SESSION.get()
    if session is None:
        raise RuntimeError("a peer library called the model outside a message's session")
    return session


def outcome(session: Session, error: BaseException | None) -> dict:
    """What became of a message once its library call returned (`error` None) or raised: {} when processed, a
    processing loss's entry; a service failure, a rejected key or a fault is raised (the build stops)."""
    if session.stopped is not None:
        if isinstance(session.stopped, Loss):
            return {"failure": str(session.stopped), "cause": session.stopped.cause}
        raise session.stopped
    if error is not None:
        return {"failure": f"{LIBRARY}: {describe(error)}", "cause": LIBRARY}
    return {}


def transcript(chat: list[ChatMessage]) -> str:
    """The prompt as calls.jsonl records it: each message's text (an assistant's tool calls as JSON)."""
    parts = []
    for m in chat:
        calls = getattr(m, "tool_calls", None) or []
        parts.append("\n".join([m.text, *(json.dumps({c.function: c.arguments}) for c in calls)]).strip())
    return "\n\n".join(parts)


class PeerModel:
    """The run's model for one build: `ask` makes one call (and at most one repair request), recorded."""

    def __init__(self, model: Model, workdir: Path, cache: bool, connections: asyncio.Semaphore | None = None):
        self.calls = Calls(model, workdir, cache, connections)
        self.model = model
        self.pending: set[concurrent.futures.Future] = set()  # calls bridged from a library's worker thread
        self.closed = False
        self.lock = threading.Lock()  # `closed` and `pending`, between worker threads and the event loop

    @contextmanager
    def session(self, message_id: str, phase: str) -> Iterator[Session]:
        """The session of one message's library call (the context variable is reset after it)."""
        session = Session(message_id, phase)
        token = SESSION.set(session)
        try:
            yield session
        finally:
            SESSION.reset(token)

    async def ask(
        self,
        chat: list[ChatMessage],
        parse: Callable[[ModelOutput], Any],
        schema: ResponseSchema | None = None,
        tools: list[ToolInfo] | None = None,
        tool_choice: ToolChoice | None = None,
    ) -> Any:
        """parse(output) -> the decision, or ValueError naming what makes the reply unusable (then one repair
        request: the reply and the problem are added to the conversation)."""
        session = current()
        config = GenerateConfig(response_schema=schema)
        repaired = False
        while True:
            if session.stopped is not None or self.closed:
                raise Stopped(str(session.stopped or "the build has stopped"))
            try:
                async with self.calls.connections:
                    output = await self.model.generate(
                        chat, tools=tools or [], tool_choice=tool_choice, config=config, cache=self.calls.cache
                    )
            except Exception as e:
                kind = failure(self.model, e)
                if kind is None:
                    self.halt(session, e)  # a fault (the offline model lacking a role, say): the build stops
                if kind != "refused":
                    self.halt(session, stop(self.model, e, kind))  # nothing of this message is recorded
                self.calls.record(session.message_id, session.phase, transcript(chat), None, error=describe(e))
                self.halt(session, Loss(REFUSED, describe(e)))
            try:
                decision = parse(output)
            except ValueError as e:
                problem = " ".join(str(e).split())[:300]
                self.calls.record(session.message_id, session.phase, transcript(chat), output, problem=problem)
                if repaired:
                    self.halt(session, Loss(UNUSABLE, f"{problem} (after one repair request)"))
                chat = [*chat, output.message, ChatMessageUser(content=REPAIR.format(problem=problem))]
                repaired = True
                continue
            self.calls.record(session.message_id, session.phase, transcript(chat), output, decision=decision)
            session.decisions.append(decision)
            return decision

    def halt(self, session: Session, error: BaseException) -> NoReturn:
        """Stop the session's message for `error`: its later calls fail at once."""
        session.stopped = error
        raise Stopped(str(error))

    def fault(self, error: BaseException) -> None:
        """An error in this adapter's own code, seen inside a library: kept, so that the build raises it."""
        session = SESSION.get()
        if session is not None and session.stopped is None:
            session.stopped = error

    def bridge(self, coroutine: Coroutine, loop: asyncio.AbstractEventLoop) -> Any:
        """Run `coroutine` on the build's event loop from a library's worker thread and wait for its result."""
        with self.lock:
            if self.closed:
                coroutine.close()
                raise Stopped("the build has stopped")
            future = asyncio.run_coroutine_threadsafe(coroutine, loop)
            self.pending.add(future)
        try:
            return future.result()
        except concurrent.futures.CancelledError:
            raise Stopped("the build has stopped") from None
        finally:
            with self.lock:
                self.pending.discard(future)

    def close(self) -> None:
        """Later calls fail at once; calls a worker thread waits for are cancelled, so that the thread ends."""
        with self.lock:
            self.closed = True
            for future in self.pending:
                future.cancel()
