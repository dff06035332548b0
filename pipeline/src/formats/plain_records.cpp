#include "formats/plain_records.hpp"

#include <array>
#include <cstring>

#include "fenbatch/core/ten_by_eight/write.hpp"
#include "fenbatch/core/write.hpp"
#include "formats/field_records.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// Calls visit(line) for each line of a record's text, without its CR, in order.
template <class Visit>
void for_each_line(std::string_view text, Visit&& visit) {
  for (;;) {
    const std::size_t lf = text.find('\n');
    std::string_view line = text.substr(0, lf);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    visit(line);
    if (lf == std::string_view::npos) return;
    text.remove_prefix(lf + 1);
  }
}

constexpr std::string_view fen_key = "fen";
constexpr std::uint32_t line_separator_width = 3;  // " | " in the record on one line

// The record's lines with `fen`'s value replaced by what write_fen(value, out) writes there
// (returning the bytes written), each line ended by a LF; returns the bytes appended.
template <class WriteFen>
std::size_t write_lines(std::string_view record, std::string_view fen, std::size_t fen_room,
                        text_buffer& text, WriteFen&& write_fen) {
  text.reserve_more(record.size() + fen_room + 2);
  char* const start = text.end();
  char* out = start;
  for_each_line(record, [&](std::string_view line) {
    if (fen.data() > line.data() && fen.data() <= line.data() + line.size()) {
      const auto prefix = static_cast<std::size_t>(fen.data() - line.data());
      std::memcpy(out, line.data(), prefix);
      out += prefix;
      out += write_fen(out);
    } else {
      std::memcpy(out, line.data(), line.size());
      out += line.size();
    }
    *out++ = '\n';
  });
  const auto length = static_cast<std::size_t>(out - start);
  text.grow_by(length);
  return length;
}

}  // namespace

bool is_plain_record_line(std::string_view line) noexcept {
  const std::size_t space = line.find(' ');
  return line == "e" || (space != 0 && space != std::string_view::npos);
}

plain_records::plain_records(const line_options& lines) : lines_(lines) {}

core::fen_status plain_records::read_shape(std::string_view record) noexcept {
  shape_ok_ = false;
  fen_ = {};
  std::array<std::string_view, max_plain_record_lines> keys;
  std::size_t key_count = 0;
  std::uint32_t column = 1;  // of the line's start, in the record on one line
  core::fen_status status;
  for_each_line(record, [&](std::string_view line) {
    if (!status.ok() || line == "e") return;
    const std::size_t space = line.find(' ');
    if (space == 0 || space == std::string_view::npos) {
      status = {core::fen_errc::plain_bad_line, column};
      return;
    }
    const std::string_view key = line.substr(0, space);
    for (std::size_t i = 0; i < key_count; ++i) {
      if (keys[i] == key) {
        status = {core::fen_errc::plain_repeated_key, column};
        return;
      }
    }
    if (key_count == keys.size()) {
      status = {core::fen_errc::plain_unterminated, column};
      return;
    }
    keys[key_count++] = key;
    if (key == fen_key) {
      fen_ = line.substr(space + 1);
      fen_column_ = column + static_cast<std::uint32_t>(space) + 1;
    }
    column += static_cast<std::uint32_t>(line.size()) + line_separator_width;
  });
  if (!status.ok()) return status;
  if (fen_.data() == nullptr) return {core::fen_errc::plain_no_fen, 1};
  shape_ok_ = true;
  return {};
}

namespace {

// parse_record's verdict on the `fen` value, its column made the record's.
core::fen_status in_record(core::fen_status status, std::uint32_t fen_column) noexcept {
  if (status.code == core::fen_errc::skipped_blank ||
      status.code == core::fen_errc::skipped_comment) {
    return {core::fen_errc::plain_no_fen, fen_column};  // `fen` with no position
  }
  if (!status.ok()) status.column = fen_column + (status.column > 0 ? status.column - 1 : 0);
  return status;
}

}  // namespace

core::fen_status plain_records::read(std::string_view record, core::record& rec) {
  if (const core::fen_status shape = read_shape(record); !shape.ok()) return shape;
  return in_record(core::parse_record(fen_, lines_.decode, rec), fen_column_);
}

std::size_t plain_records::write(const core::record& rec, std::string_view record,
                                 text_buffer& text) {
  core::write_options options = lines_.write;
  options.format = core::output_format::fen;
  return write_lines(record, fen_, core::max_written_size(fen_.size()), text,
                     [&](char* out) { return core::write_record(rec, fen_, options, out); });
}

bool plain_records::routes_to_ten_by_eight(std::string_view /*record*/) const noexcept {
  return shape_ok_ && core::ten_by_eight::has_ten_files(fen_);
}

core::fen_status plain_records::read(std::string_view record, core::ten_by_eight::record& rec) {
  if (const core::fen_status shape = read_shape(record); !shape.ok()) return shape;
  return in_record(core::ten_by_eight::parse_record(fen_, lines_.decode, rec), fen_column_);
}

std::size_t plain_records::write(const core::ten_by_eight::record& rec, std::string_view record,
                                 text_buffer& text) {
  core::write_options options = lines_.write;
  options.format = core::output_format::fen;
  return write_lines(
      record, fen_, core::ten_by_eight::max_written_size(fen_.size()), text,
      [&](char* out) { return core::ten_by_eight::write_record(rec, fen_, options, out); });
}

std::string_view record_on_one_line(std::string_view text, std::string& scratch) {
  if (text.find('\n') == std::string_view::npos) return text;
  scratch.clear();
  bool first = true;
  for_each_line(text, [&](std::string_view line) {
    if (!first) scratch += " | ";
    first = false;
    scratch += line;
  });
  return scratch;
}

std::string_view written_plain_position(std::string_view record) noexcept {
  std::string_view position;
  for_each_line(record, [&](std::string_view line) {
    if (position.empty() && line.starts_with("fen ")) position = line.substr(4);
  });
  return position;
}

std::string_view written_position_of(const chunk& c, std::string_view text, std::string& scratch) {
  if (c.written_as_plain) return written_plain_position(text);
  return c.layout != nullptr ? written_position(*c.layout, text, scratch) : text;
}

}  // namespace fenbatch::pipeline::detail
