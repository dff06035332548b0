// libFuzzer target: the HTML report (pipeline::to_html_report, pipeline/src/report) on
// statistics and options built from the fuzz bytes, consistent or not.
//
// Input: read front to back by fuzz_input below (once it runs out, every read gives 0: empty
// lists and texts). In order: the options (inputs, output, side files, excludes, format, fen
// field, codec, top, dedupe, key, repair, payload, write options, threads, chunk size, max
// bytes), the counters (sparse: any of them, by index), the inputs with their counters, the
// reference, inputs_changed, stopped_at_max_bytes, top, both material tables, the most
// repeated positions, the invalid samples, wall_seconds, threads, the memory and distribution
// statistics, then the time the run finished. A count is 0, 1, a byte, 2, 4 or 8 bytes, 2^64
// minus a byte or a power of two; a time in seconds 0, negative, NaN, +-inf, small, any 8 bytes
// or large; a text any bytes (up to 255), a string of fragments (FEN pieces "rnbqkbnr", "10/",
// "A", "C"; markup "<x", "&", quotes; controls, NUL; broken and forbidden UTF-8), a FEN (8x8 or
// 10x8) with edits, or a path such as "-". A material signature is raw, or well formed (8x8 or
// 10x8).
//
// Checks (any violation prints file:line and what failed, then traps):
// - no crash, hang or exception, whatever the numbers (0, 2^64 - 1, NaN, inf, negative time);
// - the page starts with "<!DOCTYPE html>", is valid UTF-8 without the characters XML forbids
//   (C0 controls but tab, LF, CR; DEL; C1 controls; U+FFFE, U+FFFF), and holds no "<script";
// - the markup is the renderer's own: every '<' opens or closes an element the renderer writes
//   (an allow-list) with name="value" attributes, elements nest and all close, every '&' is one
//   of the five escapes, no '>' in text and no '<' or '"' in a value. Text from the input
//   (paths, FEN text, limit source) that reached the page unescaped would break one of these:
//   fragments and raw bytes put "<x", "&", quotes and '>' anywhere in those texts;
// - independently escaped (Unicode's maximal subparts to U+FFFD, the forbidden characters too,
//   & < > " ' as entities) the input paths, the exclude paths, the output and side-file paths,
//   the fen field, the FEN text of every most-repeated entry, the first invalid samples, the
//   memory limit's source and the changed inputs are found in the page in their places;
// - SVG numeric attributes (x, y, width, height, cx, r, viewBox, d, ...) are plain decimal
//   numbers (no "nan", "inf", exponent), and the run's rates and time show no nan or inf;
// - every id once; the ids tests/report rely on present (chart-boards exactly with 10x8
//   lines); every href="#id" names an id of the page;
// - the time shown is the UTC time of `finished` (from <chrono>'s calendar);
// - boards: a board read_board reads, written back (digits for empty squares, "10"), is the
//   placement text it was read from, and its side to move is the second field's; a text the 8x8 or
//   10x8 decoder (strict, syntax only) accepts with its placement first is read as that decoder's
//   board; the page draws one diagram per readable entry, each piece with its own symbol on its
//   square (board_diagram.hpp's geometry), the side-to-move mark on the side's own half;
// - the same arguments give the same page twice.

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/position.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/position.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/pipeline/html_report.hpp"
#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "report/board_diagram.hpp"

namespace {

namespace core = fenbatch::core;
namespace pipeline = fenbatch::pipeline;
namespace detail = fenbatch::pipeline::detail;

// The page being checked, quoted around a failure's offset (the replay driver has no stack
// trace for a trap).
std::string_view current_page;

void check(bool condition, const char* what = "", std::size_t offset = std::string_view::npos,
           int line = __builtin_LINE()) {
  if (condition) return;
  std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, line, what);
  if (offset != std::string_view::npos && offset <= current_page.size()) {
    const std::size_t from = offset < 80 ? 0 : offset - 80;
    const std::string_view around = current_page.substr(from, 200);
    std::fprintf(stderr, "  at page offset %zu: ...%.*s...\n", offset,
                 static_cast<int>(around.size()), around.data());
  }
  __builtin_trap();
}

// --- The fuzz bytes as values -------------------------------------------------------------

constexpr std::string_view nul("\x00", 1);

