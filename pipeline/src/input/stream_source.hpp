// An input read as a byte stream (pipes, FIFOs, stdin, compressed files, --no-mmap): text is
// read into each chunk's own storage and cut after its last LF, the partial line carried to the
// next chunk, overlong lines cut on the way (overlong_line_cutter.hpp), and --max-bytes honoured
// as read_limit.hpp says. Decompressed text is refused when it is UTF-16 or UTF-32, as a plain
// file is when opened.
#pragma once

#include <sys/stat.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "input/decompression.hpp"
#include "input/input_source.hpp"
#include "input/overlong_line_cutter.hpp"
#include "input/read_limit.hpp"

namespace fenbatch::pipeline::detail {

class stream_source final : public input_source {
 public:
  // `head`: bytes already read from fd (replayed_from_fd) to sniff the format. record_ends
  // (.plain inputs): chunks end after `e` lines (record_ends.hpp).
  stream_source(int fd, const struct stat& st, bool owns_fd, std::string path, std::string head,
                bool replayed_from_fd, compression kind, bool record_ends = false);
  ~stream_source() override;

  bool next(chunk_input& out, std::size_t target) override;
  // The run's --max-bytes, less what earlier inputs took: whole lines (read_limit.hpp).
  void limit_to(std::uint64_t bytes) noexcept override { limit_ = stream_limit(bytes); }

 private:
  void fill(std::vector<char>& buffer, std::size_t want);

  bool owns_fd_;
  std::string path_;
  compression kind_;
  decompressed_stream stream_;
  overlong_line_cutter cutter_;
  std::vector<char> carry_;
  bool eof_ = false;
  bool bom_checked_ = false;
  bool encoding_checked_ = false;
  bool record_ends_;
  std::uint64_t text_offset_ = 0;
  std::uint64_t bytes_reported_ = 0;  // on-disk bytes accounted to chunks so far
  stream_limit limit_;
};

}  // namespace fenbatch::pipeline::detail
