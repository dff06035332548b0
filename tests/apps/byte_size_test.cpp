// --memory-limit's sizes (apps/cli/byte_size): digits, K/M/G/T in either case (binary), an
// optional B or iB; each refusal with its reason. Expected values are powers of two by hand.
#include "fenbatch/cli/byte_size.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace fenbatch::cli {
namespace {

std::uint64_t bytes_of(const std::string& text) {
  const byte_size size = parse_byte_size(text);
  EXPECT_EQ(size.error, size_error::none) << "'" << text << "'";
  return size.bytes;
}

size_error error_of(const std::string& text) {
  return parse_byte_size(text).error;
}

TEST(ByteSize, DigitsAreBytes) {
  EXPECT_EQ(bytes_of("0"), 0U);
  EXPECT_EQ(bytes_of("16777216"), 16777216U);
  EXPECT_EQ(bytes_of("007"), 7U);
  EXPECT_EQ(bytes_of("18446744073709551615"), 18446744073709551615U);
}

TEST(ByteSize, SuffixesAreBinaryInEitherCase) {
  EXPECT_EQ(bytes_of("1K"), 1024U);
  EXPECT_EQ(bytes_of("3k"), 3072U);
  EXPECT_EQ(bytes_of("16M"), 16777216U);
  EXPECT_EQ(bytes_of("512m"), 536870912U);
  EXPECT_EQ(bytes_of("4G"), 4294967296U);
  EXPECT_EQ(bytes_of("5g"), 5368709120U);
  EXPECT_EQ(bytes_of("1T"), 1099511627776U);
  EXPECT_EQ(bytes_of("2t"), 2199023255552U);
}

TEST(ByteSize, AnOptionalBOrIBChangesNothing) {
  for (const char* text : {"512M", "512MB", "512Mb", "512mb", "512MiB", "512mib", "512MIB"}) {
    EXPECT_EQ(bytes_of(text), 536870912U) << text;
  }
  EXPECT_EQ(bytes_of("1KiB"), 1024U);
  EXPECT_EQ(bytes_of("1GB"), 1073741824U);
  EXPECT_EQ(bytes_of("1TiB"), 1099511627776U);
  EXPECT_EQ(bytes_of("4096B"), 4096U);
  EXPECT_EQ(bytes_of("4096b"), 4096U);
}

TEST(ByteSize, RefusalsSayWhy) {
  EXPECT_EQ(error_of(""), size_error::empty);
  for (const char* text : {"-1", "-1G", "-0", "-"}) {
    EXPECT_EQ(error_of(text), size_error::negative) << text;
  }
  for (const char* text : {"abc", "G", "MiB", "+1G", " 1G", "1G ", "1 G", "1B B", "1.5G", "1,5G",
                           "0x1K", "1e9", "12G3"}) {
    EXPECT_EQ(error_of(text), size_error::not_a_number) << text;
  }
  for (const char* text : {"12X", "1KBB", "1P", "1iB", "1Ki", "1kg", "1MiBs", "1Gx"}) {
    EXPECT_EQ(error_of(text), size_error::unknown_suffix) << text;
  }
}

TEST(ByteSize, OverflowIsTooLarge) {
  EXPECT_EQ(error_of("18446744073709551616"), size_error::too_large);     // 2^64
  EXPECT_EQ(error_of("99999999999999999999999"), size_error::too_large);  // past 64 bits
  // (2^64 - 1) / 2^40 = 16777215 (rounded down): one more overflows in the multiplication.
  EXPECT_EQ(bytes_of("16777215T"), 16777215ULL << 40);
  EXPECT_EQ(error_of("16777216T"), size_error::too_large);
  EXPECT_EQ(bytes_of("17179869183G"), 17179869183ULL << 30);
  EXPECT_EQ(error_of("17179869184G"), size_error::too_large);
}

TEST(ByteSize, Descriptions) {
  EXPECT_EQ(describe(size_error::empty, ""), "empty: give a size such as 512M or 4G");
  EXPECT_EQ(describe(size_error::negative, "-1G"), "negative");
  EXPECT_EQ(describe(size_error::not_a_number, "1.5G"), "not a size: digits, then K, M, G or T");
  EXPECT_EQ(describe(size_error::unknown_suffix, "12XB"), "unknown suffix 'XB': use K, M, G or T");
  EXPECT_EQ(describe(size_error::too_large, "16777216T"), "too large: more than 2^64 - 1 bytes");
}

}  // namespace
}  // namespace fenbatch::cli
