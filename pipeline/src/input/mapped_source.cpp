#include "input/mapped_source.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "base/signals.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "input/read_limit.hpp"
#include "input/record_ends.hpp"

namespace fenbatch::pipeline::detail {

std::uint64_t line_start_at_or_after(std::string_view text, std::uint64_t offset) noexcept {
  if (offset == 0) return 0;
  if (offset >= text.size()) return text.size();
  if (text[offset - 1] == '\n') return offset;
  const void* lf = std::memchr(text.data() + offset, '\n', text.size() - offset);
  return lf == nullptr ? text.size()
                       : static_cast<std::uint64_t>(static_cast<const char*>(lf) - text.data()) + 1;
}

namespace {

// Where the lines (records, with record_ends) that start at or after `offset` begin.
std::size_t part_start(std::string_view text, std::uint64_t offset, bool record_ends) noexcept {
  return static_cast<std::size_t>(record_ends ? record_start_at_or_after(text, offset)
                                              : line_start_at_or_after(text, offset));
}

}  // namespace

mapped_source::mapped_source(int fd, const struct stat& st, const char* data, std::size_t size,
                             const input_range& range, bool record_ends)
    : input_source(fd, st),
      data_(data),
      size_(size),
      end_(part_start({data, size}, range.end, record_ends)),
      record_ends_(record_ends),
      mapping_slot_(register_mapped_input(data, size)) {
  if (range.begin != 0) {
    // (The first line's start counts as consumed: the range's input bytes are its own.)
    position_ = std::min(end_, part_start({data, size}, range.begin, record_ends));
    reported_ = position_;
  } else if (core::bom_length(std::string_view(data_, size_)) != 0) {
    position_ = std::min(end_, core::utf8_bom.size());
    bom_ = true;
  }
}

mapped_source::~mapped_source() {
  unregister_mapped_input(mapping_slot_);
  ::munmap(const_cast<char*>(data_), size_);
  ::close(fd_);
}

void mapped_source::release(std::string_view data) noexcept {
  // Whole pages only, up to the page the next chunk starts in.
  const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto begin = reinterpret_cast<std::uintptr_t>(data_);
  const auto first = std::max(begin, reinterpret_cast<std::uintptr_t>(data.data()) & ~(page - 1));
  const auto last = (reinterpret_cast<std::uintptr_t>(data.data()) + data.size()) & ~(page - 1);
  if (last > first) {
    ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
  }
}

void mapped_source::limit_to(std::uint64_t bytes) noexcept {
  // From the first byte not yet accounted (a BOM counts, as it does when streamed).
  const std::string_view rest(data_ + reported_, end_ - reported_);
  end_ = std::max(position_, reported_ + static_cast<std::size_t>(limited_end(rest, bytes)));
}

bool mapped_source::next(chunk_input& out, std::size_t target) {
  if (reported_ == end_) return false;  // (a file holding only a BOM still gets one chunk)
  std::size_t end = position_ + std::min(target, end_ - position_);
  if (end < end_) {
    // Extend to the end of the line: never split a line, never read past the range.
    const void* lf = std::memchr(data_ + end, '\n', end_ - end);
    end = lf == nullptr ? end_ : static_cast<std::size_t>(static_cast<const char*>(lf) - data_) + 1;
    if (record_ends_) end = record_start_at_or_after_line(std::string_view(data_, end_), end);
  }
  out.storage.clear();
  out.data = std::string_view(data_ + position_, end - position_);
  out.file_offset = position_;
  out.bom_skipped = bom_ && reported_ == 0;
  out.input_bytes = end - reported_;  // the BOM counts with the first chunk
  out.text_bytes = out.input_bytes;
  reported_ = end;
  position_ = end;
  return true;
}

}  // namespace fenbatch::pipeline::detail
