// Compressed written files: a compressor sits between output_file's buffer and its descriptor,
// so the atomic publishing, error reporting and signal cleanup of plain files hold unchanged.
// One interface; zstd through libzstd (zstd_compressor), gzip, xz and bzip2 through
// Boost.Iostreams' filters (boost_compressor).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/pipeline/compression.hpp"

namespace fenbatch::pipeline::detail {

// Where compressed bytes go (output_file's unbuffered write; it throws on failure).
using compressed_sink = std::function<void(std::string_view)>;

class compressor {
 public:
  compressor(const compressor&) = delete;
  compressor& operator=(const compressor&) = delete;
  virtual ~compressor() = default;

  // Compresses `text`. Codec failures throw std::runtime_error naming the path; the sink's own
  // errors pass through.
  virtual void write(std::string_view text) = 0;
  // Ends the stream (frame end, checksums) and hands every byte left to the sink.
  virtual void finish() = 0;

 protected:
  compressor(compressed_sink sink, std::string path);

  // Compressed bytes are gathered into large writes: the codecs produce them in pieces of a
  // few KiB, and a write per piece would cost more system calls than the plain output makes.
  void emit(const char* data, std::size_t size);
  void drain();
  // Free room at the end of the gathering buffer (drained first when full), for codecs that
  // compress straight into it; `produced` says how much of it they filled.
  [[nodiscard]] char* room() noexcept { return out_.data() + used_; }
  [[nodiscard]] std::size_t room_size();
  void produced(std::size_t size) noexcept { used_ += size; }

  [[noreturn]] void codec_failed(std::string_view codec, std::string_view reason) const;

 private:
  compressed_sink sink_;
  std::string path_;
  std::vector<char> out_;
  std::size_t used_ = 0;
};

// The level that stands for "the codec's default" where no level was asked for
// (output_options::level, output_codec::level). It is never a level a user asks for:
// the ranges below start at 1, and fenbatch's command line refuses --level 0.
inline constexpr int codec_default_level = 0;

// The level a compressor runs at: `level`, or for codec_default_level the codec's own default,
// as its command-line tool has it: zstd 3, gzip 6, xz 6, bzip2 9.
[[nodiscard]] int effective_level(pipeline::compression codec, int level) noexcept;

// The levels each codec accepts (besides codec_default_level): zstd 1..22, gzip 1..9, xz
// 1..9, bzip2 1..9. Throws pipeline::config_error naming the path, the codec and its range.
void check_compression_level(pipeline::compression codec, int level, const std::string& path);

// A compressor for `codec` (zstd, gzip, xz or bzip2) at `level` (checked as above, and passed
// on as effective_level). zstd and xz compress on `threads` worker threads of their
// libraries' own (0: in the writing thread).
[[nodiscard]] std::unique_ptr<compressor> make_compressor(pipeline::compression codec, int level,
                                                          unsigned threads, compressed_sink sink,
                                                          const std::string& path);

}  // namespace fenbatch::pipeline::detail
