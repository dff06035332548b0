// Fields of a record by name (issue 29, formats/record_fields.hpp): each source's rule as the
// design writes it, on hand-written records; expected values worked out by hand.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "fenbatch/pipeline/config_error.hpp"
#include "formats/record_fields.hpp"

namespace fenbatch::pipeline::detail {
namespace {

using kind = field_value::kind;

record_layout csv_layout(std::vector<std::string> names, input_format format = input_format::csv) {
  record_layout layout;
  layout.format = format;
  layout.column_names = std::move(names);
  return layout;
}

// The field `name` of a record of `layout` (null: a FEN line with these operations and payload).
field_value field_of(std::string_view name, const record_layout* layout, std::string_view text,
                     std::string& scratch, std::string_view operations = {},
                     std::string_view payload = {}) {
  const std::optional<field_ref> ref = resolve_field(name, layout);
  EXPECT_TRUE(ref.has_value()) << name;
  if (!ref) return {};
  return read_field(*ref, record_view{text, layout, operations, payload}, scratch);
}

void expect_number(const field_value& v, double number, std::string_view text) {
  EXPECT_EQ(v.type, kind::number) << text;
  EXPECT_EQ(v.number, number) << text;
  EXPECT_EQ(v.text, text);
}

void expect_string(const field_value& v, std::string_view text) {
  EXPECT_EQ(v.type, kind::string) << text;
  EXPECT_EQ(v.text, text);
}

TEST(RecordFields, CsvColumnsByNameInAnyCaseOrNumber) {
  const record_layout layout = csv_layout({"ply", "fen", "Score", "result"});
  const std::string line = "12,\"8/8/8/8/8/8/8/K6k w - - 0 1\",-35,\"1-0\"";
  std::string scratch;
  expect_number(field_of("ply", &layout, line, scratch), 12, "12");
  expect_number(field_of("Score", &layout, line, scratch), -35, "-35");
  expect_number(field_of("score", &layout, line, scratch), -35, "-35");  // any case
  expect_number(field_of("3", &layout, line, scratch), -35, "-35");
  expect_string(field_of("result", &layout, line, scratch), "1-0");  // unquoted
  expect_string(field_of("2", &layout, line, scratch), "8/8/8/8/8/8/8/K6k w - - 0 1");
  // A record with fewer fields: missing.
  EXPECT_EQ(field_of("result", &layout, "12,x", scratch).type, kind::missing);
  // Names the header does not have, a number past its width: none.
  EXPECT_FALSE(resolve_field("scor", &layout));
  EXPECT_FALSE(resolve_field("5", &layout));
  EXPECT_FALSE(resolve_field("0", &layout));
  // Exact first: of "a" and "A", "A" is the second column.
  const record_layout both = csv_layout({"a", "A"});
  expect_number(field_of("A", &both, "1,2", scratch), 2, "2");
}

TEST(RecordFields, HeaderlessColumnsByNumberOnly) {
  const record_layout layout = csv_layout({}, input_format::tsv);
  std::string scratch;
  expect_number(field_of("4", &layout, "a\tb\tc\t0.5", scratch), 0.5, "0.5");
  EXPECT_EQ(field_of("9", &layout, "a\tb", scratch).type, kind::missing);
  EXPECT_FALSE(resolve_field("score", &layout));
}

TEST(RecordFields, AnUnknownNameIsAUsageError) {
  const record_layout layout = csv_layout({"fen", "score"});
  EXPECT_NO_THROW(require_fields({"score", "2", "SCORE"}, layout, "a.csv"));
  try {
    require_fields({"score", "scor"}, layout, "a.csv");
    FAIL() << "no error";
  } catch (const config_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "a.csv: --where reads $scor, but its header has no such column (2 columns)");
  }
}

TEST(RecordFields, JsonMembersAndPaths) {
  record_layout layout;
  layout.format = input_format::jsonl;
  const std::string line =
      R"({"fen":"8/8/8/8/8/8/8/K6k w - -","evals":[{"depth":36,"pvs":[{"cp":-12,"line":"e2e4 e7e5"}]},)"
      R"({"depth":40}],"name":"a\"b","ok":true,"none":null,"knodes":1.5e3})";
  std::string scratch;
  expect_number(field_of("evals.0.depth", &layout, line, scratch), 36, "36");
  expect_number(field_of("evals.1.depth", &layout, line, scratch), 40, "40");
  expect_number(field_of("evals.0.pvs.0.cp", &layout, line, scratch), -12, "-12");
  expect_string(field_of("evals.0.pvs.0.line", &layout, line, scratch), "e2e4 e7e5");
  expect_string(field_of("name", &layout, line, scratch), "a\"b");  // unescaped
  expect_string(field_of("ok", &layout, line, scratch), "true");
  expect_string(field_of("knodes", &layout, line, scratch), "1.5e3");  // no exponents
  for (const std::string_view missing :
       {"none", "evals", "evals.2.depth", "evals.x", "evals.0.nodepth", "fen.0", "nothing"}) {
    EXPECT_EQ(field_of(missing, &layout, line, scratch).type, kind::missing) << missing;
  }
  EXPECT_EQ(field_of("a", &layout, "not json", scratch).type, kind::missing);
}

