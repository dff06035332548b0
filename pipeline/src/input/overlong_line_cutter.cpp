#include "input/overlong_line_cutter.hpp"

#include <algorithm>
#include <utility>

namespace fenbatch::pipeline::detail {

bool overlong_line_cutter::cut(std::vector<char>& buffer, std::size_t bom) {
  // Over overlong_line_kept: too long whatever a last CR turns out to be.
  if (buffer.size() <= core::overlong_line_kept + bom) return false;
  const std::size_t keep = kept_bytes + bom;
  dropped_.after_kept += buffer.size() - keep;  // read already, dropped, still counted
  last_line_byte_ = buffer.back();
  buffer.resize(keep);
  // A CR here is not the line's end: keep the splitter from reading it as CRLF. The byte is
  // past what rejects keep, so nothing ever shows the stand-in.
  if (buffer.back() == '\r') buffer.back() = '?';
  buffer.push_back('\n');
  skipping_ = true;
  return true;
}

// A CR right before the LF made the cut line a CRLF line, which a mapped input counts too.
void overlong_line_cutter::skip_tail(std::vector<char>& buffer) {
  const auto lf = std::find(buffer.begin(), buffer.end(), '\n');
  if (lf == buffer.end()) {
    dropped_.tail += buffer.size();
    if (!buffer.empty()) last_line_byte_ = buffer.back();
    buffer.clear();
    return;
  }
  const char before_lf = lf == buffer.begin() ? last_line_byte_ : *(lf - 1);
  dropped_.crlf_lines += before_lf == '\r' ? 1 : 0;
  const auto drop = static_cast<std::size_t>(lf - buffer.begin()) + 1;
  dropped_.tail += drop;
  buffer.erase(buffer.begin(), lf + 1);
  skipping_ = false;
}

overlong_line_cutter::dropped_bytes overlong_line_cutter::take_dropped() noexcept {
  return std::exchange(dropped_, {});
}

}  // namespace fenbatch::pipeline::detail
