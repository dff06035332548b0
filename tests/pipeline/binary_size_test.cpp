// Byte counts for people (pipeline/src/stats/binary_size.cpp): binary units, exact ones without
// a decimal, others with one; the expected texts worked out by hand.
#include "fenbatch/pipeline/binary_size.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace fenbatch::pipeline {
namespace {

TEST(BinarySize, BytesBelowOneKibibyte) {
  EXPECT_EQ(binary_size(0), "0 bytes");
  EXPECT_EQ(binary_size(1), "1 byte");
  EXPECT_EQ(binary_size(1023), "1023 bytes");
}

TEST(BinarySize, ExactUnitsHaveNoDecimal) {
  EXPECT_EQ(binary_size(1024), "1 KiB");
  EXPECT_EQ(binary_size(std::uint64_t{512} << 20), "512 MiB");
  EXPECT_EQ(binary_size(std::uint64_t{1} << 30), "1 GiB");
  EXPECT_EQ(binary_size(std::uint64_t{5} << 40), "5 TiB");
  EXPECT_EQ(binary_size(std::uint64_t{3} << 60), "3 EiB");
}

TEST(BinarySize, OthersHaveOneDecimal) {
  EXPECT_EQ(binary_size(1536), "1.5 KiB");
  EXPECT_EQ(binary_size(1'288'490'189), "1.2 GiB");  // 1.2 * 2^30 = 1,288,490,188.8
  // Rounded, and never a unit up for less than it: 1 MiB - 1 stays in KiB.
  EXPECT_EQ(binary_size((std::uint64_t{1} << 20) - 1), "1024.0 KiB");
  EXPECT_EQ(binary_size(UINT64_MAX), "16.0 EiB");
}

}  // namespace
}  // namespace fenbatch::pipeline
