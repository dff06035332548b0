// Fields of a record by name (record_fields.hpp): resolved once per input layout, read per
// record from the record's text.
#include "formats/record_fields.hpp"

#include <simdjson.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "fenbatch/pipeline/config_error.hpp"
#include "formats/csv_record.hpp"

namespace fenbatch::pipeline::detail {
namespace {

namespace od = simdjson::ondemand;

bool is_blank(char c) noexcept {
  return c == ' ' || c == '\t';
}

std::string_view trimmed(std::string_view s) noexcept {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && (is_blank(s.back()) || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// A 1-based column number as written ("2"), or 0 when `name` is not one (or is absurdly large).
std::size_t column_number(std::string_view name) noexcept {
  if (name.empty() || name.size() > 9) return 0;
  std::size_t n = 0;
  for (const char c : name) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + static_cast<std::size_t>(c - '0');
  }
  return n;
}

char lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool same_in_any_case(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                            [](char x, char y) { return lower(x) == lower(y); });
}

// A CSV/TSV column: by 1-based number (within the header's width when there is a header), or
// by name exactly, else in any case (as --fen-field).
std::optional<field_ref> resolve_column(std::string_view name, const record_layout& layout) {
  const std::vector<std::string>& names = layout.column_names;
  field_ref ref;
  ref.kind = field_ref::where::column;
  if (const std::size_t n = column_number(name); n != 0) {
    if (!names.empty() && n > names.size()) return std::nullopt;
    ref.index = n - 1;
    return ref;
  }
  auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) {
    it = std::find_if(names.begin(), names.end(),
                      [name](const std::string& n) { return same_in_any_case(n, name); });
  }
  if (it == names.end()) return std::nullopt;
  ref.index = static_cast<std::size_t>(it - names.begin());
  return ref;
}

field_value text_value(std::string_view text) noexcept {
  return core::read_where_field(text);
}

// Field `index` of a CSV/TSV record, nullopt past its last field. Lighter than find_field,
// which checks the whole record's syntax: fields are read from records the reader accepted. In
// a malformed record (a quote left open, bytes after a closing quote) it still stays within
// the line.
std::optional<field_span> locate_field(std::string_view line, delimited_dialect dialect,
                                       std::size_t index) noexcept {
  std::size_t at = 0;
  for (std::size_t field = 0;; ++field) {
    field_span span{at, at, false};
    std::size_t after = at;  // where the separator is looked for
    if (dialect.quoting && at < line.size() && line[at] == '"') {
      std::size_t close = line.find('"', at + 1);
      while (close != std::string_view::npos && close + 1 < line.size() && line[close + 1] == '"') {
        close = line.find('"', close + 2);
      }
      span.quoted = close != std::string_view::npos;
      after = span.quoted ? close + 1 : line.size();
    }
    const std::size_t separator = line.find(dialect.separator, after);
    span.end = span.quoted ? after : std::min(separator, line.size());
    if (field == index) return span;
    if (separator == std::string_view::npos) return std::nullopt;
    at = separator + 1;
  }
}

field_value read_column(const field_ref& ref, const record_view& record, std::string& scratch) {
  return read_column_value(ref.index, record.text, record.layout->format, scratch);
}

// The payload's columns: split at '|', trimmed; an empty part before the first '|' is none,
// and a line without a payload has none.
field_value read_payload_column(std::size_t index, std::string_view payload) {
  if (trimmed(payload).empty()) return {};  // no payload: no columns
  std::size_t at = 0;
  std::size_t column = 0;
  bool first = true;
  for (;;) {
    const std::size_t bar = payload.find('|', at);
    const std::string_view part =
        trimmed(payload.substr(at, bar == std::string_view::npos ? bar : bar - at));
    const bool counted = !(first && part.empty() && bar != std::string_view::npos);
    first = false;
    if (counted) {
      if (column == index) return text_value(part);
      ++column;
    }
    if (bar == std::string_view::npos) return {};
    at = bar + 1;
  }
}

// One quoted EPD operand's text, \" and \\ read as " and \.
std::string_view unquoted(std::string_view quoted, std::string& scratch) {
  const std::string_view inner = quoted.substr(1, quoted.size() - 2);
  if (inner.find('\\') == std::string_view::npos) return inner;
  scratch.clear();
  for (std::size_t i = 0; i < inner.size(); ++i) {
    if (inner[i] == '\\' && i + 1 < inner.size() && (inner[i + 1] == '"' || inner[i + 1] == '\\')) {
      ++i;
    }
    scratch.push_back(inner[i]);
  }
  return scratch;
}

// Whether the operands are one quoted string (its closing quote the last byte).
bool is_one_string(std::string_view operands) noexcept {
  if (operands.size() < 2 || operands.front() != '"') return false;
  std::size_t i = 1;
  while (i < operands.size() && operands[i] != '"') i += operands[i] == '\\' ? 2 : 1;
  return i == operands.size() - 1;
}

// The operands of the first EPD operation `opcode` in `operations` (validated by the decoder:
// "opcode operands;" each, quoted strings may hold ';').
field_value read_operation(std::string_view opcode, std::string_view operations,
                           std::string& scratch) {
  std::size_t at = 0;
  while (at < operations.size()) {
    while (at < operations.size() && is_blank(operations[at])) ++at;
    const std::size_t name_begin = at;
    while (at < operations.size() && !is_blank(operations[at]) && operations[at] != ';') ++at;
    const std::string_view name = operations.substr(name_begin, at - name_begin);
    const std::size_t operands_begin = at;
    bool quoted = false;
    for (; at < operations.size() && (quoted || operations[at] != ';'); ++at) {
      if (operations[at] == '\\' && quoted) {
        ++at;
      } else if (operations[at] == '"') {
        quoted = !quoted;
      }
    }
    const std::string_view operands = trimmed(
        operations.substr(operands_begin, std::min(at, operations.size()) - operands_begin));
    ++at;  // the ';'
    if (name.empty() || name != opcode) continue;
    return text_value(is_one_string(operands) ? unquoted(operands, scratch) : operands);
  }
  return {};
}

// A JSON path part that indexes an array: digits ("0", "12").
std::optional<std::size_t> array_index(std::string_view part) noexcept {
  if (part == "0") return 0;
  if (part.front() == '0') return std::nullopt;
  const std::size_t n = column_number(part);
  return n != 0 ? std::optional<std::size_t>(n) : std::nullopt;
}

struct thread_parser {
  od::parser parser;
  std::vector<char> padded;
};

// A JSON value as a field: a string's text, a number's token, true/false; missing otherwise.
field_value json_scalar(od::value value, std::string& scratch) {
  od::json_type type{};
  if (value.type().get(type)) return {};
  switch (type) {
    case od::json_type::string: {
      std::string_view text;
      if (value.get_string().get(text)) return {};
      scratch.assign(text);
      return text_value(scratch);
    }
    case od::json_type::number:
    case od::json_type::boolean: {
      scratch.assign(trimmed(value.raw_json_token()));
      while (!scratch.empty() && (scratch.back() == '\n' || scratch.back() == '\r')) {
        scratch.pop_back();
      }
      return text_value(scratch);
    }
    default: return {};
  }
}

// The value at a dotted path: each part a member name, or an index into an array.
field_value read_json_path(std::string_view path, std::string_view line, std::string& scratch) {
  thread_local thread_parser state;
  state.padded.resize(line.size() + simdjson::SIMDJSON_PADDING);
  std::copy(line.begin(), line.end(), state.padded.begin());
  od::document doc;
  if (state.parser.iterate(state.padded.data(), line.size(), state.padded.size()).get(doc)) {
    return {};
  }
  od::value value;
  if (doc.get_value().get(value)) return {};
  std::string_view rest = path;
  for (;;) {
    const std::size_t dot = rest.find('.');
    const std::string_view part = rest.substr(0, dot);
    od::json_type type{};
    if (value.type().get(type)) return {};
    od::value next;
    if (type == od::json_type::object) {
      od::object object;
      if (value.get_object().get(object) || object.find_field_unordered(part).get(next)) return {};
    } else if (const std::optional<std::size_t> index = array_index(part);
               type == od::json_type::array && index) {
      od::array array;
      if (value.get_array().get(array) || array.at(*index).get(next)) return {};
    } else {
      return {};
    }
    value = next;
    if (dot == std::string_view::npos) return json_scalar(value, scratch);
    rest.remove_prefix(dot + 1);
  }
}

}  // namespace

