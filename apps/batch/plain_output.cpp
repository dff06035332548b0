#include "plain_output.hpp"

#include "fenbatch/pipeline/compression.hpp"

namespace fenbatch::app {

bool writes_plain(bool format_given, const std::string& format, const std::string& output) {
  if (format_given) return format == "plain";
  return pipeline::without_compression_suffix(output).ends_with(".plain");
}

}  // namespace fenbatch::app
