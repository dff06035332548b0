// A libFuzzer-compatible driver for builds without libFuzzer (gcc, any build type): runs
// LLVMFuzzerTestOneInput once on every file named on the command line or found (recursively,
// in name order) in a directory named there. CI replays the committed corpus and regressions
// with it, so every crash ever found stays fixed under every compiler and sanitizer preset.
//
//   <target>_replay PATH...
//
// Every PATH must exist (a mistyped corpus path must not pass by testing nothing). Hidden
// files (.gitkeep) are skipped. Arguments starting with '-' are libFuzzer flags and ignored,
// so the same command line works with both drivers.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

bool hidden(const fs::path& path) {
  const std::string name = path.filename().string();
  return !name.empty() && name.front() == '.';
}

// Files under `root` in name order, so runs are reproducible.
std::vector<fs::path> files_under(const fs::path& root) {
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root)) {
    if (entry.is_regular_file() && !hidden(entry.path())) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

bool run_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot open %s\n", path.c_str());
    return false;
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  // An exact-size heap copy, as libFuzzer passes, so ASan reports any read past the input.
  const std::unique_ptr<std::uint8_t[]> data(new std::uint8_t[bytes.size()]);
  std::copy(bytes.begin(), bytes.end(), data.get());
  std::fprintf(stderr, "replay: %s (%zu bytes)\n", path.c_str(), bytes.size());
  LLVMFuzzerTestOneInput(data.get(), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t replayed = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    const fs::path path(argv[i]);
    if (argv[i][0] == '-') continue;
    std::error_code error;
    if (fs::is_directory(path, error)) {
      for (const fs::path& file : files_under(path)) {
        ok = run_file(file) && ok;
        ++replayed;
      }
    } else if (fs::exists(path, error)) {
      ok = run_file(path) && ok;
      ++replayed;
    } else {
      std::fprintf(stderr, "replay: %s: no such file or directory\n", path.c_str());
      ok = false;
    }
  }
  std::fprintf(stderr, "replay: %zu inputs, %s\n", replayed, ok ? "all passed" : "FAILED");
  return ok ? 0 : 1;
}
