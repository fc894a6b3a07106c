"""Build (or reuse) an approach's guidance from the corpus's correction stream.

The build loop knows a builder only through its interface (omseval.builders.base). A processing loss (the model's
own failure) is recorded and the build goes on; a service failure past its retries stops the build at once, with
nothing of its message recorded, so the build stays unfinished and a rerun resumes from that message.
"""

import asyncio
from collections import Counter
from pathlib import Path

from omseval.builders import artifact
from omseval.builders.artifact import Guidance
from omseval.builders.base import Build, Builder
from omseval.builders.calls import token_totals
from omseval.identity import build_identity, build_key, code_digest
from omseval.pack_schema import Message, Pack
from omseval.pack_schema.ordering import correction_sequence
from omseval.progress import Progress


def max_connections(model) -> int:
    """The model calls a build makes at once: the model's max_connections (its config, else its provider's)."""
    return model.config.max_connections or model.api.max_connections() if model is not None else 1


def make_builder(run, workdir: Path, model, connections: asyncio.Semaphore | None = None) -> Builder:
    """A fresh builder of the run's approach, working in `workdir`; `connections` bounds its model calls at once
    (shared by builders working side by side), by default to the model's max_connections."""
    connections = connections or asyncio.Semaphore(max_connections(model))
    build = Build(run.pack, run.cfg.corpus, workdir, model, run.store, run.store_settings, run.cfg.cache, connections)
    return run.approach(build, **run.approach_options)


def correction_stream(pack: Pack, corpus: str, seed: int | None) -> list[Message]:
    """The pack's own sequence (02), or the same deterministic rule applied with another seed."""
    if seed is None:
        return pack.sequence_of(corpus)
    return correction_sequence(pack.rules_of(corpus), corpus, seed)


def build_parts(run) -> dict:
    """The identity of the run's guidance build (omseval.identity.build_identity)."""
    approach = run.approach
    return build_identity(run.identity, approach.uses_model, approach.prompts(), code_digest(approach.__module__))


def losses(log: list[dict]) -> dict[str, int]:
    """Processing losses by cause."""
    return dict(Counter(e.get("cause", "processing loss") for e in log if e.get("failure")))


async def build_guidance(run, model=None, live: bool = False) -> Guidance:
    """The run's guidance: reused when finished, resumed when partial. `live`: a progress bar on a terminal."""
    parts = build_parts(run)
    key = build_key(parts)
    final, partial = artifact.folders(run.cfg.log_dir, key)
    if done := artifact.load(final):
        return done
    with artifact.exclusive(final):  # a job needing the same build waits for it, then reuses it
        return artifact.load(final) or await _build(run, model, parts, key, final, partial, live)


async def _build(run, model, parts: dict, key: str, final: Path, partial: Path, live: bool) -> Guidance:
    partial.mkdir(parents=True, exist_ok=True)
    builder = make_builder(run, partial, model)
    try:
        messages = correction_stream(run.pack, run.cfg.corpus.name, run.cfg.seed)
        position = {m.message_id: m.position for m in messages}
        seen = builder.processed()
        builder.in_stream_order({m: position[m] for m in seen})  # drops what a message the dead build left
        with Progress(f"build {key}", len(messages), len(seen), "messages", live) as progress:
            await process_stream(builder, [m for m in messages if m.message_id not in seen], progress)
        builder.in_stream_order(position)
        documents, log = await builder.publish()
    finally:
        builder.close()
    lost = losses(log)
    manifest = parts | {
        "key": key,
        "model_label": run.cfg.model.label if builder.uses_model else None,
        "messages": len(messages),
        "processed": len(log) - sum(lost.values()),
        "failures": sum(lost.values()),
        "losses": lost,
        "tokens": token_totals(partial),
    }
    return artifact.finish(partial, final, documents, log, manifest)


async def process_stream(builder: Builder, messages: list[Message], progress: Progress) -> None:
    """Process `messages` (in stream order): each message's `prepare` runs ahead, concurrently; the messages
    of one chain are processed in stream order, different chains concurrently. The builder's connections
    bound the model calls at once. An error that is not a processing loss (a service failure, a fault) stops
    every task and is raised."""
    ahead = [asyncio.ensure_future(builder.prepare(m)) for m in messages]
    last: dict[str, asyncio.Future] = {}  # chain -> its latest message's processing
    processing = []

    async def after(previous: asyncio.Future | None, message: Message, prepared) -> None:
        if previous is not None:
            await previous
        entry = await builder.process(message, prepared)
        progress.update(entry.get("failure") and f"processing loss at {message.message_id}: {entry['failure']}")

    try:
        for message, prepared in zip(messages, ahead, strict=True):
            chain = builder.chain(message, await prepared)  # a message's chain is known once it is prepared
            last[chain] = asyncio.ensure_future(after(last.get(chain), message, prepared.result()))
            processing.append(last[chain])
        await asyncio.gather(*processing)
    finally:
        for task in (*ahead, *processing):
            task.cancel()
        await asyncio.gather(*ahead, *processing, return_exceptions=True)
