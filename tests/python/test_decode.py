"""fenbatch.decode: every column against values written out by hand (the issue's rules: bit i is
square i with a1 = 0; mailbox codes 0 empty, 1-6 white P N B R Q K, 7-12 black, 13/14 white
A/C, 15/16 black a/c), every rejection reason with its column, the input kinds, threads and
options. Columns of rejected lines follow tests/core/decode_test.cpp and fen_vectors_test.cpp,
whose expectations are worked out by hand from the same lines (many from
../shared/vectors/fen-vectors.tsv)."""

import numpy as np
import pytest

import fenbatch
from support import run_cli

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
BARE_KINGS = "4k3/8/8/8/8/8/8/4K3"
K_FEN = BARE_KINGS + " w - - 0 1"  # 29 bytes
CAPABLANCA = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"

COLUMNS = {  # name: (dtype, shape after N)
    "valid": (np.bool_, ()),
    "reason": (np.uint8, ()),
    "column": (np.int32, ()),
    "board": (np.uint8, ()),
    "bitboards": (np.uint64, (12,)),
    "squares": (np.int8, (80,)),
    "side": (np.uint8, ()),
    "castling": (np.uint64, ()),
    "ep": (np.int8, ()),
    "halfmove": (np.uint32, ()),
    "fullmove": (np.uint32, ()),
    "key": (np.uint64, (2,)),
}

# fenbatch --list-reasons, in its order (docs/usage.md, "Rejection reasons").
REJECTION_REASONS = (
    "line_too_long", "nul_byte", "control_char", "bad_whitespace", "non_ascii", "misplaced_bom",
    "field_count", "trailing_garbage", "variant_syntax", "bad_epd_operation", "counter_conflict",
    "bad_piece_char", "rank_width", "rank_syntax", "rank_count", "bad_side", "castling_syntax",
    "castling_order", "ep_syntax", "bad_halfmove", "bad_fullmove", "missing_king",
    "too_many_kings", "pawn_on_back_rank", "too_many_pieces", "too_many_pawns",
    "too_much_material", "bad_castling_rights", "bad_ep_square", "opposite_check",
    "impossible_check", "csv_syntax", "missing_field", "json_syntax", "json_not_object",
    "json_missing_key", "json_not_string", "move_syntax", "illegal_move", "plain_bad_line",
    "plain_no_fen", "plain_repeated_key", "plain_unterminated")

# One line per reason a FEN line can have: (line, reason, 1-based column, board).
REJECTED = [
    ("a" * 65537, "line_too_long", 65537, 0),
    (K_FEN + "\0junk", "nul_byte", 30, 0),
    ("4k3/8/\x1b8/8/8/8/8/4K3 w - - 0 1", "control_char", 7, 0),
    (BARE_KINGS + " w\v- - 0 1", "bad_whitespace", 22, 0),
    (BARE_KINGS + " \u00e9 - - 0 1", "non_ascii", 21, 0),
    (BARE_KINGS + " \ufeffw - - 0 1", "misplaced_bom", 21, 0),
    (BARE_KINGS + " w - - 0", "field_count", 28, 0),
    (K_FEN + " extra", "trailing_garbage", 31, 0),
    ("8/8/8/8/8/8/8/8[Q]", "variant_syntax", 16, 0),
    ("4k3/8/8/8/8/8/8/4K3 b - - fmvn 17; hmvc 13", "bad_epd_operation", 43, 0),
    (K_FEN + " hmvc 5;", "counter_conflict", 36, 0),
    ("rnbqkbnr/pppXpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad_piece_char", 13, 0),
    ("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank_width", 20, 0),
    ("rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank_syntax", 20, 0),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "rank_count", 35, 0),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "bad_side", 45, 0),
    ("4k2r/8/8/8/8/8/8/RR2K2R w KBQk - 0 1", "castling_syntax", 29, 0),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1", "castling_order", 49, 0),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e2 0 1", "ep_syntax", 53, 0),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "bad_halfmove", 54, 0),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", "bad_fullmove", 56, 0),
    ("k7/8/8/8/8/8/8/8 w - - 0 1", "missing_king", 1, 0),
    ("kk6/8/8/8/8/8/8/7K w - - 0 1", "too_many_kings", 1, 0),
    ("3P4/1k2K3/8/8/8/8/8/8 w - - 0 1", "pawn_on_back_rank", 1, 0),
    ("4k3/8/NNNNNNNN/8/8/8/PPPPPPPP/4K3 w - - 0 1", "too_many_pieces", 1, 0),
    ("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "too_many_pawns", 1, 0),
    ("k6K/8/8/pppppppp/8/8/8/QqQq4 w KQkq - 0 1", "too_much_material", 1, 0),
    ("1r2k3/8/8/8/8/8/8/R3KR2 w KQkq - 0 1", "bad_castling_rights", 29, 0),
    ("8/7k/8/7p/8/8/8/K7 w - h6 0 1", "bad_ep_square", 24, 0),
    ("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", "opposite_check", 23, 0),
    ("8/8/N7/2k5/N7/8/8/3K4 b - - 0 1", "impossible_check", 1, 0),
    # Ten files in the first rank: the 10x8 reader judges it (board 1); the rank "9" ends at
    # the '/' in column 24.
    ("rnabqkbcnr/pppppppppp/9/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1", "rank_width", 24, 1),
]


