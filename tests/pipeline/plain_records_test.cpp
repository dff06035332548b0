// Stockfish's .plain records (formats/plain_records.hpp) and where their inputs are cut
// (input/record_ends.hpp). Expected reasons, columns, cuts and written text counted by hand from
// the literal records; columns count in the record on one line (lines joined by " | ").
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "chunks/text_buffer.hpp"
#include "distributed/input_split.hpp"
#include "fenbatch/core/record.hpp"
#include "formats/plain_records.hpp"
#include "input/input_reader.hpp"
#include "input/record_ends.hpp"
#include "plan/resolved_run.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline::detail {
namespace {

using core::fen_errc;
using core::fen_status;

constexpr std::string_view start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fen_status verdict(std::string_view record) {
  const line_options lines;
  plain_records records(lines);
  core::record rec;
  return records.read(record, rec);
}

TEST(PlainRecords, ReadsTheFenLineWhereverItIs) {
  EXPECT_TRUE(verdict("move e2e4\nscore 12\nfen " + std::string(start) + "\ne").ok());
  EXPECT_TRUE(verdict("fen " + std::string(start) + "\r\nply 0\r\ne").ok());
  EXPECT_TRUE(verdict("fen 8/8/8/8/8/8/8/K6k w - - 0 1\nempty \ne").ok());  // an empty value
}

TEST(PlainRecords, NamesEachMalformedShapeWithItsColumn) {
  // "fen x | oops | e": oops starts at column 9.
  EXPECT_EQ(verdict("fen x\noops\ne"), (fen_status{fen_errc::plain_bad_line, 9}));
  // " lead" has an empty key: column 1.
  EXPECT_EQ(verdict(" lead\ne"), (fen_status{fen_errc::plain_bad_line, 1}));
  // "score 1 | move a | score 2 | e": the second score at column 20.
  EXPECT_EQ(verdict("score 1\nmove a\nscore 2\ne"), (fen_status{fen_errc::plain_repeated_key, 20}));
  EXPECT_EQ(verdict("score 1\nmove a\ne"), (fen_status{fen_errc::plain_no_fen, 1}));
  EXPECT_EQ(verdict("e"), (fen_status{fen_errc::plain_no_fen, 1}));
  // "ply 3 | fen ": the empty position at column 13.
  EXPECT_EQ(verdict("ply 3\nfen \ne"), (fen_status{fen_errc::plain_no_fen, 13}));
}

TEST(PlainRecords, ColumnsOfThePositionCountInTheWholeRecord) {
  // "ply 3 | fen 8/8/8/8/8/8/8/8 w - - 0 1": the fen value starts at column 13, so the core's
  // column in the value alone is 12 less.
  const fen_status s = verdict("ply 3\nfen 8/8/8/8/8/8/8/8 w - - 0 1\ne");
  core::record rec;
  const fen_status alone = core::parse_record("8/8/8/8/8/8/8/8 w - - 0 1", {}, rec);
  EXPECT_EQ(s.code, fen_errc::missing_king);
  EXPECT_EQ(alone.code, fen_errc::missing_king);
  EXPECT_EQ(s.column, alone.column + 12);
}

TEST(PlainRecords, WritesTheFenCanonicalAndEveryOtherLineVerbatim) {
  const line_options lines;
  plain_records records(lines);
  core::record rec;
  // Two spaces, a dash ep square given as e3 (no capture: dropped), CR LF lines.
  const std::string record =
      "move e7e5\r\nfen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR  b KQkq e3 0 1\r\n"
      "score -5\r\ne";
  ASSERT_TRUE(records.read(record, rec).ok());
  text_buffer text;
  const std::size_t n = records.write(rec, record, text);
  EXPECT_EQ(text.view(0, n),
            "move e7e5\nfen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
            "score -5\ne\n");
  EXPECT_EQ(written_plain_position(text.view(0, n)),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(PlainRecords, ShowsARecordOnOneLine) {
  std::string scratch;
  EXPECT_EQ(record_on_one_line("fen x\r\nscore 1\ne", scratch), "fen x | score 1 | e");
  EXPECT_EQ(record_on_one_line("garbage", scratch), "garbage");
  EXPECT_TRUE(is_plain_record_line("e"));
  EXPECT_TRUE(is_plain_record_line("k "));
  EXPECT_FALSE(is_plain_record_line("garbage"));
  EXPECT_FALSE(is_plain_record_line(" x"));
  EXPECT_FALSE(is_plain_record_line(""));
}

TEST(RecordEnds, FindsTheLineAfterAnELine) {
  const std::string_view text = "fen a\ne\nfen b\ne\r\nfen c\n";  // e lines end at 8 and 17
  EXPECT_EQ(last_record_end(text, text.size()), 17U);
  EXPECT_EQ(last_record_end(text, 16), 8U);  // the second e's LF not within
  EXPECT_EQ(last_record_end(text, 7), 0U);
  EXPECT_EQ(record_start_at_or_after(text, 0), 0U);
  EXPECT_EQ(record_start_at_or_after(text, 1), 8U);
  EXPECT_EQ(record_start_at_or_after(text, 8), 8U);
  EXPECT_EQ(record_start_at_or_after(text, 9), 17U);
  EXPECT_EQ(record_start_at_or_after(text, 18), 23U);  // no e after: the line start (the end)
  // "ee" and "e " are not e lines.
  EXPECT_EQ(last_record_end("ee\ne \n", 6), 0U);
}

TEST(RecordEnds, GivesUpPastTheBoundAndCutsAtALine) {
  const std::string text = "x\n" + std::string(record_end_search_bytes, 'y') + "\ne\n";
  EXPECT_EQ(record_start_at_or_after(text, 1), 2U);
  const std::string near = "x\nyy\ne\n";
  EXPECT_EQ(record_start_at_or_after(near, 1), near.size());
  // No e before the end: the rest stays with what comes before it.
  EXPECT_EQ(record_start_at_or_after("x\nyy\nzz", 1), 7U);
}

// A .plain file: CR LF, a blank line and garbage between records, a last record without LF.
const std::string plain_file =
    "fen a b\nscore 1\ne\n\ngarbage\nfen c d\r\nply 2\r\ne\r\nfen x y\nmove m\ne\nfen z w\ne";

// Whether every piece ends where a record ends (its last line is `e`) or at the file's end.
bool ends_at_records(const std::vector<std::string>& pieces, const std::string& file) {
  std::string so_far;
  for (const std::string& piece : pieces) {
    so_far += piece;
    const bool at_end = so_far.size() == file.size();
    if (!at_end && !piece.ends_with("\ne\n") && !piece.ends_with("\ne\r\n")) return false;
  }
  return true;
}

// The chunks an input_reader gives for `range`, each as text.
std::vector<std::string> chunks_of(const std::string& path, input_range range, bool mapped) {
  input_reader reader({path}, {mapped, false, 0, true}, {range});
  std::vector<std::string> pieces;
  chunk_input c;
  while (reader.next(c, 1)) {
    pieces.emplace_back(c.data);
    c.release();
  }
  return pieces;
}

std::string joined(const std::vector<std::string>& pieces) {
  std::string out;
  for (const std::string& p : pieces) out += p;
  return out;
}

TEST(RecordEnds, ChunksOfMappedAndStreamedInputsEndWithRecords) {
  test::temp_dir dir;
  const std::string path = dir.file("a.plain", plain_file);
  for (const bool mapped : {true, false}) {
    const std::vector<std::string> pieces = chunks_of(path, {}, mapped);
    EXPECT_EQ(joined(pieces), plain_file);
    EXPECT_TRUE(ends_at_records(pieces, plain_file)) << (mapped ? "mapped" : "streamed");
  }
}

TEST(RecordEnds, AdjacentRangesReadEveryRecordOnceAndCountTheirLines) {
  test::temp_dir dir;
  const std::string path = dir.file("a.plain", plain_file);
  const auto lines_in = [](const std::string& text) {
    const auto lfs = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n'));
    return lfs + (!text.empty() && text.back() != '\n' ? 1 : 0);
  };
  for (std::uint64_t a = 0; a <= plain_file.size() + 1; ++a) {
    for (std::uint64_t b = a; b <= plain_file.size() + 1; ++b) {
      SCOPED_TRACE(testing::Message() << "cuts " << a << ", " << b);
      const input_range parts[] = {{true, 0, a}, {true, a, b}, {true, b, UINT64_MAX}};
      std::vector<std::string> all;
      for (const input_range& part : parts) {
        const std::vector<std::string> pieces = chunks_of(path, part, true);
        all.insert(all.end(), pieces.begin(), pieces.end());
        if (!part.whole()) {
          const partial_line_counts counts = count_partial_lines({path}, {part}, true);
          EXPECT_EQ(counts[0].lines, lines_in(joined(pieces)));
        }
      }
      ASSERT_EQ(joined(all), plain_file);
      EXPECT_TRUE(ends_at_records(all, plain_file));
    }
  }
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
