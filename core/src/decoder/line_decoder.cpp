// The driver: how one line is decoded. The fast line first: a line with no framing to do (no
// blank at either end, no comment) read by the placement kernel, then the fast tail. Whatever
// it declines goes to the driver proper (run): framing (length, blanks, comments), the kernel,
// the fast tail, and wherever a fast path declines, the precise steps read the rest (and find
// the reason and column of any error). The fast tail is inlined here: it runs on nearly every
// line.

#include <cstddef>

#include "fast_tail.hpp"
#include "line_decoder.hpp"

namespace fenbatch::core::decoder {

inline fen_status line_decoder::run() noexcept {
  if (fen_status s = frame(); !s.ok()) return s;

  const char* const placement_begin = p_;
  rec_.placement_column = column(p_);
  if (const char* field_end = kernel_ != nullptr ? kernel_(p_, end_, rec_.pos) : nullptr;
      field_end != nullptr) {
    p_ = field_end;
  } else if (fen_status s = placement(); !s.ok()) {
    return s;
  }
  rec_.placement_length = static_cast<std::uint32_t>(p_ - placement_begin);
  if (fast_paths_ && read_fast_tail(p_, end_, begin_, rec_)) return {};
  return fields_after_placement();
}

fen_status line_decoder::after_placement(const char* field_end) noexcept {
  p_ = field_end;
  return fields_after_placement();
}

namespace {

// What the fast line below declines, field by field: the driver with `kernel` (or none), or
// the precise steps after a placement the kernel read. Out of line: it keeps the fast line's
// frame small.
[[gnu::noinline]] fen_status decode_rest(std::string_view line, const decode_options& options,
                                         record& out, placement_kernel kernel, bool fast_paths,
                                         const char* placement_end) noexcept {
  line_decoder decoder(line, options, out, kernel, fast_paths);
  return placement_end != nullptr ? decoder.after_placement(placement_end) : decoder.run();
}

}  // namespace

fen_status decode_with(std::string_view line, const decode_options& options, record& out,
                       placement_kernel placement) noexcept {
  // Every field back to its default, so nothing carries over from the previous line. A copy of
  // a constant record: `out = record{}` compiled to a memset call that cost 27 instructions a
  // line more (bench/callgrind.sh), this to a few vector moves that cost none.
  // (The base's fields by copy; a copy of the whole record cost 7 instructions a line more.)
  static constexpr basic_record<position> fresh{};
  static_cast<basic_record<position>&>(out) = fresh;
  out.material_hint = 0;
  out.castling_clean = false;
  // The fast line: no blank at either end and no comment (so no framing to do: the placement
  // starts the line, which ends at the tail's end), the kernel's placement, the fast tail.
  // Whatever it declines, the driver (run) reads, from the placement on where the kernel took it
  // (the kernel is not asked twice).
  const char* const begin = line.data();
  const char* const end = begin + line.size();
  if (placement == nullptr) return decode_rest(line, options, out, nullptr, false, nullptr);
  if (line.empty() || line.size() > max_line_length || detail::is_blank(*begin) || *begin == '#' ||
      detail::is_blank(end[-1])) {
    return decode_rest(line, options, out, placement, true, nullptr);
  }
  const char* const field_end = placement(begin, end, out.pos);
  if (field_end == nullptr) return decode_rest(line, options, out, nullptr, true, nullptr);
  out.placement_column = 1;
  out.placement_length = static_cast<std::uint32_t>(field_end - begin);
  if (read_fast_tail(field_end, end, begin, out)) return {};
  return decode_rest(line, options, out, nullptr, true, field_end);
}

fen_status decode_precise(std::string_view line, const decode_options& options,
                          record& out) noexcept {
  return decode_with(line, options, out, nullptr);
}

}  // namespace fenbatch::core::decoder
