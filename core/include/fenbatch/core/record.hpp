// Reading one FEN/EPD line: decode (syntax), validate (legality), or both with parse_record.
// The accepted grammar is documented in core/src/decoder/precise_fields.cpp, beside the
// reference decoder; decoder_registry.hpp lists the implementations of decode.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fenbatch/core/basic_record.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/line_limits.hpp"
#include "fenbatch/core/position.hpp"

namespace fenbatch::core {

struct decode_options {
  // Repair mode: merge digit runs, reorder castling letters, drop stale castling rights and
  // impossible en-passant squares (each counted in record::repairs). Nothing else is repaired.
  bool repair = false;
  // Text after the position's fields that is not an EPD operation list (labels such as
  // "| 25 | 0.5") is kept as the record's payload instead of rejected: after 6 fields, what
  // would be trailing_garbage; after 4 fields, text whose first token is not a number and that
  // holds no ';' (a number there is a halfmove clock, a ';' makes EPD operations).
  bool payload = false;
};

// A decoded line (basic_record.hpp). Valid after parse_record (or decode + validate) returned
// ok.
struct record : basic_record<position> {
  // A hint from validate(), not part of the decoded record: the position's material_signature
  // (material.hpp) where validate() accepted it on its plain path, else 0 (then compute it).
  // Whoever changes `pos` after validate() must set this to 0.
  std::uint64_t material_hint = 0;
  // A hint from the decoder's fast tail, read and cleared by validate(): the castling rights
  // came from the fast resolvers (decoder/castling.hpp), so they are those python-chess's
  // clean_castling_rights keeps on this board. Whoever changes `pos` after decoding must set
  // this to false.
  bool castling_clean = false;
};

// Syntax only: framing, fields, placement, castling letters resolved to rooks, counters and
// EPD operations. `line` excludes the line terminator (LF and one CR before it). Uses the
// implementation selected for this process (decoder_registry.hpp).
[[nodiscard]] fen_status decode(std::string_view line, const decode_options& options,
                                record& out) noexcept;

// Legality of a decoded record; fills legal_ep, pseudo_legal_ep and in_check.
[[nodiscard]] fen_status validate(record& rec, const decode_options& options) noexcept;

// decode, then validate.
[[nodiscard]] fen_status parse_record(std::string_view line, const decode_options& options,
                                      record& out) noexcept;

}  // namespace fenbatch::core
