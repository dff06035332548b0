// Access to ../shared (corpora and vectors) for tests. Tests that need it call
// FENBATCH_REQUIRE_SHARED(), which skips the test with a clear message when it is absent.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace fenbatch::test {

// The shared directory, if it exists (FENBATCH_SHARED_DIR overrides the configured path).
std::optional<std::filesystem::path> shared_dir();

// The lines of a text file, with LF removed (CR kept: callers test framing themselves).
std::vector<std::string> read_lines(const std::filesystem::path& path);

// The decompressed bytes of a .zst file (through the zstd command-line tool).
std::string read_zst(const std::filesystem::path& path);

// The .epd.zst corpus files of shared/corpus in LC_ALL=C name order.
std::vector<std::filesystem::path> corpus_files(const std::filesystem::path& shared);

}  // namespace fenbatch::test

#define FENBATCH_REQUIRE_SHARED(var)                                                          \
  const std::optional<std::filesystem::path> var##_opt = ::fenbatch::test::shared_dir();      \
  if (!var##_opt) GTEST_SKIP() << "../shared is absent: this test needs its corpora/vectors"; \
  const std::filesystem::path& var = *var##_opt
