"""Approaches that fail on purpose, named by `approach._target_` in tests/test_failures.py."""

from omseval.builders.simple import Verbatim
from omseval.errors import ServiceStopped


class Buggy(Verbatim):
    """A programming error on the third correction."""

    async def apply(self, message, prepared) -> dict:
        if message.position >= 3:
            raise KeyError("a key the builder forgot")
        return await super().apply(message, prepared)


class ServiceDown(Verbatim):
    """The service it needs has stopped answering past its retries, on the third correction."""

    async def apply(self, message, prepared) -> dict:
        if message.position >= 3:
            raise ServiceStopped("the service stopped answering")
        return await super().apply(message, prepared)


class _InterruptedWhenFreed:
    def __del__(self) -> None:
        raise KeyboardInterrupt


class InterruptedInCallback(Verbatim):
    """Ctrl-C while C code that reports and drops exceptions runs Python (as a validator's callback is, at start-up;
    a finaliser here), before any work."""

    @classmethod
    def validate_options(cls, options: dict) -> None:
        _InterruptedWhenFreed()  # freed at once: its KeyboardInterrupt is "Exception ignored"


class InterruptedInGeneratedCode(Verbatim):
    """Ctrl-C while code built from a string runs (as a dataclass's methods are, at import), before any work."""

    @classmethod
    def validate_options(cls, options: dict) -> None:
        exec("raise KeyboardInterrupt", {})
