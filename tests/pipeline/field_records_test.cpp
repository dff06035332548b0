// The record formats' pieces: a CSV/TSV field found by RFC 4180 rules, its content and
// columns; a JSON line's string member found with simdjson, its raw span and decoded text.
// Expected spans and columns counted by hand from the literal lines.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "formats/csv_record.hpp"
#include "formats/json_record.hpp"

namespace fenbatch::pipeline::detail {
namespace {

using core::fen_errc;

TEST(CsvRecord, FindsAnUnquotedField) {
  constexpr std::string_view line = "00008,8/8/8/8/8/8/8/K6k w - - 0 1,f2g3,1913";
  field_span f;
  ASSERT_TRUE(find_field(line, csv_dialect, 1, f).ok());
  EXPECT_EQ(f.begin, 6U);
  EXPECT_EQ(f.end, 33U);
  EXPECT_FALSE(f.quoted);
  std::string scratch;
  EXPECT_EQ(field_content(line, f, scratch), "8/8/8/8/8/8/8/K6k w - - 0 1");
  EXPECT_EQ(content_column(line, f, 0), 7U);
}

TEST(CsvRecord, QuotedFieldsHoldCommasAndDoubledQuotes) {
  constexpr std::string_view line = R"(1,"a, ""b"" c",x)";
  field_span f;
  ASSERT_TRUE(find_field(line, csv_dialect, 1, f).ok());
  EXPECT_EQ(f.begin, 2U);
  EXPECT_EQ(f.end, 14U);
  EXPECT_TRUE(f.quoted);
  std::string scratch;
  EXPECT_EQ(field_content(line, f, scratch), R"(a, "b" c)");
  // Content offset 4 is 'b', raw index 8 (after '1,"a, ""'): column 9.
  EXPECT_EQ(content_column(line, f, 4), 9U);
  ASSERT_TRUE(find_field(line, csv_dialect, 2, f).ok());
  EXPECT_EQ(line.substr(f.begin, f.end - f.begin), "x");
}

TEST(CsvRecord, RejectsAnOpenQuoteAndTextAfterAClosingOne) {
  field_span f;
  EXPECT_EQ(find_field(R"(1,"open,2)", csv_dialect, 0, f),
            (core::fen_status{fen_errc::csv_syntax, 3}));
  EXPECT_EQ(find_field(R"(1,"a"b,2)", csv_dialect, 0, f),
            (core::fen_status{fen_errc::csv_syntax, 6}));
}

TEST(CsvRecord, AQuoteInsideAnUnquotedFieldIsAByte) {
  field_span f;
  ASSERT_TRUE(find_field(R"(1,a"b,2)", csv_dialect, 1, f).ok());
  EXPECT_EQ(f.begin, 2U);
  EXPECT_EQ(f.end, 5U);
}

TEST(CsvRecord, MissingFieldPointsPastTheLine) {
  field_span f;
  EXPECT_EQ(find_field("000dZ", csv_dialect, 1, f), (core::fen_status{fen_errc::missing_field, 6}));
}

TEST(CsvRecord, TsvHasNoQuoting) {
  constexpr std::string_view line = "1\t\"a,b\"\tc";
  field_span f;
  ASSERT_TRUE(find_field(line, tsv_dialect, 1, f).ok());
  EXPECT_EQ(line.substr(f.begin, f.end - f.begin), "\"a,b\"");
  EXPECT_FALSE(f.quoted);
}

TEST(CsvRecord, AppendFieldQuotesAsTheFieldWas) {
  std::string out;
  append_field(out, R"(8/8 w - - id "x";)", true);
  EXPECT_EQ(out, R"("8/8 w - - id ""x"";")");
  out.clear();
  append_field(out, "8/8 w - -", false);
  EXPECT_EQ(out, "8/8 w - -");
}

TEST(CsvRecord, HeaderNamesAreUnquoted) {
  core::fen_status error;
  const auto names = header_names(R"(PuzzleId,"FEN",""" odd""")", csv_dialect, error);
  ASSERT_TRUE(error.ok());
  ASSERT_EQ(names.size(), 3U);
  EXPECT_EQ(names[1], "FEN");
  EXPECT_EQ(names[2], R"(" odd")");
}

TEST(JsonRecord, FindsTheMemberAndItsRawSpan) {
  constexpr std::string_view line =
      R"({"evals": [{"cp": 1}], "fen": "8/8/8/8/8/8/8/K6k w - -", "x": null})";
  json_string_member m;
  std::string scratch;
  ASSERT_TRUE(find_string_member(line, "fen", m, scratch).ok());
  EXPECT_EQ(m.value_begin, 30U);
  EXPECT_EQ(line.substr(m.value_begin, m.value_end - m.value_begin),
            R"("8/8/8/8/8/8/8/K6k w - -")");
  EXPECT_EQ(m.text, "8/8/8/8/8/8/8/K6k w - -");
  EXPECT_FALSE(m.escaped);
}

TEST(JsonRecord, DecodesEscapes) {
  constexpr std::string_view line = R"({"fen": "8\/8\/8\/8\/8\/8\/8\/K6k\u0020w - -"})";
  json_string_member m;
  std::string scratch;
  ASSERT_TRUE(find_string_member(line, "fen", m, scratch).ok());
  EXPECT_EQ(m.text, "8/8/8/8/8/8/8/K6k w - -");
  EXPECT_TRUE(m.escaped);
  EXPECT_EQ(m.value_end, line.size() - 1);
}

TEST(JsonRecord, NamesEachProblem) {
  json_string_member m;
  std::string scratch;
  EXPECT_EQ(find_string_member(R"([1, 2])", "fen", m, scratch).code, fen_errc::json_not_object);
  EXPECT_EQ(find_string_member(R"("fen")", "fen", m, scratch).code, fen_errc::json_not_object);
  EXPECT_EQ(find_string_member(R"({"FEN": "x"})", "fen", m, scratch),
            (core::fen_status{fen_errc::json_missing_key, 1}));
  EXPECT_EQ(find_string_member(R"({"fen": ["x"]})", "fen", m, scratch),
            (core::fen_status{fen_errc::json_not_string, 9}));
  // Invalid JSON anywhere in the line, also after the member: the column where it was found.
  EXPECT_EQ(find_string_member(R"({"fen": "x", "a": tru})", "fen", m, scratch),
            (core::fen_status{fen_errc::json_syntax, 19}));
  EXPECT_EQ(find_string_member(R"({"fen": "x"} {})", "fen", m, scratch),
            (core::fen_status{fen_errc::json_syntax, 14}));
  EXPECT_EQ(find_string_member(R"({"fen": "x")", "fen", m, scratch).code, fen_errc::json_syntax);
  EXPECT_EQ(find_string_member("{\"fen\": \"\xff\"}", "fen", m, scratch).code,
            fen_errc::json_syntax);
}

// RFC 8259 sets no limit on a number's size or precision: past 64 bits or past a double's
// range is still valid JSON, and is fenbatch's business only in the position's member.
TEST(JsonRecord, NumbersOfAnySizeAreValidJson) {
  json_string_member m;
  std::string scratch;
  const std::string sixty_digits(60, '7');
  for (const std::string& number : std::vector<std::string>{
           "18446744073709551616", "-9223372036854775809", "1e309", "-1e309", "1E-400",
           "0.00000000000000000000000000000000000000000000000000000001e-99999999999999999999",
           sixty_digits, "-" + sixty_digits + "." + sixty_digits + "e+" + sixty_digits, "0", "-0",
           "0.5", "1e5", "1E+5"}) {
    SCOPED_TRACE(number);
    for (const std::string& line :
         {R"({"fen": "x", "n": )" + number + "}", R"({"n": )" + number + R"(, "fen": "x"})",
          R"({"n": {"a": [)" + number + ", [" + number + R"(]], "b": )" + number +
              R"(}, "fen": "x"})",
          R"({"fen": "x", "n": [ )" + number + " ,\t" + number + " ]}"}) {
      SCOPED_TRACE(line);
      ASSERT_TRUE(find_string_member(line, "fen", m, scratch).ok());
      EXPECT_EQ(m.text, "x");
    }
  }
  // The position's member itself must still be a string.
  EXPECT_EQ(find_string_member(R"({"fen": 18446744073709551616})", "fen", m, scratch),
            (core::fen_status{fen_errc::json_not_string, 9}));
}

TEST(JsonRecord, NumbersOutsideTheGrammarAreSyntaxErrors) {
  json_string_member m;
  std::string scratch;
  for (const std::string_view number :
       {"01", "-", "+1", "1.", ".5", "1e", "1e+", "0x10", "1.5.5", "--1", "1-", "NaN", "Infinity",
        "-Infinity", "1e309x", "18446744073709551616a", "- 1", "1 2"}) {
    SCOPED_TRACE(number);
    EXPECT_EQ(
        find_string_member(R"({"fen": "x", "n": )" + std::string(number) + "}", "fen", m, scratch)
            .code,
        fen_errc::json_syntax);
    EXPECT_EQ(find_string_member(R"({"n": [[)" + std::string(number) + R"(]], "fen": "x"})", "fen",
                                 m, scratch)
                  .code,
              fen_errc::json_syntax);
  }
}

TEST(JsonRecord, AppendEscapesWhatJsonNeeds) {
  std::string out;
  append_json_string(out, "a \"b\" \\ \t");
  EXPECT_EQ(out, R"("a \"b\" \\ \u0009")");
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
