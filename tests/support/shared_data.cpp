#include "shared_data.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <stdexcept>

namespace fenbatch::test {

std::optional<std::filesystem::path> shared_dir() {
  const char* env = std::getenv("FENBATCH_SHARED_DIR");
  const std::filesystem::path dir = env != nullptr ? env : FENBATCH_SHARED_DIR;
  if (std::filesystem::is_directory(dir / "vectors") &&
      std::filesystem::is_directory(dir / "corpus")) {
    return dir;
  }
  return std::nullopt;
}

std::vector<std::string> read_lines(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string read_zst(const std::filesystem::path& path) {
  const std::string command = "zstd -dc -- '" + path.string() + "'";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) throw std::runtime_error("cannot run " + command);
  std::string data;
  std::array<char, 1 << 16> buffer{};
  for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0;) {
    data.append(buffer.data(), n);
  }
  if (pclose(pipe.release()) != 0) throw std::runtime_error("failed: " + command);
  return data;
}

std::vector<std::filesystem::path> corpus_files(const std::filesystem::path& shared) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(shared / "corpus")) {
    if (entry.path().filename().string().ends_with(".epd.zst")) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
    return a.filename().string() < b.filename().string();  // byte order, as LC_ALL=C sort
  });
  return files;
}

}  // namespace fenbatch::test
