#include "formats/json_record.hpp"

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace fenbatch::pipeline::detail {
namespace {

namespace od = simdjson::ondemand;
using simdjson::error_code;

bool is_digit(char c) noexcept {
  return c >= '0' && c <= '9';
}

// Whether `token` (a raw token, trailing JSON whitespace included) is a number by RFC 8259's
// grammar. Its size is not fenbatch's business: simdjson's get_number() refuses integers past
// 64 bits and doubles past DBL_MAX, valid JSON that is kept verbatim.
bool is_json_number(std::string_view token) noexcept {
  while (!token.empty() && (token.back() == ' ' || token.back() == '\t' || token.back() == '\n' ||
                            token.back() == '\r')) {
    token.remove_suffix(1);
  }
  std::size_t i = 0;
  const auto digits = [&] {
    const std::size_t from = i;
    while (i < token.size() && is_digit(token[i])) ++i;
    return i > from;
  };
  if (i < token.size() && token[i] == '-') ++i;
  if (i < token.size() && token[i] == '0') {
    ++i;
  } else if (!digits()) {
    return false;
  }
  if (i < token.size() && token[i] == '.') {
    ++i;
    if (!digits()) return false;
  }
  if (i < token.size() && (token[i] == 'e' || token[i] == 'E')) {
    ++i;
    if (i < token.size() && (token[i] == '+' || token[i] == '-')) ++i;
    if (!digits()) return false;
  }
  return i == token.size();
}

// Reads every part of a value so that On-Demand validates it (it checks only what is read).
error_code consume(od::value value) noexcept {
  od::json_type type{};
  if (const error_code e = value.type().get(type)) return e;
  switch (type) {
    case od::json_type::array: {
      od::array array;
      if (const error_code e = value.get_array().get(array)) return e;
      for (auto element : array) {
        od::value item;
        if (const error_code e = std::move(element).get(item)) return e;
        if (const error_code e = consume(item)) return e;
      }
      return simdjson::SUCCESS;
    }
    case od::json_type::object: {
      od::object object;
      if (const error_code e = value.get_object().get(object)) return e;
      for (auto member : object) {
        od::field field;
        if (const error_code e = std::move(member).get(field)) return e;
        if (const error_code e = field.unescaped_key().error()) return e;
        if (const error_code e = consume(field.value())) return e;
      }
      return simdjson::SUCCESS;
    }
    case od::json_type::number:
      // Checked as text, not converted; the iterator skips the unread scalar.
      return is_json_number(value.raw_json_token()) ? simdjson::SUCCESS : simdjson::NUMBER_ERROR;
    case od::json_type::string: return value.get_string().error();
    case od::json_type::boolean: return value.get_bool().error();
    case od::json_type::null: return value.is_null().error();
  }
  return simdjson::INCORRECT_TYPE;
}

// The end of the string token that starts with '"' at raw[0] (already validated).
std::size_t string_token_length(std::string_view raw) noexcept {
  std::size_t i = 1;
  while (i < raw.size() && raw[i] != '"') i += raw[i] == '\\' ? 2 : 1;
  return i + 1;
}

struct thread_parser {
  od::parser parser;
  std::vector<char> padded;  // the line and SIMDJSON_PADDING bytes, as simdjson requires
};

}  // namespace

core::fen_status find_string_member(std::string_view line, std::string_view key,
                                    json_string_member& out, std::string& scratch) {
  thread_local thread_parser state;
  state.padded.resize(line.size() + simdjson::SIMDJSON_PADDING);
  std::copy(line.begin(), line.end(), state.padded.begin());
  const char* const base = state.padded.data();
  const auto column = [base](const char* at) { return static_cast<std::uint32_t>(at - base + 1); };
  std::size_t first = 0;
  while (first < line.size() && (line[first] == ' ' || line[first] == '\t')) ++first;
  const core::fen_status syntax{core::fen_errc::json_syntax, static_cast<std::uint32_t>(first + 1)};

  od::document doc;
  if (state.parser.iterate(base, line.size(), state.padded.size()).get(doc)) return syntax;
  const auto syntax_here = [&] {
    const char* at = nullptr;
    if (doc.current_location().get(at) || at < base || at > base + line.size()) return syntax;
    return core::fen_status{core::fen_errc::json_syntax, column(at)};
  };
  od::json_type type{};
  if (doc.type().get(type)) return syntax_here();
  if (type != od::json_type::object) {
    return {core::fen_errc::json_not_object, static_cast<std::uint32_t>(first + 1)};
  }
  od::object object;
  if (doc.get_object().get(object)) return syntax_here();
  bool found = false;
  core::fen_status not_string{};
  for (auto member : object) {
    od::field field;
    if (std::move(member).get(field)) return syntax_here();
    std::string_view name;
    if (field.unescaped_key().get(name)) return syntax_here();
    od::value value = field.value();
    if (found || name != key) {
      if (consume(value)) return syntax_here();
      continue;
    }
    found = true;
    const std::string_view raw = value.raw_json_token();
    if (value.type().get(type)) return syntax_here();
    if (type != od::json_type::string) {
      not_string = {core::fen_errc::json_not_string, column(raw.data())};
      if (consume(value)) return syntax_here();
      continue;
    }
    std::string_view decoded;
    if (value.get_string().get(decoded)) return syntax_here();
    out.value_begin = static_cast<std::size_t>(raw.data() - base);
    out.value_end = out.value_begin + string_token_length(raw);
    const std::string_view inner =
        line.substr(out.value_begin + 1, out.value_end - out.value_begin - 2);
    out.escaped = inner != decoded;
    if (out.escaped) {
      scratch.assign(decoded);
      out.text = scratch;
    } else {
      out.text = inner;
    }
  }
  // Anything after the object: current_location() is out of bounds only at the end.
  if (const char* rest = nullptr; !doc.current_location().get(rest)) {
    return {core::fen_errc::json_syntax, column(rest)};
  }
  if (!found) return {core::fen_errc::json_missing_key, 1};
  if (!not_string.ok()) return not_string;
  return {};
}

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20) {
      out += "\\u00";
      out += hex[byte >> 4];
      out += hex[byte & 15];
    } else {
      out += c;
    }
  }
  out += '"';
}

}  // namespace fenbatch::pipeline::detail
