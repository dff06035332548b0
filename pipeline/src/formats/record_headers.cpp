#include "formats/record_headers.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>

#include "base/signals.hpp"
#include "chunks/chunk.hpp"
#include "chunks/line_places.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "formats/csv_record.hpp"
#include "formats/record_fields.hpp"

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

// A column number as typed (all digits), saturated far beyond any line's width.
std::size_t column_number(std::string_view digits) noexcept {
  std::size_t n = 0;
  for (const char c : digits) {
    n = std::min<std::size_t>(n * 10 + static_cast<std::size_t>(c - '0'), 1U << 20);
  }
  return n;
}

// The 0-based column that `wanted` names (a 1-based number, a name exactly, else a name in
// any case; empty: "fen" in any case); names.size() when none.
std::size_t column_named(const std::vector<std::string>& names, std::string_view wanted) {
  if (all_digits(wanted)) {
    const std::size_t n = column_number(wanted);
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

// "named fen" (the default), or "'NAME'" / "'N'" as --fen-field gave it.
std::string column_label(const std::string& fen_field) {
  if (fen_field.empty()) return "named fen";
  std::string label(1, '\'');
  return label.append(fen_field).append(1, '\'');
}

delimited_dialect dialect_of(input_format format) noexcept {
  return format == input_format::csv ? csv_dialect : tsv_dialect;
}

bool is_csv_or_tsv(input_format format) noexcept {
  return format == input_format::csv || format == input_format::tsv;
}

// --header auto with --fen-field N: line 1 is a record when its column N reads as a position.
header_decision detect_header(std::string_view first_line, input_format format,
                              std::size_t number) {
  core::fen_status error;
  const std::vector<std::string> fields = header_names(first_line, dialect_of(format), error);
  std::string why;
  if (!error.ok()) {
    why.append("line 1 is not well-formed ").append(to_string(format)).append(", so not a header");
    return {false, why};
  }
  const std::string column = std::to_string(number);
  if (number < 1 || number > fields.size()) {
    why.append("line 1 has no column ").append(column);
    return {true, why};
  }
  const bool position = reads_as_position(fields[number - 1]);
  why.append("column ").append(column).append(" of line 1 ");
  why.append(position ? "reads as a position" : "does not read as a position");
  return {!position, why};
}

// A header without the position's column: the usual refusal, with a hint when line 1 looks
// like a record (a headerless file read by the column's default name).
[[noreturn]] void refuse_header_without(std::string_view header, input_format format,
                                        const std::string& fen_field, const std::string& name) {
  std::string what = name;
  what.append(": the header has no column ");
  what.append(column_label(fen_field));
  core::fen_status error;
  const std::vector<std::string> fields = header_names(header, dialect_of(format), error);
  const auto position = std::find_if(fields.begin(), fields.end(),
                                     [](const std::string& f) { return reads_as_position(f); });
  if (position == fields.end()) {
    what.append(" (give --fen-field NAME or N)");
  } else {
    const std::string column = std::to_string(position - fields.begin() + 1);
    what.append(", and its column ").append(column);
    what.append(" reads as a position: a file without a header? (give --fen-field ");
    what.append(column).append(", or --header no with --columns)");
  }
  throw config_error(what);
}

}  // namespace

bool reads_as_position(std::string_view field) noexcept {
  const std::size_t begin = field.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return false;
  field.remove_prefix(begin);
  field = field.substr(0, field.find_first_of(" \t\r"));
  int ranks = 1;
  bool rank_empty = true;
  for (const char c : field) {
    if (c == '/') {
      if (rank_empty) return false;
      ++ranks;
      rank_empty = true;
    } else if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      rank_empty = false;
    } else {
      return false;
    }
  }
  return ranks == 8 && !rank_empty;
}

header_decision decide_header(std::string_view first_line, input_format format,
                              const line_options& lines) {
  switch (lines.header) {
    case header_mode::yes: return {true, {}};
    case header_mode::no: return {false, {}};
    case header_mode::automatic: break;
  }
  if (!lines.columns.empty()) return {false, {}};
  if (!all_digits(lines.fen_field)) return {true, {}};
  return detect_header(first_line, format, column_number(lines.fen_field));
}

