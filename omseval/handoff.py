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

from omseval.builders import artifact, jsonl
from omseval.builders.build import build_parts, make_builder, max_connections
from omseval.identity import build_key
from omseval.pack_schema import Message, Pack
from omseval.pack_schema.ordering import recording_schedule
from omseval.progress import Progress

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


def conditions(run) -> list[tuple[int, int]]:
    """(schedule seed, recording probability) of every condition the run builds."""
    seeds = list(run.experiment.seeds) or sorted(run.pack.schedule)
    if run.cfg.seed is not None:
        seeds = [run.cfg.seed]
    probabilities = [100] if run.approach.recording == "always" else list(run.experiment.probabilities)
    return [(s, p) for s in seeds for p in probabilities]


def handoff_key(run) -> tuple[str, dict]:
    """The handoff build's key and identity: the guidance build's, its conditions and the cases it runs."""
    parts = build_parts(run) | {"experiment": "handoff", "conditions": conditions(run), "limit": run.cfg.limit}
    return "handoff-" + build_key(parts), parts


def is_recorded(pack: Pack, recording: str, seed: int, case_id: str, p: int) -> bool:
    if recording != "schedule":
        return recording == "always"
    if seed in pack.schedule:
        return pack.schedule[seed][case_id][p]
    return recording_schedule([c.case_id for c in pack.handoff], seed)[1][case_id][p]  # a seed outside 07


def case_message(run, seed: int, n: int, case) -> Message:
    """The n-th case of a condition's run as the message its correction is taught in."""
    message_id = f"{case.case_id}/handoff"
    skill = run.pack.rule(case.rule_id).skill
    return Message(
        run.cfg.corpus.name, seed, n, message_id, case.rule_id, skill, "change", case.correction, message_id, False
    )


def case_order(run, seed: int) -> list[str]:
    """The cases of a condition in the seed's order: every case, or the first `limit`."""
    return recording_schedule([c.case_id for c in run.pack.handoff], seed)[0][: run.cfg.limit]


async def build_handoff(run, model, live: bool = False) -> list[Snapshot]:
    """The snapshots of every condition; reused when complete, resumed when partial."""
    key, parts = handoff_key(run)
    final, partial = artifact.folders(run.cfg.log_dir, key)
    with artifact.exclusive(final):  # a job needing the same build waits for it, then reuses it
        if artifact.manifest(final) is None:
            partial.mkdir(parents=True, exist_ok=True)
            texts = Texts(partial / TEXTS)
            connections = asyncio.Semaphore(max_connections(model))  # shared by the conditions' builders
            runs = [(seed, p, partial / f"seed{seed}-p{p}") for seed, p in conditions(run)]
            total = sum(len(case_order(run, seed)) for seed, _, _ in runs)
            done = sum(len(jsonl.read(folder / SNAPSHOTS)) for _, _, folder in runs)
            with Progress(f"handoff {key}", total, done, "cases", live) as progress:
                await asyncio.gather(
                    *(
                        _run_condition(run, model, folder, texts, seed, p, connections, progress)
                        for seed, p, folder in runs
                    )
                )
            texts.in_digest_order()
            artifact.complete(partial, final, parts | {"key": key})
    texts = Texts(final / TEXTS)
    return [texts.snapshot(line) for d in sorted(final.glob("seed*-p*")) for line in jsonl.read(d / SNAPSHOTS)]


class Texts:
    """Guidance texts, each stored once (a line of texts.jsonl) and named by its digest."""

    def __init__(self, path: Path):
        self.path = path
        self.by_digest = {line["digest"]: line["text"] for line in jsonl.read(path)}

    def save(self, text: str) -> str:
        digest = hashlib.sha256(text.encode()).hexdigest()
        if digest not in self.by_digest:
            jsonl.append(self.path, {"digest": digest, "text": text})  # before any snapshot names it
            self.by_digest[digest] = text
        return digest

    def in_digest_order(self) -> None:
        """The file's texts sorted by digest: the conditions, run concurrently, saved them in any order."""
        jsonl.rewrite(self.path, [{"digest": d, "text": self.by_digest[d]} for d in sorted(self.by_digest)])

    def line(self, snap: Snapshot) -> dict:
        """The snapshot as snapshots.jsonl keeps it: its guidance by digest."""
        line = asdict(snap)
        line["guidance_digest"] = self.save(line.pop("guidance"))
        return line

    def snapshot(self, line: dict) -> Snapshot:
        digest = line.pop("guidance_digest")
        return Snapshot(**line, guidance=self.by_digest[digest])


async def _run_condition(
    run, model, workdir: Path, texts: Texts, seed: int, p: int, connections: asyncio.Semaphore, progress: Progress
) -> None:
    """One condition (seed x recording probability): its cases one after another; conditions run concurrently."""
    workdir.mkdir(parents=True, exist_ok=True)
    log = workdir / SNAPSHOTS
    done = jsonl.read(log)
    cases = {c.case_id: c for c in run.pack.handoff}
    order = case_order(run, seed)
    if len(done) == len(order):
        return
    builder = make_builder(run, workdir, model, connections)
    before = texts.by_digest[done[-1]["guidance_digest"]] if done else ""
    try:
        processed = builder.processed()
        for n, case_id in enumerate(order[len(done) :], start=len(done) + 1):
            case = cases[case_id]
            recorded = is_recorded(run.pack, builder.recording, seed, case_id, p)
            message = case_message(run, seed, n, case)
            if recorded and message.message_id not in processed:
                entry = await builder.process(message, await builder.prepare(message))
                progress.update(entry.get("failure") and f"processing loss at {message.message_id}: {entry['failure']}")
            else:
                progress.update()
            after = "\n".join(builder.snapshot().values())
            snap = Snapshot(seed, p, n, case_id, recorded, after, case.marker_in(after), case.marker_in(before))
            jsonl.append(log, texts.line(snap))
            before = after
    finally:
        builder.close()
