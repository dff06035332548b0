#include "output/codec_choice.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>

#include "base/compression_magic.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "output/compressor.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// In place: the output is the single input, by device and inode (another spelling or a hard
// link of it too).
bool writes_in_place(const output_options& outputs) {
  const std::string& input = outputs.single_input;
  if (input.empty() || input == "-" || outputs.output == "-") return false;
  struct stat in {};
  struct stat out {};
  return ::stat(input.c_str(), &in) == 0 && ::stat(outputs.output.c_str(), &out) == 0 &&
         S_ISREG(in.st_mode) && in.st_dev == out.st_dev && in.st_ino == out.st_ino;
}

}  // namespace

pipeline::compression content_compression(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return pipeline::compression::none;
  std::array<char, compression_magic_size> head{};
  const ssize_t got = ::pread(fd, head.data(), head.size(), 0);
  ::close(fd);
  if (got <= 0) return pipeline::compression::none;
  switch (sniff_compression(std::string_view(head.data(), static_cast<std::size_t>(got)))) {
    case detail::compression::gzip: return pipeline::compression::gzip;
    case detail::compression::bzip2: return pipeline::compression::bzip2;
    case detail::compression::xz: return pipeline::compression::xz;
    case detail::compression::zstd: return pipeline::compression::zstd;
    case detail::compression::none: break;
  }
  return pipeline::compression::none;
}

output_codec output_codec_of(const output_options& outputs, unsigned threads) {
  output_codec chosen{outputs.codec, outputs.level, threads};
  if (chosen.codec == pipeline::compression::automatic) {
    chosen.codec = writes_in_place(outputs) ? content_compression(outputs.single_input)
                                            : compression_for_name(outputs.output);
  }
  const std::string where = outputs.output == "-" ? std::string("standard output") : outputs.output;
  if (chosen.codec == pipeline::compression::none) {
    if (chosen.level != codec_default_level) {
      throw config_error("a compression level (" + std::to_string(chosen.level) +
                         ") was given, but " +
                         (outputs.output == "-" ? where : quoted_name(outputs.output)) +
                         " is written uncompressed");
    }
  } else {
    check_compression_level(chosen.codec, chosen.level, where);
    // As zstd and gzip do: compressed bytes on a terminal help nobody and can upset it.
    if (outputs.output == "-" && ::isatty(STDOUT_FILENO) == 1) {
      throw config_error("refusing to write " + std::string(to_string(chosen.codec)) +
                         "-compressed data to a terminal (redirect standard output)");
    }
  }
  return chosen;
}

output_codec side_file_codec(const std::string& path, unsigned threads) {
  return {compression_for_name(path), codec_default_level, threads};
}

}  // namespace fenbatch::pipeline::detail
