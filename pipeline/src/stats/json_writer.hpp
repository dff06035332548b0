// A small JSON writer for the statistics document: two-space indentation, one member per line,
// strings escaped: quotes and backslashes, the C0 and C1 controls and DEL as \u00XX (exact, and
// safe to print on a terminal), every maximal ill-formed UTF-8 subpart as U+FFFD (as the HTML
// report repairs text: file names may hold any bytes), so that the document is always valid
// UTF-8 JSON; well-formed UTF-8 verbatim.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

#include "text/utf8_sequence.hpp"

namespace fenbatch::pipeline::detail {

// Whether `text` is well-formed UTF-8, so that the writer keeps every byte of it.
[[nodiscard]] inline bool is_utf8(std::string_view text) noexcept {
  for (std::size_t i = 0, prefix = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text.substr(i), prefix);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

class json_writer {
 public:
  std::string take() { return std::move(out_); }

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  void key(std::string_view name) {
    separate();
    string(name);
    out_ += ": ";
    after_key_ = true;
  }
  void value(std::uint64_t v) {
    separate();
    out_ += std::to_string(v);
  }
  void value(double v) {
    separate();
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", v);
    out_ += text;
  }
  void value(bool v) {
    separate();
    out_ += v ? "true" : "false";
  }
  void value(std::string_view v) {
    separate();
    string(v);
  }
  void null() {
    separate();
    out_ += "null";
  }
  template <class T>
  void member(std::string_view name, const T& v) {
    key(name);
    value(v);
  }

 private:
  void open(char c) {
    separate();
    out_ += c;
    first_ = true;
    ++depth_;
  }
  void close(char c) {
    --depth_;
    if (!first_) newline();
    out_ += c;
    first_ = false;
  }
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ == 0) return;
    if (!first_) out_ += ',';
    newline();
    first_ = false;
  }
  void newline() {
    out_ += '\n';
    out_.append(static_cast<std::size_t>(2 * depth_), ' ');
  }
  void string(std::string_view s) {
    out_ += '"';
    std::size_t i = 0;
    while (i < s.size()) {
      std::size_t prefix = 0;
      const std::size_t length = utf8_sequence_length(s.substr(i), prefix);
      if (length == 0) {
        out_ += replacement_character;
        i += prefix;
        continue;
      }
      const auto c = static_cast<unsigned char>(s[i]);
      // A C1 control, U+0080..U+009F, is the sequence C2 80..C2 9F.
      const bool c1 = c == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0;
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += s[i];
      } else if (c < 0x20 || c == 0x7F || c1) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x",
                      c1 ? static_cast<unsigned char>(s[i + 1]) : c);
        out_ += escaped;
      } else {
        out_.append(s.substr(i, length));
      }
      i += length;
    }
    out_ += '"';
  }

  std::string out_;
  int depth_ = 0;
  bool first_ = true;
  bool after_key_ = false;
};

}  // namespace fenbatch::pipeline::detail
