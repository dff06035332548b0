// What a decoded line holds beyond its position, the same on every board: repairs, notes,
// EPD operations and payload as offsets into the line, and the columns of fields.
#pragma once

#include <cstdint>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::core {

// Facts about an accepted record that statistics count; they are not errors.
enum class record_note : std::uint8_t {
  fullmove_zero = 1U << 0,             // fullmove number 0 was read as 1
  epd_form = 1U << 1,                  // 4 fields, no counter fields
  has_operations = 1U << 2,            // EPD operations follow the fields
  counters_from_operations = 1U << 3,  // hmvc/fmvn supplied the counters
  whitespace_normalized = 1U << 4,     // trimmed, or a separator other than one space
  // Kept, but the counters contradict the position: an ep square with a nonzero halfmove
  // clock, or a halfmove clock larger than the plies the fullmove number allows.
  counters_inconsistent = 1U << 5
};

// A decoded line of either board: Position is the board's position (basic_position.hpp), and
// each board's `record` derives from its instantiation (see basic_position.hpp for why not an
// alias). Valid after the board's parse_record (or decode + validate) returned ok.
template <class Position>
struct basic_record {
  Position pos;
  // The en-passant square if a legal en-passant capture exists, else no_square.
  typename Position::square legal_ep = Position::vocabulary::no_square;
  // A pawn of the side to move attacks the (valid) en-passant square.
  bool pseudo_legal_ep = false;
  // The side to move is in check.
  bool in_check = false;
  std::uint8_t repairs = 0;  // repair_bit(repair_kind) flags
  std::uint8_t notes = 0;    // record_note flags
  // EPD operations as byte offsets into the line (begin == end when there are none).
  std::uint32_t operations_begin = 0;
  std::uint32_t operations_end = 0;
  // With decode_options::payload: the kept text after the fields, as byte offsets into the
  // line (begin == end when there is none). Verbatim; written after the canonical fields.
  std::uint32_t payload_begin = 0;
  std::uint32_t payload_end = 0;
  // 1-based columns of fields, for legality errors found after decoding.
  std::uint32_t placement_column = 0;
  // Length of the placement field in the line. In strict mode that text is already canonical
  // (full ranks, no adjacent digits), so writers copy it instead of re-encoding the board.
  // Whoever changes `pos` after decoding must set this to 0.
  std::uint32_t placement_length = 0;
  std::uint32_t side_column = 0;
  std::uint32_t ep_column = 0;
  // Column of the first castling letter whose rook or king is missing (0: none).
  std::uint32_t stale_castling_column = 0;
  // A hint from the decoder's fast path, not part of the decoded record: after the placement
  // the line is exactly " side castling ep" or " side castling ep halfmove fullmove" with
  // single spaces, castling "-" or K/Q/k/q letters, counters without leading zeros. The writer
  // then copies the line whenever its output would be the same bytes. 8x8 only: the 10x8
  // decoder has no fast path and leaves it false.
  bool plain_tail = false;

  [[nodiscard]] constexpr bool has(record_note n) const noexcept {
    return (notes & static_cast<std::uint8_t>(n)) != 0;
  }
  [[nodiscard]] constexpr bool repaired(repair_kind k) const noexcept {
    return (repairs & repair_bit(k)) != 0;
  }
  [[nodiscard]] std::string_view operations(std::string_view line) const noexcept {
    return line.substr(operations_begin, operations_end - operations_begin);
  }
  [[nodiscard]] std::string_view payload(std::string_view line) const noexcept {
    return line.substr(payload_begin, payload_end - payload_begin);
  }
};

}  // namespace fenbatch::core
