#include "fenbatch/pipeline/quoted_name.hpp"

#include <cstddef>
#include <cstdio>

#include "text/utf8_sequence.hpp"

namespace fenbatch::pipeline {
namespace {

// The length of the well-formed UTF-8 sequence starting at `s[i]` that is printable (not a C1
// control, U+0080..U+009F, the sequences C2 80..C2 9F), or 0.
std::size_t printable_utf8_length(std::string_view s, std::size_t i) {
  std::size_t prefix = 0;
  const std::size_t length = detail::utf8_sequence_length(s.substr(i), prefix);
  const bool c1_control = length == 2 && static_cast<unsigned char>(s[i]) == 0xC2 &&
                          static_cast<unsigned char>(s[i + 1]) < 0xA0;
  return c1_control ? 0 : length;
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
