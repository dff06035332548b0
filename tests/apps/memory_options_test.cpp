// --memory-limit and --temp-dir on fenbatch's command line (apps/batch/command_line.cpp): into
// run_config::memory_limit and temp_dir; sizes below 16M, 0 and bad sizes are usage errors
// that name the option, the reason and the range.
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "batch/command_line.hpp"
#include "parse_args.hpp"

namespace fenbatch::app {
namespace {

TEST(MemoryOptions, DefaultsAreTheSystemsShareAndTheDefaultDirectory) {
  const auto c = parse({"in.fen", "out.fen"});
  EXPECT_EQ(c->config.memory_limit, 0U);
  EXPECT_EQ(c->config.temp_dir, "");
}

TEST(MemoryOptions, MemoryLimitTakesASize) {
  EXPECT_EQ(parse({"--memory-limit", "512M", "in.fen"})->config.memory_limit, 536870912U);
  EXPECT_EQ(parse({"--memory-limit=4g", "in.fen"})->config.memory_limit, 4294967296U);
  EXPECT_EQ(parse({"--memory-limit", "1T", "in.fen"})->config.memory_limit, 1099511627776U);
  EXPECT_EQ(parse({"--memory-limit", "16MiB", "in.fen"})->config.memory_limit, 16777216U);
  EXPECT_EQ(parse({"--memory-limit", "16777216", "in.fen"})->config.memory_limit, 16777216U);
}

// Every refusal ends with the range and how to get the default.
constexpr const char* allowed =
    "; allowed: at least 16M; leave --memory-limit out for the default)";

TEST(MemoryOptions, MemoryLimitBelowSixteenMebibytesIsRefused) {
  for (const std::string text : {"16777215", "15M", "0", "0G"}) {
    EXPECT_EQ(usage_error_of({"--memory-limit", text, "in.fen"}),
              "invalid value for --memory-limit: '" + text + "' (too small" + allowed);
  }
}

TEST(MemoryOptions, BadSizesNameTheReasonAndTheRange) {
  EXPECT_EQ(usage_error_of({"--memory-limit", "", "in.fen"}),
            std::string("invalid value for --memory-limit: '' (empty: give a size such as 512M or "
                        "4G") +
                allowed);
  EXPECT_EQ(usage_error_of({"--memory-limit", "-1G", "in.fen"}),
            std::string("invalid value for --memory-limit: '-1G' (negative") + allowed);
  EXPECT_EQ(usage_error_of({"--memory-limit", "lots", "in.fen"}),
            std::string("invalid value for --memory-limit: 'lots' (not a size: digits, then K, M, "
                        "G or T") +
                allowed);
  EXPECT_EQ(usage_error_of({"--memory-limit", "1.5G", "in.fen"}),
            std::string("invalid value for --memory-limit: '1.5G' (not a size: digits, then K, M, "
                        "G or T") +
                allowed);
  EXPECT_EQ(usage_error_of({"--memory-limit", "2P", "in.fen"}),
            std::string("invalid value for --memory-limit: '2P' (unknown suffix 'P': use K, M, G "
                        "or T") +
                allowed);
  EXPECT_EQ(usage_error_of({"--memory-limit", "16777216T", "in.fen"}),
            std::string("invalid value for --memory-limit: '16777216T' (too large: more than 2^64 "
                        "- 1 bytes") +
                allowed);
}

TEST(MemoryOptions, TempDirIsTakenAsGiven) {
  EXPECT_EQ(parse({"--temp-dir", "/var/tmp/fb", "in.fen"})->config.temp_dir, "/var/tmp/fb");
  EXPECT_EQ(parse({"--temp-dir=relative dir", "in.fen"})->config.temp_dir, "relative dir");
}

TEST(MemoryOptions, AnEmptyTempDirIsRefused) {
  EXPECT_EQ(usage_error_of({"--temp-dir", "", "in.fen"}),
            "--temp-dir needs a directory (leave it out for $TMPDIR, else /tmp)");
}

}  // namespace
}  // namespace fenbatch::app
