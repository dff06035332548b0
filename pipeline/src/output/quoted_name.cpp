#include "fenbatch/pipeline/quoted_name.hpp"

#include <cstddef>
#include <cstdio>

namespace fenbatch::pipeline {
namespace {

// The length of the well-formed UTF-8 sequence starting at `s[i]` that is printable (not a C1
// control, U+0080..U+009F), or 0.
std::size_t printable_utf8_length(std::string_view s, std::size_t i) {
  const auto byte = [&s](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  unsigned min = 0;
  unsigned code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, min = 0x80, code = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, min = 0x800, code = lead & 0x0Fu;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, min = 0x10000, code = lead & 0x07u;
  } else {
    return 0;
  }
  if (i + length > s.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0u) != 0x80u) return 0;
    code = (code << 6) | (byte(i + k) & 0x3Fu);
  }
  const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
  if (code < min || code > 0x10FFFF || surrogate || code <= 0x9F) return 0;
  return length;
}

bool is_control(unsigned char c) {
  return c < 0x20 || c == 0x7F;
}

// Characters a shell would read specially anywhere in a word.
bool is_shell_special(char c) {
  constexpr std::string_view specials = " !\"$&'()*;<=>?[\\]^`|";
  return specials.find(c) != std::string_view::npos;
}

// Bytes that must be written as $'...' escapes: controls and bytes outside well-formed UTF-8.
bool needs_escape_at(std::string_view name, std::size_t i, std::size_t& skip) {
  const auto c = static_cast<unsigned char>(name[i]);
  skip = 1;
  if (c < 0x80) return is_control(c);
  skip = printable_utf8_length(name, i);
  if (skip != 0) return false;
  skip = 1;
  return true;
}

void append_escape(std::string& out, unsigned char c) {
  switch (c) {
    case '\a': out += "\\a"; return;
    case '\b': out += "\\b"; return;
    case '\t': out += "\\t"; return;
    case '\n': out += "\\n"; return;
    case '\v': out += "\\v"; return;
    case '\f': out += "\\f"; return;
    case '\r': out += "\\r"; return;
    default: {
      char octal[8];
      std::snprintf(octal, sizeof octal, "\\%03o", static_cast<unsigned>(c));
      out += octal;
    }
  }
}

}  // namespace

std::string quoted_name(std::string_view name) {
  if (name.empty()) return "''";
  bool escapes = false;
  bool specials = name.front() == '#' || name.front() == '~';
  bool single_quote = false;
  bool double_quote_specials = false;  // what a double-quoted word would still expand
  for (std::size_t i = 0, skip = 1; i < name.size(); i += skip) {
    if (needs_escape_at(name, i, skip)) {
      escapes = true;
      continue;
    }
    const char c = name[i];
    if (skip == 1 && is_shell_special(c)) specials = true;
    if (c == '\'') single_quote = true;
    if (c == '"' || c == '$' || c == '\\' || c == '`' || c == '!') double_quote_specials = true;
  }
  if (!escapes && !specials) return std::string(name);
  if (!escapes && single_quote && !double_quote_specials) {
    std::string out(1, '"');
    out.append(name);
    out.push_back('"');
    return out;
  }
  // Single quotes; a quote as '\''; escapes as '$'\ooo'' spliced between quoted runs.
  std::string out = "'";
  bool in_escape = false;  // inside a $'...' group: consecutive escapes share one
  for (std::size_t i = 0, skip = 1; i < name.size(); i += skip) {
    if (needs_escape_at(name, i, skip)) {
      if (!in_escape) out += "'$'";
      append_escape(out, static_cast<unsigned char>(name[i]));
      in_escape = true;
      continue;
    }
    if (in_escape) out += "''";
    in_escape = false;
    if (name[i] == '\'') {
      out += "'\\''";
      continue;
    }
    out.append(name.substr(i, skip));
  }
  // Closes the quoted run, or the $'...' group (ls adds no empty quoted word after it).
  out += '\'';
  return out;
}

}  // namespace fenbatch::pipeline
