// Fractions of --split and --sample (apps/cli/fraction.hpp): the accepted forms and the
// refusals, with expected values written out by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fenbatch/cli/fraction.hpp"

namespace fenbatch::cli {
namespace {

using core::decimal_fraction;

decimal_fraction value(const char* text) {
  const fraction_reading reading = read_fraction(text);
  EXPECT_EQ(reading.error, fraction_error::none) << text;
  return reading.value;
}

TEST(ReadFraction, DecimalsAndPercentagesExactly) {
  EXPECT_EQ(value("0.1"), (decimal_fraction{1, 1}));
  EXPECT_EQ(value("10%"), (decimal_fraction{10, 2}));
  EXPECT_EQ(value("12.5%"), (decimal_fraction{125, 3}));
  EXPECT_EQ(value("1"), (decimal_fraction{1, 0}));
  EXPECT_EQ(value("100%"), (decimal_fraction{100, 2}));
  EXPECT_EQ(value("1.000"), (decimal_fraction{1, 0}));
  EXPECT_EQ(value("0.250"), (decimal_fraction{25, 2}));
  EXPECT_EQ(value("007%"), (decimal_fraction{7, 2}));
  EXPECT_EQ(value("0.000000000000000001"), (decimal_fraction{1, 18}));
  EXPECT_EQ(value("0.0000000000000001%"), (decimal_fraction{1, 18}));
  EXPECT_EQ(value("0.5000000000000000000000"), (decimal_fraction{5, 1}));
}

TEST(ReadFraction, RefusalsSayWhy) {
  for (const char* text : {"", ".5", "5.", "-0.1", "+0.1", "1e-3", "10 %", " 0.1", "%", "0.1%%",
                           "abc", "0,1", "1/2", "0x1", "1.2.3"}) {
    EXPECT_EQ(read_fraction(text).error, fraction_error::not_a_fraction) << "'" << text << "'";
  }
  for (const char* text : {"0", "0.0", "0%", "000.000%"}) {
    EXPECT_EQ(read_fraction(text).error, fraction_error::zero) << text;
  }
  for (const char* text :
       {"1.01", "2", "101%", "100.1%", "10", "1000%", "99999999999999999999999", "1.0000001"}) {
    EXPECT_EQ(read_fraction(text).error, fraction_error::above_one) << text;
  }
  for (const char* text : {"0.0000000000000000001", "0.00000000000000001%"}) {
    EXPECT_EQ(read_fraction(text).error, fraction_error::too_precise) << text;
  }
  EXPECT_EQ(fraction_refusal(fraction_error::zero), "must be more than 0");
}

TEST(FractionSum, OverTheFinestPrecision) {
  const std::vector<decimal_fraction> parts{{1, 1}, {5, 2}, {125, 3}};
  EXPECT_EQ(fraction_sum(parts), (decimal_fraction{275, 3}));
  EXPECT_EQ(fraction_sum(std::vector<decimal_fraction>{}), (decimal_fraction{0, 0}));
}

TEST(FractionText, DropsTrailingZeros) {
  EXPECT_EQ(fraction_text({275, 3}), "0.275");
  EXPECT_EQ(fraction_text({110, 2}), "1.1");
  EXPECT_EQ(fraction_text({100, 2}), "1");
  EXPECT_EQ(fraction_text({1, 18}), "0.000000000000000001");
  EXPECT_EQ(fraction_text({7, 0}), "7");
}

}  // namespace
}  // namespace fenbatch::cli
