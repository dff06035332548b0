#include "fenbatch/core/line_splitter.hpp"

#include <cstring>

namespace fenbatch::core {

bool line_splitter::next(line_span& line) noexcept {
  if (rest_.empty()) return false;
  const void* lf = std::memchr(rest_.data(), '\n', rest_.size());
  std::size_t length = lf == nullptr
                           ? rest_.size()
                           : static_cast<std::size_t>(static_cast<const char*>(lf) - rest_.data());
  std::string_view text = rest_.substr(0, length);
  rest_.remove_prefix(lf == nullptr ? length : length + 1);
  line.crlf = !text.empty() && text.back() == '\r';
  if (line.crlf) text.remove_suffix(1);
  line.text = text;
  return true;
}

}  // namespace fenbatch::core
