#include "formats/csv_record.hpp"

namespace fenbatch::pipeline::detail {
namespace {

std::uint32_t column_of(std::size_t offset) noexcept {
  return static_cast<std::uint32_t>(offset + 1);
}

// The field starting at `at`: its end, or csv_syntax.
core::fen_status scan_field(std::string_view line, delimited_dialect dialect, std::size_t at,
                            field_span& out) noexcept {
  out.begin = at;
  out.quoted = dialect.quoting && at < line.size() && line[at] == '"';
  if (!out.quoted) {
    const std::size_t separator = line.find(dialect.separator, at);
    out.end = separator == std::string_view::npos ? line.size() : separator;
    return {};
  }
  std::size_t i = at + 1;
  for (;;) {
    const std::size_t quote = line.find('"', i);
    if (quote == std::string_view::npos) return {core::fen_errc::csv_syntax, column_of(at)};
    if (quote + 1 < line.size() && line[quote + 1] == '"') {
      i = quote + 2;
      continue;
    }
    out.end = quote + 1;
    if (out.end != line.size() && line[out.end] != dialect.separator) {
      return {core::fen_errc::csv_syntax, column_of(out.end)};
    }
    return {};
  }
}

}  // namespace

core::fen_status find_field(std::string_view line, delimited_dialect dialect, std::size_t index,
                            field_span& out) noexcept {
  field_span field;
  std::size_t at = 0;
  bool found = false;
  for (std::size_t i = 0;; ++i) {
    if (const core::fen_status s = scan_field(line, dialect, at, field); !s.ok()) return s;
    if (i == index) {
      out = field;
      found = true;
    }
    if (field.end == line.size()) break;
    at = field.end + 1;
  }
  if (!found) return {core::fen_errc::missing_field, column_of(line.size())};
  return {};
}

std::string_view field_content(std::string_view line, const field_span& field,
                               std::string& scratch) {
  if (!field.quoted) return line.substr(field.begin, field.end - field.begin);
  const std::string_view inner = line.substr(field.begin + 1, field.end - field.begin - 2);
  if (inner.find('"') == std::string_view::npos) return inner;
  scratch.clear();
  for (std::size_t i = 0; i < inner.size(); ++i) {
    scratch += inner[i];
    if (inner[i] == '"') ++i;  // the second of a doubled quote
  }
  return scratch;
}

std::uint32_t content_column(std::string_view line, const field_span& field,
                             std::size_t offset) noexcept {
  if (!field.quoted) return column_of(field.begin + offset);
  std::size_t raw = field.begin + 1;
  for (std::size_t i = 0; i < offset && raw < field.end; ++i) raw += line[raw] == '"' ? 2 : 1;
  return column_of(raw);
}

void append_field(std::string& out, std::string_view text, bool quoted) {
  if (!quoted) {
    out += text;
    return;
  }
  out += '"';
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

std::vector<std::string> header_names(std::string_view line, delimited_dialect dialect,
                                      core::fen_status& error) {
  std::vector<std::string> names;
  std::string scratch;
  std::size_t at = 0;
  for (;;) {
    field_span field;
    if (const core::fen_status s = scan_field(line, dialect, at, field); !s.ok()) {
      error = s;
      return {};
    }
    names.emplace_back(field_content(line, field, scratch));
    if (field.end == line.size()) return names;
    at = field.end + 1;
  }
}

}  // namespace fenbatch::pipeline::detail
