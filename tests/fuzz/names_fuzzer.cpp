// libFuzzer target: names that may hold any bytes, as fenbatch writes them into text
// (pipeline/src/text/quoted_name.cpp, pipeline/src/stats/json_writer.hpp), and the side-file
// recognisers that judge an existing file's first bytes (pipeline/src/output/side_file_kinds).
//
// Input: any bytes, taken as one file name (and as a file's first bytes).
//
// Checks (any violation traps):
// - quoted_name: the result holds no control byte (C0, DEL) and is well-formed UTF-8 without
//   C1 controls; read back as bash reads a word (bare, '...', "...", $'...' with \ooo and
//   \a \b \t \n \v \f \r escapes), by the independent reader below, it gives the name's bytes
//   exactly; a name of letters, digits and "._/-+,:@%" (not starting with '#' or '~') is
//   itself;
// - the statistics' JSON string: one token, "..." with only \" \\ \uXXXX escapes, valid UTF-8,
//   no raw control byte; decoded, it is the name when the name is UTF-8, and otherwise the name
//   with each ill-formed part replaced (so at least as long in characters as it is in parts);
// - side_file_kind_of and starts_with_position: no crash, and the same answer twice.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "fenbatch/pipeline/quoted_name.hpp"
#include "output/side_file_kinds.hpp"
#include "stats/json_writer.hpp"
#include "text/utf8_sequence.hpp"

namespace {

using namespace fenbatch::pipeline::detail;

void check(bool condition, int line = __builtin_LINE()) {
  if (condition) return;
  std::fprintf(stderr, "%s:%d: check failed\n", __FILE__, line);
  __builtin_trap();
}

bool is_octal(char c) {
  return c >= '0' && c <= '7';
}

// One $'...' body from `at` (just after the opening quote) to its closing quote.
std::optional<std::string> read_ansi_c(std::string_view word, std::size_t& at) {
  std::string out;
  while (at < word.size() && word[at] != '\'') {
    if (word[at] != '\\') {
      out += word[at++];
      continue;
    }
    if (++at >= word.size()) return std::nullopt;
    const char e = word[at];
    if (is_octal(e)) {
      unsigned value = 0;
      for (int digits = 0; digits < 3 && at < word.size() && is_octal(word[at]); ++digits) {
        value = value * 8 + static_cast<unsigned>(word[at++] - '0');
      }
      out += static_cast<char>(value);
      continue;
    }
    constexpr std::string_view letters = "abtnvfr";
    constexpr std::string_view bytes = "\a\b\t\n\v\f\r";
    const std::size_t k = letters.find(e);
    if (k == std::string_view::npos) return std::nullopt;
    out += bytes[k];
    ++at;
  }
  if (at >= word.size()) return std::nullopt;
  ++at;  // the closing quote
  return out;
}

// The bytes bash makes of `word` (one word: no unquoted blank or special is expected).
std::optional<std::string> read_shell_word(std::string_view word) {
  std::string out;
  std::size_t at = 0;
  while (at < word.size()) {
    const char c = word[at];
    if (c == '\'') {
      const std::size_t end = word.find('\'', at + 1);
      if (end == std::string_view::npos) return std::nullopt;
      out.append(word.substr(at + 1, end - at - 1));
      at = end + 1;
    } else if (c == '"') {
      const std::size_t end = word.find('"', at + 1);
      if (end == std::string_view::npos) return std::nullopt;
      const std::string_view body = word.substr(at + 1, end - at - 1);
      // The writer double-quotes only what needs no escape inside double quotes.
      if (body.find_first_of("$`\\!") != std::string_view::npos) return std::nullopt;
      out.append(body);
      at = end + 1;
    } else if (c == '$' && at + 1 < word.size() && word[at + 1] == '\'') {
      at += 2;
      const std::optional<std::string> body = read_ansi_c(word, at);
      if (!body) return std::nullopt;
      out += *body;
    } else if (c == '\\') {
      if (++at >= word.size()) return std::nullopt;
      out += word[at++];
    } else {
      out += c;
      ++at;
    }
  }
  return out;
}

bool plain(std::string_view name) {
  if (name.empty() || name.front() == '#' || name.front() == '~') return false;
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    std::string_view("._/-+,:@%").find(c) != std::string_view::npos;
    if (!ok) return false;
  }
  return true;
}

void check_quoted(std::string_view name) {
  const std::string quoted = fenbatch::pipeline::quoted_name(name);
  std::size_t prefix = 0;
  for (std::size_t i = 0; i < quoted.size();) {
    const auto c = static_cast<unsigned char>(quoted[i]);
    check(c >= 0x20 && c != 0x7F);
    const std::size_t length = utf8_sequence_length(std::string_view(quoted).substr(i), prefix);
    check(length != 0);
    check(!(length == 2 && c == 0xC2 && static_cast<unsigned char>(quoted[i + 1]) < 0xA0));
    i += length;
  }
  const std::optional<std::string> back = read_shell_word(quoted);
  check(back.has_value() && *back == name);
  if (plain(name)) check(quoted == name);
}

unsigned hex_value(char c) {
  if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<unsigned>(c - 'a' + 10);
  check(false);
  return 0;
}

// The JSON string token's text (the writer escapes only to \" \\ \u00XX, XX a control).
std::string read_json_string(std::string_view token) {
  check(token.size() >= 2 && token.front() == '"' && token.back() == '"');
  std::string out;
  for (std::size_t i = 1; i + 1 < token.size(); ++i) {
    const char c = token[i];
    check(c != '"' && static_cast<unsigned char>(c) >= 0x20 && c != 0x7F);
    if (c != '\\') {
      out += c;
      continue;
    }
    check(i + 2 < token.size());
    const char e = token[++i];
    if (e == '"' || e == '\\') {
      out += e;
      continue;
    }
    check(e == 'u' && i + 5 < token.size() && token.substr(i + 1, 2) == "00");
    const unsigned value = hex_value(token[i + 3]) * 16 + hex_value(token[i + 4]);
    check(value < 0x20 || value == 0x7F || (value >= 0x80 && value <= 0x9F));
    if (value < 0x80) {
      out += static_cast<char>(value);
    } else {
      out += '\xC2';
      out += static_cast<char>(value);
    }
    i += 4;
  }
  return out;
}

void check_json(std::string_view name) {
  json_writer writer;
  writer.value(name);
  const std::string token = writer.take();
  check(is_utf8(token));
  const std::string text = read_json_string(token);
  check(is_utf8(text));
  if (is_utf8(name)) {
    check(text == name);
  } else {
    check(text != name && text.find(replacement_character) != std::string::npos);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  check_quoted(bytes);
  check_json(bytes);
  const std::optional<side_file_kind> kind = side_file_kind_of(bytes, true);
  check(kind == side_file_kind_of(bytes, true));
  (void)side_file_kind_of(bytes, false);
  check(starts_with_position(bytes) == starts_with_position(bytes));
  return 0;
}
