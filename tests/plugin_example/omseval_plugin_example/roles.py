"""The offline model's role for this package's calls (registered as an omseval.offline_roles entry point)."""

import re

from omseval.offline.answering import Request


def restate(prompt: str, request: Request) -> str:
    """The correction of the prompt's <correction> slot, as it stands (the offline model is no language model)."""
    found = re.search(r"<correction>\n(.*?)\n</correction>", prompt, re.S)
    return found.group(1).strip() if found else ""


ROLES = {"restate": restate}