constexpr std::string_view fragments[] = {
    // Placement and the fields after it.
    "rnbqkbnr", "pppppppp", "PPPPPPPP", "RNBQKBNR", "rnabqkbcnr", "pppppppppp", "PPPPPPPPPP",
    "RNABQKBCNR", "8", "10", "1", "2", "3", "4", "5", "6", "7", "9", "0", "/", "8/", "10/", "K",
    "k", "Q", "q", "R", "r", "B", "b", "N", "n", "P", "p", "A", "a", "C", "c", "X", " w", " b",
    " w ", " ", "  ", "\t", " - -", " KQkq - 0 1", " - - 0 1",
    // Markup, paths.
    "<", "<x", "<script>", "</p>", "<p>", "&", "&amp;", "&#", "\"", "'", ">", "]]>", "-", "/data/",
    ".fen",
    // Controls; bytes that are not UTF-8 (a lone continuation byte, overlong, surrogate, past
    // U+10FFFF, cut short); characters XML forbids (C1, U+FFFE, U+FFFF); good UTF-8.
    nul, "\x01", "\x1b", "\x7f", "\x0a", "\r", "\x80", "\xbf", "\xc0\xaf", "\xed\xa0\x80",
    "\xf4\x90\x80\x80", "\xe2\x80", "\xf0\x9f\x98", "\xff", "\xc2\x85", "\xef\xbf\xbe",
    "\xef\xbf\xbf", "\xc3\xa9", "\xe2\x80\xa6", "\xf0\x9f\x98\x80"};

constexpr std::string_view fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    "4k3/8/8/8/8/8/8/4K3 w - -",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq -",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq -",
    "4k5/10/10/10/10/10/10/4K5 b - -",
    "a3k4c/10/10/10/10/10/10/A3K4C w - - 0 1",
    "8/8/8/8/8/8/8/8"};

constexpr std::string_view paths[] = {
    "-", "", "/", "a.fen", "/data/corpus/a.epd", "/data/corpus/b.epd.zst", "/data/", "dir/", "./x"};

class fuzz_input {
 public:
  fuzz_input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  bool flag() { return (byte() & 1) != 0; }

  std::uint64_t bytes(int n) {
    std::uint64_t value = 0;
    for (int i = 0; i < n; ++i) value |= std::uint64_t{byte()} << (8 * i);
    return value;
  }

  std::uint64_t count() {
    switch (byte() % 8) {
      case 0: return 0;
      case 1: return 1;
      case 2: return byte();
      case 3: return bytes(2);
      case 4: return bytes(4);
      case 5: return bytes(8);
      case 6: return std::numeric_limits<std::uint64_t>::max() - byte();
      default: return std::uint64_t{1} << (byte() % 64);
    }
  }

  double seconds() {
    switch (byte() % 8) {
      case 0: return 0;
      case 1: return -static_cast<double>(byte() + 1);
      case 2: return std::numeric_limits<double>::quiet_NaN();
      case 3: return std::numeric_limits<double>::infinity();
      case 4: return -std::numeric_limits<double>::infinity();
      case 5: return byte() / 16.0;
      case 6: return std::bit_cast<double>(bytes(8));
      default: return static_cast<double>(bytes(2)) * 37.5;
    }
  }

  std::string text() {
    const std::uint8_t kind = byte();
    const std::size_t length = byte();
    std::string out;
    switch (kind % 4) {
      case 0:
        for (std::size_t i = 0; i < length; ++i) out += static_cast<char>(byte());
        break;
      case 1:
        for (std::size_t i = 0; i < length % 64; ++i) {
          out += fragments[byte() % std::size(fragments)];
        }
        break;
      case 2:
        out = fens[byte() % std::size(fens)];
        for (std::size_t i = 0; i < length % 8; ++i) edit(out);
        break;
      default: out = paths[length % std::size(paths)];
    }
    return out;
  }

