// pipeline/position_table.hpp: lines split as a file is, decoded into a table on one or more
// threads, network planes and canonical lines. Expected values written out by hand.
#include "fenbatch/pipeline/position_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "column_table.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "read_file.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

constexpr std::string_view start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

std::vector<std::string> split(std::string_view text) {
  std::vector<std::string_view> views;
  split_lines(text, views);
  return {views.begin(), views.end()};
}

TEST(SplitLines, AsAFileIsSplit) {
  using lines = std::vector<std::string>;
  EXPECT_EQ(split(""), lines{});
  EXPECT_EQ(split("a\nb\n"), (lines{"a", "b"}));  // no row after the final LF
  EXPECT_EQ(split("a\nb"), (lines{"a", "b"}));    // the last line without its LF
  EXPECT_EQ(split("a\r\nb\r\n"), (lines{"a", "b"}));
  EXPECT_EQ(split("a\r\nb\r"), (lines{"a", "b"}));  // a CR at the end of the input
  EXPECT_EQ(split("a\rb\n"), (lines{"a\rb"}));      // a lone CR stays, for the reader to reject
  EXPECT_EQ(split("a\n\n\nb\n"), (lines{"a", "", "", "b"}));
  EXPECT_EQ(split("\xEF\xBB\xBF"
                  "a\n\xEF\xBB\xBF"
                  "b\n"),
            (lines{"a",
                   "\xEF\xBB\xBF"
                   "b"}));  // a BOM only at the start
  // Long enough to cross the splitter's 64-byte blocks.
  const std::string text = std::string(start_fen).append("\n").append(start_fen).append("\r\n");
  EXPECT_EQ(split(text), (lines{std::string(start_fen), std::string(start_fen)}));
}

// A text of several MiB is split in pieces on two threads: the lines must be those of a
// split on one, wherever the pieces end (lines of every length 0-99, CR LF endings, a lone CR,
// a BOM at the start and none at the end of the text).
TEST(SplitLines, OnTwoThreadsAsOnOne) {
  std::string text = "\xEF\xBB\xBF";
  std::vector<std::string> expected;
  for (std::size_t i = 0; text.size() < (std::size_t{5} << 20); ++i) {
    std::string line(i % 100, static_cast<char>('a' + i % 26));
    if (i % 7 == 3 && line.size() >= 3) line[line.size() / 2] = '\r';  // stays in the line
    text += line;
    text += i % 3 == 0 ? "\r\n" : "\n";
    expected.push_back(line);
  }
  text += "last";  // without its LF
  expected.emplace_back("last");
  for (const unsigned threads : {1U, 2U, 0U}) {
    std::vector<std::string_view> views{"before"};  // appended to, not replaced
    split_lines(text, views, {threads});
    ASSERT_EQ(views.size(), expected.size() + 1) << threads << " threads";
    EXPECT_EQ(views.front(), "before");
    EXPECT_TRUE(std::equal(expected.begin(), expected.end(), views.begin() + 1))
        << threads << " threads";
  }
}

using table = test::column_table;

// Many rows of a few kinds, so that two threads take different parts of the table.
const std::vector<std::string_view>& mixed_lines() {
  static const std::vector<std::string_view> lines = [] {
    const std::vector<std::string_view> kinds{
        start_fen,
        "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1",  // opposite_check at column 23
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        "",
        "# comment",
        "8/8/8/r2Pp2K/8/8/4k3/8 b - - 3 40",
    };
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < 30000; ++i) out.push_back(kinds[(i * 7) % kinds.size()]);
    return out;
  }();
  return lines;
}

TEST(DecodeRows, SameTableOnOneAndTwoThreads) {
  const std::vector<std::string_view>& lines = mixed_lines();
  table one(lines.size());
  table two(lines.size());
  table automatic(lines.size());
  decode_rows(lines, {}, one.columns(), {1});
  decode_rows(lines, {}, two.columns(), {2});
  decode_rows(lines, {}, automatic.columns());
  EXPECT_TRUE(one == two);
  EXPECT_TRUE(one == automatic);
  // Each row from its own line (written out by hand for each kind).
  for (std::size_t row = 0; row < lines.size(); ++row) {
    const std::size_t kind = (row * 7) % 6;
    SCOPED_TRACE(row);
    EXPECT_EQ(two.valid[row], kind == 0 || kind == 2 || kind == 5);
    switch (kind) {
      case 0:
        ASSERT_EQ(two.bitboards[row * 12], 0xFF00U);
        ASSERT_EQ(two.fullmove[row], 1U);
        break;
      case 1:
        ASSERT_EQ(two.reason[row], static_cast<std::uint8_t>(core::fen_errc::opposite_check));
        ASSERT_EQ(two.column[row], 23);
        break;
      case 2:
        ASSERT_EQ(two.board[row], 1);
        ASSERT_EQ(two.squares[row * 80 + 2], 13);  // A on c1
        break;
      case 3:
        ASSERT_EQ(two.reason[row], static_cast<std::uint8_t>(core::fen_errc::skipped_blank));
        break;
      case 4:
        ASSERT_EQ(two.reason[row], static_cast<std::uint8_t>(core::fen_errc::skipped_comment));
        break;
      default:
        ASSERT_EQ(two.side[row], 1);
        ASSERT_EQ(two.halfmove[row], 3U);
        ASSERT_EQ(two.fullmove[row], 40U);
        ASSERT_EQ(two.squares[row * 80 + 39], 6);  // K on h5
        break;
    }
  }
}