TEST(RecordFields, EpdOperations) {
  std::string scratch;
  const std::string_view ops = R"(bm e4; ce -35; c0 "a \"quoted\"; text"; id "x";noop;)";
  expect_number(field_of("ce", nullptr, "", scratch, ops), -35, "-35");
  expect_string(field_of("bm", nullptr, "", scratch, ops), "e4");
  expect_string(field_of("c0", nullptr, "", scratch, ops), "a \"quoted\"; text");
  expect_string(field_of("id", nullptr, "", scratch, ops), "x");
  expect_string(field_of("noop", nullptr, "", scratch, ops), "");
  EXPECT_EQ(field_of("pv", nullptr, "", scratch, ops).type, kind::missing);
  expect_string(field_of("am", nullptr, "", scratch, "am Nf3 Nc3;"), "Nf3 Nc3");
}

TEST(RecordFields, PayloadColumns) {
  std::string scratch;
  expect_number(field_of("1", nullptr, "", scratch, {}, "| 25 | 0.5"), 25, "25");
  expect_number(field_of("2", nullptr, "", scratch, {}, "| 25 | 0.5"), 0.5, "0.5");
  EXPECT_EQ(field_of("3", nullptr, "", scratch, {}, "| 25 | 0.5").type, kind::missing);
  expect_string(field_of("1", nullptr, "", scratch, {}, "[0.5] 25"), "[0.5] 25");  // one column
  expect_number(field_of("1", nullptr, "", scratch, {}, "25 | 0.5"), 25, "25");
  expect_string(field_of("2", nullptr, "", scratch, {}, "a || b"), "");
  EXPECT_EQ(field_of("1", nullptr, "", scratch).type, kind::missing);  // no payload
}

TEST(RecordFields, PlainKeysOnAMultiLineRecord) {
  const std::string_view record =
      "fen 8/8/8/8/8/8/8/K6k w - - 0 1\nmove a1a2\r\nscore -35\nply 12\nresult 0\ne\n";
  EXPECT_EQ(plain_key_value(record, "move"), std::optional<std::string_view>("a1a2"));
  EXPECT_EQ(plain_key_value(record, "score"), std::optional<std::string_view>("-35"));
  EXPECT_EQ(plain_key_value(record, "fen"),
            std::optional<std::string_view>("8/8/8/8/8/8/8/K6k w - - 0 1"));
  EXPECT_EQ(plain_key_value(record, "sc"), std::nullopt);
  EXPECT_EQ(plain_key_value(record, "depth"), std::nullopt);
  field_ref ref;
  ref.kind = field_ref::where::plain_key;
  ref.path = "ply";
  std::string scratch;
  expect_number(read_field(ref, record_view{record, nullptr, {}, {}}, scratch), 12, "12");
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