 private:
  // Replaces, inserts or erases one byte, or inserts a fragment.
  void edit(std::string& text) {
    const std::uint8_t op = byte();
    const std::size_t at = byte() % (text.size() + 1);
    const std::uint8_t value = byte();
    switch (op % 4) {
      case 0:
        if (at < text.size()) text[at] = static_cast<char>(value);
        break;
      case 1: text.insert(at, 1, static_cast<char>(value)); break;
      case 2:
        if (at < text.size()) text.erase(at, 1);
        break;
      default: text.insert(at, fragments[value % std::size(fragments)]);
    }
  }

  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

// run_counters is a run of uint64_t counts (X-macro members, arrays of them): filled as words.
static_assert(std::is_trivially_copyable_v<pipeline::run_counters>);
constexpr std::size_t counter_words = sizeof(pipeline::run_counters) / sizeof(std::uint64_t);

pipeline::run_counters read_counters(fuzz_input& in, std::size_t most) {
  std::array<std::uint64_t, counter_words> words{};
  const std::size_t set = in.byte() % (most + 1);
  for (std::size_t i = 0; i < set; ++i) {
    const std::size_t word = in.bytes(2) % counter_words;
    words[word] = in.count();
  }
  auto counters = std::bit_cast<pipeline::run_counters>(words);
  const std::uint8_t shape = in.byte();
  // Mostly consistent numbers too, as a run makes them (lines reconcile; the 8x8 board's
  // counters follow from the totals).
  if ((shape & 1) != 0) {
    counters.lines = counters.written + counters.duplicates + counters.excluded + counters.invalid +
                     counters.skipped();
  }
  if ((shape & 2) != 0) counters.derive_eight_by_eight();
  return counters;
}

// 0-4 mostly; up to 30, or about 200 (past the inputs the report lists).
std::size_t list_length(fuzz_input& in) {
  const std::uint8_t n = in.byte();
  if (n < 200) return n % 5;
  if (n < 250) return (n - 200) % 31;
  return 190 + (n - 250) * 4;
}

std::uint64_t material_signature(fuzz_input& in) {
  switch (in.byte() % 4) {
    case 0: return in.bytes(8);
    case 1: return (std::uint64_t{1} << 40) | in.bytes(5);
    case 2: return (std::uint64_t{1} << 56) | in.bytes(7);
    default: {
      std::uint64_t signature = std::uint64_t{1} << 40;
      for (int i = 0; i < 10; ++i) signature |= std::uint64_t{in.byte() % 3U} << (4 * i);
      return signature;
    }
  }
}

void read_material(fuzz_input& in, std::unordered_map<std::uint64_t, std::uint64_t>& table) {
  const std::size_t entries = in.byte() % 32;
  for (std::size_t i = 0; i < entries; ++i) {
    const std::uint64_t signature = material_signature(in);
    table[signature] = in.count();
  }
}

pipeline::run_config read_config(fuzz_input& in) {
  pipeline::run_config config;
  for (std::size_t n = list_length(in), i = 0; i < n; ++i) config.inputs.push_back(in.text());
  const std::uint8_t files = in.byte();
  config.output = (files & 1) != 0 ? in.text() : "-";
  if ((files & 2) != 0) config.rejects_path = in.text();
  if ((files & 4) != 0) config.stats_json_path = in.text();
  if ((files & 8) != 0) config.report_path = in.text();
  if ((files & 16) != 0) config.duplicates_path = in.text();
  if ((files & 32) != 0) config.counts_path = in.text();
  if ((files & 64) != 0) config.fen_field = in.text();
  if ((files & 128) != 0) {
    for (std::size_t n = list_length(in), i = 0; i < n; ++i) {
      config.exclude_paths.push_back(in.text());
    }
  }
  const std::uint8_t format = in.byte() % 5;
  if (format != 0) config.format = static_cast<pipeline::input_format>(format - 1);
  config.output_compression = static_cast<pipeline::compression>(in.byte() % 6);
  config.compression_level = static_cast<std::int8_t>(in.byte());
  config.top = in.count();
  const std::uint8_t modes = in.byte();
  config.dedupe = (modes & 1) != 0;
  config.decode.repair = (modes & 2) != 0;
  config.decode.payload = (modes & 4) != 0;
  config.write.castling = static_cast<core::castling_notation>((modes >> 3) & 1);
  config.key = static_cast<core::key_kind>(in.byte() % 3);
  config.write.format = static_cast<core::output_format>(in.byte() % 3);
  config.write.ep = static_cast<core::ep_policy>(in.byte() % 3);
  config.threads = static_cast<unsigned>(in.count());
  config.chunk_size = in.count();
  config.max_bytes = in.count();
  return config;
}

pipeline::run_stats read_stats(fuzz_input& in) {
  pipeline::run_stats stats;
  static_cast<pipeline::run_counters&>(stats) = read_counters(in, 64);
  for (std::size_t n = list_length(in), i = 0; i < n; ++i) {
    pipeline::input_stats input;
    input.path = in.text();
    input.counts = read_counters(in, 8);
    stats.inputs.push_back(std::move(input));
  }
  if (in.flag()) {
    stats.reference = {in.count(), in.count(), in.count(), in.count(), in.count()};
  }
  for (std::size_t n = in.byte() % 4, i = 0; i < n; ++i) stats.inputs_changed.push_back(in.text());
  stats.stopped_at_max_bytes = in.flag();
  stats.top = in.byte() % 32;
  read_material(in, stats.material);
  read_material(in, stats.written_material);
  for (std::size_t n = in.byte() % 26, i = 0; i < n; ++i) {
    pipeline::repeated_position entry;
    entry.text = in.text();
    entry.count = in.count();
    stats.most_repeated.push_back(std::move(entry));
  }
  for (std::size_t n = in.byte() % 40, i = 0; i < n; ++i) {
    pipeline::invalid_sample sample;
    sample.file = in.text();
    sample.line = in.count();
    sample.column = static_cast<std::uint32_t>(in.count());
    sample.offset = in.count();
    sample.reason = static_cast<core::fen_errc>(in.byte() % core::fen_errc_count);
    stats.invalid_samples.push_back(std::move(sample));
  }
  stats.wall_seconds = in.seconds();
  stats.threads = static_cast<unsigned>(in.count());
  if (in.flag()) {
    stats.memory.limit_bytes = in.count();
    stats.memory.limit_source = in.text();
    stats.memory.partitioned = in.flag();
    stats.memory.lines_before_switch = in.count();
    stats.memory.partitions = in.count();
    stats.memory.temp_bytes = in.count();
  }
  if (in.flag()) stats.distribution = {in.count(), in.count(), in.count()};
  return stats;
}

std::chrono::system_clock::time_point read_time(fuzz_input& in) {
  using std::chrono::system_clock;
  // (system_clock counts nanoseconds here: any 64 bits are a time from 1677 to 2262.)
  switch (in.byte() % 4) {
    case 0: return system_clock::time_point{};
    case 1:
      return system_clock::time_point(
          std::chrono::seconds(1'700'000'000 + static_cast<std::int64_t>(in.bytes(4))));
    case 2:
      return system_clock::time_point(
          system_clock::duration(static_cast<system_clock::rep>(in.bytes(8))));
    default: return in.flag() ? system_clock::time_point::min() : system_clock::time_point::max();
  }
}

// --- Text, escaped by the rules html_text.hpp states --------------------------------------

// XML 1.0 forbids these, and HTML calls DEL and the C1 controls errors.
bool forbidden(char32_t c) {
  return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || (c >= 0x7F && c <= 0x9F) ||
         c == 0xFFFE || c == 0xFFFF;
}

// The code point at text[at], its length in `length`; nothing where the bytes are not UTF-8,
// with `length` the maximal subpart (Unicode 3.9, Table 3-7: lead byte, then continuation
// bytes in the ranges it allows).
std::optional<char32_t> decode_utf8(std::string_view text, std::size_t at, std::size_t& length) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  length = 1;
  if (lead < 0x80) return lead;
  int continuation = 0;
  char32_t c = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    continuation = 1;
    c = lead & 0x1FU;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    continuation = 2;
    c = lead & 0x0FU;
    if (lead == 0xE0) low = 0xA0;   // (overlong)
    if (lead == 0xED) high = 0x9F;  // (surrogates)
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    continuation = 3;
    c = lead & 0x07U;
    if (lead == 0xF0) low = 0x90;   // (overlong)
    if (lead == 0xF4) high = 0x8F;  // (past U+10FFFF)
  } else {
    return std::nullopt;
  }
  for (int i = 1; i <= continuation; ++i) {
    if (at + static_cast<std::size_t>(i) >= text.size()) return std::nullopt;
    const unsigned char b = byte(at + static_cast<std::size_t>(i));
    if (b < low || b > high) return std::nullopt;
    c = (c << 6) | (b & 0x3FU);
    low = 0x80;
    high = 0xBF;
    length = static_cast<std::size_t>(i) + 1;
  }
  return c;
}

std::string expected_escape(std::string_view text) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t length = 0;
    const std::optional<char32_t> c = decode_utf8(text, at, length);
    const std::string_view bytes = text.substr(at, length);
    at += length;
    if (!c || forbidden(*c)) {
      out += "\xEF\xBF\xBD";
      continue;
    }
    switch (*c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += bytes;
    }
  }
  return out;
}

