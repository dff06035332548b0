#include "input/stream_source.hpp"

#include <unistd.h>

#include <algorithm>
#include <string_view>
#include <utility>

#include "fenbatch/core/line_splitter.hpp"
#include "input/record_ends.hpp"
#include "input/wide_text.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// A line still without its LF is read on in steps of at least this much: with a small chunk
// target, a long line would otherwise be read and searched for its LF a few bytes at a time.
constexpr std::size_t min_read_ahead = 1 << 16;

raw_input make_raw_input(int fd, const struct stat& st, std::string path, std::string head,
                         bool replayed_from_fd) {
  raw_input raw;
  raw.fd = fd;
  raw.path = std::move(path);
  // Bytes already read to sniff the format still count as read.
  raw.bytes_read = replayed_from_fd ? head.size() : 0;
  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    raw.size_at_open = static_cast<std::uint64_t>(st.st_size);
  }
  raw.replay = std::move(head);
  return raw;
}

}  // namespace

stream_source::stream_source(int fd, const struct stat& st, bool owns_fd, std::string path,
                             std::string head, bool replayed_from_fd, compression kind,
                             bool record_ends)
    : input_source(fd, st),
      owns_fd_(owns_fd),
      path_(path),
      kind_(kind),
      stream_(make_raw_input(fd, st, std::move(path), std::move(head), replayed_from_fd), kind),
      record_ends_(record_ends) {}

stream_source::~stream_source() {
  if (owns_fd_) ::close(fd_);
}

bool stream_source::next(chunk_input& out, std::size_t target) {
  if (!encoding_checked_) {
    // A plain input's start was judged when it was opened; a compressed one's text only now.
    encoding_checked_ = true;
    if (kind_ != compression::none) {
      refuse_wide_text(stream_.peek(wide_text_sample_size), path_, compression_name(kind_));
    }
  }
  std::vector<char>& buffer = out.storage;
  buffer.assign(carry_.begin(), carry_.end());
  carry_.clear();
  bool synthetic_lf = false;
  for (;;) {
    // Fill up to the target, then cut after the last LF.
    while (!eof_ && buffer.size() < target) fill(buffer, target - buffer.size());
    if (cutter_.skipping()) cutter_.skip_tail(buffer);
    if (cutter_.skipping() && !eof_) continue;
    const auto last_lf = std::find(buffer.rbegin(), buffer.rend(), '\n');
    if (last_lf != buffer.rend()) {
      auto cut = static_cast<std::size_t>(buffer.rend() - last_lf);
      if (record_ends_ && eof_) {
        cut = buffer.size();  // the last record, even when its `e` has no LF
      } else if (record_ends_) {
        // After the last `e` line; read on while none came within the search's bound.
        const std::size_t record_end = last_record_end({buffer.data(), buffer.size()}, cut);
        if (record_end == 0 && buffer.size() < target + record_end_search_bytes) {
          target = buffer.size() + std::max<std::size_t>(target, min_read_ahead);
          continue;
        }
        if (record_end != 0) cut = record_end;
      }
      carry_.assign(buffer.begin() + static_cast<std::ptrdiff_t>(cut), buffer.end());
      buffer.resize(cut);
      break;
    }
    if (eof_) break;
    // A BOM still in front of the first line is not part of it.
    const std::size_t bom =
        bom_checked_ ? 0 : core::bom_length(std::string_view(buffer.data(), buffer.size()));
    if (cutter_.cut(buffer, bom)) {
      synthetic_lf = true;
      break;
    }
    target = buffer.size() + std::max<std::size_t>(target, min_read_ahead);
  }
  const overlong_line_cutter::dropped_bytes dropped = cutter_.take_dropped();
  if (buffer.empty() && eof_ && carry_.empty() && dropped.empty()) return false;
  std::size_t start = 0;
  out.bom_skipped = false;
  if (!bom_checked_) {
    bom_checked_ = true;
    start = core::bom_length(std::string_view(buffer.data(), buffer.size()));
    out.bom_skipped = start != 0;
  }
  out.data = std::string_view(buffer.data() + start, buffer.size() - start);
  // A skipped overlong tail came before this data; bytes cut after a kept prefix come after.
  out.file_offset = text_offset_ + dropped.tail + start;
  out.text_bytes = buffer.size() - (synthetic_lf ? 1 : 0) + dropped.tail + dropped.after_kept;
  out.dropped_crlf_lines = dropped.crlf_lines;
  text_offset_ += out.text_bytes;
  if (kind_ == compression::none) {
    // Bytes read past where --max-bytes stopped are not the run's, as for the file mapped.
    out.input_bytes = out.text_bytes;
  } else {
    out.input_bytes = stream_.raw_bytes_read() - bytes_reported_;
    bytes_reported_ = stream_.raw_bytes_read();
  }
  return true;
}

void stream_source::fill(std::vector<char>& buffer, std::size_t want) {
  want = limit_.allowance(want);
  if (want == 0) {
    eof_ = true;
    return;
  }
  const std::size_t old = buffer.size();
  buffer.resize(old + want);
  const std::size_t got = stream_.read(buffer.data() + old, want);
  buffer.resize(old + limit_.take(buffer.data() + old, got));
  if (got == 0) eof_ = true;
}

}  // namespace fenbatch::pipeline::detail
