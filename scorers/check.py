"""The pack's check: `re.search` with MULTILINE only (other flags inline), present/absent, required_pattern.

Matching uses the `regex` module in its `re`-compatible mode (VERSION0) so every match is bounded in
time; a check that times out has no verdict (None): missing evidence, neither pass nor fail.
"""

from functools import lru_cache

import regex

CHECK_TIMEOUT = 2.0  # seconds per pattern


@lru_cache(maxsize=4096)
def _compiled(pattern: str) -> regex.Pattern:
    return regex.compile(pattern, regex.MULTILINE | regex.VERSION0)


def found(pattern: str, text: str, timeout: float = CHECK_TIMEOUT) -> bool:
    """Whether `pattern` occurs in `text`; raises TimeoutError past `timeout` seconds."""
    return _compiled(pattern).search(text, timeout=timeout) is not None


def verdict(question, answer: str, timeout: float = CHECK_TIMEOUT) -> bool | None:
    """Pass (True), fail (False) or no verdict (None, the check timed out) for `answer` to `question`."""
    try:
        main = found(question.pattern, answer, timeout) == (question.expect == "present")
        required = not question.required_pattern or found(question.required_pattern, answer, timeout)
    except TimeoutError:
        return None
    return main and required
