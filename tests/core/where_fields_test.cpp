// `$NAME` fields and decimals in --where (issue 29): expected results worked out by hand from
// the rules in where_expression.hpp (a number when the text reads as one; a comparison that
// meets a missing field, or a string where a number is compared, is false; text with quoted
// strings), never taken from the engine.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fenbatch/core/where_expression.hpp"

namespace fenbatch::core {
namespace {

// A record's fields by name; names not given are missing.
struct record_fields {
  std::vector<std::pair<std::string, std::string>> given;
};

struct expectation {
  std::string_view text;
  bool holds;
};

// Whether `text` holds for a record with these fields (pieces = 10 otherwise).
bool holds(std::string_view text, const record_fields& record) {
  where_program program;
  std::vector<std::string> table;
  const where_error e = compile_where(text, program, table);
  EXPECT_TRUE(e.ok()) << text << ": " << e.message << " at column " << e.column;
  std::vector<where_field> fields(table.size());
  for (std::size_t i = 0; i < table.size(); ++i) {
    for (const auto& [name, value] : record.given) {
      if (name == table[i]) fields[i] = read_where_field(value);
    }
  }
  where_values v;
  v.pieces = 10;
  v.fields = fields.data();
  return program.evaluate(v);
}

TEST(WhereFields, ReadsNumbersAndStrings) {
  using kind = where_field::kind;
  struct reading {
    std::string_view text;
    kind type;
    double number;
  };
  const reading cases[] = {
      {"25", kind::number, 25},  {"-0.25", kind::number, -0.25}, {"+7", kind::number, 7},
      {" 3\t", kind::number, 3}, {"1.0", kind::number, 1},       {".5", kind::number, 0.5},
      {"5.", kind::number, 5},   {"", kind::string, 0},          {"-", kind::string, 0},
      {".", kind::string, 0},    {"1.2.3", kind::string, 0},     {"1e3", kind::string, 0},
      {"inf", kind::string, 0},  {"nan", kind::string, 0},       {"1-0", kind::string, 0},
      {"e2e4", kind::string, 0}, {"0x10", kind::string, 0},      {"- 5", kind::string, 0},
  };
  for (const reading& r : cases) {
    const where_field f = read_where_field(r.text);
    EXPECT_EQ(f.type, r.type) << '"' << r.text << '"';
    EXPECT_EQ(f.text, r.text);
    if (r.type == kind::number) {
      EXPECT_EQ(f.number, r.number) << r.text;
    }
  }
}

TEST(WhereFields, NumbersCompareAsNumbers) {
  const record_fields score{{{"score", "120"}, {"x", "1.0"}, {"wdl", "-0.25"}}};
  const expectation cases[] = {
      {"$score > 100", true},
      {"$score > 120", false},
      {"$score >= 120", true},
      {"$score <= 120.0", true},
      {"$score < 120.5", true},
      {"$score != 119", true},
      {"$x == 1", true},  // "1.0" is the number 1
      {"$wdl < -0.2", true},
      {"-0.3 < $wdl", true},
      {"abs($wdl) == 0.25", true},
      {"$score > pieces", true},  // an integer name converted
      {"pieces < 10.5 and pieces > 9.5", true},
      {"$x < $score", true},
      {"${score} == 120", true},
  };
  for (const expectation& c : cases) EXPECT_EQ(holds(c.text, score), c.holds) << c.text;
}

TEST(WhereFields, MissingOrStringMakesTheComparisonFalse) {
  const record_fields record{{{"result", "1-0"}, {"n", "3"}}};
  for (const std::string_view text :
       {"$score > 100", "$score <= 100", "$score == 100", "$score != 100", "$result < 1",
        "$result != 1", "$result == 1", "abs($score) >= 0", "$score == \"x\"", "$score != \"x\"",
        "$score == $n", "$score != $n", "$n != $score"}) {
    EXPECT_FALSE(holds(text, record)) << text;
  }
  EXPECT_TRUE(holds("not $score > 100", record));
  EXPECT_TRUE(holds("$score > 100 or $n == 3", record));
}

TEST(WhereFields, TextComparesWithQuotedStrings) {
  const record_fields record{{{"result", "1-0"},
                              {"move", "e2e4"},
                              {"best", "e2e4"},
                              {"n", "1.0"},
                              {"m", "1"},
                              {"Best Move", "g1f3"}}};
  const expectation cases[] = {
      {"$result == \"1-0\"", true},   {"\"1-0\" == $result", true},
      {"$result != \"1-0\"", false},  {"$result != \"0-1\"", true},
      {"$n == \"1\"", false},  // by its text
      {"$n == \"1.0\"", true},        {"$move == $best", true},
      {"$move != $best", false},      {"$n == $m", true},  // both numbers: 1.0 == 1
      {"$move != $result", true},     {"${Best Move} == \"g1f3\"", true},
      {"($result) == \"1-0\"", true},
  };
  for (const expectation& c : cases) EXPECT_EQ(holds(c.text, record), c.holds) << c.text;
}

TEST(WhereFields, OneTablePerRunAndTheFieldsEachReads) {
  std::vector<std::string> table;
  where_program first;
  where_program second;
  ASSERT_TRUE(compile_where("$b > 1 and $a == \"x\" or $b < 0", first, table).ok());
  ASSERT_TRUE(compile_where("$c != 2 and $a == $a", second, table).ok());
  EXPECT_EQ(table, (std::vector<std::string>{"b", "a", "c"}));
  EXPECT_EQ(first.fields(), (std::vector<std::uint32_t>{0, 1}));
  EXPECT_EQ(second.fields(), (std::vector<std::uint32_t>{2, 1}));
  std::vector<where_field> fields(3);
  fields[1] = read_where_field("x");
  where_values v;
  v.fields = fields.data();
  EXPECT_TRUE(first.misses_field(v));   // b
  EXPECT_TRUE(second.misses_field(v));  // c
  fields[2] = read_where_field("2");
  EXPECT_FALSE(second.misses_field(v));
}

}  // namespace
}  // namespace fenbatch::core