void check_characters(std::string_view page) {
  std::size_t at = 0;
  while (at < page.size()) {
    const auto byte = static_cast<unsigned char>(page[at]);
    if (byte >= 0x20 && byte < 0x7F) {  // (printable ASCII: most of the page)
      ++at;
      continue;
    }
    std::size_t length = 0;
    const std::optional<char32_t> c = decode_utf8(page, at, length);
    check(c.has_value(), "the page is UTF-8", at);
    check(!forbidden(*c), "no character XML forbids", at);
    at += length;
  }
}

// --- The markup ---------------------------------------------------------------------------

// Every element the renderer writes (pipeline/src/report).
constexpr std::string_view element_names[] = {
    "html",  "head", "meta", "title",   "style", "body",  "div",    "header",     "p",     "h1",
    "h2",    "h3",   "main", "section", "time",  "dl",    "dt",     "dd",         "small", "wbr",
    "svg",   "rect", "text", "tspan",   "ul",    "li",    "span",   "b",          "table", "thead",
    "tbody", "tr",   "th",   "td",      "code",  "br",    "figure", "figcaption", "use",   "symbol",
    "defs",  "g",    "path", "circle",  "line",  "footer"};

struct attribute {
  std::string_view name;
  std::string_view value;
};

// An opening (or self-closing) tag, or a closing one (`closing`, no attributes).
struct tag {
  std::string_view name;
  std::vector<attribute> attributes;
  bool closing = false;
  bool self_closing = false;
  std::size_t offset = 0;

