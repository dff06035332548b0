#include "output/side_file_kinds.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "base/compression_magic.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "input/decompression.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// Enough text for the first lines of every kind (a rejects line quotes a rejected line, up to
// its cap, after its prefix; only the prefix is judged).
constexpr std::size_t judged_bytes = 16 * 1024;
// Lines judged: every one of them must have the kind's shape.
constexpr std::size_t judged_lines = 8;

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Whether `text` ends with ":LINE" (digits) after a non-empty FILE: a place as fenbatch
// writes it, the name as given, "<stdin>", or quoted.
bool ends_with_place(std::string_view text) {
  std::size_t digits = 0;
  while (digits < text.size() && is_digit(text[text.size() - 1 - digits])) ++digits;
  return digits > 0 && text.size() >= digits + 2 && text[text.size() - 1 - digits] == ':';
}

// `text` less its trailing ":DIGITS".
std::string_view without_last_number(std::string_view text) {
  std::size_t digits = 0;
  while (digits < text.size() && is_digit(text[text.size() - 1 - digits])) ++digits;
  return text.substr(0, text.size() - digits - 1);
}

bool is_reason_name(std::string_view word) {
  for (int i = 0; i < core::fen_errc_count; ++i) {
    const auto code = static_cast<core::fen_errc>(i);
    if (core::is_error(code) && core::to_string(code) == word) return true;
  }
  return false;
}

// FILE:LINE:COL: REASON: text
bool is_rejects_line(std::string_view line) {
  for (std::size_t at = line.find(": "); at != std::string_view::npos;
       at = line.find(": ", at + 1)) {
    const std::string_view before = line.substr(0, at);
    if (!ends_with_place(before) || !ends_with_place(without_last_number(before))) continue;
    const std::string_view after = line.substr(at + 2);
    const std::size_t end = after.find(": ");
    if (end != std::string_view::npos && is_reason_name(after.substr(0, end))) return true;
  }
  return false;
}

// FILE:LINE: duplicate of FILE:LINE: text
bool is_duplicates_line(std::string_view line) {
  constexpr std::string_view middle = ": duplicate of ";
  for (std::size_t at = line.find(middle); at != std::string_view::npos;
       at = line.find(middle, at + 1)) {
    if (!ends_with_place(line.substr(0, at))) continue;
    const std::string_view after = line.substr(at + middle.size());
    for (std::size_t end = after.find(": "); end != std::string_view::npos;
         end = after.find(": ", end + 1)) {
      if (ends_with_place(after.substr(0, end))) return true;
    }
  }
  return false;
}

// A FEN board (eight ranks of pieces and digits, 8x8 or 10x8) and the side to move, then the
// other fields.
bool is_position_fields(std::string_view fields) {
  const std::size_t space = fields.find(' ');
  if (space == std::string_view::npos || space == 0) return false;
  std::size_t slashes = 0;
  for (const char c : fields.substr(0, space)) {
    if (c == '/') {
      ++slashes;
    } else if (!(c >= '0' && c <= '9') &&  // 10x8 ranks: "10", archbishops and chancellors
               std::string_view("pnbrqkacPNBRQKAC").find(c) == std::string_view::npos) {
      return false;
    }
  }
  const std::string_view side = fields.substr(space + 1, 2);
  return slashes == 7 && (side == "w" || side == "b" || side == "w " || side == "b ");
}

// COUNT<TAB>position<TAB>FILE:LINE; a line cut short (`complete` false) up to the second tab.
bool is_counts_line(std::string_view line, bool complete) {
  const std::size_t first = line.find('\t');
  if (first == 0 || first == std::string_view::npos) return false;
  for (const char c : line.substr(0, first)) {
    if (!is_digit(c)) return false;
  }
  const std::size_t second = line.find('\t', first + 1);
  if (second == std::string_view::npos) return false;
  if (!is_position_fields(line.substr(first + 1, second - first - 1))) return false;
  return !complete || ends_with_place(line.substr(second + 1));
}

std::string_view without_leading_space(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n\f");
  return first == std::string_view::npos ? std::string_view() : text.substr(first);
}

bool starts_with_case_blind(std::string_view text, std::string_view lower_prefix) {
  if (text.size() < lower_prefix.size()) return false;
  for (std::size_t i = 0; i < lower_prefix.size(); ++i) {
    const char c = text[i];
    const char lower = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    if (lower != lower_prefix[i]) return false;
  }
  return true;
}

bool is_statistics(std::string_view text) {
  text = without_leading_space(text);
  if (!text.starts_with('{')) return false;
  text = without_leading_space(text.substr(1));
  constexpr std::string_view key = "\"schema_version\"";
  return text.starts_with(key) && without_leading_space(text.substr(key.size())).starts_with(':');
}

bool is_report(std::string_view text) {
  text = without_leading_space(text.substr(core::bom_length(text)));
  if (!starts_with_case_blind(text, "<!doctype html") && !starts_with_case_blind(text, "<html")) {
    return false;
  }
  const std::size_t generator = text.find("<meta name=\"generator\" content=\"fenbatch ");
  return generator != std::string_view::npos &&
         text.substr(0, generator).find("</head>") == std::string_view::npos;
}

// Whether the first lines of `text` all have a line kind's shape (a last line cut short is
// judged by what there is of it only when it is the first).
template <class Shape>
bool lines_have_shape(std::string_view text, bool whole, Shape shape) {
  core::line_splitter lines(text);
  core::line_span line;
  std::size_t judged = 0;
  std::size_t consumed = 0;
  while (judged < judged_lines && lines.next(line)) {
    consumed = static_cast<std::size_t>(line.text.data() - text.data()) + line.text.size();
    const bool complete = whole || consumed < text.size();  // (an LF followed it)
    if (!complete && judged > 0) break;
    if (!shape(line.text, complete)) return false;
    ++judged;
  }
  return judged > 0;
}

