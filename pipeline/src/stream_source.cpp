#include "stream_source.hpp"

#include <unistd.h>

#include <algorithm>
#include <string_view>
#include <utility>

#include "fenbatch/core/line_limits.hpp"
#include "fenbatch/core/line_splitter.hpp"

namespace fenbatch::pipeline::detail {
namespace {

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
                             std::string head, bool replayed_from_fd, compression kind)
    : input_source(fd, st),
      owns_fd_(owns_fd),
      stream_(make_raw_input(fd, st, std::move(path), std::move(head), replayed_from_fd), kind) {}

stream_source::~stream_source() {
  if (owns_fd_) ::close(fd_);
}

bool stream_source::next(chunk_input& out, std::size_t target) {
  std::vector<char>& buffer = out.storage;
  buffer.assign(carry_.begin(), carry_.end());
  carry_.clear();
  const std::size_t limit = core::overlong_line_kept;
  bool synthetic_lf = false;
  for (;;) {
    // Fill up to the target, then cut after the last LF.
    while (!eof_ && buffer.size() < target) fill(buffer, target - buffer.size());
    if (skipping_) skip_overlong_tail(buffer);
    if (skipping_ && !eof_) continue;
    const auto last_lf = std::find(buffer.rbegin(), buffer.rend(), '\n');
    if (last_lf != buffer.rend()) {
      const auto cut = static_cast<std::size_t>(buffer.rend() - last_lf);
      carry_.assign(buffer.begin() + static_cast<std::ptrdiff_t>(cut), buffer.end());
      buffer.resize(cut);
      break;
    }
    if (eof_) break;
    // A BOM still in front of the first line is not part of it.
    const std::size_t bom =
        bom_checked_ ? 0 : core::bom_length(std::string_view(buffer.data(), buffer.size()));
    if (buffer.size() > limit + bom) {
      // A line longer than the cap: keep its first cap + 2 bytes, enough to reject it as
      // line_too_long (and to write the cap + 1 bytes rejects keep of it) even if its last
      // kept byte is a CR that line splitting would drop, and drop the rest up to its LF
      // without holding it in memory.
      const std::size_t keep = limit + 1 + bom;
      skipped_bytes_ += buffer.size() - keep;  // read already, dropped, still counted
      last_line_byte_ = buffer.back();
      buffer.resize(keep);
      // A CR here is not the line's end: keep the splitter from reading it as CRLF. The byte
      // is past what rejects keep, so nothing ever shows the stand-in.
      if (buffer.back() == '\r') buffer.back() = '?';
      buffer.push_back('\n');  // not in the input: its own LF is dropped with the tail
      synthetic_lf = true;
      skipping_ = true;
      break;
    }
    target = buffer.size() + std::max<std::size_t>(target, 1 << 16);
  }
  if (buffer.empty() && eof_ && carry_.empty() && skipped_bytes_ == 0 && tail_bytes_ == 0) {
    return false;
  }
  std::size_t start = 0;
  out.bom_skipped = false;
  if (!bom_checked_) {
    bom_checked_ = true;
    start = core::bom_length(std::string_view(buffer.data(), buffer.size()));
    out.bom_skipped = start != 0;
  }
  out.data = std::string_view(buffer.data() + start, buffer.size() - start);
  // A skipped overlong tail came before this data; bytes cut after a kept prefix come after.
  out.file_offset = text_offset_ + tail_bytes_ + start;
  out.text_bytes = buffer.size() - (synthetic_lf ? 1 : 0) + tail_bytes_ + skipped_bytes_;
  out.dropped_crlf_lines = dropped_crlf_lines_;
  text_offset_ += out.text_bytes;
  skipped_bytes_ = 0;
  tail_bytes_ = 0;
  dropped_crlf_lines_ = 0;
  out.input_bytes = stream_.raw_bytes_read() - bytes_reported_;
  bytes_reported_ = stream_.raw_bytes_read();
  return true;
}

void stream_source::fill(std::vector<char>& buffer, std::size_t want) {
  if (budget_ == 0) {
    eof_ = true;
    return;
  }
  want = static_cast<std::size_t>(std::min<std::uint64_t>(want, budget_));
  const std::size_t old = buffer.size();
  buffer.resize(old + want);
  const std::size_t got = stream_.read(buffer.data() + old, want);
  buffer.resize(old + got);
  if (got == 0) eof_ = true;
  budget_ -= got;
}

// Drops bytes of an overlong line up to and including its LF. A CR right before that LF
// made it a CRLF line, which a mapped input counts too.
void stream_source::skip_overlong_tail(std::vector<char>& buffer) {
  const auto lf = std::find(buffer.begin(), buffer.end(), '\n');
  if (lf == buffer.end()) {
    tail_bytes_ += buffer.size();
    if (!buffer.empty()) last_line_byte_ = buffer.back();
    buffer.clear();
    return;
  }
  const char before_lf = lf == buffer.begin() ? last_line_byte_ : *(lf - 1);
  dropped_crlf_lines_ += before_lf == '\r' ? 1 : 0;
  const auto drop = static_cast<std::size_t>(lf - buffer.begin()) + 1;
  tail_bytes_ += drop;
  buffer.erase(buffer.begin(), lf + 1);
  skipping_ = false;
}

}  // namespace fenbatch::pipeline::detail
