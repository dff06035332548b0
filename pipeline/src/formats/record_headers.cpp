#include "formats/record_headers.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>

#include "chunks/chunk.hpp"
#include "chunks/line_places.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "formats/csv_record.hpp"

namespace fenbatch::pipeline::detail {
namespace {

bool equal_ignoring_case(std::string_view a, std::string_view b) noexcept {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  });
}

bool all_digits(std::string_view text) noexcept {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The 0-based column that `wanted` names (a 1-based number, a name exactly, else a name in
// any case; empty: "fen" in any case); names.size() when none.
std::size_t resolve_column(const std::vector<std::string>& names, std::string_view wanted) {
  if (all_digits(wanted)) {
    std::size_t n = 0;
    for (const char c : wanted)
      n = std::min<std::size_t>(n * 10 + static_cast<std::size_t>(c - '0'), 1U << 20);
    return n >= 1 && n <= names.size() ? n - 1 : names.size();
  }
  const std::string_view name = wanted.empty() ? std::string_view("fen") : wanted;
  if (!wanted.empty()) {
    if (auto it = std::find(names.begin(), names.end(), name); it != names.end()) {
      return static_cast<std::size_t>(it - names.begin());
    }
  }
  const auto it = std::find_if(names.begin(), names.end(), [name](const std::string& n) {
    return equal_ignoring_case(n, name);
  });
  return static_cast<std::size_t>(it - names.begin());
}

}  // namespace

record_headers::record_headers(const std::vector<std::string>& inputs, const line_options& lines)
    : fen_field_(lines.fen_field) {
  for (const std::string& path : inputs) {
    formats_.push_back(lines.format ? *lines.format : infer_input_format(path));
  }
  for (std::size_t i = 1; i < formats_.size(); ++i) {
    if (formats_[i] != formats_[0]) {
      throw config_error("inputs have different formats (" + display_name(inputs[0]) + " is " +
                         std::string(to_string(formats_[0])) + ", " + display_name(inputs[i]) +
                         " is " + std::string(to_string(formats_[i])) + "); give --input-format");
    }
  }
  layouts_.resize(formats_.size());
  for (std::size_t i = 0; i < formats_.size(); ++i) {
    layouts_[i].format = formats_[i];
    layouts_[i].key = fen_field_.empty() ? std::string("fen") : fen_field_;
  }
}

void record_headers::assume_first_header(std::string header, std::string file) {
  have_header_ = true;
  first_header_ = std::move(header);
  first_header_file_ = display_name(file);
}

void record_headers::prepare(chunk& c, const input_reader& inputs) {
  const std::uint32_t file = c.input.file_index;
  const input_format format = formats_[file];
  c.layout = format == input_format::fen ? nullptr : &layouts_[file];
  c.starts_with_header = false;
  c.header_to_write = {};
  const bool first_chunk = file != current_file_;
  current_file_ = file;
  if (!first_chunk || (format != input_format::csv && format != input_format::tsv)) return;

  core::line_splitter lines(c.input.data);
  core::line_span header;
  if (!lines.next(header)) return;
  c.starts_with_header = true;
  const std::string name = display_name(inputs.name(file));
  if (have_header_) {
    if (header.text != first_header_) {
      throw config_error(name + ": its header differs from the header of " + first_header_file_ +
                         " (inputs are joined into one output with one header)");
    }
  } else {
    have_header_ = true;
    first_header_ = header.text;
    first_header_file_ = name;
    c.header_to_write = header.text;
  }
  core::fen_status error;
  const std::vector<std::string> names =
      header_names(header.text, format == input_format::csv ? csv_dialect : tsv_dialect, error);
  if (!error.ok()) {
    throw config_error(name + ":1:" + std::to_string(error.column) + ": the header is not a " +
                       std::string(to_string(format)) + " record");
  }
  layouts_[file].column = resolve_column(names, fen_field_);
  layouts_[file].column_names = names;
  if (layouts_[file].column == names.size()) {
    throw config_error(name + ": the header has no column " +
                       (fen_field_.empty() ? std::string("named fen") : "'" + fen_field_ + "'") +
                       " (give --fen-field NAME or N)");
  }
}

}  // namespace fenbatch::pipeline::detail
