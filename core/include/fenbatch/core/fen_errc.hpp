// Why a line was not accepted, and what repair mode changed. Plain enums: the hot path stores
// and counts them without allocating; text comes only on demand.
#pragma once

#include <cstdint>
#include <string_view>

namespace fenbatch::core {

// The outcome of reading one line. `ok` and the two `skipped_*` codes are not errors; every
// other code names the first problem found, together with the 1-based byte column where it was
// detected (see fen_status). Values are stable: statistics and tests refer to them by name.
enum class fen_errc : std::uint8_t {
  ok,
  skipped_blank,    // empty, or only spaces and tabs
  skipped_comment,  // first non-blank byte is '#' (the rest of the line is not inspected)

  // Bytes that FEN never contains.
  line_too_long,   // longer than max_line_length
  nul_byte,        // a NUL byte in the line (where it is the first problem found)
  control_char,    // another control byte (lone CR, ESC, DEL, ...)
  bad_whitespace,  // vertical tab, form feed or no-break space used as a separator
  non_ascii,       // a byte >= 0x80
  misplaced_bom,   // a UTF-8 byte-order mark that is not at the start of the input

  // Field structure.
  field_count,        // fewer than 4 fields, or 5 (a halfmove clock without fullmove number)
  trailing_garbage,   // more fields after the counters that are not EPD operations
  variant_syntax,     // pockets, '~' promoted marks, three-check counters
  bad_epd_operation,  // malformed EPD operation (opcode, operand, quotes, missing ';')
  counter_conflict,   // counter fields disagree with the record's hmvc/fmvn operations

  // Field syntax.
  bad_piece_char,   // not one of pnbrqkPNBRQK, 1-8 or '/' in the placement
  rank_width,       // a rank that does not cover exactly 8 squares
  rank_syntax,      // two digits in a row (repairable)
  rank_count,       // not exactly 8 ranks
  bad_side,         // side to move is not 'w' or 'b'
  castling_syntax,  // bad letter, duplicate, '-' mixed with letters, more than two per side
  castling_order,   // castling letters out of canonical order (repairable)
  ep_syntax,        // en-passant field is not '-' or a square on rank 3 or 6
  bad_halfmove,     // halfmove clock is not 0..2^32-1 in ASCII digits
  bad_fullmove,     // fullmove number is not 0..2^32-1 in ASCII digits

  // Legality.
  missing_king,         // a side has no king
  too_many_kings,       // a side has more than one king
  pawn_on_back_rank,    // a pawn on rank 1 or 8
  too_many_pieces,      // more than 16 pieces of one colour
  too_many_pawns,       // more than 8 pawns of one colour
  too_much_material,    // more promoted pieces than missing pawns allow
  bad_castling_rights,  // a right without its rook, or the king not between (repairable)
  bad_ep_square,        // en-passant square with no pushed pawn in front of it (repairable)
  opposite_check,       // the side not to move is in check
  impossible_check,     // checkers that no legal last move can have produced
  // Records of CSV, TSV and JSON-lines inputs, whose position is one field of the record.
  csv_syntax,        // a quote inside an unquoted field, or a quoted field left open
  missing_field,     // the record has no field at the FEN column
  json_syntax,       // not one well-formed JSON value
  json_not_object,   // a JSON value that is not an object
  json_missing_key,  // an object without the FEN key
  json_not_string,   // the FEN key's value is not a string
};

inline constexpr int fen_errc_count = static_cast<int>(fen_errc::json_not_string) + 1;

constexpr bool is_error(fen_errc e) noexcept {
  return e > fen_errc::skipped_comment;
}
constexpr bool is_skipped(fen_errc e) noexcept {
  return e == fen_errc::skipped_blank || e == fen_errc::skipped_comment;
}

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

// What repair mode changed in a record; a bit set per kind.
enum class repair_kind : std::uint8_t {
  digit_run,         // adjacent digits in a rank merged ("44" -> "8")
  castling_order,    // castling letters reordered
  castling_dropped,  // castling rights without a rook or king dropped
  ep_dropped,        // an impossible en-passant square dropped
};
inline constexpr int repair_kind_count = 4;

[[nodiscard]] std::string_view to_string(repair_kind k) noexcept;

constexpr std::uint8_t repair_bit(repair_kind k) noexcept {
  return static_cast<std::uint8_t>(1U << static_cast<unsigned>(k));
}

}  // namespace fenbatch::core