field_value read_column_value(std::size_t index, std::string_view line, input_format format,
                              std::string& scratch) {
  const delimited_dialect dialect = format == input_format::tsv ? tsv_dialect : csv_dialect;
  const std::optional<field_span> span = locate_field(line, dialect, index);
  if (!span) return {};
  // An unquoted column is its bytes: no call out for the common case.
  if (!span->quoted) return text_value(line.substr(span->begin, span->end - span->begin));
  return text_value(field_content(line, *span, scratch));
}

std::optional<std::string_view> plain_key_value(std::string_view text,
                                                std::string_view key) noexcept {
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > key.size() && line.substr(0, key.size()) == key && line[key.size()] == ' ') {
      return line.substr(key.size() + 1);
    }
    if (line == key) return std::string_view();
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return std::nullopt;
}

void require_fields(const std::vector<std::string>& names, const record_layout& layout,
                    std::string_view file, std::string_view reader) {
  for (const std::string& name : names) {
    if (resolve_field(name, &layout)) continue;
    std::string message(file);
    message.append(": ");
    message.append(reader);
    message.append(name);
    if (layout.column_names.empty()) {
      message.append(", but the file has no header to name its columns (give a column number)");
    } else {
      message.append(", but its header has no such column (");
      message.append(std::to_string(layout.column_names.size()));
      message.append(" columns)");
    }
    throw config_error(message);
  }
}

std::optional<field_ref> resolve_field(std::string_view name, const record_layout* layout) {
  field_ref ref;
  ref.path = name;
  if (layout == nullptr) {
    if (const std::size_t n = column_number(name); n != 0) {
      ref.kind = field_ref::where::payload_column;
      ref.index = n - 1;
    } else {
      ref.kind = field_ref::where::epd_operation;
    }
    return ref;
  }
  switch (layout->format) {
    case input_format::csv:
    case input_format::tsv: return resolve_column(name, *layout);
    case input_format::jsonl: ref.kind = field_ref::where::json_path; return ref;
    case input_format::fen: break;
    default: ref.kind = field_ref::where::plain_key; return ref;  // .plain (issue 29, P)
  }
  return resolve_field(name, nullptr);
}

field_value read_field(const field_ref& ref, const record_view& record, std::string& scratch) {
  switch (ref.kind) {
    case field_ref::where::column:
      if (record.layout == nullptr) return {};
      return read_column(ref, record, scratch);
    case field_ref::where::json_path: return read_json_path(ref.path, record.text, scratch);
    case field_ref::where::plain_key: {
      const std::optional<std::string_view> value = plain_key_value(record.text, ref.path);
      return value ? text_value(*value) : field_value{};
    }
    case field_ref::where::epd_operation:
      return read_operation(ref.path, record.operations, scratch);
    case field_ref::where::payload_column: return read_payload_column(ref.index, record.payload);
  }
  return {};
}

}  // namespace fenbatch::pipeline::detail
