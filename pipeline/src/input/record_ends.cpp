#include "input/record_ends.hpp"

#include <algorithm>

#include "input/input_range.hpp"

namespace fenbatch::pipeline::detail {

bool is_record_end_line(std::string_view text, std::size_t lf) noexcept {
  std::size_t end = lf;  // the line's end, without a CR
  if (end > 0 && text[end - 1] == '\r') --end;
  return end >= 1 && text[end - 1] == 'e' && (end == 1 || text[end - 2] == '\n');
}

std::size_t last_record_end(std::string_view text, std::size_t to) noexcept {
  std::size_t lf = std::min(to, text.size());
  while (lf > 0) {
    lf = text.rfind('\n', lf - 1);
    if (lf == std::string_view::npos) return 0;
    if (is_record_end_line(text, lf)) return lf + 1;
  }
  return 0;
}

std::size_t record_start_at_or_after_line(std::string_view text, std::size_t at) noexcept {
  if (at == 0 || at >= text.size() || is_record_end_line(text, at - 1)) return at;
  const std::size_t limit = std::min(text.size(), at + record_end_search_bytes);
  for (std::size_t lf = text.find('\n', at); lf < limit; lf = text.find('\n', lf + 1)) {
    if (is_record_end_line(text, lf)) return lf + 1;
  }
  // No `e` before the text's end: the rest is one last record, cut at the end.
  return limit == text.size() ? text.size() : at;
}

std::uint64_t record_start_at_or_after(std::string_view text, std::uint64_t offset) noexcept {
  return record_start_at_or_after_line(
      text, static_cast<std::size_t>(line_start_at_or_after(text, offset)));
}

}  // namespace fenbatch::pipeline::detail
