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
  // Every field back to its default, so nothing carries over from the previous line. A copy of
  // a constant record: `out = record{}` compiled to a memset call that cost 27 instructions a
  // line more (bench/callgrind.sh), this to a few vector moves that cost none.
  static constexpr record fresh{};
  out = fresh;
  return line_decoder(line, options, out, placement, placement != nullptr).run();
}

fen_status decode_precise(std::string_view line, const decode_options& options,
                          record& out) noexcept {
  return decode_with(line, options, out, nullptr);
}

}  // namespace fenbatch::core::decoder
