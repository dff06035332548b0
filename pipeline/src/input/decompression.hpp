// Compressed inputs: recognised by their magic bytes (base/compression_magic.hpp) and
// decompressed as they are read, so a compressed corpus needs neither a temporary copy nor a
// format option. Boost.Iostreams and libzstd stay behind this header.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/compression_magic.hpp"

namespace fenbatch::pipeline::detail {

// Where a stream's on-disk bytes come from.
struct raw_input {
  int fd = -1;  // read, never closed here: whoever opened it closes it
  std::string path;
  std::string replay;            // bytes already taken from fd to sniff the format: served first
  std::uint64_t bytes_read = 0;  // on-disk bytes read so far (for progress), replay included
  // A regular file is read up to its size at open: bytes appended meanwhile are not this run's,
  // and ending short of it means the file shrank under us. UINT64_MAX: read to end of input.
  std::uint64_t size_at_open = UINT64_MAX;
};

// The text of a raw input, decompressed as `kind` says (`none`: the bytes as they are).
class decompressed_stream {
 public:
  decompressed_stream(raw_input raw, compression kind);
  ~decompressed_stream();
  decompressed_stream(const decompressed_stream&) = delete;
  decompressed_stream& operator=(const decompressed_stream&) = delete;

  // Reads up to `n` text bytes into `out` (plain text: fewer when a pipe has no more yet;
  // decompressed text: `n` unless the input ends first); 0 at end of input. A corrupt or truncated
  // stream throws std::runtime_error ("read: PATH: corrupt gzip stream: ... at offset N", N
  // counting compressed bytes from the file's start), a shrunk file too. Zero bytes after the last
  // gzip member or bzip2 stream are padding, as gzip and bzip2 accept them (xz's stream padding is
  // liblzma's to check); anything else after the last frame is refused as trailing garbage: it may
  // be a damaged frame, and skipping it would lose data.
  std::size_t read(char* out, std::size_t n);
  // The first `n` text bytes (fewer at end of input), read ahead: read() serves them again.
  std::string_view peek(std::size_t n);
  // On-disk bytes read so far.
  [[nodiscard]] std::uint64_t raw_bytes_read() const noexcept;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace fenbatch::pipeline::detail
