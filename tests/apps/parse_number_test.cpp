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

// read_count and read_size: the same texts, with the reason of each refusal.
number_error count_error(const char* text, std::uint64_t limit = max_value) {
  return read_count(text, limit).error;
}
number_error size_error_of(const char* text, std::uint64_t limit = max_value) {
  return read_size(text, limit).error;
}

TEST(ReadNumber, SaysWhyATextIsRefused) {
  EXPECT_EQ(count_error(""), number_error::empty);
  for (const char* text : {"-1", "-0", "-abc"})
    EXPECT_EQ(count_error(text), number_error::negative);
  for (const char* text : {"+1", " 1", "1 ", "1.5", "0x10", "1e3", "abc", "1K"}) {
    EXPECT_EQ(count_error(text), number_error::not_a_number) << "'" << text << "'";
  }
  EXPECT_EQ(count_error("18446744073709551616"), number_error::too_large);
  EXPECT_EQ(count_error("99999999999999999999999"), number_error::too_large);
  EXPECT_EQ(count_error("4097", 4096), number_error::too_large);
  EXPECT_EQ(read_count("4096", 4096).value, 4096U);
  EXPECT_EQ(size_error_of(""), number_error::empty);
  EXPECT_EQ(size_error_of("-1K"), number_error::negative);
  for (const char* text : {"K", "1KB", "1T", " 1M", "1.5M", "+5"}) {
    EXPECT_EQ(size_error_of(text), number_error::not_a_number) << "'" << text << "'";
  }
  EXPECT_EQ(size_error_of("17179869184G"), number_error::too_large);
  // A limit in bytes, after the suffix: 256M = 268435456 bytes.
  EXPECT_EQ(read_size("256M", 268435456).value, 268435456U);
  EXPECT_EQ(size_error_of("257M", 268435456), number_error::too_large);
  EXPECT_EQ(size_error_of("268435457", 268435456), number_error::too_large);
  EXPECT_EQ(read_size("0").error, number_error::none);
}

}  // namespace
}  // namespace fenbatch::cli
