// Framing: bytes to lines. LF ends a line and one CR right before it is dropped (so are a CR
// and the end of the input); the last line may lack its LF. A lone CR elsewhere stays in the
// line, where the decoder rejects it. No copies: lines are views into the buffer.
#pragma once

#include <cstddef>
#include <string_view>

namespace fenbatch::core {

inline constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

// Length of a UTF-8 byte-order mark at the start of `input` (0 or 3). Only the first bytes of
// a whole input may be skipped this way.
constexpr std::size_t bom_length(std::string_view input) noexcept {
  return input.starts_with(utf8_bom) ? utf8_bom.size() : 0;
}

struct line_span {
  std::string_view text;  // without LF and without the CR dropped before it
  bool crlf = false;      // a CR was dropped
};

class line_splitter {
 public:
  explicit line_splitter(std::string_view buffer) noexcept : rest_(buffer) {}

  // The next line, or false at the end of the buffer.
  bool next(line_span& line) noexcept;

  // Bytes not yet returned.
  [[nodiscard]] std::string_view rest() const noexcept { return rest_; }

 private:
  std::string_view rest_;
};

}  // namespace fenbatch::core
