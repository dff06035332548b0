// INTERIM (issue 29, helper M): the part of record_fields.hpp that --apply-moves and
// --check-move need until WF's formats/record_fields.cpp is merged; the lead deletes this file
// then. CSV/TSV columns by 1-based number or by layout.column_names (exact, then any case),
// and the `|`-separated payload columns of FEN lines; nothing more.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "formats/csv_record.hpp"
#include "formats/record_fields.hpp"

namespace fenbatch::pipeline::detail {
namespace {

std::optional<std::size_t> column_number(std::string_view name) {
  std::size_t number = 0;
  const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), number);
  if (error != std::errc{} || end != name.data() + name.size() || number == 0) return std::nullopt;
  return number - 1;
}

bool same_any_case(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

field_value text_value(std::string_view text) {
  return {field_value::kind::string, 0, text};
}

field_value payload_column(std::string_view payload, std::size_t index) {
  if (payload.empty()) return {};
  std::size_t begin = 0;
  std::size_t bar = payload.find('|');
  if (bar != std::string_view::npos && trimmed(payload.substr(0, bar)).empty()) begin = bar + 1;
  for (std::size_t i = 0;; ++i) {
    bar = payload.find('|', begin);
    const std::string_view part =
        payload.substr(begin, bar == std::string_view::npos ? std::string_view::npos : bar - begin);
    if (i == index) return text_value(trimmed(part));
    if (bar == std::string_view::npos) return {};
    begin = bar + 1;
  }
}

}  // namespace

std::optional<field_ref> resolve_field(std::string_view name, const record_layout* layout) {
  const std::optional<std::size_t> number = column_number(name);
  if (layout == nullptr) {
    if (number) return field_ref{field_ref::where::payload_column, *number, {}};
    return field_ref{field_ref::where::epd_operation, 0, std::string(name)};
  }
  if (layout->format != input_format::csv && layout->format != input_format::tsv) {
    return std::nullopt;
  }
  const auto& names = layout->column_names;
  auto found = std::find(names.begin(), names.end(), name);
  if (found == names.end()) {
    found = std::find_if(names.begin(), names.end(),
                         [name](const std::string& n) { return same_any_case(n, name); });
  }
  if (found != names.end()) {
    return field_ref{field_ref::where::column, static_cast<std::size_t>(found - names.begin()), {}};
  }
  if (number && (names.empty() || *number < names.size())) {
    return field_ref{field_ref::where::column, *number, {}};
  }
  return std::nullopt;
}

field_value read_field(const field_ref& ref, const record_view& record, std::string& scratch) {
  switch (ref.kind) {
    case field_ref::where::column: {
      if (record.layout == nullptr) return {};
      const delimited_dialect dialect =
          record.layout->format == input_format::tsv ? tsv_dialect : csv_dialect;
      field_span span;
      if (!find_field(record.text, dialect, ref.index, span).ok()) return {};
      return text_value(field_content(record.text, span, scratch));
    }
    case field_ref::where::payload_column: return payload_column(record.payload, ref.index);
    case field_ref::where::json_path:
    case field_ref::where::plain_key:
    case field_ref::where::epd_operation: break;
  }
  return {};
}

}  // namespace fenbatch::pipeline::detail