  [[nodiscard]] std::optional<std::string_view> get(std::string_view key) const {
    for (const attribute& a : attributes) {
      if (a.name == key) return a.value;
    }
    return std::nullopt;
  }
};

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == ':';
}

// '&' only as one of the five escapes html_text.hpp writes; no '<'; no '>' or '"' where
// `forbid` says so.
void check_escaped(std::string_view page, std::size_t from, std::size_t to,
                   std::string_view forbid) {
  for (std::size_t i = from; i < to; ++i) {
    const char c = page[i];
    if (c != '<' && c != '>' && c != '"' && c != '&') continue;
    check(c != '<', "no '<' in text or a value", i);
    check(forbid.find(c) == std::string_view::npos, "no unescaped '>' or '\"'", i);
    if (c != '&') continue;
    const std::string_view rest = page.substr(i, to - i);
    check(rest.starts_with("&amp;") || rest.starts_with("&lt;") || rest.starts_with("&gt;") ||
              rest.starts_with("&quot;") || rest.starts_with("&#39;"),
          "'&' starts one of the five escapes", i);
  }
}

// The page as tags, checking its syntax on the way.
std::vector<tag> read_markup(std::string_view page) {
  constexpr std::string_view doctype = "<!DOCTYPE html>\n";
  check(page.starts_with(doctype), "the page starts with <!DOCTYPE html>", 0);
  std::vector<tag> tags;
  static const std::set<std::string_view> known_elements(std::begin(element_names),
                                                         std::end(element_names));
  std::vector<std::string_view> open;
  std::size_t at = doctype.size();
  while (at < page.size()) {
    const std::size_t lt = std::min(page.find('<', at), page.size());
    check_escaped(page, at, lt, ">");
    if (lt == page.size()) break;
    tag t;
    t.offset = lt;
    std::size_t i = lt + 1;
    if (i < page.size() && page[i] == '/') {
      t.closing = true;
      ++i;
    }
    const std::size_t name_start = i;
    while (i < page.size() && is_name_char(page[i])) ++i;
    t.name = page.substr(name_start, i - name_start);
    check(known_elements.contains(t.name), "'<' starts an element the renderer writes", lt);
    if (t.closing) {
      check(i < page.size() && page[i] == '>', "a closing tag ends at its name", lt);
      check(!open.empty() && open.back() == t.name, "elements nest", lt);
      open.pop_back();
      at = i + 1;
      tags.push_back(std::move(t));
      continue;
    }
    while (true) {
      check(i < page.size(), "a tag ends", lt);
      if (page[i] == '>') {
        ++i;
        break;
      }
      if (page.substr(i).starts_with("/>")) {
        t.self_closing = true;
        i += 2;
        break;
      }
      check(page[i] == ' ', "attributes are separated by a space", i);
      ++i;
      const std::size_t key_start = i;
      while (i < page.size() && is_name_char(page[i])) ++i;
      check(i > key_start, "an attribute has a name", i);
      const std::string_view key = page.substr(key_start, i - key_start);
      check(page.substr(i).starts_with("=\""), "an attribute's value is quoted", i);
      i += 2;
      const std::size_t value_end = page.find('"', i);
      check(value_end != std::string_view::npos, "an attribute's value ends", i);
      check_escaped(page, i, value_end, ">");
      for (const attribute& a : t.attributes) check(a.name != key, "attributes once", i);
      t.attributes.push_back({key, page.substr(i, value_end - i)});
      i = value_end + 1;
    }
    at = i;
    if (!t.self_closing) open.push_back(t.name);
    if (t.name == "style" && !t.self_closing) {
      // The style sheet is the renderer's own text: no markup in it.
      const std::size_t end = page.find("</style>", at);
      check(end != std::string_view::npos, "the style sheet ends", at);
      check(page.substr(at, end - at).find('<') == std::string_view::npos, "no '<' in CSS", at);
      at = end;
    }
    tags.push_back(std::move(t));
  }
  check(open.empty(), "every element is closed", page.size());
  check(page.ends_with("</html>\n"), "the page ends with </html>", page.size());
  return tags;
}

// A plain decimal: -?[0-9]+(\.[0-9]+)? (no exponent, nan or inf), not absurdly long.
bool is_decimal(std::string_view text) {
  if (text.empty() || text.size() > 24) return false;
  std::size_t i = text[0] == '-' ? 1 : 0;
  const std::size_t digits = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == digits) return false;
  if (i == text.size()) return true;
  if (text[i] != '.') return false;
  const std::size_t fraction = ++i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  return i > fraction && i == text.size();
}

bool is_path_data(std::string_view d) {
  std::size_t i = 0;
  while (i < d.size()) {
    if (std::string_view("MmLlHhVvCcSsQqTtAaZz ,").find(d[i]) != std::string_view::npos) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    if (d[i] == '-') ++i;
    while (i < d.size() && ((d[i] >= '0' && d[i] <= '9') || d[i] == '.')) ++i;
    if (!is_decimal(d.substr(start, i - start))) return false;
  }
  return true;
}

