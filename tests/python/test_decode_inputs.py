"""fenbatch.decode's inputs: every kind of `lines` gives the same table, bytes are split as a
file is, list elements lose one terminator, texts() gives the lines back, and the thread count
changes nothing."""

import numpy as np

import fenbatch
from test_decode import BARE_KINGS, CAPABLANCA, K_FEN, START, expect_same_table

# --- input kinds ---

KINDS_LINES = [START, "", "# c", K_FEN + " extra", CAPABLANCA, BARE_KINGS + " \u00e9 - - 0 1",
               "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 3 9"]


def test_input_kinds_give_identical_tables():
    reference = fenbatch.decode(KINDS_LINES)
    text = "".join(line + "\n" for line in KINDS_LINES).encode()
    for lines in (text, bytearray(text), memoryview(text), text[:-1],
                  np.array(KINDS_LINES), np.array([l.encode() for l in KINDS_LINES]),
                  [line + "\n" for line in KINDS_LINES], [line + "\r\n" for line in KINDS_LINES],
                  "\r\n".join(KINDS_LINES).encode()):
        expect_same_table(fenbatch.decode(lines), reference)


def test_bytes_are_split_as_a_file():
    assert len(fenbatch.decode(b"")) == 0
    assert fenbatch.decode(b"\n").reason.tolist() == [1]  # one blank line
    bom = b"\xef\xbb\xbf"
    p = fenbatch.decode(bom + START.encode() + b"\r\n" + bom + START.encode() + b"\n")
    assert p.valid.tolist() == [True, False]  # the first BOM is skipped, the second is not
    assert fenbatch.REASONS[p.reason[1]] == "misplaced_bom" and p.column[1] == 1
    # A CR that is not before an LF stays in the line.
    p = fenbatch.decode(START.encode() + b"\r\r\n")
    assert fenbatch.REASONS[p.reason[0]] == "control_char"


def test_list_elements_lose_one_terminator_only():
    # An element ends as a file does: one LF, CR LF, or a CR at the very end is dropped.
    p = fenbatch.decode([START + "\n", START + "\r\n", START + "\n\n", START + "\r",
                         START + "\r\r\n"])
    assert p.valid.tolist() == [True, True, False, True, False]
    assert fenbatch.REASONS[p.reason[4]] == "control_char"


def test_texts_of_decode_are_the_lines_and_there_are_no_sources():
    p = fenbatch.decode(b"a\r\nb\n\nc")
    assert p.texts() == ["a", "b", "", "c"]
    assert p.files == ()
    assert p.source_file is None and p.source_line is None


def test_texts_of_tiny_inputs():
    # Inputs shorter than a std::string's inline buffer: the views must survive the table's moves.
    assert fenbatch.decode(["a", "b"]).texts() == ["a", "b"]
    assert fenbatch.decode(b"a\nb").texts() == ["a", "b"]
    assert fenbatch.decode(np.array(["a", "bc"])).texts() == ["a", "bc"]


def test_empty_inputs():
    for lines in ([], b"", np.array([], dtype=str)):
        p = fenbatch.decode(lines)
        assert len(p) == 0
        assert p.bitboards.shape == (0, 12) and p.squares.shape == (0, 80)
        assert p.planes().shape == (0, 12, 8, 8)
        assert p.fens() == []


def test_numpy_str_elements_read_as_the_same_str():
    # NumPy pads with NULs at the end only: a NUL inside an element is part of the line (a
    # nul_byte row, as the same str in a list), and '>U' arrays hold the same characters.
    lines = [START + "\0x", START, "\0" + START, ""]
    reference = fenbatch.decode(lines)
    assert [fenbatch.REASONS[r] for r in reference.reason] == ["nul_byte", "ok", "nul_byte",
                                                              "skipped_blank"]
    for array in (np.array(lines), np.array(lines, dtype=">U80"), np.array(lines)[::-1][::-1]):
        expect_same_table(fenbatch.decode(array), reference)


def test_a_str_with_lone_surrogates_is_an_invalid_row():
    # Such a str has no UTF-8 form; it is a line of non-ASCII text, not an exception.
    p = fenbatch.decode([START, START + " \udc80", "\ud800"])
    assert p.valid.tolist() == [True, False, False]
    assert [fenbatch.REASONS[r] for r in p.reason[1:]] == ["non_ascii", "non_ascii"]
    expect_same_table(fenbatch.decode(np.array([START, START + " \udc80", "\ud800"])), p)


# --- threads ---

def test_one_and_two_threads_give_identical_tables(mixed_lines):
    one = fenbatch.decode(mixed_lines, threads=1)
    expect_same_table(fenbatch.decode(mixed_lines, threads=2), one)
    expect_same_table(fenbatch.decode(mixed_lines), one)
    np.testing.assert_array_equal(fenbatch.decode(mixed_lines, threads=2).planes(), one.planes())
