// The strict number parser both programs share. Expected values are plain arithmetic: K, M and
// G are 2^10, 2^20 and 2^30, and 2^64 - 1 = 18446744073709551615 is the largest value.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>

#include "fenbatch/cli/parse_number.hpp"

namespace fenbatch::cli {
namespace {

constexpr std::uint64_t max_value = 18446744073709551615ULL;

TEST(ParseCount, ReadsDecimalDigits) {
  EXPECT_EQ(parse_count("0"), 0U);
  EXPECT_EQ(parse_count("42"), 42U);
  EXPECT_EQ(parse_count("007"), 7U);
  EXPECT_EQ(parse_count("18446744073709551615"), max_value);
}

TEST(ParseCount, RejectsSignsSpacesAndOtherText) {
  for (const char* text :
       {"", "-1", "+1", " 1", "1 ", "\t1", "1.5", "0x10", "1e3", "abc", "12X", "1K", "-0"}) {
    EXPECT_EQ(parse_count(text), std::nullopt) << "'" << text << "'";
  }
}

TEST(ParseCount, RejectsOverflowAndValuesAboveTheLimit) {
  EXPECT_EQ(parse_count("18446744073709551616"), std::nullopt);
  EXPECT_EQ(parse_count("99999999999999999999999"), std::nullopt);
  EXPECT_EQ(parse_count("4096", 4096), 4096U);
  EXPECT_EQ(parse_count("4097", 4096), std::nullopt);
}

TEST(ParseSize, SuffixesAreBinaryMultiplesInEitherCase) {
  EXPECT_EQ(parse_size("0"), 0U);
  EXPECT_EQ(parse_size("512"), 512U);
  EXPECT_EQ(parse_size("1K"), 1024U);
  EXPECT_EQ(parse_size("3k"), 3072U);
  EXPECT_EQ(parse_size("1M"), 1048576U);
  EXPECT_EQ(parse_size("2m"), 2097152U);
  EXPECT_EQ(parse_size("1G"), 1073741824U);
  EXPECT_EQ(parse_size("5g"), 5368709120U);
}

TEST(ParseSize, RejectsSignsSpacesUnknownSuffixesAndBareSuffixes) {
  for (const char* text : {"", "-1", "-1K", "+1M", " 1M", "1M ", "1 M", "12X", "1T", "1KB", "K",
                           "M", "1.5M", "abc", "0x1K"}) {
    EXPECT_EQ(parse_size(text), std::nullopt) << "'" << text << "'";
  }
}

TEST(ParseSize, RejectsOverflowInTheMultiplication) {
  // (2^64 - 1) / 2^30 = 17179869183 (rounded down): one more overflows.
  EXPECT_EQ(parse_size("17179869183G"), 17179869183ULL * 1073741824ULL);
  EXPECT_EQ(parse_size("17179869184G"), std::nullopt);
  EXPECT_EQ(parse_size("99999999999999G"), std::nullopt);
  EXPECT_EQ(parse_size("18014398509481983K"), 18014398509481983ULL * 1024ULL);
  EXPECT_EQ(parse_size("18014398509481984K"), std::nullopt);
  EXPECT_EQ(parse_size("18446744073709551616"), std::nullopt);
}

}  // namespace
}  // namespace fenbatch::cli
