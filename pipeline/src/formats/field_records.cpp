#include "formats/field_records.hpp"

#include <cstring>
#include <string>
#include <string_view>

#include "fenbatch/core/line_limits.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/write.hpp"
#include "formats/csv_record.hpp"
#include "formats/json_record.hpp"
#include "formats/plain_records.hpp"

namespace fenbatch::pipeline::detail {
namespace {

bool is_blank_line(std::string_view line) noexcept {
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

// Where the position is in one record, and how to put the canonical text back.
struct located_field {
  std::size_t begin = 0;  // the raw bytes replaced, in the line
  std::size_t end = 0;
  std::string_view text;  // the position's text
  enum class quoting : std::uint8_t { none, csv, json } quote = quoting::none;
  // Columns within `text` map to the line through these (CSV quoting, JSON escapes).
  field_span csv_field;
  bool json_escaped = false;
};

class field_locator {
 public:
  explicit field_locator(const record_layout& layout) : layout_(layout) {}

  core::fen_status locate(std::string_view line, located_field& out) {
    if (layout_.format == input_format::jsonl) {
      json_string_member member;
      if (const core::fen_status s = find_string_member(line, layout_.key, member, scratch_);
          !s.ok()) {
        return s;
      }
      out = {member.value_begin, member.value_end, member.text, located_field::quoting::json, {},
             member.escaped};
      return {};
    }
    const delimited_dialect dialect =
        layout_.format == input_format::csv ? csv_dialect : tsv_dialect;
    field_span field;
    if (const core::fen_status s = find_field(line, dialect, layout_.column, field); !s.ok()) {
      return s;
    }
    out = {field.begin,
           field.end,
           field_content(line, field, scratch_),
           field.quoted ? located_field::quoting::csv : located_field::quoting::none,
           field,
           false};
    return {};
  }

  // The line's column of the text's 1-based column `column`.
  [[nodiscard]] static std::uint32_t line_column(std::string_view line, const located_field& f,
                                                 std::uint32_t column) noexcept {
    const std::size_t offset = column == 0 ? 0 : column - 1;
    switch (f.quote) {
      case located_field::quoting::none:
      case located_field::quoting::csv: return content_column(line, f.csv_field, offset);
      case located_field::quoting::json:
        // With escapes, columns of the decoded text do not map: the value's first byte.
        return static_cast<std::uint32_t>(f.begin + 1 + (f.json_escaped ? 0 : 1 + offset));
    }
    return 1;
  }

 private:
  const record_layout& layout_;
  std::string scratch_;
};

}  // namespace

struct field_records::state {
  field_locator locator;
  const line_options& lines;
  located_field field;      // of the line read last
  bool field_read = false;  // the line read last had its field read as a position
  std::string canonical;
  std::string written;

  // The line with `canonical` in the field (quoted or escaped as the field was), and a LF,
  // appended to `text`; returns the bytes appended.
  std::size_t write_back(std::string_view line, text_buffer& text) {
    written.assign(line.substr(0, field.begin));
    if (field.quote == located_field::quoting::json) {
      append_json_string(written, canonical);
    } else {
      append_field(written, canonical, field.quote == located_field::quoting::csv);
    }
    written.append(line.substr(field.end));
    written += '\n';
    text.reserve_more(written.size());
    std::memcpy(text.end(), written.data(), written.size());
    text.grow_by(written.size());
    return written.size();
  }
  // The field keeps its own form: 4 fields (EPD) stay 4, 6 stay 6, operations and payload
  // follow.
  [[nodiscard]] core::write_options field_write_options() const noexcept {
    core::write_options options = lines.write;
    options.format = core::output_format::keep;
    return options;
  }
};

std::string_view written_position(const record_layout& layout, std::string_view line,
                                  std::string& scratch) {
  if (layout.format == input_format::plain) return written_plain_position(line);
  if (layout.format == input_format::jsonl) {
    json_string_member member;
    return find_string_member(line, layout.key, member, scratch).ok() ? member.text
                                                                      : std::string_view();
  }
  field_span field;
  const delimited_dialect dialect = layout.format == input_format::csv ? csv_dialect : tsv_dialect;
  return find_field(line, dialect, layout.column, field).ok() ? field_content(line, field, scratch)
                                                              : std::string_view();
}

field_records::field_records(const record_layout& layout, const line_options& lines)
    : state_(std::make_unique<state>(state{field_locator(layout), lines, {}, false, {}, {}})) {}

field_records::~field_records() = default;

core::fen_status field_records::read(std::string_view line, core::record& rec) {
  located_field& field = state_->field;
  state_->field_read = false;
  if (is_blank_line(line)) return {core::fen_errc::skipped_blank, 0};
  if (line.size() > core::max_line_length) {
    return {core::fen_errc::line_too_long, static_cast<std::uint32_t>(core::max_line_length + 1)};
  }
  if (const core::fen_status s = state_->locator.locate(line, field); !s.ok()) return s;
  state_->field_read = true;
  core::fen_status status = core::parse_record(field.text, state_->lines.decode, rec);
  if (status.code == core::fen_errc::skipped_blank ||
      status.code == core::fen_errc::skipped_comment) {
    // Inside a record an empty or '#' field is not a line to skip: no position there.
    status = {core::fen_errc::missing_field, 1};
  }
  if (!status.ok()) status.column = field_locator::line_column(line, field, status.column);
  return status;
}

bool field_records::routes_to_ten_by_eight(std::string_view /*line*/) const noexcept {
  return state_->field_read && core::ten_by_eight::has_ten_files(state_->field.text);
}

core::fen_status field_records::read(std::string_view line, core::ten_by_eight::record& rec) {
  const located_field& field = state_->field;
  core::fen_status status = core::ten_by_eight::parse_record(field.text, state_->lines.decode, rec);
  if (!status.ok()) status.column = field_locator::line_column(line, field, status.column);
  return status;
}

std::size_t field_records::write(const core::record& rec, std::string_view line,
                                 text_buffer& text) {
  std::string& canonical = state_->canonical;
  const std::string_view field_text = state_->field.text;
  canonical.resize(core::max_written_size(field_text.size()));
  canonical.resize(
      core::write_record(rec, field_text, state_->field_write_options(), canonical.data()));
  return state_->write_back(line, text);
}

std::size_t field_records::write(const core::ten_by_eight::record& rec, std::string_view line,
                                 text_buffer& text) {
  std::string& canonical = state_->canonical;
  const std::string_view field_text = state_->field.text;
  canonical.resize(core::ten_by_eight::max_written_size(field_text.size()));
  canonical.resize(core::ten_by_eight::write_record(rec, field_text, state_->field_write_options(),
                                                    canonical.data()));
  return state_->write_back(line, text);
}

}  // namespace fenbatch::pipeline::detail
