"""How a command ends when it cannot finish: a user's mistake (one clear line, exit 2), a service that
stopped (exit 1: rerun to resume), a fault (its traceback, exit 3) or an interruption (exit 130)."""

import sys


class UserError(Exception):
    """A mistake in the user's input (pack, config, environment). Exit code 2."""

    exit_code = 2


class PackError(UserError):
    """A problem in a pack, located by file, row (1 = first data row) and column."""

    def __init__(self, file: str, message: str, row: int | None = None, column: str | None = None):
        self.file, self.row, self.column = file, row, column
        where = file + (f", row {row}" if row is not None else "") + (f", column {column}" if column else "")
        super().__init__(f"{where}: {message}")


def run_command(command, *args) -> int:
    """Run a command-line action: a UserError becomes one line on stderr and its exit code."""
    try:
        return command(*args) or 0
    except UserError as e:
        print(f"error: {e}", file=sys.stderr)
        return e.exit_code


class ServiceStopped(RuntimeError):
    """A model or service that stopped answering past its retries: the run stops, and rerunning the same
    command resumes it. Exit code 1."""

    exit_code = 1


FAULT = 3  # any other exception: a fault in omseval or an approach; its traceback is printed
INTERRUPTED = 130  # Ctrl-C: the run stops, and rerunning the same command resumes it