def sq(name):
    """Square index of an 8x8 square name, a1 = 0."""
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def bits(*names):
    return sum(1 << sq(n) for n in names)


def expect_same_table(a, b):
    assert len(a) == len(b)
    for name in COLUMNS:
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)
    assert a.fens() == b.fens()


# --- REASONS ---

def test_reasons_name_every_code_in_list_reasons_order():
    assert isinstance(fenbatch.REASONS, tuple)
    assert fenbatch.REASONS == ("ok", "skipped_blank", "skipped_comment") + REJECTION_REASONS


def test_reasons_match_list_reasons_of_the_command_line(cli):
    listed = [line.split()[0] for line in run_cli(cli, "--list-reasons").stdout.decode()
              .splitlines() if line.strip()]
    assert tuple(listed) == fenbatch.REASONS[3:]


# --- the start position, column by column ---

def test_columns_have_the_documented_types_and_shapes():
    p = fenbatch.decode([START, "junk", K_FEN])
    assert len(p) == 3
    for name, (dtype, shape) in COLUMNS.items():
        column = getattr(p, name)
        assert isinstance(column, np.ndarray), name
        assert column.dtype == dtype, name
        assert column.shape == (3,) + shape, name


def test_start_position_bitboards():
    p = fenbatch.decode([START])
    assert [int(b) for b in p.bitboards[0]] == [
        0x000000000000FF00,  # P
        0x0000000000000042,  # N b1 g1
        0x0000000000000024,  # B c1 f1
        0x0000000000000081,  # R a1 h1
        0x0000000000000008,  # Q d1
        0x0000000000000010,  # K e1
        0x00FF000000000000,  # p
        0x4200000000000000,  # n b8 g8
        0x2400000000000000,  # b
        0x8100000000000000,  # r
        0x0800000000000000,  # q d8
        0x1000000000000000,  # k e8
    ]


def test_start_position_mailbox_and_state():
    p = fenbatch.decode([START])
    expected = [4, 2, 3, 5, 6, 3, 2, 4] + [1] * 8 + [0] * 32 + [7] * 8 \
        + [10, 8, 9, 11, 12, 9, 8, 10] + [0] * 16
    assert p.squares[0].tolist() == expected
    assert bool(p.valid[0]) and p.reason[0] == 0 and p.column[0] == 0 and p.board[0] == 0
    assert p.side[0] == 0
    assert int(p.castling[0]) == 0x81 | (0x81 << 56)
    assert p.ep[0] == -1
    assert (p.halfmove[0], p.fullmove[0]) == (0, 1)
    assert p.fens() == [START]