// The rows agree with a run of the same text (no dedupe): the valid rows' canonical lines are
// the output's lines in order, and the invalid rows' reasons and columns are the rejects'
// (FILE:LINE:COL: REASON: text), blank and comment rows neither.
TEST(DecodeRows, AgreeWithARun) {
  const std::string text = std::string("\xEF\xBB\xBF")
                               .append(start_fen)
                               .append(
                                   "\r\n"
                                   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -\n"
                                   "\n"
                                   "# comment\n"
                                   "  4k3/8/8/8/8/8/8/4K3\tw  -  - 0 1  \n"
                                   "not a fen\n"
                                   "4k3/8/8/8/8/8/8/3KK3 w - - 0 1\n"
                                   "8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1\n"
                                   "4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\r\n"
                                   "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w "
                                   "JAja - 0 1\n"
                                   "rnabqkbcnr/pppppppppp/55/10/10/10/PPPPPPPPPP/RNABQKBCNR w "
                                   "KQkq - 0 1\n"
                                   "4k3/8/8/8/8/8/8/4K3 b - - fmvn 17; hmvc 13;");
  const test::temp_dir dir;
  run_config config;
  config.inputs = {dir.file("in.fen", text)};
  config.output = dir.path("out.fen");
  config.rejects_path = dir.path("rejects.txt");
  config.threads = 1;
  (void)run(config);

  std::vector<std::string_view> lines;
  split_lines(text, lines);
  table rows(lines.size());
  decode_rows(lines, {}, rows.columns(), {2});
  std::vector<std::string> canonical;
  std::vector<bool> valid;
  canonical_lines(lines, {}, canonical, valid, {2});
  std::string written;
  std::string rejected;
  for (std::size_t row = 0; row < lines.size(); ++row) {
    EXPECT_EQ(valid[row], rows.valid[row]) << row;
    if (rows.valid[row]) {
      written.append(canonical[row]).append("\n");
    } else if (rows.reason[row] != static_cast<std::uint8_t>(core::fen_errc::skipped_blank) &&
               rows.reason[row] != static_cast<std::uint8_t>(core::fen_errc::skipped_comment)) {
      rejected.append(config.inputs[0])
          .append(":")
          .append(std::to_string(row + 1))
          .append(":")
          .append(std::to_string(rows.column[row]))
          .append(": ")
          .append(core::to_string(static_cast<core::fen_errc>(rows.reason[row])))
          .append(": ")
          .append(lines[row])
          .append("\n");
    }
  }
  // 6 valid lines (the start position twice, the bare kings, the skewer, Capablanca's start,
  // the EPD record) and 4 rejected (not a fen, two kings, a lone CR, "55").
  EXPECT_EQ(std::count(written.begin(), written.end(), '\n'), 6);
  EXPECT_EQ(std::count(rejected.begin(), rejected.end(), '\n'), 4);
  EXPECT_EQ(written, test::read_file(config.output));
  EXPECT_EQ(rejected, test::read_file(config.rejects_path));
}

TEST(DecodeRows, NoRows) {
  decode_rows({}, {}, {}, {2});
}

template <class Value>
void expect_start_planes(const std::vector<Value>& planes, std::size_t row) {
  // [plane][rank][file] of the start position, by hand.
  const auto at = [&](std::size_t plane, std::size_t rank, std::size_t file) {
    return planes[row * 768 + plane * 64 + rank * 8 + file];
  };
  std::size_t ones = 0;
  for (std::size_t i = 0; i < 768; ++i) {
    const Value v = planes[row * 768 + i];
    ASSERT_TRUE(v == Value(0) || v == Value(1)) << i;
    ones += v == Value(1) ? 1 : 0;
  }
  EXPECT_EQ(ones, 32U);
  for (std::size_t file = 0; file < 8; ++file) {
    EXPECT_EQ(at(0, 1, file), Value(1));  // P on rank 2
    EXPECT_EQ(at(6, 6, file), Value(1));  // p on rank 7
  }
  EXPECT_EQ(at(1, 0, 1), Value(1));   // N b1
  EXPECT_EQ(at(1, 0, 6), Value(1));   // N g1
  EXPECT_EQ(at(3, 0, 0), Value(1));   // R a1
  EXPECT_EQ(at(3, 0, 7), Value(1));   // R h1
  EXPECT_EQ(at(4, 0, 3), Value(1));   // Q d1
  EXPECT_EQ(at(5, 0, 4), Value(1));   // K e1
  EXPECT_EQ(at(10, 7, 3), Value(1));  // q d8
  EXPECT_EQ(at(11, 7, 4), Value(1));  // k e8
  EXPECT_EQ(at(8, 7, 2), Value(1));   // b c8
  EXPECT_EQ(at(5, 7, 4), Value(0));   // no white king on e8
}

