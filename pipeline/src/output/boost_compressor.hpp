// gzip, xz and bzip2 output through Boost.Iostreams' filters (zlib, liblzma, libbz2 behind
// them), driven directly rather than through a stream, so that a failing write's exception
// reaches the caller instead of becoming a stream's bad bit.
#pragma once

#include <memory>
#include <string>

#include "output/compressor.hpp"

namespace fenbatch::pipeline::detail {

// codec: gzip, xz or bzip2; level: 1..9, already checked (effective_level). xz compresses on
// `threads` threads of liblzma's own (0 or 1: in the writing thread).
[[nodiscard]] std::unique_ptr<compressor> make_boost_compressor(pipeline::compression codec,
                                                                int level, unsigned threads,
                                                                compressed_sink sink,
                                                                std::string path);

}  // namespace fenbatch::pipeline::detail
