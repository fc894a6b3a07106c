"""Graphiti as a guidance builder: the starting documents, then each correction, go in as episodes; the guidance
for a skill is Graphiti's current facts of that skill's group, rendered as a document.

Each skill is one Graphiti group (the smaller corpus: one shared group), and every group id carries the build's
namespace, so builds never touch each other's graph nor OMS's nodes on the same Neo4j server. Episodes get
reference times that follow the stream. graphiti-core is imported only when a build starts, so that a missing
extra is refused in one line.
"""

import asyncio
import importlib.util
import logging
import os
import re
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from omseval.builders import jsonl
from omseval.builders.base import Build, Builder, PlannedCall, quiet, starting_documents
from omseval.builders.calls import Loss
from omseval.config import DocumentLayout
from omseval.errors import UserError
from omseval.oms.store import namespace
from omseval.pack_schema import Message, Pack

JOURNAL, DOCUMENTS = "journal.jsonl", "documents.jsonl"
EXTRA = 'pip install -e ".[graphiti]"'
START = datetime(2025, 1, 1, tzinfo=UTC)  # the starting documents' reference time; correction n follows n hours later
SOURCE = "a team member's correction to the team's guidance for AI agents"
DOCUMENT_SOURCE = "the team's starting guidance document for AI agents"
HEADER = "Current facts from the team's knowledge graph, oldest first:"
CURRENT = (
    "MATCH (:Entity)-[e:RELATES_TO]->(:Entity) WHERE e.group_id = $group AND e.expired_at IS NULL "
    "AND e.invalid_at IS NULL RETURN e.fact AS fact ORDER BY e.valid_at, e.created_at, e.uuid"
)
# a fresh build's own groups only (an earlier attempt's nodes), by index; never Graphiti's clear_data, which deletes
# every node of the server when given no group
CLEAR = [f"MATCH (n:{label}) WHERE n.group_id IN $groups DETACH DELETE n" for label in ("Entity", "Episodic", "Saga")]
EPISODE = "MATCH (e:Episodic {group_id: $group, name: $name}) RETURN e.uuid AS uuid LIMIT 1"


LOGGERS = ("graphiti_core", "neo4j")


