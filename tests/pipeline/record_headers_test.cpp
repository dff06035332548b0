// Whether a CSV/TSV input's line 1 is its header (formats/record_headers.hpp, issue 29): what
// "reads as a position" means, and --header / --columns / --fen-field as docs/records.md states
// them, written out by hand.
#include "formats/record_headers.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fenbatch::pipeline::detail {
namespace {

TEST(ReadsAsPosition, EightRanksOfLettersAndDigits) {
  EXPECT_TRUE(reads_as_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  EXPECT_TRUE(reads_as_position("8/8/8/8/8/8/8/8"));
  EXPECT_TRUE(reads_as_position("  \t8/8/8/8/8/8/8/K6k w - -"));  // blanks before
  EXPECT_TRUE(reads_as_position("8/8/8/8/8/8/8/K6k\r"));          // a CR after
  // 10x8 (Capablanca pieces, "10")
  EXPECT_TRUE(reads_as_position("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w"));
  // Syntax only: impossible positions and unknown letters still read as positions.
  EXPECT_TRUE(reads_as_position("8/8/8/8/8/8/8/KK5k w - - 0 1"));
  EXPECT_TRUE(reads_as_position("x/y/z/8/8/8/8/9 q"));
}

TEST(ReadsAsPosition, AnythingElseDoesNot) {
  EXPECT_FALSE(reads_as_position(""));
  EXPECT_FALSE(reads_as_position("   "));
  EXPECT_FALSE(reads_as_position("fen"));
  EXPECT_FALSE(reads_as_position("FEN"));
  EXPECT_FALSE(reads_as_position("8/8/8/8/8/8/8 w - - 0 1"));          // seven ranks
  EXPECT_FALSE(reads_as_position("8/8/8/8/8/8/8/8/8 w - - 0 1"));      // nine
  EXPECT_FALSE(reads_as_position("8/8/8//8/8/8/8 w - - 0 1"));         // an empty rank
  EXPECT_FALSE(reads_as_position("8/8/8/8/8/8/8/ w - - 0 1"));         // an empty last rank
  EXPECT_FALSE(reads_as_position("/8/8/8/8/8/8/8 w - - 0 1"));         // an empty first rank
  EXPECT_FALSE(reads_as_position("8/8/8/8/8/8/8/K6k[Qq] w - - 0 1"));  // a pocket
  EXPECT_FALSE(reads_as_position("8/8/8/8/8/8/8/K6-k"));
  EXPECT_FALSE(reads_as_position("a/b/c/d/e/f/g/h-i"));
}

line_options options(std::string fen_field, header_mode header,
                     std::vector<std::string> columns = {}) {
  line_options lines;
  lines.fen_field = std::move(fen_field);
  lines.header = header;
  lines.columns = std::move(columns);
  return lines;
}

constexpr std::string_view record_line = "1,8/8/8/8/8/8/8/K6k w - - 0 1,e2e4";
constexpr std::string_view header_line = "id,fen,move";

TEST(DecideHeader, AutoWithAColumnNumberLooksAtThatColumn) {
  const line_options second = options("2", header_mode::automatic);
  EXPECT_FALSE(decide_header(record_line, input_format::csv, second).is_header);
  EXPECT_EQ(decide_header(record_line, input_format::csv, second).why,
            "column 2 of line 1 reads as a position");
  EXPECT_TRUE(decide_header(header_line, input_format::csv, second).is_header);
  EXPECT_EQ(decide_header(header_line, input_format::csv, second).why,
            "column 2 of line 1 does not read as a position");
  // Column 1 of a record is not a position: the line is a header.
  EXPECT_TRUE(decide_header(record_line, input_format::csv, options("1", header_mode::automatic))
                  .is_header);
  // A line without column 4: a header (which then lacks the column: an error, elsewhere).
  EXPECT_TRUE(decide_header(record_line, input_format::csv, options("4", header_mode::automatic))
                  .is_header);
  // TSV splits at tabs: the CSV line is one field there.
  EXPECT_TRUE(decide_header(record_line, input_format::tsv, second).is_header);
  EXPECT_FALSE(
      decide_header("1\t8/8/8/8/8/8/8/K6k w - - 0 1", input_format::tsv, second).is_header);
  // Not a well-formed CSV record: a record (rejected as csv_syntax), not a header.
  EXPECT_FALSE(decide_header("1,\"8/8,x", input_format::csv, second).is_header);
  // A quoted field is read unquoted.
  EXPECT_FALSE(
      decide_header("1,\"8/8/8/8/8/8/8/K6k w - - 0 1\"", input_format::csv, second).is_header);
}

TEST(DecideHeader, ANameMeansAHeaderUnlessColumnsOrNoSayOtherwise) {
  // By name (or the default "fen"): a header, even when line 1 is a record (the usage error
  // that follows says so).
  for (const char* name : {"", "fen", "position"}) {
    const header_decision d =
        decide_header(record_line, input_format::csv, options(name, header_mode::automatic));
    EXPECT_TRUE(d.is_header) << name;
    EXPECT_TRUE(d.why.empty()) << name;  // said, not detected: no note
  }
  // --columns: line 1 is a record, whatever it holds.
  EXPECT_FALSE(decide_header(header_line, input_format::csv,
                             options("", header_mode::automatic, {"id", "fen", "move"}))
                   .is_header);
  // --header yes / no decide alone, with no note.
  for (const std::string_view line : {record_line, header_line}) {
    const header_decision yes =
        decide_header(line, input_format::csv, options("2", header_mode::yes, {"a", "b"}));
    EXPECT_TRUE(yes.is_header);
    EXPECT_TRUE(yes.why.empty());
    const header_decision no =
        decide_header(line, input_format::csv, options("2", header_mode::no));
    EXPECT_FALSE(no.is_header);
    EXPECT_TRUE(no.why.empty());
  }
}

TEST(FirstHeaderText, TheHeaderOrTheMarkOfNone) {
  const line_options second = options("2", header_mode::automatic);
  EXPECT_EQ(first_header_text(header_line, input_format::csv, second), header_line);
  EXPECT_EQ(first_header_text(record_line, input_format::csv, second), no_header_mark);
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
