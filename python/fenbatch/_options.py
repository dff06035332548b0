"""Keyword arguments to the command line they stand for.

``dedupe=True`` is ``--dedupe``; ``memory_limit="4G"`` is ``--memory-limit 4G``;
``exclude=["a.epd", "b.epd"]`` repeats ``--exclude``; ``False`` and ``None`` leave an
option out. Names and values are the command line's (``fenbatch --help``), which checks
them: a bad one is a ValueError with its message.
"""

from __future__ import annotations

import os
from typing import Any, Iterable, List, Sequence, Union

PathLike = Union[str, "os.PathLike[str]"]

# Options that make no sense from Python: they print, or are the caller's business.
_REFUSED = {
    "help": "see help(fenbatch)",
    "version": "see fenbatch.__version__",
    "list_reasons": "see fenbatch.REASONS",
    "quiet": "run() never prints",
    "stats": "run() returns the statistics",
    "no_progress": "run() never prints; pass progress=callback",
    "output": "pass output= to run()",
    "o": "pass output= to run()",
}


def input_paths(inputs: Union[PathLike, Iterable[PathLike]]) -> List[str]:
    """One path or several, as strings ('-' is standard input)."""
    if isinstance(inputs, (str, bytes, os.PathLike)):
        inputs = [inputs]
    paths = [os.fsdecode(os.fspath(p)) for p in inputs]
    if not paths:
        raise ValueError("no input: give at least one path")
    return paths


def option_words(options: dict, refused: Sequence[str] = ()) -> List[str]:
    """The command line's words for ``options`` (keyword arguments)."""
    words: List[str] = []
    for name, value in options.items():
        if name in _REFUSED:
            raise ValueError(f"{name}= is not an option here: {_REFUSED[name]}")
        if name in refused:
            raise ValueError(f"{name}= is not an option of a stream")
        flag = "--" + name.replace("_", "-")
        for one in value if isinstance(value, (list, tuple)) else [value]:
            words.extend(_words_of(flag, one))
    return words


def _words_of(flag: str, value: Any) -> List[str]:
    if value is None or value is False:
        return []
    if value is True:
        return [flag]
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if isinstance(value, bytes):
        value = os.fsdecode(value)
    return [flag, str(value)]