def group_id(namespace: str, skill: str) -> str:
    """A skill's Graphiti group id in a build: the build's namespace and the skill (letters, digits, - and _)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", f"{namespace}--{skill}")


class Graphiti(Builder):
    """graphiti-core over the run's model (omseval.graphiti.llm) and a Neo4j server."""

    uses_model = True
    uses_store = True  # its graph lives in the run's store, which must be a Neo4j server
    recording = "always"  # a correction is an episode sent to Graphiti, not recorded by hand

    def __init__(self, build: Build, name: str, embedding_model: str | None = None, dimensions: int = 256):
        super().__init__(build, name)
        os.environ["GRAPHITI_TELEMETRY_ENABLED"] = "false"
        from neo4j import GraphDatabase

        from omseval.graphiti.embedder import CosineRanker, HashedStems, LocalEmbedder
        from omseval.graphiti.llm import InspectClient

        settings = build.store_settings
        self.uri, self.database = settings["uri"], settings.get("database") or "neo4j"
        self.auth = (settings.get("user") or "neo4j", settings.get("password") or "")
        self.embedder = LocalEmbedder(embedding_model) if embedding_model else HashedStems(dimensions)
        self.ranker = CosineRanker(self.embedder)
        self.client = InspectClient(self.model, self.workdir, self.cache)
        self.reader = GraphDatabase.driver(self.uri, auth=self.auth, notifications_min_severity="OFF")
        self.namespace = namespace(self.workdir)
        self.journal, self.documents_journal = self.workdir / JOURNAL, self.workdir / DOCUMENTS
        self.log = jsonl.read(self.journal)
        self.documents_done = {d["skill"] for d in jsonl.read(self.documents_journal)}
        self.graphiti: Any = None
        self.titles = {skill: title for skill, (title, _) in starting_documents(self.pack, self.corpus).items()}

    @classmethod
    def validate_options(cls, options: dict) -> None:
        if importlib.util.find_spec("graphiti_core") is None:
            raise UserError(f"approach=graphiti needs graphiti-core: {EXTRA}")
        if options.get("dimensions", 1) < 1:
            raise UserError(f"approach.dimensions must be a positive integer, got {options['dimensions']}")
        if path := options.get("embedding_model"):
            if importlib.util.find_spec("llama_cpp") is None:
                raise UserError('approach.embedding_model needs llama.cpp: pip install -e ".[local]"')
            if not Path(path).is_file():
                raise UserError(f"approach.embedding_model={path}: no such file")

    @classmethod
    def validate_environment(cls, run) -> None:
        if not run.store.server:
            raise UserError(
                f"approach=graphiti keeps its graph in a Neo4j server, and store={run.store.name} is embedded: "
                "add store=neo4j (scripts/neo4j-server start runs one on this machine)"
            )

    @classmethod
    def prompts(cls) -> dict:
        from omseval.graphiti.llm import REPAIR

        return {"repair": REPAIR, "source": SOURCE, "document_source": DOCUMENT_SOURCE, "header": HEADER}

    @classmethod
    def planned_calls(cls, pack: Pack, corpus, messages: list[Message], options: dict) -> list[PlannedCall]:
        """Every episode in one chain, in stream order: the larger corpus's starting documents first, then each
        correction. Assumed from graphiti-core 0.31's build of the shipped pack with the offline model (README):
        3 calls per starting document and 4 per correction (entities, their duplicates, facts, the facts'
        duplicates and contradictions; measured 2.95 and 3.84), each prompt 5,500 characters of Graphiti's
        instructions and context plus twice the episode's text, each reply 500 characters."""
        episodes = [(3, d.text) for d in pack.documents] if corpus.layout == DocumentLayout.skill_documents else []
        episodes += [(4, m.text) for m in messages]
        return [
            PlannedCall("episode", 5500 + 2 * len(text), 500, "graph", True) for n, text in episodes for _ in range(n)
        ]

    def group(self, skill: str) -> str:
        return group_id(self.namespace, skill)

    async def start(self) -> None:
        """Connect; on a fresh build, clear its groups (a dropped earlier attempt) and create Graphiti's indices
        (`IF NOT EXISTS`, never dropping any); ingest the starting documents not yet ingested."""
        if self.graphiti is not None:
            return
        from graphiti_core import Graphiti as Client
        from graphiti_core.driver.neo4j_driver import Neo4jDriver

        self.log_handler = quiet(self.workdir / "graphiti.log", LOGGERS)  # graphiti-core's and the driver's
        driver = Neo4jDriver(self.uri, *self.auth, database=self.database)
        self.graphiti = Client(
            graph_driver=driver, llm_client=self.client, embedder=self.embedder, cross_encoder=self.ranker
        )
        await self.graphiti.build_indices_and_constraints(delete_existing=False)
        if not self.log and not self.documents_done:
            for query in CLEAR:
                await driver.execute_query(query, groups=[self.group(s) for s in self.titles])
        if self.corpus.layout == DocumentLayout.skill_documents:
            for d in self.pack.documents:
                if d.skill not in self.documents_done:
                    name = f"starting document {d.skill}"
                    entry = await self.episode(f"document:{d.skill}", name, d.text, d.skill, 0)
                    jsonl.append(self.documents_journal, {"skill": d.skill} | entry)
                    if "failure" in entry:
                        print(f"processing loss at starting document {d.skill}: {entry['failure']}", file=sys.stderr)
                    self.documents_done.add(d.skill)

    async def episode(self, label: str, name: str, body: str, skill: str, position: int) -> dict:
        """Add one episode; what it changed, or why it was lost (nothing of it is written then)."""
        from graphiti_core.nodes import EpisodeType

        from omseval.graphiti.llm import Lost

        group = self.group(skill)
        if (await self.graphiti.driver.execute_query(EPISODE, group=group, name=name)).records:
            return {"recovered": True}  # written by a build that died before journaling it
        self.client.start(label)
        try:
            result = await self.graphiti.add_episode(
                name=name,
                episode_body=body,
                source_description=DOCUMENT_SOURCE if position == 0 else SOURCE,
                reference_time=START + timedelta(hours=position),
                source=EpisodeType.text,
                group_id=group,
            )
        except Lost as e:
            await self.client.settle()
            if not isinstance(e.error, Loss):
                raise e.error from None  # the build stops; nothing of this episode is journaled
            return {"failure": str(e.error), "cause": e.error.cause}
        edges = result.edges
        return {
            "facts": [e.fact for e in edges if e.expired_at is None],
            "invalidated": [e.fact for e in edges if e.expired_at is not None],
        }

    def processed(self) -> set[str]:
        return {e["message_id"] for e in self.log}

    def chain(self, message: Message, prepared: Any) -> str:
        """One chain: every episode in stream order (Graphiti's reference times follow the stream)."""
        return "graph"

    async def process(self, message: Message, prepared: Any) -> dict:
        await self.start()
        outcome = await self.episode(
            message.message_id, f"correction {message.position}", message.text, message.skill, message.position
        )
        entry = {"message_id": message.message_id, "position": message.position} | outcome
        jsonl.append(self.journal, entry)
        self.log.append(entry)
        return entry

    def in_stream_order(self, position: dict[str, int]) -> None:
        jsonl.in_order(self.journal, position, lambda line: line["message_id"])
        self.client.calls.in_stream_order(position | {f"document:{s}": 0 for s in self.titles})

    def snapshot(self) -> dict[str, str]:
        return {skill: self.render(skill) for skill in self.titles}

    def render(self, skill: str) -> str:
        """The skill's current facts (neither invalidated nor expired), each once, by when they became valid."""
        rows = self.reader.execute_query(CURRENT, group=self.group(skill), database_=self.database).records
        facts = list(dict.fromkeys(r["fact"] for r in rows))
        body = "\n".join(f"- {f}" for f in facts)
        return f"# {self.titles[skill]}\n\n{HEADER}\n\n{body}\n" if facts else f"# {self.titles[skill]}\n"

    async def publish(self) -> tuple[dict[str, str], list[dict]]:
        await self.start()  # an empty stream still ingests the starting documents
        return self.snapshot(), list(self.log)

    def close(self) -> None:
        self.reader.close()
        if self.graphiti is None:
            return
        for name in LOGGERS:
            logging.getLogger(name).removeHandler(self.log_handler)
        self.log_handler.close()
        try:  # builds run in an event loop: Graphiti's driver closes as the loop goes on
            self.closing = asyncio.get_running_loop().create_task(self.graphiti.close())
        except RuntimeError:
            asyncio.run(self.graphiti.close())