void check_numeric_attributes(const tag& t) {
  static const std::set<std::string_view> numeric = {"x",  "y",  "width",     "height",      "x1",
                                                     "y1", "x2", "y2",        "cx",          "cy",
                                                     "r",  "rx", "font-size", "stroke-width"};
  for (const attribute& a : t.attributes) {
    if (a.name == "d") {
      check(is_path_data(a.value), "path data is plain numbers", t.offset);
    } else if (a.name == "viewBox") {
      std::size_t numbers = 0;
      std::string_view rest = a.value;
      while (true) {
        const std::size_t space = rest.find(' ');
        check(is_decimal(rest.substr(0, space)), "a viewBox is plain numbers", t.offset);
        ++numbers;
        if (space == std::string_view::npos) break;
        rest.remove_prefix(space + 1);
      }
      check(numbers == 4, "a viewBox has four numbers", t.offset);
    } else if (numeric.contains(a.name)) {
      std::string_view value = a.value;
      if (value.ends_with('%')) value.remove_suffix(1);
      check(is_decimal(value), "a numeric attribute is a plain number", t.offset);
    }
  }
}

// Every id once; the ids tests/report relies on (html_report.hpp) present; links resolve.
void check_ids(const std::vector<tag>& tags, const pipeline::run_stats& stats) {
  std::set<std::string_view> ids;
  for (const tag& t : tags) {
    if (const auto id = t.get("id")) check(ids.insert(*id).second, "ids are unique", t.offset);
  }
  for (const std::string_view id :
       {"summary", "chart-outcomes", "chart-reasons", "chart-inputs", "chart-piece-count",
        "chart-material", "chart-side-to-move", "chart-castling", "most-repeated", "options"}) {
    check(ids.contains(id), "an id of the contract is there");
  }
  check(ids.contains("chart-boards") == (stats.ten_by_eight_lines != 0),
        "chart-boards exactly with 10x8 lines");
  for (const tag& t : tags) {
    const auto href = t.get("href");
    if (!href) continue;
    check(href->starts_with('#') && ids.contains(href->substr(1)), "a link names an id", t.offset);
  }
}

// --- Boards ---------------------------------------------------------------------------------

// The placement as FEN writes it: runs of empty squares as one number.
std::string placement_text(const detail::board_picture& board) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < board.files; ++file) {
      const char piece =
          board.squares[static_cast<std::size_t>(rank)][static_cast<std::size_t>(file)];
      if (piece == 0) {
        ++empty;
        continue;
      }
      if (empty != 0) out += std::to_string(empty);
      empty = 0;
      out += piece;
    }
    if (empty != 0) out += std::to_string(empty);
    if (rank != 0) out += '/';
  }
  return out;
}

// The side to move as the second field says it: "w" or "b" alone after the first space.
char side_field(std::string_view text) {
  const std::size_t space = text.find(' ');
  if (space == std::string_view::npos || space + 1 >= text.size()) return 0;
  const char side = text[space + 1];
  if (side != 'w' && side != 'b') return 0;
  return space + 2 == text.size() || text[space + 2] == ' ' ? side : 0;
}

template <class Position>
char letter_on(const Position& pos, int file, int rank) {
  constexpr std::string_view letters = "pnbrqkac";  // (piece_type order of both boards)
  const auto piece = pos.piece_on(Position::vocabulary::make_square(file, rank));
  if (!piece) return 0;
  const char lower = letters[static_cast<std::size_t>(piece->type)];
  return piece->side == core::color::white ? static_cast<char>(lower - 'a' + 'A') : lower;
}

// A decoder's board, where the text has its placement first and a space after it, as the
// pipeline writes positions: read_board must read that board.
template <class Record>
void check_decoded_board(std::string_view text, const Record& rec, int files,
                         const std::optional<detail::board_picture>& board) {
  if (rec.placement_column != 1 || rec.placement_length >= text.size() ||
      text[rec.placement_length] != ' ') {
    return;
  }
  check(board.has_value(), "a placement the decoder accepts is drawn");
  check(board->files == files, "the decoder's board width");
  for (int rank = 0; rank < 8; ++rank) {
    for (int file = 0; file < files; ++file) {
      check(board->squares[static_cast<std::size_t>(rank)][static_cast<std::size_t>(file)] ==
                letter_on(rec.pos, file, rank),
            "the decoder's piece on each square");
    }
  }
}

