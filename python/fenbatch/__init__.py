"""fenbatch from Python: FEN/EPD positions decoded straight into NumPy arrays, whole runs,
and streamed batches for training loaders.

    import fenbatch
    p = fenbatch.decode(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"])
    p.bitboards, p.planes(), p.fens()
    stats = fenbatch.run("in.fen", "out.fen", dedupe=True)
    for batch in fenbatch.batches("train.csv.zst", batch_size=4096, dedupe=True): ...

The work runs in C++ on oneTBB with the GIL released (threads=None: the CPUs this process
may use). See docs/python.md.
"""

from __future__ import annotations

import json
import os
from typing import Any, Callable, Dict, Iterable, Iterator, Optional, Union

from ._build import PYTHON

try:
    import numpy  # noqa: F401  (the module's arrays are NumPy's)
except ImportError as missing:
    import sys
    raise ImportError(
        f"fenbatch needs NumPy, which {sys.executable} lacks; fenbatch was built for "
        f"{PYTHON} (run it with that interpreter, or install NumPy here and rebuild with "
        f"-DPython3_EXECUTABLE={sys.executable})") from missing

from . import _native
from ._options import PathLike, input_paths, option_words
from ._positions import Positions

__all__ = ["decode", "run", "batches", "Positions", "Batches", "REASONS",
           "REASON_DESCRIPTIONS", "InvalidInputError"]
__version__ = "0.1.0"

#: Every reason's name by its code (Positions.reason): REASONS[0] is "ok", then
#: skipped_blank and skipped_comment, then the rejection reasons as `fenbatch --list-reasons`
#: lists them.
REASONS: tuple = _native.REASONS
#: One phrase for each reason, by code.
REASON_DESCRIPTIONS: tuple = _native.REASON_DESCRIPTIONS

Lines = Union[list, tuple, bytes, bytearray, memoryview, "numpy.ndarray"]


class InvalidInputError(RuntimeError):
    """The run ended as the command line ends with exit status 1: more invalid lines than
    max_invalid allows, or an input without a valid line. Its outputs are published as the
    command line publishes them; `stats` holds the statistics."""

    def __init__(self, message: str, stats: Dict[str, Any]) -> None:
        super().__init__(message)
        self.stats = stats


def decode(lines: Lines, *, threads: Optional[int] = None, repair: bool = False,
           payload: bool = False, castling: str = "xfen", ep: str = "legal",
           key: str = "position") -> Positions:
    """Decodes FEN/EPD lines into a Positions table, one row per line, in order.

    lines: a list (or tuple) of str or bytes, each one line (a final "\\n", "\\r\\n" or
      "\\r" dropped, as at the end of a file); bytes, bytearray or memoryview of text (split
      as a file is: LF, a CR before it dropped, a UTF-8 BOM at the start skipped); or a 1-D
      NumPy array of str or bytes.
    threads: worker threads (None: the CPUs this process may use).
    repair, payload, castling ("xfen", "shredder"), ep ("legal", "pseudo", "always"),
      key ("position", "fen", "board", "placement", "mirror"): as the command line's
      --repair, --payload, --castling, --ep and --key.

    An invalid line is a row with valid False, its reason and column: decode never raises for
    a line. Bad option values raise ValueError; lines of another type TypeError.
    """
    columns, store = _native.decode(lines, _threads(threads), bool(repair), bool(payload),
                                    castling, ep, key)
    return Positions(columns, store, threads=_threads(threads))


def run(inputs: Union[PathLike, Iterable[PathLike]], output: Optional[PathLike] = None, *,
        progress: Optional[Callable[[Dict[str, Any]], None]] = None,
        **options: Any) -> Dict[str, Any]:
    """Runs fenbatch as its command line would and returns the statistics (the dict that
    --stats-json writes).

    inputs: a path or several ("-": standard input), read in order as one stream.
    output: the output's path ("-": standard output); None writes no output (statistics,
      side files only).
    options: the command line's long options, "-" written "_": dedupe=True, key="fen",
      exclude=["test.epd"], where="pieces >= 10", rejects="bad.txt",
      stats_json="stats.json", memory_limit="4G", threads=2, ... True gives a flag,
      False or None leaves the option out, a list repeats it.
    progress: called on this thread, about every 100 ms, with a dict (bytes_done,
      bytes_total, seconds, phase, partitioned); an exception it raises stops the run.

    Raises ValueError for bad options (the command line's message), OSError for I/O errors
    (errno, message, filename), InvalidInputError where the command line exits 1.
    KeyboardInterrupt (Ctrl-C) stops the run: nothing is published, no temporary is left.
    """
    words = option_words(options)
    words += ["-o", "/dev/null" if output is None else os.fsdecode(os.fspath(output))]
    words += ["--", *input_paths(inputs)]
    stats_text, status = _native.run(words, progress)
    stats = json.loads(stats_text)
    if status != 0:
        raise InvalidInputError(_invalid_message(stats), stats)
    return stats


