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
