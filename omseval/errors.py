"""How a command ends when it cannot finish, one class per way (the exit codes docs/running.md lists):
a user's mistake (one line, exit 2), a service or the machine's environment failing (one line, exit 1: rerun
to resume), a fault (its traceback, exit 3), or an interruption (Ctrl-C 130, SIGTERM 143)."""

import errno
import sqlite3
import sys

FAULT = 3  # any other exception: a fault in omseval or an approach; its traceback is printed
INTERRUPTED = 130  # Ctrl-C: the run stops, and rerunning the same command resumes it
TERMINATED = 143  # SIGTERM (a cluster's time limit): as Ctrl-C, with its own line and code
RERUN = "rerun the same command to resume"


class UserError(Exception):
    """A mistake in the user's input (pack, config, environment variables). Exit code 2."""

    exit_code = 2


class PackError(UserError):
    """A problem in a pack, located by file, row (1 = first data row) and column."""

    def __init__(self, file: str, message: str, row: int | None = None, column: str | None = None):
        self.file, self.row, self.column = file, row, column
        where = file + (f", row {row}" if row is not None else "") + (f", column {column}" if column else "")
        super().__init__(f"{where}: {message}")


class Stopped(RuntimeError):
    """The run stopped for a reason outside it that a rerun gets past once fixed. Exit code 1."""

    exit_code = 1


class ServiceStopped(Stopped):
    """A model or store service that failed past its retries: the run stops before its failures become results."""


class EnvironmentFailure(Stopped):
    """The machine failed a write (a full disk, a read-only folder)."""


FULL = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO}


def environment_failure(e: BaseException, where: str = "") -> EnvironmentFailure | None:
    """A write the machine refused, as an EnvironmentFailure naming the path; None for anything else."""
    if isinstance(e, OSError) and e.errno in FULL:
        path = e.filename or where
        return EnvironmentFailure(f"cannot write {path}: {e.strerror}; free space and {RERUN}")
    if isinstance(e, sqlite3.OperationalError) and ("full" in str(e) or "disk I/O" in str(e)):
        return EnvironmentFailure(f"cannot write {where or 'an OMS store'}: {e}; free space and {RERUN}")
    return None


def run_command(command, *args) -> int:
    """Run a command-line action: a UserError or a Stopped becomes one line on stderr and its exit code."""
    try:
        return command(*args) or 0
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        return e.exit_code
    except Stopped as e:
        print(f"stopped: {e}", file=sys.stderr)
        return e.exit_code
    except OSError as e:
        if (failure := environment_failure(e)) is None:
            raise
        print(f"stopped: {failure}", file=sys.stderr)
        return failure.exit_code