struct file_start {
  std::string text;
  bool whole = false;  // the file ends within `text`
  int error = 0;       // errno of open or read
  bool corrupt = false;
};

// The first judged_bytes of a file's text, decompressed when it is compressed.
file_start read_start(const std::string& path) {
  file_start start;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) {
    start.error = errno;
    return start;
  }
  std::string raw(judged_bytes, '\0');
  std::size_t got = 0;
  while (got < raw.size()) {
    const ssize_t n = ::read(fd, raw.data() + got, raw.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) start.error = errno;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  raw.resize(got);
  const compression kind = sniff_compression(raw);
  if (start.error == 0 && kind == compression::none) {
    start.whole = got < judged_bytes;
    start.text = std::move(raw);
  } else if (start.error == 0) {
    try {
      decompressed_stream text(raw_input{fd, path, std::move(raw), 0, UINT64_MAX}, kind);
      start.text.resize(judged_bytes);
      std::size_t have = 0;
      for (std::size_t n = 1; n != 0 && have < judged_bytes; have += n) {
        n = text.read(start.text.data() + have, judged_bytes - have);
      }
      start.text.resize(have);
      start.whole = have < judged_bytes;
    } catch (const std::exception&) {
      start.corrupt = true;
    }
  }
  ::close(fd);
  return start;
}

// The file's first line, shortened, quoted as a shell word: what the user sees in the file.
std::string first_line_shown(std::string_view text) {
  constexpr std::size_t shown = 40;
  text = without_leading_space(text.substr(core::bom_length(text)));
  const std::string_view line = text.substr(0, text.find('\n'));
  if (line.size() <= shown) return quoted_name(line);
  std::size_t cut = shown;  // (not inside a UTF-8 sequence)
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0U) == 0x80U) --cut;
  return quoted_name(line.substr(0, cut)) + "...";
}

constexpr std::string_view fix = "; refusing to replace it: name another file, or remove it first";

}  // namespace

std::string_view kind_name(side_file_kind kind) noexcept {
  switch (kind) {
    case side_file_kind::statistics: return "statistics JSON";
    case side_file_kind::rejects: return "rejects list";
    case side_file_kind::duplicates: return "duplicates list";
    case side_file_kind::counts: return "counts table";
    case side_file_kind::report: return "report";
  }
  return "side file";
}

std::optional<side_file_kind> side_file_kind_of(std::string_view text, bool whole) {
  if (is_statistics(text)) return side_file_kind::statistics;
  if (is_report(text)) return side_file_kind::report;
  if (lines_have_shape(text, whole, [](std::string_view l, bool) { return is_rejects_line(l); })) {
    return side_file_kind::rejects;
  }
  if (lines_have_shape(text, whole,
                       [](std::string_view l, bool) { return is_duplicates_line(l); })) {
    return side_file_kind::duplicates;
  }
  if (lines_have_shape(text, whole, is_counts_line)) return side_file_kind::counts;
  return std::nullopt;
}

// Whether the first record (not blank, not a comment) of `text` is a FEN/EPD position: its
// fields decode, whatever follows them (labels of training data, odd EPD operations).
bool starts_with_position(std::string_view text) {
  using core::fen_errc;
  text.remove_prefix(core::bom_length(text));
  core::line_splitter lines(text);
  core::line_span line;
  core::decode_options options;
  options.payload = true;
  core::record record;
  core::ten_by_eight::record wide_record;
  while (lines.next(line)) {
    fen_errc code = core::decode(line.text, options, record).code;
    if (core::is_skipped(code)) continue;
    // A 10x8 position is a position too: its verdict is the 10x8 reader's.
    if (code != fen_errc::ok && core::ten_by_eight::has_ten_files(line.text)) {
      code = core::ten_by_eight::decode(line.text, options, wide_record).code;
    }
    return code == fen_errc::ok || code == fen_errc::trailing_garbage ||
           code == fen_errc::bad_epd_operation || code == fen_errc::counter_conflict;
  }
  return false;
}

std::string refusal_to_replace(const std::string& path, side_file_kind kind) {
  const file_start start = read_start(path);
  const std::string own(kind_name(kind));
  if (start.error != 0) {
    return "cannot be read to see what it holds (" + std::string(std::strerror(start.error)) + ")" +
           std::string(fix);
  }
  if (start.corrupt) {
    return "is compressed and cannot be decompressed to see what it holds" + std::string(fix);
  }
  if (start.text.empty()) return {};  // empty: nothing to lose
  if (without_leading_space(start.text).empty() && start.whole) {
    return "holds only blank lines, no " + own + std::string(fix);
  }
  const std::optional<side_file_kind> found = side_file_kind_of(start.text, start.whole);
  if (found == kind) return {};
  if (starts_with_position(start.text)) {
    return "holds FEN/EPD positions; refusing to replace it (was the option's file argument "
           "forgotten?)";
  }
  if (found) {
    return "is a " + std::string(kind_name(*found)) + " that fenbatch wrote, not a " + own +
           std::string(fix);
  }
  return "is not a " + own + " that fenbatch wrote (its first line begins " +
         first_line_shown(start.text) + ")" + std::string(fix);
}

}  // namespace fenbatch::pipeline::detail