class Batches:
    """An iterator of Positions over a streamed run (fenbatch.batches); every row is a record
    the run would write. `stats` holds the statistics once it has ended. close() (or leaving
    a `with` block) stops the run early; nothing is published then."""

    def __init__(self, inputs: Union[PathLike, Iterable[PathLike]], batch_size: int,
                 options: Dict[str, Any]) -> None:
        if not isinstance(batch_size, int) or isinstance(batch_size, bool):
            raise TypeError(f"batch_size must be an int, not {batch_size!r}")
        if not 1 <= batch_size <= _MAX_BATCH:
            raise ValueError(f"batch_size must be 1 to {_MAX_BATCH}, not {batch_size}")
        words = option_words(options, refused=("split", "in_place", "format_plain"))
        # (-o: every operand is an input; a stream writes no output)
        words += ["-o", "/dev/null", "--", *input_paths(inputs)]
        self._threads = _threads(options.get("threads"))
        self._stream = _native.Stream(words, batch_size)
        self._files = tuple(self._stream.inputs)
        self.stats: Optional[Dict[str, Any]] = None

    def __iter__(self) -> "Batches":
        return self

    def __next__(self) -> Positions:
        batch = self._stream.next_batch()
        if batch is None:
            text = self._stream.stats()
            if text is not None and self.stats is None:
                self.stats = json.loads(text)
                if self._stream.status != 0:  # (raised once, after the last batch)
                    raise InvalidInputError(_invalid_message(self.stats), self.stats)
            raise StopIteration
        columns, positions, records, files, lines = batch
        return Positions(columns, positions, records, self._files, files, lines,
                         threads=self._threads)

    def close(self) -> None:
        """Stops the run (if it is still running); nothing more is produced."""
        self._stream.close()

    def __enter__(self) -> "Batches":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def batches(inputs: Union[PathLike, Iterable[PathLike]], batch_size: int = 65536,
            **options: Any) -> Batches:
    """Streams a run: an iterator of Positions of batch_size records (the last one fewer),
    the records the run would write, in its order, over files of any supported format and
    compression.

    options: as run()'s, those that make sense for a stream: --where, --dedupe and --keep,
      --exclude, --sample, formats and fields, --apply-moves, rejects= and stats_json=
      (written at the end), memory_limit=, threads=. No output= or split=.
    Each batch also has texts() (the records as written: for CSV, the whole row),
    sources() ((file, line) of each record), source_file, source_line and files.

    Memory stays bounded by the batch size and the run's memory budget, not by the input.
    Errors are raised by the iteration (OSError, ValueError) or at once for bad options;
    where the command line exits 1 (max_invalid exceeded, no valid line), the iteration
    raises InvalidInputError after the last batch.
    """
    if "output" in options:
        raise ValueError("output= is not an option of a stream: use fenbatch.run()")
    return Batches(inputs, batch_size, options)


# More threads than this is a mistake, as on the command line; a batch of more rows than
# this does not fit the row offsets of one table.
_MAX_THREADS = 4096
_MAX_BATCH = 2**31 - 1


def _threads(threads: Optional[int]) -> Optional[int]:
    if threads is None:
        return None
    if not isinstance(threads, int) or isinstance(threads, bool):
        raise TypeError(f"threads must be an int or None, not {threads!r}")
    if not 0 <= threads <= _MAX_THREADS:
        raise ValueError(f"threads must be 0 to {_MAX_THREADS}, not {threads}")
    return threads


def _invalid_message(stats: Dict[str, Any]) -> str:
    invalid = stats.get("invalid", 0)
    return (f"{invalid} invalid lines: more than max_invalid allows, or an input without a "
            f"valid line (statistics in .stats)")
