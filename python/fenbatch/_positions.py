"""fenbatch.Positions: decoded positions as NumPy columns, one row per line."""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

import numpy

from . import _native

_PLANE_TYPES = {
    numpy.dtype(numpy.float32): "float32",
    numpy.dtype(numpy.float64): "float64",
    numpy.dtype(numpy.uint8): "uint8",
    numpy.dtype(numpy.bool_): "bool",
}


class Positions:
    """Positions as NumPy arrays of N rows, one per line (fenbatch.decode) or per record
    written (fenbatch.batches).

    Columns (every array has N rows):
      valid      bool      the line is a valid position
      reason     uint8     why not (fenbatch.REASONS[code]); 0 when valid
      column     int32     1-based byte column of the problem; 0 when valid
      board      uint8     0: 8x8, 1: 10x8
      bitboards  uint64    N x 12, planes P N B R Q K p n b r q k; bit i is square i
                           (a1 = 0, b1 = 1 ... h8 = 63); zero for 10x8 rows
      squares    int8      N x 80 mailbox from a1, rank by rank, 8 or 10 wide as `board`
                           says: 0 empty, 1-6 white P N B R Q K, 7-12 black p n b r q k,
                           13/14 white A/C, 15/16 black a/c
      side       uint8     0 white to move, 1 black
      castling   uint64    the squares of the rooks that keep a castling right (8x8)
      ep         int8      the en-passant square as the canonical line writes it, else -1
      halfmove   uint32    halfmove clock
      fullmove   uint32    fullmove number
      key        uint64    N x 2 dedupe key (low, high) of the key kind asked for
    An invalid row has every position column zero (ep -1).

    From fenbatch.batches() also: source_file (int32 index into .files), source_line
    (uint64, 1-based), files (the inputs); texts() and sources().
    """

    __slots__ = ("valid", "reason", "column", "board", "bitboards", "squares", "side",
                 "castling", "ep", "halfmove", "fullmove", "key", "files", "source_file",
                 "source_line", "_positions", "_records", "_threads")

    def __init__(self, columns: dict, positions: Any, records: Any = None,
                 files: Sequence[str] = (), source_file: Optional[numpy.ndarray] = None,
                 source_line: Optional[numpy.ndarray] = None,
                 threads: Optional[int] = None) -> None:
        for name, array in columns.items():
            setattr(self, name, array)
        self._positions = positions
        self._records = records
        self._threads = threads
        self.files: Tuple[str, ...] = tuple(files)
        self.source_file = source_file
        self.source_line = source_line

    def __len__(self) -> int:
        return len(self.valid)

    def __repr__(self) -> str:
        return f"<fenbatch.Positions: {len(self)} rows, {int(self.valid.sum())} valid>"

    def planes(self, dtype: Any = numpy.float32) -> numpy.ndarray:
        """Network input planes, N x 12 x 8 x 8: [row, plane, rank, file], rank 0 is rank 1,
        planes in the order of `bitboards`; 1 where the piece stands, else 0. 10x8 rows are
        all zero. dtype: float32 (default), float64, uint8 or bool; others by conversion."""
        wanted = numpy.dtype(dtype)
        kind = _PLANE_TYPES.get(wanted)
        if kind is None:
            return _native.planes(self.bitboards, "uint8", self._threads).astype(wanted)
        return _native.planes(self.bitboards, kind, self._threads)

    def fens(self) -> List[Optional[str]]:
        """The canonical line of each row (what `fenbatch` writes for it with the same
        options, in FEN form), None for an invalid row."""
        return self._positions.fens()

    def texts(self) -> List[str]:
        """The records as written (fenbatch.batches: the whole CSV, JSON or .plain record),
        or the lines as given (fenbatch.decode)."""
        return (self._records or self._positions).texts()

    def sources(self) -> List[Tuple[str, int]]:
        """(file, line) of each record (fenbatch.batches only)."""
        if self.source_file is None or self.source_line is None:
            raise ValueError("sources() is for fenbatch.batches(); decode() has no files")
        names = self.files
        return [(names[f], int(n)) for f, n in zip(self.source_file.tolist(),
                                                   self.source_line.tolist())]
