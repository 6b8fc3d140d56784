"""What the command line prints never carries control characters from user text.

Names, clubs and other text typed by people (or stored before kolo checked them, or read
from someone's event file) could hold escape sequences that rewrite the terminal (colours,
the window title, cleared screens, hidden text), carriage returns that overwrite a line,
or right-to-left overrides that reorder what is shown. While a command runs, ``kolo``'s
standard output and error pass through ``SafeStream``, which shows each such character as
a visible ``\\uXXXX`` escape instead (also a valid escape inside JSON strings, so printed
JSON stays equivalent). Tabs and line breaks, which kolo itself prints, pass.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 and C1 controls but tab and line feed
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional marks and overrides
    "\u2028\u2029]"  # line and paragraph separators
)


def visible(text: str) -> str:
    """``text`` with every control character shown as ``\\uXXXX``."""
    return _UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


class SafeStream:
    """A text stream that writes through ``visible``; everything else is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(visible(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def safe_output() -> Iterator[None]:
    """Standard output and error through ``SafeStream`` for the duration."""
    saved = sys.stdout, sys.stderr
    sys.stdout = SafeStream(saved[0])
    sys.stderr = SafeStream(saved[1])
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
