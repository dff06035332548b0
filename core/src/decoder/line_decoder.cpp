// The driver: how one line is decoded. Framing first (length, blanks, comments), then the
// placement kernel, then the fast tail; wherever a fast path declines, the precise steps read
// the rest (and find the reason and column of any error). The fast tail is inlined here: it
// runs on nearly every line.

#include <cstddef>

#include "fast_tail.hpp"
#include "line_decoder.hpp"

namespace fenbatch::core::decoder {

inline fen_status line_decoder::run() noexcept {
  if (fen_status s = frame(); !s.ok()) return s;

  const char* const placement_begin = p_;
  rec_.placement_column = column(p_);
  if (const char* field_end = fast_paths_ ? kernel_(p_, end_, rec_.pos) : nullptr;
      field_end != nullptr) {
    p_ = field_end;
  } else if (fen_status s = placement(); !s.ok()) {
    return s;
  }
  rec_.placement_length = static_cast<std::uint32_t>(p_ - placement_begin);
  if (fast_paths_ && read_fast_tail(p_, end_, begin_, rec_)) return {};
  return fields_after_placement();
}

fen_status decode_with(std::string_view line, const decode_options& options, record& out,
                       placement_kernel placement) noexcept {
  // Field by field: `out = record{}` compiled to a memset call that cost more than the fields.
  out.pos.by_color = {};
  out.pos.by_type = {};
  out.pos.castling_rooks = 0;
  out.pos.ep_square = no_square;
  out.pos.side_to_move = color::white;
  out.pos.halfmove_clock = 0;
  out.pos.fullmove_number = 1;
  out.legal_ep = no_square;
  out.pseudo_legal_ep = false;
  out.in_check = false;
  out.repairs = 0;
  out.notes = 0;
  out.operations_begin = 0;
  out.operations_end = 0;
  out.payload_begin = 0;
  out.payload_end = 0;
  out.placement_column = 0;
  out.placement_length = 0;
  out.side_column = 0;
  out.ep_column = 0;
  out.stale_castling_column = 0;
  out.plain_tail = false;
  return line_decoder(line, options, out, placement, placement != nullptr).run();
}

fen_status decode_precise(std::string_view line, const decode_options& options,
                          record& out) noexcept {
  return decode_with(line, options, out, nullptr);
}

}  // namespace fenbatch::core::decoder
