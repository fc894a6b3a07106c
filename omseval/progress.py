"""Progress of a long phase (a guidance build, a handoff build) on stderr, through rich.

`live`: a bar on a terminal (the app, before inspect's own display starts), else a line at most every 5 s; inside
inspect's display (a build that `inspect eval` starts) the lines go to the log instead, never to the terminal.
"""

import logging
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
from rich.progress import Progress as Bar

logger = logging.getLogger(__name__)
EVERY = 5.0  # seconds between plain progress lines


class Progress:
    def __init__(self, title: str, total: int, done: int, unit: str, live: bool):
        self.title, self.total, self.done, self.unit, self.live = title, total, done, unit, live
        self.losses = self.new = 0
        self.start = self.shown = time.monotonic()
        self.console = Console(stderr=True, soft_wrap=True)  # a line is never broken
        self.bar = Bar(  # fits 80 columns; the title is printed once above it
            TextColumn(unit),
            BarColumn(bar_width=20),
            MofNCompleteColumn(),
            TextColumn("{task.fields[losses]} losses, {task.fields[rate]:.3g}/s"),
            TimeElapsedColumn(),
            console=self.console,
            disable=not (live and self.console.is_terminal),
        )
        self.task = self.bar.add_task(title, total=total, completed=done, losses=0, rate=0.0)

    def __enter__(self) -> "Progress":
        if self.done < self.total:
            self.say(f"{self.title}: {self.total - self.done} of {self.total} {self.unit} to process")
        self.bar.start()
        return self

    def __exit__(self, *_) -> None:
        self.bar.stop()

    def say(self, line: str) -> None:
        if self.live:
            self.console.print(line, markup=False, highlight=False)
        else:
            logger.warning(line)

    def update(self, loss: str | None = None) -> None:
        """One more item done; `loss`: what it lost, reported as it happens."""
        self.done, self.new = self.done + 1, self.new + 1
        if loss:
            self.losses += 1
            self.say(loss)
        now = time.monotonic()
        rate = self.new / max(now - self.start, 1e-3)
        self.bar.update(self.task, completed=self.done, losses=self.losses, rate=rate)
        if not self.bar.disable:
            return
        if now - self.shown >= EVERY or self.done == self.total:
            self.shown = now
            self.say(
                f"{self.title}: {self.done}/{self.total} {self.unit}, {self.losses} processing losses, "
                f"{rate:.3g} {self.unit}/s"
            )
