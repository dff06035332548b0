#include "formats/plain_records.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "fenbatch/core/line_limits.hpp"
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

// Where the first space is (the line's size if none): keys are a few bytes, shorter than a
// call to memchr.
[[nodiscard]] std::size_t first_space(std::string_view line) noexcept {
  std::size_t i = 0;
  while (i < line.size() && line[i] != ' ') ++i;
  return i;
}

// Where a record's `fen` value starts, 1-based, in the record on one line.
std::uint32_t fen_column(std::string_view record, std::string_view fen) noexcept {
  constexpr std::uint32_t key_and_space = 4;  // "fen "
  return plain_record_shape::one_line_column(record.data(), fen.data() - key_and_space) +
         key_and_space;
}

// parse_record's verdict on the `fen` value, its column made the record's (found only for a
// rejected position).
core::fen_status in_record(core::fen_status status, std::string_view record,
                           std::string_view fen) noexcept {
  if (status.code == core::fen_errc::skipped_blank ||
      status.code == core::fen_errc::skipped_comment) {
    return {core::fen_errc::plain_no_fen, fen_column(record, fen)};  // `fen` with no position
  }
  if (!status.ok()) {
    status.column = fen_column(record, fen) + (status.column > 0 ? status.column - 1 : 0);
  }
  return status;
}

}  // namespace

bool is_plain_record_line(std::string_view line) noexcept {
  const std::size_t space = first_space(line);
  return line == "e" || (space != 0 && space != line.size());
}

plain_records::plain_records(const line_options& lines) : lines_(lines) {
  write_options_ = lines.write;
  write_options_.format = core::output_format::fen;
}

plain_key plain_key::slow(std::string_view line) noexcept {
  plain_key key{0, line.data(), first_space(line)};
  const std::size_t n = std::min<std::size_t>(key.size, sizeof key.head);
  for (std::size_t i = 0; i < n; ++i) {
    key.head |= std::uint64_t{static_cast<unsigned char>(line[i])} << (8 * i);
  }
  return key;
}

std::uint32_t plain_record_shape::one_line_column(const char* record, const char* line) noexcept {
  std::uint32_t column = 1;
  for_each_line({record, static_cast<std::size_t>(line - record)}, [&](std::string_view earlier) {
    if (earlier.data() < line) column += static_cast<std::uint32_t>(earlier.size()) + 3;  // " | "
  });
  return column;
}

bool plain_record_shape::repeats(const plain_key& key, const char* line) const noexcept {
  for (const char* start = record_; start < line;) {
    const auto* const lf =
        static_cast<const char*>(std::memchr(start, '\n', static_cast<std::size_t>(line - start)));
    const std::string_view earlier(start, static_cast<std::size_t>(lf - start));
    if (plain_key::of_line(earlier, readable_end_).same(key)) return true;
    start = lf + 1;
  }
  return false;
}

core::fen_status plain_records::take_shape(const plain_record_shape& shape,
                                           std::string_view record) noexcept {
  record_ = record;
  fen_ = shape.fen();
  crlf_ = shape.crlf();
  const core::fen_status verdict = shape.verdict();
  shape_ok_ = verdict.ok();
  return verdict;
}

core::fen_status plain_records::read_shape(std::string_view record) noexcept {
  plain_record_shape shape(record);
  shape.start(record.data());
  std::uint32_t count = 0;
  bool ended = false;
  bool crlf = false;
  for_each_line(record, [&](std::string_view line) {
    if (++count > max_plain_record_lines || ended) return;
    const char* const line_end = line.data() + line.size();
    crlf = crlf || (line_end < record.data() + record.size() && *line_end == '\r');
    ended = shape.add(line) == plain_record_shape::line_kind::end;
  });
  shape.set_crlf(crlf);
  const core::fen_status verdict = take_shape(shape, record);
  if (count > max_plain_record_lines) {
    shape_ok_ = false;
    return {core::fen_errc::plain_unterminated, 1};
  }
  return verdict;
}

core::fen_status plain_records::read_shaped(const plain_record_shape& shape,
                                            std::string_view record, core::record& rec) {
  if (const core::fen_status verdict = take_shape(shape, record); !verdict.ok()) return verdict;
  return in_record(core::parse_record(fen_, lines_.decode, rec), record_, fen_);
}

core::fen_status plain_records::read(std::string_view record, core::record& rec) {
  if (const core::fen_status shape = read_shape(record); !shape.ok()) return shape;
  return in_record(core::parse_record(fen_, lines_.decode, rec), record_, fen_);
}

template <class WriteFen>
std::size_t plain_records::write_lines(std::size_t fen_room, text_buffer& text,
                                       WriteFen&& write_fen) {
  std::size_t line_bytes = record_.size() + 1;
  if (crlf_) {
    line_bytes = 0;
    for_each_line(record_, [&](std::string_view line) { line_bytes += line.size() + 1; });
  }
  text.reserve_more(line_bytes + fen_room + 1);
  char* const start = text.end();
  char* out = start;
  if (!crlf_) {
    // LF endings only (the lines are one run of the input): the bytes around the position
    // in two copies.
    const char* const first = record_.data();
    const char* const last = first + record_.size();
    const auto before = static_cast<std::size_t>(fen_.data() - first);
    std::memcpy(out, first, before);
    out += before;
    out += write_fen(out);
    const char* const after = fen_.data() + fen_.size();
    std::memcpy(out, after, static_cast<std::size_t>(last - after));
    out += last - after;
    *out++ = '\n';
  } else {
    for_each_line(record_, [&](std::string_view line) {
      if (fen_.data() > line.data() && fen_.data() <= line.data() + line.size()) {
        const auto prefix = static_cast<std::size_t>(fen_.data() - line.data());
        std::memcpy(out, line.data(), prefix);
        out += prefix;
        out += write_fen(out);
      } else {
        std::memcpy(out, line.data(), line.size());
        out += line.size();
      }
      *out++ = '\n';
    });
  }
  const auto length = static_cast<std::size_t>(out - start);
  text.grow_by(length);
  return length;
}

std::size_t plain_records::write(const core::record& rec, std::string_view /*record*/,
                                 text_buffer& text) {
  return write_lines(core::max_written_size(fen_.size()), text,
                     [&](char* out) { return core::write_record(rec, fen_, write_options_, out); });
}

bool plain_records::routes_to_ten_by_eight(std::string_view /*record*/) const noexcept {
  return shape_ok_ && core::ten_by_eight::has_ten_files(fen_);
}

core::fen_status plain_records::read(std::string_view record, core::ten_by_eight::record& rec) {
  if (const core::fen_status shape = read_shape(record); !shape.ok()) return shape;
  return in_record(core::ten_by_eight::parse_record(fen_, lines_.decode, rec), record_, fen_);
}

std::size_t plain_records::write(const core::ten_by_eight::record& rec, std::string_view /*record*/,
                                 text_buffer& text) {
  return write_lines(core::ten_by_eight::max_written_size(fen_.size()), text, [&](char* out) {
    return core::ten_by_eight::write_record(rec, fen_, write_options_, out);
  });
}
std::string_view record_on_one_line(std::string_view text, std::string& scratch) {
  if (text.find('\n') == std::string_view::npos) return text;
  scratch.clear();
  bool first = true;
  for_each_line(text, [&](std::string_view line) {
    // Past what a reject shows (core::overlong_line_prefix), nothing more is joined: a record
    // of huge lines costs no copy of them.
    if (scratch.size() > core::overlong_line_kept) return;
    if (!first) scratch += " | ";
    first = false;
    scratch += line.substr(0, core::overlong_line_kept);
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