std::optional<detail::board_picture> checked_board(std::string_view text) {
  const std::optional<detail::board_picture> board = detail::read_board(text);
  if (board) {
    check(board->files == 8 || board->files == 10, "a board has 8 or 10 files");
    check(placement_text(*board) == text.substr(0, text.find(' ')),
          "a board read writes back to its placement");
    check(board->side == side_field(text), "a board's side to move is the second field");
  }
  core::record eight;
  if (core::decode(text, {}, eight).ok()) check_decoded_board(text, eight, 8, board);
  core::ten_by_eight::record ten;
  if (core::ten_by_eight::decode(text, {}, ten).ok()) check_decoded_board(text, ten, 10, board);
  return board;
}

char piece_of_symbol(std::string_view href) {
  constexpr std::pair<std::string_view, char> names[] = {
      {"pawn", 'p'},  {"knight", 'n'}, {"bishop", 'b'},     {"rook", 'r'},
      {"queen", 'q'}, {"king", 'k'},   {"archbishop", 'a'}, {"chancellor", 'c'}};
  const bool white = href.starts_with("#piece-white-");
  check(white || href.starts_with("#piece-black-"), "a piece's symbol");
  const std::string_view name = href.substr(13);
  for (const auto& [kind, letter] : names) {
    if (kind == name) return white ? static_cast<char>(letter - 'a' + 'A') : letter;
  }
  check(false, "a piece's symbol");
  return 0;
}

int whole_number(std::optional<std::string_view> text) {
  check(text.has_value() && is_decimal(*text) && text->find('.') == std::string_view::npos &&
            text->size() <= 9,
        "a board coordinate");
  return std::stoi(std::string(*text));
}

// The diagrams in the page, in order, against the boards read.
void check_diagrams(const std::vector<tag>& tags,
                    const std::vector<detail::board_picture>& boards) {
  std::size_t drawn = 0;
  for (std::size_t i = 0; i < tags.size(); ++i) {
    const tag& svg = tags[i];
    if (svg.closing || svg.name != "svg" || svg.get("class") != "board") continue;
    check(drawn < boards.size(), "a diagram per board read", svg.offset);
    const detail::board_picture& board = boards[drawn++];
    const int width =
        detail::board_left + board.files * detail::square_size + detail::board_right_margin;
    const int height = detail::board_top + 8 * detail::square_size + detail::board_bottom_margin;
    check(svg.get("viewBox") == "0 0 " + std::to_string(width) + ' ' + std::to_string(height),
          "a diagram's size", svg.offset);
    std::array<std::array<char, 10>, 8> squares{};
    char side = 0;
    int depth = 0;
    for (++i; i < tags.size(); ++i) {
      const tag& t = tags[i];
      if (t.closing) {
        if (depth-- == 0) break;  // (the diagram's </svg>)
        continue;
      }
      if (!t.self_closing) ++depth;
      if (t.name == "use") {
        const int x = whole_number(t.get("x")) - detail::board_left;
        const int y = whole_number(t.get("y")) - detail::board_top;
        check(x >= 0 && x % detail::square_size == 0 && y >= 0 && y % detail::square_size == 0,
              "a piece on a square", t.offset);
        const int file = x / detail::square_size;
        const int rank = 7 - y / detail::square_size;
        check(file < board.files && rank >= 0, "a piece on the board", t.offset);
        char& square = squares[static_cast<std::size_t>(rank)][static_cast<std::size_t>(file)];
        check(square == 0, "one piece a square", t.offset);
        square = piece_of_symbol(t.get("href").value_or(""));
      } else if (t.name == "circle" && t.get("class") == "side-to-move") {
        check(side == 0, "one side-to-move mark", t.offset);
        const int middle = detail::board_top + 4 * detail::square_size;
        side = whole_number(t.get("cy")) > middle ? 'w' : 'b';
      }
    }
    check(squares == board.squares, "each piece drawn on its square", svg.offset);
    check(side == board.side, "the side-to-move mark", svg.offset);
  }
  check(drawn == boards.size(), "a diagram per board read");
}

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// --- Texts in their places ----------------------------------------------------------------

void check_contains(std::string_view page, const std::string& needle, const char* what) {
  check(page.find(needle) != std::string_view::npos, what);
}

