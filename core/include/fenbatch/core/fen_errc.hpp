// Why a line was not accepted, and what repair mode changed. Plain enums: the hot path stores
// and counts them without allocating; text comes only on demand.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fenbatch::core {

// The outcome of reading one line, as one table from which the enum, the names and the
// descriptions come (and through them --list-reasons, the statistics and the rejects files).
// `ok` and the two `skipped_*` codes are not errors; every other code names the first problem
// found, together with the 1-based byte column where it was detected (see fen_status). Values
// and names are stable: statistics, their schema and tests refer to them. A new reason is one
// line here, plus the docs that tests/docs/check_reasons.sh holds to this list (README.md,
// docs/usage.md, docs/stats.schema.json).
//
// X(name, description): `name` is the enumerator and the snake_case name of statistics and
// rejects files; `description` is one phrase for humans.
// clang-format off
#define FENBATCH_FEN_ERRC_TABLE(X)                                                                 \
  X(ok, "valid")                                                                                   \
  /* Empty, or only spaces and tabs. */                                                            \
  X(skipped_blank, "blank line")                                                                   \
  /* First non-blank byte is '#' (the rest of the line is not inspected). */                       \
  X(skipped_comment, "comment line")                                                               \
                                                                                                   \
  /* Bytes that FEN never contains. */                                                             \
  /* Longer than max_line_length. */                                                               \
  X(line_too_long, "line longer than 65536 bytes")                                                 \
  /* A NUL byte in the line (where it is the first problem found). */                              \
  X(nul_byte, "NUL byte")                                                                          \
  /* Another control byte (lone CR, ESC, DEL, ...). */                                             \
  X(control_char, "control character")                                                             \
  /* One of these as a separator. */                                                               \
  X(bad_whitespace, "vertical tab, form feed or no-break space")                                   \
  /* A byte >= 0x80. */                                                                            \
  X(non_ascii, "byte outside ASCII")                                                               \
  /* A UTF-8 byte-order mark that is not at the start of the input. */                             \
  X(misplaced_bom, "byte-order mark inside the input")                                             \
                                                                                                   \
  /* Field structure. */                                                                           \
  /* Fewer than 4 fields, or 5 (a halfmove clock without fullmove number). */                      \
  X(field_count, "expected 4 (EPD) or 6 (FEN) fields")                                             \
  /* More fields after the counters that are not EPD operations. */                                \
  X(trailing_garbage, "unexpected text after the counters")                                        \
  /* Pockets, '~' promoted marks, three-check counters. */                                         \
  X(variant_syntax, "chess variant syntax (pockets, ~, check counters)")                           \
  /* Opcode, operand, quotes, missing ';'. */                                                      \
  X(bad_epd_operation, "malformed EPD operation")                                                  \
  /* Counter fields disagree with the record's hmvc/fmvn operations. */                            \
  X(counter_conflict, "counter fields disagree with hmvc/fmvn")                                    \
                                                                                                   \
  /* Field syntax. */                                                                              \
  /* Not one of pnbrqkPNBRQK, 1-8 or '/' in the placement. */                                      \
  X(bad_piece_char, "invalid character in piece placement")                                        \
  X(rank_width, "rank does not cover exactly 8 squares")                                           \
  /* Repairable. */                                                                                \
  X(rank_syntax, "two digits in a row in a rank")                                                  \
  X(rank_count, "placement does not have exactly 8 ranks")                                         \
  X(bad_side, "side to move is not 'w' or 'b'")                                                    \
  /* Bad letter, duplicate, '-' mixed with letters, more than two per side. */                     \
  X(castling_syntax, "invalid castling field")                                                     \
  /* Repairable. */                                                                                \
  X(castling_order, "castling letters out of order")                                               \
  X(ep_syntax, "en-passant field is not '-' or a square on rank 3 or 6")                           \
  /* Not 0..2^32-1 in ASCII digits. */                                                             \
  X(bad_halfmove, "halfmove clock is not a number 0..4294967295")                                  \
  X(bad_fullmove, "fullmove number is not a number 0..4294967295")                                 \
                                                                                                   \
  /* Legality. */                                                                                  \
  X(missing_king, "a side has no king")                                                            \
  X(too_many_kings, "a side has more than one king")                                               \
  X(pawn_on_back_rank, "pawn on rank 1 or 8")                                                      \
  X(too_many_pieces, "more than 16 pieces of one colour")                                          \
  X(too_many_pawns, "more than 8 pawns of one colour")                                             \
  X(too_much_material, "more promoted pieces than missing pawns")                                  \
  /* A right without its rook, or the king not between (repairable). */                            \
  X(bad_castling_rights, "castling right without its rook and king")                               \
  /* No pushed pawn in front of it (repairable). */                                                \
  X(bad_ep_square, "en-passant square without a just-pushed pawn")                                 \
  X(opposite_check, "the side not to move is in check")                                            \
  /* Checkers that no legal last move can have produced. */                                        \
  X(impossible_check, "check that no legal move can have given")                                   \
                                                                                                   \
  /* Records of CSV, TSV and JSON-lines inputs, whose position is one field of the record. */      \
  X(csv_syntax, "quote inside an unquoted field, or a quoted field left open")                     \
  X(missing_field, "the record has no field at the FEN column")                                    \
  X(json_syntax, "not a well-formed JSON value")                                                   \
  X(json_not_object, "the JSON value is not an object")                                            \
  X(json_missing_key, "the JSON object has no FEN key")                                            \
  X(json_not_string, "the FEN key's value is not a string")                                        \
                                                                                                   \
  /* --apply-moves and --check-move (uci_moves.hpp). */                                            \
  /* Not a UCI move, or fewer moves than --apply-moves asked for. */                               \
  X(move_syntax, "malformed UCI move, or too few moves")                                           \
  X(illegal_move, "move not legal in its position")                                                \
  /* Stockfish .plain records (formats/plain_records.hpp). */                                      \
  X(plain_bad_line, "a .plain line that is neither KEY VALUE nor e")                               \
  X(plain_no_fen, "a .plain record without a fen line")                                            \
  X(plain_repeated_key, "a key given twice in one .plain record")                                  \
  X(plain_unterminated, "a .plain record without its e line (cut, or over 64 lines)")
