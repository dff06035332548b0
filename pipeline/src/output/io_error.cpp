#include "fenbatch/pipeline/io_error.hpp"

#include <string>
#include <system_error>

namespace fenbatch::pipeline {

void throw_io_error(std::string_view operation, std::string_view path, int error) {
  std::string what(operation);
  what += ": ";
  what += path;
  throw std::system_error(error, std::generic_category(), what);
}

}  // namespace fenbatch::pipeline
