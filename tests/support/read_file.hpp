// A whole file's bytes, for tests that compare what a run wrote.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace fenbatch::test {

[[nodiscard]] inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace fenbatch::test