std::string first_header_text(std::string_view first_line, input_format format,
                              const line_options& lines) {
  return decide_header(first_line, format, lines).is_header ? std::string(first_line)
                                                            : std::string(no_header_mark);
}

record_headers::record_headers(const std::vector<std::string>& inputs, const line_options& lines,
                               std::function<void(std::string_view)> notice)
    : notice_(std::move(notice)) {
  options_.fen_field = lines.fen_field;
  options_.header = lines.header;
  options_.columns = lines.columns;
  options_.where_fields = lines.where_fields;
  options_.moves = lines.moves;
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
    layouts_[i].key = lines.fen_field.empty() ? std::string("fen") : lines.fen_field;
  }
}

void record_headers::assume_first_header(std::string header, std::string file) {
  first_ = header == no_header_mark ? first_input::headerless : first_input::headed;
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
  if (!first_chunk || !is_csv_or_tsv(format)) return;

  core::line_splitter lines(c.input.data);
  core::line_span first;
  if (!lines.next(first)) return;
  const std::string name = display_name(inputs.name(file));
  const header_decision decision = decide_header(first.text, format, options_);
  if (!decision.why.empty() && notice_) {
    std::string note(program_name());
    note.append(": note: ").append(name);
    note.append(decision.is_header ? ": line 1 is the header (" : ": no header (");
    note.append(decision.why).append(")");
    notice_(note);
  }
  hold_to_first(decision.is_header, first.text, name, c);
  c.starts_with_header = decision.is_header;
  resolve_column(file, decision.is_header ? std::optional(first.text) : std::nullopt, name);
}

// Inputs are joined into one output with one header or none: the first input decides, the
// others follow (and a later header must repeat the first byte for byte).
void record_headers::hold_to_first(bool is_header, std::string_view line, const std::string& name,
                                   chunk& c) {
  if (first_ == first_input::unread) {
    first_ = is_header ? first_input::headed : first_input::headerless;
    first_header_file_ = name;
    if (is_header) {
      first_header_ = line;
      c.header_to_write = line;
    }
    return;
  }
  if ((first_ == first_input::headed) != is_header) {
    throw config_error(name + (is_header ? " has a header and " : " has no header and ") +
                       first_header_file_ + (is_header ? " has none" : " has one") +
                       " (inputs are joined into one output, with one header or none; say "
                       "which with --header)");
  }
  if (is_header && line != first_header_) {
    throw config_error(name + ": its header differs from the header of " + first_header_file_ +
                       " (inputs are joined into one output with one header)");
  }
}

// The file's column names (--columns, else its header's) and the position's column among them.
void record_headers::resolve_column(std::uint32_t file, std::optional<std::string_view> header,
                                    const std::string& name) {
  const input_format format = formats_[file];
  record_layout& layout = layouts_[file];
  layout.column_names = options_.columns;
  if (header && layout.column_names.empty()) {
    core::fen_status error;
    layout.column_names = header_names(*header, dialect_of(format), error);
    if (!error.ok()) {
      throw config_error(name + ":1:" + std::to_string(error.column) + ": the header is not a " +
                         std::string(to_string(format)) + " record");
    }
  }
  require_fields(options_.where_fields, layout, name);
  // The moves' fields likewise: a typo would make every record move_syntax.
  if (!options_.moves.apply.field.empty()) {
    require_fields({options_.moves.apply.field}, layout, name, "the moves to apply are in ");
  }
  if (!options_.moves.check_field.empty()) {
    require_fields({options_.moves.check_field}, layout, name, "--check-move reads ");
  }
  const std::string& wanted = options_.fen_field;
  if (!header && all_digits(wanted) && column_number(wanted) >= 1) {
    layout.column = column_number(wanted) - 1;  // records without it are rejected, each
    return;
  }
  layout.column = column_named(layout.column_names, wanted);
  if (layout.column < layout.column_names.size()) return;
  if (header && options_.columns.empty()) refuse_header_without(*header, format, wanted, name);
  std::string what = name;
  if (options_.columns.empty()) {
    what.append(": no header to find the column ");
    what.append(column_label(wanted));
    what.append(" in (give --fen-field N, or name the columns with --columns)");
  } else {
    what.append(": --columns has no column ");
    what.append(column_label(wanted));
    what.append(" (give --fen-field NAME or N)");
  }
  throw config_error(what);
}

}  // namespace fenbatch::pipeline::detail