void check_texts(std::string_view page, const pipeline::run_stats& stats,
                 const pipeline::run_config& config) {
  constexpr std::size_t listed = 200;  // (inputs and excludes listed among the options)
  for (std::size_t i = 0; i < config.inputs.size() && i < listed; ++i) {
    const std::string& input = config.inputs[i];
    check_contains(page,
                   "<span class=\"path\">" +
                       expected_escape(input == "-" ? "standard input" : input) + "</span>",
                   "an input among the options");
  }
  for (std::size_t i = 0; i < config.exclude_paths.size() && i < listed; ++i) {
    check_contains(page,
                   "<span class=\"path\">" + expected_escape(config.exclude_paths[i]) + "</span>",
                   "an exclude path among the options");
  }
  check_contains(
      page,
      "<td>" + expected_escape(config.output == "-" ? "standard output" : config.output) + "</td>",
      "the output among the options");
  for (const std::string* path :
       {&config.rejects_path, &config.stats_json_path, &config.report_path, &config.duplicates_path,
        &config.counts_path, &config.fen_field}) {
    if (!path->empty()) {
      check_contains(page, "<td>" + expected_escape(*path) + "</td>", "a path among the options");
    }
  }
  for (const pipeline::repeated_position& entry : stats.most_repeated) {
    check_contains(page,
                   "<code class=\"fen\">" + expected_escape(entry.text) + "</code></figcaption>",
                   "a most-repeated entry's text");
  }
  for (std::size_t i = 0; i < stats.invalid_samples.size() && i < 30; ++i) {
    const pipeline::invalid_sample& sample = stats.invalid_samples[i];
    check_contains(page,
                   "<code>" +
                       expected_escape(sample.file + ':' + std::to_string(sample.line) + ':' +
                                       std::to_string(sample.column)) +
                       "</code>",
                   "an invalid sample's place");
  }
  if (stats.memory.limit_bytes != 0 && !stats.memory.limit_source.empty()) {
    check_contains(page, expected_escape(" (" + stats.memory.limit_source + ")") + "</td>",
                   "the memory limit's source");
  }
  if (!stats.inputs_changed.empty()) {
    std::string names;
    for (const std::string& path : stats.inputs_changed) {
      names += (names.empty() ? "" : ", ") + path;
    }
    check_contains(page, expected_escape("Inputs changed while they were read: " + names),
                   "the inputs that changed");
  }
}

// The run's rates and time: numbers or a dash, never nan or inf.
void check_run_numbers(std::string_view page) {
  for (const std::string_view id :
       {"number-mb-per-second", "number-lines-per-second", "number-wall-time"}) {
    const std::size_t start = page.find("id=\"" + std::string(id) + '"');
    check(start != std::string_view::npos, "a run number");
    const std::string text = lowercase(page.substr(start, page.find("</div>", start) - start));
    check(text.find("nan") == std::string::npos && text.find("inf") == std::string::npos,
          "no nan or inf among the run's numbers", start);
  }
}

std::string two_digits(unsigned n) {
  return (n < 10 ? "0" : "") + std::to_string(n);
}

// The instant as ISO 8601 in UTC, to the second rounded down, or toward 1970 (to_time_t may
// do either).
std::string iso_utc(std::chrono::system_clock::time_point when, bool toward_zero) {
  using namespace std::chrono;
  const sys_seconds second = toward_zero
                                 ? sys_seconds(duration_cast<seconds>(when.time_since_epoch()))
                                 : floor<seconds>(when);
  const sys_days day = floor<days>(second);
  const year_month_day date(day);
  const hh_mm_ss<seconds> time(second - day);
  return std::to_string(static_cast<int>(date.year())) + '-' +
         two_digits(static_cast<unsigned>(date.month())) + '-' +
         two_digits(static_cast<unsigned>(date.day())) + 'T' +
         two_digits(static_cast<unsigned>(time.hours().count())) + ':' +
         two_digits(static_cast<unsigned>(time.minutes().count())) + ':' +
         two_digits(static_cast<unsigned>(time.seconds().count())) + 'Z';
}

void check_time(std::string_view page, std::chrono::system_clock::time_point finished) {
  const std::size_t at = page.find("<time datetime=\"");
  check(at != std::string_view::npos, "the time the run finished");
  const std::string_view shown = page.substr(at + 16, page.find('"', at + 16) - (at + 16));
  check(shown == iso_utc(finished, false) || shown == iso_utc(finished, true),
        "the time is finished's, in UTC", at);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_input in(data, size);
  const pipeline::run_config config = read_config(in);
  const pipeline::run_stats stats = read_stats(in);
  const std::chrono::system_clock::time_point finished = read_time(in);

  const std::string page = pipeline::to_html_report(stats, config, finished);
  current_page = page;
  check(pipeline::to_html_report(stats, config, finished) == page, "the same page twice");

  check_characters(page);
  for (std::size_t lt = page.find('<'); lt != std::string::npos; lt = page.find('<', lt + 1)) {
    check(!lowercase(page.substr(lt, 7)).starts_with("<script"), "no script", lt);
  }
  const std::vector<tag> tags = read_markup(page);
  for (const tag& t : tags) check_numeric_attributes(t);
  check_ids(tags, stats);
  check_texts(page, stats, config);
  check_run_numbers(page);
  check_time(page, finished);

  std::vector<detail::board_picture> boards;
  for (const pipeline::repeated_position& entry : stats.most_repeated) {
    if (const auto board = checked_board(entry.text)) boards.push_back(*board);
  }
  check_diagrams(tags, boards);
  current_page = {};
  return 0;
}
