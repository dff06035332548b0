// A small JSON writer for the statistics document: two-space indentation, one member per line,
// strings escaped (quotes, backslashes, control characters as \u00XX; other bytes verbatim).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <utility>

namespace fenbatch::pipeline::detail {

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
    for (const char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += ch;
      } else if (c < 0x20 || c == 0x7F) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
        out_ += escaped;
      } else {
        out_ += ch;
      }
    }
    out_ += '"';
  }

  std::string out_;
  int depth_ = 0;
  bool first_ = true;
  bool after_key_ = false;
};

}  // namespace fenbatch::pipeline::detail
