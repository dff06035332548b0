#include "fenbatch/pipeline/io_error.hpp"

#include <string>
#include <system_error>

#include "fenbatch/pipeline/quoted_name.hpp"

namespace fenbatch::pipeline {

void throw_io_error(std::string_view operation, std::string_view path, int error) {
  std::string what(operation);
  what += ": ";
  // The standard streams are named in words, not by a file name.
  const bool stream =
      path == "standard input" || path == "standard output" || path == "standard error";
  what += stream ? std::string(path) : quoted_name(path);
  throw std::system_error(error, std::generic_category(), what);
}

}  // namespace fenbatch::pipeline
