// The codec each written file gets. The output: the one asked for (--compress), else, in place, the
// one its input's content is in (a compressed corpus rewritten in place stays compressed the same
// way, whatever its name), else by its name. The side files (rejects, duplicates, counts,
// statistics): by their names, at the codec's default level.
#pragma once

#include <string>

#include "fenbatch/pipeline/output_file.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

// Throws pipeline::config_error for a level out of the chosen codec's range, for a level
// given for an output written uncompressed, and for compressed data on a terminal.
[[nodiscard]] output_codec output_codec_of(const output_options& outputs, unsigned threads);
[[nodiscard]] output_codec side_file_codec(const std::string& path, unsigned threads);

// The codec a file's content is in, by its magic bytes; none when it cannot be read.
[[nodiscard]] pipeline::compression content_compression(const std::string& path);

}  // namespace fenbatch::pipeline::detail
