// A temporary directory for a test, removed with everything in it when the test ends.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace fenbatch::test {

class temp_dir {
 public:
  temp_dir() {
    char pattern[] = "/tmp/fenbatch-test-XXXXXX";
    if (::mkdtemp(pattern) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  ~temp_dir() { std::filesystem::remove_all(path_); }

  [[nodiscard]] std::string path(const std::string& name) const { return path_ + "/" + name; }
  // Writes `content` to the file `name` in the directory; returns its path.
  std::string file(const std::string& name, const std::string& content) const {
    const std::string p = path(name);
    std::ofstream(p, std::ios::binary) << content;
    return p;
  }

 private:
  std::string path_;
};

}  // namespace fenbatch::test
