"""The handoff experiment: a correction taught once after agent A's task reaches agent B in a fresh session.

Conditions (seed x recording probability) are independent and run concurrently, their model calls
bounded by the model's max_connections. Per seed, the cases run in that seed's order (07's rule) and
guidance accumulates between them. OMS submits every correction; a text-file approach records a case's
correction only where the schedule (07) says so at the recording probability; `none` records nothing
(the builder class's `recording`). After each case the guidance is snapshotted: agent B answers its task
with it, and the case's marker shows whether the correction arrived. Snapshots are saved per case, so a
build that dies resumes where it stopped; each distinct guidance text is saved once, in texts.jsonl under
its sha256 digest, and a snapshot names it by digest.
"""

import asyncio
import hashlib
from dataclasses import asdict, dataclass
from pathlib import Path

from omseval.errors import UserError
from omseval.guidance import artifact, journal
from omseval.guidance.build import approach_class, key_parts, make_builder, max_connections
from omseval.pack_schema import Message, Pack
from omseval.pack_schema.ordering import recording_schedule

SNAPSHOTS, TEXTS = "snapshots.jsonl", "texts.jsonl"


@dataclass
class Snapshot:
    seed: int
    probability: int  # recording probability, percent (100 for approaches that always submit)
    order: int  # position of the case in the seed's run
    case_id: str
    recorded: bool
    guidance: str  # agent B's guidance after this case
    arrived: bool  # the case's marker is in agent B's guidance
    present_before: bool  # ... and was already there before this correction


def conditions(cfg, pack: Pack) -> list[tuple[int, int]]:
    seeds = list(cfg.experiment.seeds) or sorted(pack.schedule)
    if cfg.seed is not None:
        seeds = [cfg.seed]
    always = approach_class(cfg).recording == "always"
    probabilities = [100] if always else list(cfg.experiment.probabilities)
    return [(s, p) for s in seeds for p in probabilities]


def _recorded(pack: Pack, recording: str, seed: int, case_id: str, p: int) -> bool:
    if recording != "schedule":
        return recording == "always"
    if seed in pack.schedule:
        return pack.schedule[seed][case_id][p]
    return recording_schedule([c.case_id for c in pack.handoff], seed)[1][case_id][p]  # a seed outside 07


async def build_handoff(cfg, pack: Pack, model) -> tuple[str, list[Snapshot]]:
    """(key, snapshots) for every condition; reused when complete, resumed when partial."""
    corpus = cfg.corpus.name.value
    if cases_of := {pack.rule(c.rule_id).corpus for c in pack.handoff} - {corpus}:
        raise UserError(
            f"experiment=handoff uses the {', '.join(sorted(cases_of))} corpus's handoff cases; drop corpus={corpus}"
        )
    parts = key_parts(cfg, pack, model) | {"experiment": "handoff", "conditions": conditions(cfg, pack)}
    if cfg.limit is not None:  # the first N cases of each seed's order: a prefix of the whole run
        parts["limit"] = cfg.limit
    key = "handoff-" + artifact.artifact_key(parts)
    final, partial = artifact.folders(Path(cfg.log_dir) / "guidance", key)
    with artifact.exclusive(final):  # a job needing the same build waits for it, then reuses it
        if not (final / "manifest.json").exists():
            partial.mkdir(parents=True, exist_ok=True)
            texts = Texts(partial / TEXTS)
            connections = asyncio.Semaphore(max_connections(model))  # shared by the conditions' builders
            await asyncio.gather(
                *(
                    _run_condition(cfg, pack, model, partial / f"seed{seed}-p{p}", texts, seed, p, connections)
                    for seed, p in conditions(cfg, pack)
                )
            )
            texts.in_digest_order()
            artifact.complete(partial, final, parts | {"key": key})
    texts = Texts(final / TEXTS)
    return key, [texts.snapshot(line) for d in sorted(final.glob("seed*-p*")) for line in journal.read(d / SNAPSHOTS)]


class Texts:
    """Guidance texts, each stored once (a line of texts.jsonl) and named by its digest."""

    def __init__(self, path: Path):
        self.path = path
        self.by_digest = {line["digest"]: line["text"] for line in journal.read(path)}

    def save(self, text: str) -> str:
        digest = hashlib.sha256(text.encode()).hexdigest()
        if digest not in self.by_digest:
            journal.append(self.path, {"digest": digest, "text": text})  # before any snapshot names it
            self.by_digest[digest] = text
        return digest

    def in_digest_order(self) -> None:
        """The file's texts sorted by digest: the conditions, run concurrently, saved them in any order."""
        journal.rewrite(self.path, [{"digest": d, "text": self.by_digest[d]} for d in sorted(self.by_digest)])

    def line(self, snap: Snapshot) -> dict:
        """The snapshot as snapshots.jsonl keeps it: its guidance by digest."""
        line = asdict(snap)
        line["guidance_digest"] = self.save(line.pop("guidance"))
        return line

    def snapshot(self, line: dict) -> Snapshot:
        digest = line.pop("guidance_digest")
        return Snapshot(**line, guidance=self.by_digest[digest])


async def _run_condition(
    cfg, pack: Pack, model, workdir: Path, texts: Texts, seed: int, p: int, connections: asyncio.Semaphore
) -> None:
    """One condition (seed x recording probability): its cases one after another; conditions run concurrently."""
    workdir.mkdir(parents=True, exist_ok=True)
    log = workdir / SNAPSHOTS
    done = journal.read(log)
    cases = {c.case_id: c for c in pack.handoff}
    order = recording_schedule(list(cases), seed)[0][: cfg.limit]
    if len(done) == len(order):
        return
    builder = make_builder(cfg, pack, workdir, model, connections)
    before = texts.by_digest[done[-1]["guidance_digest"]] if done else ""
    try:
        processed = builder.processed()
        for n, case_id in enumerate(order[len(done) :], start=len(done) + 1):
            case = cases[case_id]
            recorded = _recorded(pack, builder.recording, seed, case_id, p)
            message = Message(
                cfg.corpus.name.value,
                seed,
                n,
                f"{case_id}/handoff",
                case.rule_id,
                pack.rule(case.rule_id).skill,
                "change",
                case.correction,
                f"{case_id}/handoff",
                False,
            )
            if recorded and message.message_id not in processed:
                await builder.process(message)
            after = "\n".join(builder.snapshot().values())
            snap = Snapshot(seed, p, n, case_id, recorded, after, case.marker_in(after), case.marker_in(before))
            journal.append(log, texts.line(snap))
            before = after
    finally:
        builder.close()