def test_side_counters_and_a_black_move():
    p = fenbatch.decode(["4k3/8/8/8/8/8/8/4K3 b - - 17 42",
                         "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 0"])
    assert p.side.tolist() == [1, 0]
    assert p.halfmove.tolist() == [17, 4294967295]
    assert p.fullmove.tolist() == [42, 1]  # fullmove 0 is read as 1
    assert [int(b) for b in p.bitboards[0]] == [0] * 5 + [bits("e1")] + [0] * 5 + [bits("e8")]
    assert p.squares[0, sq("e1")] == 6 and p.squares[0, sq("e8")] == 12
    assert int(np.count_nonzero(p.squares[0])) == 2


# --- en passant: the square as the canonical output writes it ---

@pytest.mark.parametrize("line, legal, pseudo, always", [
    # d5xe6 pseudo-legal, illegal (the rank pin a5-h5): only pseudo and always write it.
    ("8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1", -1, sq("e6"), sq("e6")),
    # f5xe6 legal.
    ("2b1r2r/8/5P1k/2p1pP2/5R1P/6PK/4q3/4R3 w - e6 0 1", sq("e6"), sq("e6"), sq("e6")),
    # No white pawn attacks e6: only always keeps it.
    ("rnbqkbnr/pppp1ppp/8/4p3/2P5/8/PP1PPPPP/RNBQKBNR w KQkq e6 0 2", -1, -1, sq("e6")),
    # After 1.e4: nothing can take on e3.
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", -1, -1, sq("e3")),
    # c4xd3 is a legal check evasion.
    ("8/8/8/2k5/2pP4/8/4K3/8 b - d3 0 1", sq("d3"), sq("d3"), sq("d3")),
    # No ep square at all.
    (START, -1, -1, -1),
])
def test_ep_follows_the_ep_option(line, legal, pseudo, always):
    assert fenbatch.decode([line]).ep[0] == legal  # default: legal
    assert fenbatch.decode([line], ep="legal").ep[0] == legal
    assert fenbatch.decode([line], ep="pseudo").ep[0] == pseudo
    assert fenbatch.decode([line], ep="always").ep[0] == always


def test_ep_in_fens_follows_the_option():
    line = "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1"
    assert fenbatch.decode([line]).fens() == ["8/8/8/r2Pp2K/8/8/4k3/8 w - - 0 1"]
    assert fenbatch.decode([line], ep="pseudo").fens() == [line]


# --- castling: the rooks that keep a right ---

def test_castling_chess960_xfen_inner_rook_letter():
    line = "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11"
    p = fenbatch.decode([line])
    assert bool(p.valid[0])
    assert int(p.castling[0]) == bits("g1", "a8", "g8")
    assert p.fens() == [line]
    shredder = fenbatch.decode([line], castling="shredder")
    assert int(shredder.castling[0]) == bits("g1", "a8", "g8")
    assert shredder.fens() == [line.replace("Gkq", "Gga")]


def test_castling_shredder_letters_in_and_out():
    line = "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff -"
    p = fenbatch.decode([line])
    assert int(p.castling[0]) == bits("f1", "f8")
    assert p.fens() == [line + " 0 1"]


def test_castling_chess960_start():
    line = "rkbqrbnn/pppppppp/8/8/8/8/PPPPPPPP/RKBQRBNN w KQkq - 0 1"
    assert int(fenbatch.decode([line]).castling[0]) == bits("a1", "e1", "a8", "e8")
    assert fenbatch.decode([line], castling="shredder").fens() == [
        line.replace("KQkq", "EAea")]


# --- 10x8 ---

def test_ten_by_eight_row():
    p = fenbatch.decode([CAPABLANCA])
    assert bool(p.valid[0]) and p.board[0] == 1 and p.reason[0] == 0
    expected = [4, 2, 13, 3, 5, 6, 3, 14, 2, 4] + [1] * 10 + [0] * 40 + [7] * 10 \
        + [10, 8, 15, 9, 11, 12, 9, 16, 8, 10]
    assert p.squares[0].tolist() == expected
    assert p.bitboards[0].tolist() == [0] * 12
    assert int(p.castling[0]) == 0
    assert (p.side[0], p.ep[0], p.halfmove[0], p.fullmove[0]) == (0, -1, 0, 1)
    assert p.fens() == [CAPABLANCA]
    assert p.planes()[0].sum() == 0  # planes are for 8x8 rows


