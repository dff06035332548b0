// "did you mean": the nearest known option to a mistyped one, or none.
#include "batch/option_suggestion.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace fenbatch::app {
namespace {

const std::vector<std::string> known{"dedupe", "stats", "stats-json", "threads", "rejects",
                                     "output", "key",   "counts",     "format",  "input-format"};

std::string nearest(const char* typed) {
  return nearest_option(typed, known).value_or("(none)");
}

TEST(OptionSuggestion, OneEditAwaySuggests) {
  EXPECT_EQ(nearest("--dedup"), "--dedupe");
  EXPECT_EQ(nearest("--stat"), "--stats");
  EXPECT_EQ(nearest("--thread"), "--threads");
  EXPECT_EQ(nearest("--rejetcs"), "--rejects");  // a swap of neighbours is one edit
  EXPECT_EQ(nearest("--dedupe=yes"), "--dedupe");
}

TEST(OptionSuggestion, ContainedNameSuggestsWhenUnique) {
  EXPECT_EQ(nearest("--json"), "--stats-json");
  EXPECT_EQ(nearest("--orma"), "(none)");  // format and input-format: ambiguous
}

TEST(OptionSuggestion, FarOrShortGivesNothing) {
  EXPECT_EQ(nearest("--frobnicate"), "(none)");
  EXPECT_EQ(nearest("-x"), "(none)");
  EXPECT_EQ(nearest("--"), "(none)");
  EXPECT_EQ(nearest("--zz"), "(none)");
}

}  // namespace
}  // namespace fenbatch::app