template <class Value>
void check_planes() {
  // Row 0 empty, row 1 the start position, row 2 one black king on h8 only, then copies of
  // the start position to cross the grain.
  const auto& start = test::start_bitboards;
  // 12,000 rows make 9 MB or more of planes: past the size where the stores bypass the cache.
  constexpr std::size_t rows = 12000;
  std::vector<std::uint64_t> bitboards(rows * 12);
  for (std::size_t row = 1; row < rows; ++row) {
    std::copy(start.begin(), start.end(),
              bitboards.begin() + static_cast<std::ptrdiff_t>(row * 12));
  }
  std::fill_n(bitboards.begin() + 24, 12, 0);
  bitboards[24 + 11] = std::uint64_t{1} << 63;
  std::vector<Value> one(rows * 768, Value(7));
  std::vector<Value> two(rows * 768, Value(7));
  fill_planes(bitboards.data(), rows, one.data(), {1});
  fill_planes(bitboards.data(), rows, two.data(), {2});
  EXPECT_EQ(one, two);
  // An output that is not 16-byte aligned (NumPy may hand one over) takes the plain stores.
  std::vector<Value> shifted(rows * 768 + 1, Value(7));
  fill_planes(bitboards.data(), rows, shifted.data() + 1, {2});
  EXPECT_TRUE(std::equal(one.begin(), one.end(), shifted.begin() + 1));
  // A few rows: the plain stores too.
  std::vector<Value> few(3 * 768, Value(7));
  fill_planes(bitboards.data(), 3, few.data(), {2});
  EXPECT_TRUE(std::equal(few.begin(), few.end(), one.begin()));
  for (std::size_t i = 0; i < 768; ++i) ASSERT_EQ(one[i], Value(0)) << i;
  expect_start_planes(one, 1);
  expect_start_planes(one, rows - 1);
  for (std::size_t i = 0; i < 768; ++i) {
    ASSERT_EQ(one[2 * 768 + i], i == 11 * 64 + 63 ? Value(1) : Value(0)) << i;
  }
}

TEST(FillPlanes, Float) {
  check_planes<float>();
}
TEST(FillPlanes, Double) {
  check_planes<double>();
}
TEST(FillPlanes, Bytes) {
  check_planes<std::uint8_t>();
}

TEST(CanonicalLines, ValidLinesWrittenInvalidEmpty) {
  std::vector<std::string_view> lines;
  for (int i = 0; i < 5000; ++i) {
    lines.emplace_back("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    lines.emplace_back("8/8/8/8/8/8/8/8 w - - 0 1");
    lines.emplace_back("8/8/8/r2Pp2K/8/8/4k3/8  w - e6 0 1");
    lines.emplace_back("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1");
  }
  const std::vector<std::string> expected{
      std::string(start_fen), "", "8/8/8/r2Pp2K/8/8/4k3/8 w - - 0 1",
      "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"};
  std::vector<std::string> one;
  std::vector<bool> one_valid;
  std::vector<std::string> two;
  std::vector<bool> two_valid{true};  // resized
  canonical_lines(lines, {}, one, one_valid, {1});
  canonical_lines(lines, {}, two, two_valid, {2});
  ASSERT_EQ(one.size(), lines.size());
  ASSERT_EQ(one_valid.size(), lines.size());
  EXPECT_EQ(one, two);
  EXPECT_EQ(one_valid, two_valid);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    ASSERT_EQ(one[i], expected[i % 4]) << i;
    ASSERT_EQ(one_valid[i], i % 4 != 1) << i;
  }
  core::row_options pseudo;
  pseudo.write.ep = core::ep_policy::pseudo;
  canonical_lines(std::span(lines).subspan(2, 1), pseudo, one, one_valid);
  EXPECT_EQ(one, std::vector<std::string>{"8/8/8/r2Pp2K/8/8/4k3/8 w - e6 0 1"});
}

}  // namespace
}  // namespace fenbatch::pipeline
