#include "formats/plain_records.hpp"

#include <algorithm>
#include <array>
#include <bit>
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

constexpr std::string_view fen_key = "fen";
constexpr std::uint32_t line_separator_width = 3;  // " | " in the record on one line

// Where the first space is (the line's size if none): keys are a few bytes, shorter than a
// call to memchr.
[[nodiscard]] std::size_t first_space(std::string_view line) noexcept {
  std::size_t i = 0;
  while (i < line.size() && line[i] != ' ') ++i;
  return i;
}

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

bool is_plain_record_line(std::string_view line) noexcept {
  const std::size_t space = first_space(line);
  return line == "e" || (space != 0 && space != line.size());
}

plain_records::plain_records(const line_options& lines) : lines_(lines) {
  write_options_ = lines.write;
  write_options_.format = core::output_format::fen;
}

core::fen_status plain_records::split(std::string_view record) noexcept {
  line_count_ = 0;
  core::fen_status status;
  for_each_line(record, [&](std::string_view line) {
    if (line_count_ == line_slots_.size()) {
      status = {core::fen_errc::plain_unterminated, 1};
      return;
    }
    line_slots_[line_count_++] = line;
  });
  lines_read_ = {line_slots_.data(), line_count_};
  return status;
}

namespace {

// A key as compared with the record's others: its first 8 bytes as a number, and its size, so
// that the few short keys of a record compare without a call to memcmp. Trivial, so that a
// record's array of them costs nothing until filled.
struct key_id {
  std::uint64_t head;
  const char* data;
  std::size_t size;

  key_id() = default;
  explicit key_id(std::string_view key) noexcept : head(0), data(key.data()), size(key.size()) {
    const std::size_t n = std::min<std::size_t>(size, sizeof head);
    for (std::size_t i = 0; i < n; ++i) {
      head |= std::uint64_t{static_cast<unsigned char>(data[i])} << (8 * i);
    }
  }
  // The key of a line: up to its first space (the whole line if none). Lines of 8 bytes or
  // more are searched 8 bytes at a time (the lowest zero byte of word ^ spaces is exact).
  [[nodiscard]] static key_id of_line(std::string_view line) noexcept {
    if (line.size() >= sizeof head) {
      std::uint64_t word = 0;
      std::memcpy(&word, line.data(), sizeof word);
      const std::uint64_t x = word ^ 0x2020202020202020U;
      const std::uint64_t zero = (x - 0x0101010101010101U) & ~x & 0x8080808080808080U;
      if (zero != 0) {
        const auto space = static_cast<std::size_t>(std::countr_zero(zero)) / 8;
        key_id key;
        key.head = space == 0 ? 0 : word & (~std::uint64_t{0} >> (64 - 8 * space));
        key.data = line.data();
        key.size = space;
        return key;
      }
    }
    return key_id(line.substr(0, first_space(line)));
  }
  // One of 64 bits, the same for the same key: two keys with different bits differ.
  [[nodiscard]] std::uint64_t bit() const noexcept {
    return std::uint64_t{1} << ((head * 0x9E3779B97F4A7C15U + size) >> 58);
  }
  [[nodiscard]] bool same(const key_id& other) const noexcept {
    return head == other.head && size == other.size &&
           (size <= sizeof head || std::memcmp(data, other.data, size) == 0);
  }
};

const key_id fen_id{fen_key};

}  // namespace

core::fen_status plain_records::read_shape(std::span<const std::string_view> lines) noexcept {
  shape_ok_ = false;
  lines_read_ = lines;
  fen_ = {};
  std::array<key_id, max_plain_record_lines> keys;  // the first key_count of them set
  std::size_t key_count = 0;
  std::uint64_t seen = 0;    // the keys' bits
  std::uint32_t column = 1;  // of the line's start, in the record on one line
  for (const std::string_view line : lines) {
    if (line == "e") break;
    const key_id key = key_id::of_line(line);
    const std::size_t space = key.size;
    if (space == 0 || space == line.size()) return {core::fen_errc::plain_bad_line, column};
    if ((seen & key.bit()) != 0) {  // (else no key so far is this one)
      for (std::size_t i = 0; i < key_count; ++i) {
        if (keys[i].same(key)) return {core::fen_errc::plain_repeated_key, column};
      }
    }
    seen |= key.bit();
    keys[key_count++] = key;  // (at most one per line: lines.size() <= keys.size())
    if (key.same(fen_id)) {
      fen_ = line.substr(space + 1);
      fen_column_ = column + static_cast<std::uint32_t>(space) + 1;
    }
    column += static_cast<std::uint32_t>(line.size()) + line_separator_width;
  }
  if (fen_.data() == nullptr) return {core::fen_errc::plain_no_fen, 1};
  shape_ok_ = true;
  return {};
}

core::fen_status plain_records::read_lines(std::span<const std::string_view> lines,
                                           core::record& rec) {
  if (const core::fen_status shape = read_shape(lines); !shape.ok()) return shape;
  return in_record(core::parse_record(fen_, lines_.decode, rec), fen_column_);
}

core::fen_status plain_records::read(std::string_view record, core::record& rec) {
  if (const core::fen_status s = split(record); !s.ok()) return s;
  return read_lines({line_slots_.data(), line_count_}, rec);
}

template <class WriteFen>
std::size_t plain_records::write_lines(std::size_t fen_room, text_buffer& text,
                                       WriteFen&& write_fen) {
  std::size_t line_bytes = 0;
  for (const std::string_view line : lines_read_) line_bytes += line.size() + 1;
  text.reserve_more(line_bytes + fen_room + 1);
  char* const start = text.end();
  char* out = start;
  const char* const first = lines_read_.front().data();
  const char* const last = lines_read_.back().data() + lines_read_.back().size();
  if (static_cast<std::size_t>(last - first) + 1 == line_bytes) {
    // LF endings only (the lines are one run of the input): the bytes around the position
    // in two copies.
    const auto before = static_cast<std::size_t>(fen_.data() - first);
    std::memcpy(out, first, before);
    out += before;
    out += write_fen(out);
    const char* const after = fen_.data() + fen_.size();
    std::memcpy(out, after, static_cast<std::size_t>(last - after));
    out += last - after;
    *out++ = '\n';
  } else {
    for (const std::string_view line : lines_read_) {
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
    }
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
  if (const core::fen_status s = split(record); !s.ok()) return s;
  if (const core::fen_status shape = read_shape({line_slots_.data(), line_count_}); !shape.ok()) {
    return shape;
  }
  return in_record(core::ten_by_eight::parse_record(fen_, lines_.decode, rec), fen_column_);
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