def test_ten_by_eight_ep_square_is_rank_major_width_ten():
    # e3 on a ten-file board: rank 3, file e -> 2 * 10 + 4 (the mailbox's numbering).
    line = "rnabqkbcnr/pppp1ppppp/10/10/3pP5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 2"
    p = fenbatch.decode([line])
    assert bool(p.valid[0]) and p.board[0] == 1
    assert p.ep[0] == 2 * 10 + 4
    assert p.fens() == [line]


# --- every reason ---

@pytest.mark.parametrize("line, reason, column, board", REJECTED,
                         ids=[r[1] + ("_10x8" if r[3] else "") for r in REJECTED])
def test_rejected_line_has_its_reason_and_column(line, reason, column, board):
    p = fenbatch.decode([line])
    assert fenbatch.REASONS[p.reason[0]] == reason
    assert p.column[0] == column
    assert not p.valid[0]
    assert p.board[0] == board
    assert p.fens() == [None]


def test_every_fen_reason_is_covered():
    fen_reasons = REJECTION_REASONS[:REJECTION_REASONS.index("impossible_check") + 1]
    assert {r[1] for r in REJECTED} == set(fen_reasons)


def test_invalid_rows_have_zero_position_columns():
    p = fenbatch.decode([r[0] for r in REJECTED] + ["", "# c"])
    assert not p.valid.any()
    assert not p.bitboards.any() and not p.squares.any() and not p.side.any()
    assert not p.castling.any() and not p.halfmove.any() and not p.fullmove.any()
    assert not p.key.any()
    assert (p.ep == -1).all()


def test_blank_and_comment_lines_are_rows():
    lines = ["", "   ", "\t", "# comment", "  # indented", START]
    p = fenbatch.decode(lines)
    names = [fenbatch.REASONS[r] for r in p.reason]
    assert names == ["skipped_blank"] * 3 + ["skipped_comment"] * 2 + ["ok"]
    assert p.column.tolist() == [0] * 6
    assert p.valid.tolist() == [False] * 5 + [True]
    assert p.fens() == [None] * 5 + [START]


def test_bad_lines_never_raise():
    lines = [r[0] for r in REJECTED] + ["\0" * 10, "\xff" * 3, "/" * 70000, " " * 100]
    assert len(fenbatch.decode(lines)) == len(lines)
    assert len(fenbatch.decode("\n".join(lines).encode())) == len(lines)


# --- the options ---

def test_repair_merges_digits_and_orders_castling():
    lines = ["rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1"]
    assert fenbatch.REASONS[fenbatch.decode(lines).reason[0]] == "rank_syntax"
    assert fenbatch.decode(lines, repair=True).fens() == [START]


def test_payload_is_kept_with_payload():
    line = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 000 0 | 25 | 0.5"
    assert fenbatch.REASONS[fenbatch.decode([line]).reason[0]] == "trailing_garbage"
    p = fenbatch.decode([line], payload=True)
    assert p.fens() == ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 25 | 0.5"]


def test_fens_canonical_forms():
    lines = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",    # EPD: counters 0 1
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 00 01",  # blanks, zeros
        "4k3/8/8/8/8/8/8/4K3 b - - fmvn 17; hmvc 13;",              # counters from EPD ops
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bm e4;",  # ops dropped
    ]
    assert fenbatch.decode(lines).fens() == [START, START, "4k3/8/8/8/8/8/8/4K3 b - - 13 17",
                                             START]


