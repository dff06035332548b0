// libFuzzer target: core::line_splitter over an arbitrary buffer, whole and in chunks.
// Input: two bytes that choose the chunk size (1..1024), then the buffer.
// Checks (any violation traps):
// - lines are views into the buffer, in order, and the lines with their terminators (LF, the
//   CR dropped before it or before the end) rebuild the buffer exactly; no line holds an LF,
//   and a line without a dropped CR does not end in CR;
// - the line count is the number of LFs, plus one for an unterminated last line;
// - split in chunks the way the pipeline cuts its input (never inside a line), the chunks give
//   the same lines (same views, same CR flags) as the whole buffer. Two cutters: the mapped
//   input's (extend the window to the next LF) and the streamed input's (cut after the last LF
//   in the window, extending only when the window holds none).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <vector>

#include "fenbatch/core/line_splitter.hpp"

namespace {

namespace core = fenbatch::core;

// Names the failed check (the replay driver has no stack trace for a trap), then traps: no
// unwinding, so libFuzzer's report shows the stack of the failure.
void check(bool condition, int line = __builtin_LINE()) {
  if (condition) return;
  std::fprintf(stderr, "%s:%d: check failed\n", __FILE__, line);
  __builtin_trap();
}

std::vector<core::line_span> split(std::string_view buffer) {
  std::vector<core::line_span> lines;
  core::line_splitter splitter(buffer);
  for (core::line_span line; splitter.next(line);) lines.push_back(line);
  check(splitter.rest().empty());
  core::line_span after;
  check(!splitter.next(after));  // the end stays the end
  return lines;
}

void check_rebuilds(std::string_view buffer, const std::vector<core::line_span>& lines) {
  std::size_t at = 0;
  for (const core::line_span& line : lines) {
    check(line.text.data() == buffer.data() + at);  // a view in place, not a copy
    check(line.text.find('\n') == std::string_view::npos);
    check(line.crlf || line.text.empty() || line.text.back() != '\r');
    at += line.text.size();
    if (line.crlf) {
      check(at < buffer.size() && buffer[at] == '\r');
      ++at;
    }
    if (at < buffer.size()) {
      check(buffer[at] == '\n');
      ++at;
    }
  }
  check(at == buffer.size());
  std::size_t lf_count = 0;
  for (const char c : buffer) lf_count += c == '\n' ? 1 : 0;
  const bool unterminated = !buffer.empty() && buffer.back() != '\n';
  check(lines.size() == lf_count + (unterminated ? 1 : 0));
}

// Where the chunk starting at `begin` ends, for a window of `size` bytes.
using cutter = std::size_t (*)(std::string_view buffer, std::size_t begin, std::size_t size);

std::size_t after_next_lf(std::string_view buffer, std::size_t from) {
  const std::size_t lf = buffer.find('\n', from);
  return lf == std::string_view::npos ? buffer.size() : lf + 1;
}

// pipeline/src/input/mapped_source.cpp, mapped_source::next.
std::size_t extend_to_lf(std::string_view buffer, std::size_t begin, std::size_t size) {
  const std::size_t end = begin + size;
  return end >= buffer.size() ? buffer.size() : after_next_lf(buffer, end);
}

// pipeline/src/input/stream_source.cpp, stream_source::next (without its overlong-line cap).
std::size_t back_to_last_lf(std::string_view buffer, std::size_t begin, std::size_t size) {
  const std::size_t end = begin + size;
  if (end >= buffer.size()) return buffer.size();
  const std::size_t lf = buffer.substr(begin, size).rfind('\n');
  return lf == std::string_view::npos ? after_next_lf(buffer, end) : begin + lf + 1;
}

void check_chunked(std::string_view buffer, std::size_t size, cutter cut,
                   const std::vector<core::line_span>& whole) {
  std::size_t next = 0;
  for (std::size_t begin = 0; begin < buffer.size();) {
    const std::size_t end = cut(buffer, begin, size);
    check(end > begin && end <= buffer.size());
    check(end == buffer.size() || buffer[end - 1] == '\n');
    for (const core::line_span& line : split(buffer.substr(begin, end - begin))) {
      check(next < whole.size());
      check(line.text.data() == whole[next].text.data());
      check(line.text.size() == whole[next].text.size());
      check(line.crlf == whole[next].crlf);
      ++next;
    }
    begin = end;
  }
  check(next == whole.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t chunk_size = 1 + ((std::size_t{data[0]} | std::size_t{data[1]} << 8) & 1023);
  const std::string_view buffer(reinterpret_cast<const char*>(data) + 2, size - 2);

  const std::vector<core::line_span> whole = split(buffer);
  check_rebuilds(buffer, whole);
  check(core::bom_length(buffer) ==
        (buffer.size() >= 3 && std::memcmp(buffer.data(), "\xEF\xBB\xBF", 3) == 0 ? 3 : 0));

  check_chunked(buffer, chunk_size, extend_to_lf, whole);
  check_chunked(buffer, chunk_size, back_to_last_lf, whole);
  return 0;
}
