// INTERIM (issue 29, helper K): the part of formats/record_fields.hpp that --keep max/min needs
// until WF's formats/record_fields.cpp is merged (the lead deletes this file then): CSV/TSV
// columns by 1-based number or header name, and on FEN lines the `|`-separated payload columns
// `$N`. Every other field reads as missing.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>

#include "formats/csv_record.hpp"
#include "formats/record_fields.hpp"

namespace fenbatch::pipeline::detail {
namespace {

[[nodiscard]] std::optional<std::size_t> column_number(std::string_view name) {
  std::size_t n = 0;
  const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), n);
  if (error != std::errc() || end != name.data() + name.size() || n == 0) return std::nullopt;
  return n - 1;
}

[[nodiscard]] bool same_in_any_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

[[nodiscard]] std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// An integer or a decimal with an optional sign, nothing else.
[[nodiscard]] field_value value_of(std::string_view text) {
  field_value value{field_value::kind::string, 0, text};
  std::string_view digits = text;
  if (!digits.empty() && (digits.front() == '+' || digits.front() == '-')) digits.remove_prefix(1);
  const std::size_t point = digits.find('.');
  const std::string_view whole = digits.substr(0, point);
  const std::string_view fraction =
      point == std::string_view::npos ? std::string_view() : digits.substr(point + 1);
  const auto all_digits = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (whole.empty() || !all_digits(whole) || !all_digits(fraction) ||
      (point != std::string_view::npos && fraction.empty())) {
    return value;
  }
  double number = 0;
  const char* begin = digits.data();
  const auto [end, error] = std::from_chars(begin, digits.data() + digits.size(), number);
  if (error != std::errc() || end != digits.data() + digits.size()) return value;
  value.type = field_value::kind::number;
  value.number = text.front() == '-' ? -number : number;
  return value;
}

[[nodiscard]] field_value payload_column(std::string_view payload, std::size_t index) {
  std::size_t start = 0;
  if (const std::size_t bar = payload.find('|');
      bar != std::string_view::npos && trimmed(payload.substr(0, bar)).empty()) {
    start = bar + 1;  // an empty leading part does not count
  }
  for (std::size_t n = 0;; ++n) {
    const std::size_t bar = payload.find('|', start);
    if (n == index) {
      return value_of(trimmed(payload.substr(
          start, bar == std::string_view::npos ? std::string_view::npos : bar - start)));
    }
    if (bar == std::string_view::npos) return {};
    start = bar + 1;
  }
}

}  // namespace

std::optional<field_ref> resolve_field(std::string_view name, const record_layout* layout) {
  const std::optional<std::size_t> number = column_number(name);
  if (layout == nullptr) {
    if (number) return field_ref{field_ref::where::payload_column, *number, {}};
    return field_ref{field_ref::where::epd_operation, 0, std::string(name)};
  }
  if (layout->format == input_format::jsonl) {
    return field_ref{field_ref::where::json_path, 0, std::string(name)};
  }
  if (number) return field_ref{field_ref::where::column, *number, {}};
  const std::vector<std::string>& names = layout->column_names;
  auto found = std::find(names.begin(), names.end(), name);
  if (found == names.end()) {
    found = std::find_if(names.begin(), names.end(),
                         [&](const std::string& n) { return same_in_any_case(n, name); });
  }
  if (found == names.end()) return std::nullopt;
  return field_ref{field_ref::where::column, static_cast<std::size_t>(found - names.begin()), {}};
}

field_value read_field(const field_ref& ref, const record_view& record, std::string& scratch) {
  if (ref.kind == field_ref::where::payload_column)
    return payload_column(record.payload, ref.index);
  if (ref.kind != field_ref::where::column || record.layout == nullptr) return {};
  const delimited_dialect dialect =
      record.layout->format == input_format::tsv ? tsv_dialect : csv_dialect;
  field_span span;
  if (!find_field(record.text, dialect, ref.index, span).ok()) return {};
  return value_of(trimmed(field_content(record.text, span, scratch)));
}

}  // namespace fenbatch::pipeline::detail