def test_keys_follow_the_key_option():
    after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"
    lines = [after_e4 + " e3 0 1",   # a superfluous ep square: the same position ...
             after_e4 + " - 7 9",    # ... as this one, with other counters
             after_e4 + " - 0 1",
             after_e4.replace("KQkq", "-") + " - 0 1",  # other castling rights
             START.replace(" w ", " b ")]

    def same(key):
        k = fenbatch.decode(lines, key=key).key
        return [bool((k[i] == k[j]).all()) for i, j in ((0, 1), (0, 2), (2, 3), (2, 4))]

    assert same("position") == [True, True, False, False]
    assert same("fen") == [False, True, False, False]
    assert same("board") == [True, True, True, False]
    assert same("placement") == [True, True, True, False]
    k = fenbatch.decode([START, START.replace(" w ", " b ")], key="placement").key
    assert (k[0] == k[1]).all()
    # A position and its colour-flipped twin (python-chess's Board.mirror()): one under mirror.
    twins = ["4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1"]
    k = fenbatch.decode(twins, key="mirror").key
    assert (k[0] == k[1]).all()
    k = fenbatch.decode(twins, key="position").key
    assert not (k[0] == k[1]).all()
    assert fenbatch.decode([START]).key.any()


@pytest.mark.parametrize("options", [
    {"castling": "fen"}, {"castling": ""}, {"ep": "never"}, {"key": "nope"},
    {"threads": -1},
])
def test_bad_option_values_are_value_errors(options):
    with pytest.raises(ValueError):
        fenbatch.decode([START], **options)


@pytest.mark.parametrize("lines, options", [
    (42, {}), ([START, 7], {}), (None, {}), ({START}, {}), ([START], {"threads": "2"}),
    (np.array([1, 2]), {}),
])
def test_wrong_types_are_type_errors(lines, options):
    with pytest.raises(TypeError):
        fenbatch.decode(lines, **options)


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError):
        fenbatch.decode([START], dedupe=True)


# --- planes ---

def test_planes_of_the_start_position():
    planes = fenbatch.decode([START]).planes()
    assert planes.shape == (1, 12, 8, 8) and planes.dtype == np.float32
    expected = np.zeros((12, 8, 8), dtype=np.float32)
    expected[0, 1, :] = 1                       # P on rank 2
    expected[1, 0, [1, 6]] = 1                  # N b1 g1
    expected[2, 0, [2, 5]] = 1                  # B c1 f1
    expected[3, 0, [0, 7]] = 1                  # R a1 h1
    expected[4, 0, 3] = 1                       # Q d1
    expected[5, 0, 4] = 1                       # K e1
    expected[6, 6, :] = 1                       # p on rank 7
    expected[7, 7, [1, 6]] = 1
    expected[8, 7, [2, 5]] = 1
    expected[9, 7, [0, 7]] = 1
    expected[10, 7, 3] = 1
    expected[11, 7, 4] = 1
    np.testing.assert_array_equal(planes[0], expected)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.uint8, np.bool_])
def test_planes_dtypes(dtype):
    p = fenbatch.decode(["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "junk", CAPABLANCA])
    planes = p.planes(dtype=dtype)
    assert planes.dtype == dtype and planes.shape == (3, 12, 8, 8)
    assert planes[0, 5, 0, 4] == 1 and planes[0, 11, 7, 4] == 1
    assert int(planes.astype(np.int64).sum()) == 2  # invalid and 10x8 rows: all zero


def test_planes_are_the_bitboards_bits(mixed_lines):
    # bit i of a bitboard is square i = rank * 8 + file: NumPy's little-endian bit order.
    p = fenbatch.decode(mixed_lines)
    as_bytes = p.bitboards.astype("<u8").view(np.uint8).reshape(len(p), 12, 8)
    bits = np.unpackbits(as_bytes, axis=2, bitorder="little").reshape(len(p), 12, 8, 8)
    np.testing.assert_array_equal(p.planes(dtype=np.uint8), bits)
    assert bits.any()


def test_planes_other_dtypes_are_conversions():
    p = fenbatch.decode([START, CAPABLANCA])
    np.testing.assert_array_equal(p.planes(dtype=np.int64), p.planes(dtype=np.uint8))
    assert p.planes(dtype=np.int64).dtype == np.int64
