// One open input, as the input sequence sees it: a mapping served as views (mapped_source.hpp)
// or a byte stream read into each chunk's storage (stream_source.hpp). The sequence needs only
// this interface, so a new kind of source is a file of its own.
#pragma once

#include <sys/stat.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "input/chunk_input.hpp"

namespace fenbatch::pipeline::detail {

class input_source {
 public:
  explicit input_source(int fd, const struct stat& st) noexcept : fd_(fd), opened_(st) {}
  virtual ~input_source() = default;
  input_source(const input_source&) = delete;
  input_source& operator=(const input_source&) = delete;

  // A regular file whose size or modification time differs from when it was opened: it was
  // appended to or rewritten while being read (the run processed the size seen at open).
  [[nodiscard]] bool changed_since_open() const noexcept;
  // Whether a chunk's `data` can be read again, unchanged, for as long as this source lives
  // (a mapping: yes; a stream: its bytes are gone once the chunk is reused).
  [[nodiscard]] virtual bool rereadable() const noexcept { return false; }
  // The chunk holding `data` is done; see chunk_input::release().
  virtual void release(std::string_view /*data*/) noexcept {}
  // Appends the next part of the text to `out` (stream) or sets it (mapping): about `target`
  // bytes of whole lines; false once the input is done.
  virtual bool next(chunk_input& out, std::size_t target) = 0;
  // --max-bytes, less what earlier inputs took: this many more text bytes may be read, rounded
  // to whole lines as read_limit.hpp says, the same for every kind of source.
  virtual void limit_to(std::uint64_t bytes) noexcept = 0;

 protected:
  int fd_;

 private:
  struct stat opened_;
};

}  // namespace fenbatch::pipeline::detail
