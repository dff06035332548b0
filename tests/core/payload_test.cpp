// --payload (decode_options::payload): labels after the position's fields are kept verbatim
// and written after the canonical fields, one space between. Expected strings written by hand
// from the rule in record.hpp: only what is rejected as trailing_garbage after 6 fields (or,
// after 4 fields, text that is neither a number nor EPD operations) becomes a payload.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::core {
namespace {

constexpr decode_options with_payload{false, true};
constexpr write_options epd{output_format::epd, castling_notation::xfen, ep_policy::legal};

std::string canonical(std::string_view line, const decode_options& decode,
                      const write_options& write = {}) {
  record rec;
  const fen_status status = parse_record(line, decode, rec);
  if (!status.ok()) {
    return "error: " + std::string(to_string(status.code)) + " at " + std::to_string(status.column);
  }
  return to_canonical(rec, line, write);
}

constexpr std::string_view start6 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(Payload, PipeLabelsAreRejectedWithoutTheOption) {
  EXPECT_EQ(canonical("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 25 | 0.5", {}),
            "error: trailing_garbage at 58");
}

TEST(Payload, PipeLabelsAreKeptVerbatim) {
  EXPECT_EQ(canonical("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 25 | 0.5",
                      with_payload),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 25 | 0.5");
}

TEST(Payload, BracketLabelsAreKept) {
  EXPECT_EQ(
      canonical("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 [0.5] 25", with_payload),
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 [0.5] 25");
}

TEST(Payload, SeparatorBecomesOneSpaceInnerBytesStay) {
  // Tabs and runs before the payload become one space; inside it nothing changes; trailing
  // blanks go with the line's.
  EXPECT_EQ(
      canonical("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1\t \t0.5\t\t25  x \t",
                with_payload),
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0.5\t\t25  x");
}

TEST(Payload, FollowsTheNormalizedFields) {
  // Counters 000/0 normalized, ep square without a legal capture dropped; label intact.
  EXPECT_EQ(canonical("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 000 0 1-0 {x}",
                      with_payload),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1-0 {x}");
}

TEST(Payload, AfterFourFieldsWhenNotANumber) {
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - | 0.5", with_payload),
            "8/8/8/8/8/8/8/K6k w - - 0 1 | 0.5");
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - | 0.5", with_payload, epd),
            "8/8/8/8/8/8/8/K6k w - - | 0.5");
  // Without the option: the fifth field is a bad halfmove clock, as before.
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - | 0.5", {}), "error: bad_halfmove at 25");
}

TEST(Payload, ANumberAfterFourFieldsIsStillACounter) {
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - 25 x", with_payload), "error: bad_fullmove at 28");
}

TEST(Payload, EpdOperationsStayOperations) {
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - bm Kb2; id \"x\";", with_payload, epd),
            "8/8/8/8/8/8/8/K6k w - - bm Kb2; id \"x\";");
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - 0 1 id \"x\";", with_payload, epd),
            "8/8/8/8/8/8/8/K6k w - - id \"x\";");
  // A ';' anywhere makes it operations; these are not valid ones.
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - 0 1 | a;b", with_payload),
            "error: bad_epd_operation at 29");
}

TEST(Payload, ThreeCheckCountersStayVariantSyntax) {
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - 0 1 +1+0", with_payload),
            "error: variant_syntax at 29");
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - 3+3 0 1", with_payload),
            "error: variant_syntax at 25");
}

TEST(Payload, ControlBytesStayErrorsUtf8IsKept) {
  EXPECT_EQ(canonical(std::string("8/8/8/8/8/8/8/K6k w - - 0 1 | a\0b", 33), with_payload),
            "error: nul_byte at 32");
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - 0 1 | a\rb", with_payload),
            "error: control_char at 32");
  EXPECT_EQ(canonical("8/8/8/8/8/8/8/K6k w - - 0 1 | \xC3\xA9t\xC3\xA9", with_payload),
            "8/8/8/8/8/8/8/K6k w - - 0 1 | \xC3\xA9t\xC3\xA9");
}

TEST(Payload, EpdOutputKeepsFourFieldsAndThePayload) {
  EXPECT_EQ(canonical(std::string(start6) + " | 25 | 0.5", with_payload, epd),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - | 25 | 0.5");
}

TEST(Payload, PlainLinesAreUnchanged) {
  EXPECT_EQ(canonical(start6, with_payload), start6);
  record rec;
  ASSERT_TRUE(parse_record(start6, with_payload, rec).ok());
  EXPECT_EQ(rec.payload(start6), "");
}

}  // namespace
}  // namespace fenbatch::core
