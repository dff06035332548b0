#include "output/compressor.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "output/boost_compressor.hpp"
#include "output/zstd_compressor.hpp"

namespace fenbatch::pipeline::detail {
namespace {

constexpr std::size_t gathered_size = 1 << 20;  // as output_file's own buffer

struct level_range {
  int low;
  int high;
};

// zstd's 20..22 ("ultra") need up to 128 MiB to decompress, which zstd's own tool allows
// without options; xz's preset 0 cannot be asked for: 0 is codec_default_level.
level_range range_of(pipeline::compression codec) noexcept {
  switch (codec) {
    case pipeline::compression::zstd: return {1, 22};
    default: return {1, 9};
  }
}

// A path in a message: quoted as ls quotes it, or "standard output" in words (as
// throw_io_error does).
std::string shown_path(const std::string& path) {
  return path == "standard output" ? path : quoted_name(path);
}

}  // namespace

compressor::compressor(compressed_sink sink, std::string path)
    : sink_(std::move(sink)), path_(std::move(path)), out_(gathered_size) {}

void compressor::emit(const char* data, std::size_t size) {
  while (size > 0) {
    const std::size_t n = std::min(size, room_size());
    std::copy(data, data + n, room());
    produced(n);
    data += n;
    size -= n;
  }
}

std::size_t compressor::room_size() {
  if (used_ == out_.size()) drain();
  return out_.size() - used_;
}

void compressor::drain() {
  if (used_ == 0) return;
  const std::size_t size = used_;
  used_ = 0;  // (a failed write is not retried: the file is abandoned)
  sink_(std::string_view(out_.data(), size));
}

void compressor::codec_failed(std::string_view codec, std::string_view reason) const {
  throw std::runtime_error("write: " + shown_path(path_) + ": " + std::string(codec) +
                           " compression failed: " + std::string(reason));
}

int effective_level(pipeline::compression codec, int level) noexcept {
  if (level != codec_default_level) return level;
  switch (codec) {
    case pipeline::compression::zstd: return 3;  // ZSTD_CLEVEL_DEFAULT
    case pipeline::compression::bzip2: return 9;
    default: return 6;  // gzip (Z_DEFAULT_COMPRESSION), xz (the tool's; Boost's own is 2)
  }
}

void check_compression_level(pipeline::compression codec, int level, const std::string& path) {
  if (level == codec_default_level) return;
  const level_range range = range_of(codec);
  if (level >= range.low && level <= range.high) return;
  throw config_error("compression level " + std::to_string(level) + " is out of range for " +
                     std::string(to_string(codec)) + " (" + shown_path(path) +
                     "): " + std::string(to_string(codec)) + " levels are " +
                     std::to_string(range.low) + ".." + std::to_string(range.high));
}

std::unique_ptr<compressor> make_compressor(pipeline::compression codec, int level,
                                            unsigned threads, compressed_sink sink,
                                            const std::string& path) {
  check_compression_level(codec, level, path);
  if (codec == pipeline::compression::zstd) {
    return std::make_unique<zstd_compressor>(effective_level(codec, level), threads,
                                             std::move(sink), path);
  }
  return make_boost_compressor(codec, effective_level(codec, level), threads, std::move(sink),
                               path);
}

}  // namespace fenbatch::pipeline::detail
