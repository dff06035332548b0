// The position hash of --split and --sample (core/selection_hash.hpp). Expected values are not
// taken from the code under test: the hash is re-derived here from xxhash.h directly (tests may
// include it; "only core/src/hash includes xxHash" is a rule of the product code), over byte
// arrays written out by hand, and the thresholds are worked out by hand from 2^53 =
// 9007199254740992.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/selection_hash.hpp"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fenbatch::core {
namespace {

constexpr std::uint64_t two_to_53 = 9007199254740992ULL;

TEST(SelectionHash, IsTheTop53BitsOfXxh3OfTheKeyBytesLowThenHighLittleEndian) {
  // The key whose 16 bytes are 00 01 02 ... 0f in that order.
  const position_key key{0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL};
  const std::array<unsigned char, 16> bytes{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  for (const std::uint64_t seed : {0ULL, 1ULL, 42ULL, 0xFFFFFFFFFFFFFFFFULL}) {
    const std::uint64_t expected = XXH3_64bits_withSeed(bytes.data(), 16, seed) / 2048;
    EXPECT_EQ(selection_value(key, seed), expected) << "seed " << seed;
    EXPECT_LT(selection_value(key, seed), two_to_53);
  }
}

TEST(SelectionHash, DependsOnTheSeedAndOnBothHalvesOfTheKey) {
  const position_key key{0x0123456789ABCDEFULL, 0x8000000000000001ULL};
  EXPECT_NE(selection_value(key, 0), selection_value(key, 1));
  EXPECT_NE(selection_value(key, 0), selection_value({key.low, key.high ^ 1}, 0));
  EXPECT_NE(selection_value(key, 0), selection_value({key.low ^ 1, key.high}, 0));
}

TEST(SelectionHash, OfARealKeyAsStoredInMemory) {
  record rec;
  ASSERT_TRUE(
      parse_record("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", {}, rec).ok());
  const position_key key = make_key(rec, key_kind::position);
  // On a little-endian machine the struct's two words are the definition's 16 bytes.
  std::array<unsigned char, 16> bytes{};
  std::memcpy(bytes.data(), &key.low, 8);
  std::memcpy(bytes.data() + 8, &key.high, 8);
  EXPECT_EQ(selection_value(key, 7), XXH3_64bits_withSeed(bytes.data(), 16, 7) >> 11);
}

std::uint64_t threshold(std::vector<decimal_fraction> fractions) {
  return selection_threshold(fractions).value_or(~0ULL);
}

TEST(SelectionThreshold, WorkedValues) {
  // 2^53 / 10 = 900719925474099.2; / 2; 0.15 * 2^53 = 1351079888211148.8; 2^53 / 8 = 2^50.
  EXPECT_EQ(threshold({{1, 1}}), 900719925474099ULL);
  EXPECT_EQ(threshold({{10, 2}}), 900719925474099ULL);
  EXPECT_EQ(threshold({{5, 1}}), 4503599627370496ULL);
  EXPECT_EQ(threshold({{1, 1}, {5, 2}}), 1351079888211148ULL);
  EXPECT_EQ(threshold({{125, 3}}), 1125899906842624ULL);
  EXPECT_EQ(threshold({{1, 0}}), two_to_53);
  EXPECT_EQ(threshold({{3, 1}, {7, 1}}), two_to_53);
  EXPECT_EQ(threshold({}), 0U);
  // 2^53 / 10^18 = 0.009: a positive fraction can select nothing.
  EXPECT_EQ(threshold({{1, 18}}), 0U);
  // 10^-2 of 2^53 = 90071992547409.92.
  EXPECT_EQ(threshold({{1, 2}}), 90071992547409ULL);
}

TEST(SelectionThreshold, RefusesASumAboveOneAndTooManyDecimals) {
  EXPECT_FALSE(selection_threshold(std::vector<decimal_fraction>{{5, 1}, {6, 1}}).has_value());
  EXPECT_FALSE(
      selection_threshold(std::vector<decimal_fraction>{{1000000000000000001ULL, 18}}).has_value());
  EXPECT_FALSE(selection_threshold(std::vector<decimal_fraction>{{1, 19}}).has_value());
  EXPECT_TRUE(
      selection_threshold(std::vector<decimal_fraction>{{1000000000000000000ULL, 18}}).has_value());
}

TEST(SelectionPart, BoundariesLandOnEachSide) {
  const std::vector<std::uint64_t> thresholds{900719925474099ULL, 1351079888211148ULL};
  EXPECT_EQ(selection_part(0, thresholds), 0U);
  EXPECT_EQ(selection_part(900719925474098ULL, thresholds), 0U);
  EXPECT_EQ(selection_part(900719925474099ULL, thresholds), 1U);
  EXPECT_EQ(selection_part(1351079888211147ULL, thresholds), 1U);
  EXPECT_EQ(selection_part(1351079888211148ULL, thresholds), 2U);  // the rest: the main output
  EXPECT_EQ(selection_part(two_to_53 - 1, thresholds), 2U);
  // An empty split (its threshold equal to the one before) takes nothing.
  const std::vector<std::uint64_t> with_empty{100, 100, 200};
  EXPECT_EQ(selection_part(99, with_empty), 0U);
  EXPECT_EQ(selection_part(100, with_empty), 2U);
  EXPECT_EQ(selection_part(200, with_empty), 3U);
}

}  // namespace
}  // namespace fenbatch::core