// clang-format on

#define FENBATCH_FEN_ERRC_ENUMERATOR(name, description) name,
enum class fen_errc : std::uint8_t { FENBATCH_FEN_ERRC_TABLE(FENBATCH_FEN_ERRC_ENUMERATOR) };
#undef FENBATCH_FEN_ERRC_ENUMERATOR

#define FENBATCH_FEN_ERRC_ONE(name, description) +1
inline constexpr int fen_errc_count = 0 FENBATCH_FEN_ERRC_TABLE(FENBATCH_FEN_ERRC_ONE);
#undef FENBATCH_FEN_ERRC_ONE

// The first rejection reason: the codes before it (ok and the skipped kinds) are no errors.
inline constexpr fen_errc first_rejection = fen_errc::line_too_long;

constexpr bool is_error(fen_errc e) noexcept {
  return e >= first_rejection;
}
constexpr bool is_skipped(fen_errc e) noexcept {
  return e == fen_errc::skipped_blank || e == fen_errc::skipped_comment;
}

// Every rejection reason, in the table's order: what --list-reasons lists and the statistics
// count.
inline constexpr auto rejection_reasons = [] {
  std::array<fen_errc, fen_errc_count - static_cast<int>(first_rejection)> reasons{};
  for (std::size_t i = 0; i < reasons.size(); ++i) {
    reasons[i] = static_cast<fen_errc>(i + static_cast<std::size_t>(first_rejection));
  }
  return reasons;
}();

// Stable snake_case name, as used in statistics and rejects files.
[[nodiscard]] std::string_view to_string(fen_errc e) noexcept;
// One sentence for humans.
[[nodiscard]] std::string_view describe(fen_errc e) noexcept;

struct fen_status {
  fen_errc code = fen_errc::ok;
  std::uint32_t column = 0;  // 1-based byte column in the line where the problem was found

  [[nodiscard]] constexpr bool ok() const noexcept { return code == fen_errc::ok; }
  friend constexpr bool operator==(fen_status, fen_status) noexcept = default;
};

// What repair mode changed in a record; a bit set per kind. X(name): the enumerator and the
// name in statistics.
// clang-format off
#define FENBATCH_REPAIR_KIND_TABLE(X)                                                              \
  X(digit_run)         /* adjacent digits in a rank merged ("44" -> "8") */                        \
  X(castling_order)    /* castling letters reordered */                                            \
  X(castling_dropped)  /* castling rights without a rook or king dropped */                        \
  X(ep_dropped)        /* an impossible en-passant square dropped */
// clang-format on

#define FENBATCH_REPAIR_KIND_ENUMERATOR(name) name,
enum class repair_kind : std::uint8_t {
  FENBATCH_REPAIR_KIND_TABLE(FENBATCH_REPAIR_KIND_ENUMERATOR)
};
#undef FENBATCH_REPAIR_KIND_ENUMERATOR
#define FENBATCH_REPAIR_KIND_ONE(name) +1
inline constexpr int repair_kind_count = 0 FENBATCH_REPAIR_KIND_TABLE(FENBATCH_REPAIR_KIND_ONE);
#undef FENBATCH_REPAIR_KIND_ONE

[[nodiscard]] std::string_view to_string(repair_kind k) noexcept;

constexpr std::uint8_t repair_bit(repair_kind k) noexcept {
  return static_cast<std::uint8_t>(1U << static_cast<unsigned>(k));
}

}  // namespace fenbatch::core
