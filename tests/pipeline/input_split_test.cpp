// The distributed run's share-out of the inputs (distributed/input_split.hpp): which inputs
// can be split, each rank's ranges (contiguous, every byte once, balanced, at most two partial
// ranges a rank), the lines of partial ranges, and line numbers as one process gives them.
#include "distributed/input_split.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "distributed/global_origin.hpp"
#include "fenbatch/pipeline/run_config.hpp"
#include "input/input_reader.hpp"
#include "plan/resolved_run.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline::detail {
namespace {

using test::temp_dir;

const std::string fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

// The probe with the options a run of `config` reads its inputs with.
input_probe probe_input(const std::string& path, const run_config& config) {
  const resolved_run run = resolve_run(config);
  return detail::probe_input(path, run.inputs.reading, run.lines.format);
}

// --- probe_input ---------------------------------------------------------------------------

TEST(ProbeInput, SplitsMappedUncompressedFilesOfFormatsWithoutHeaderLines) {
  temp_dir dir;
  const std::string text = fen + "\n" + fen + "\n";
  const run_config config;
  const input_probe plain = probe_input(dir.file("a.fen", text), config);
  EXPECT_EQ(plain.size, text.size());
  EXPECT_TRUE(plain.splittable);
  EXPECT_TRUE(probe_input(dir.file("a.epd", text), config).splittable);
  EXPECT_TRUE(probe_input(dir.file("a.jsonl", "{\"fen\":\"x\"}\n"), config).splittable);
  EXPECT_TRUE(probe_input(dir.file("a.ndjson", "{\"fen\":\"x\"}\n"), config).splittable);
  // A header line: a part in the middle could not see it.
  EXPECT_FALSE(probe_input(dir.file("a.csv", "fen\n" + fen + "\n"), config).splittable);
  EXPECT_FALSE(probe_input(dir.file("a.tsv", "fen\n" + fen + "\n"), config).splittable);
  run_config csv = config;
  csv.format = input_format::csv;  // given, not inferred from the name
  EXPECT_FALSE(probe_input(dir.path("a.fen"), csv).splittable);
  run_config fen_lines = config;
  fen_lines.format = input_format::fen;
  EXPECT_TRUE(probe_input(dir.path("a.csv"), fen_lines).splittable);
  run_config no_mmap = config;
  no_mmap.use_mmap = false;
  const input_probe read = probe_input(dir.path("a.fen"), no_mmap);
  EXPECT_FALSE(read.splittable);
  EXPECT_EQ(read.size, text.size());
}

TEST(ProbeInput, CompressedEmptyAndWideInputsGoWhole) {
  temp_dir dir;
  const run_config config;
  const std::string zstd = std::string("\x28\xB5\x2F\xFD") + "junk\n";
  const input_probe packed = probe_input(dir.file("a.fen.zst", zstd), config);
  EXPECT_FALSE(packed.splittable);
  EXPECT_EQ(packed.size, zstd.size());
  // By the bytes, not by the name.
  EXPECT_FALSE(probe_input(dir.file("b.fen", zstd), config).splittable);
  EXPECT_FALSE(
      probe_input(dir.file("c.fen", std::string("\x1F\x8B\x08") + "x\n"), config).splittable);
  const input_probe empty = probe_input(dir.file("empty.fen", ""), config);
  EXPECT_FALSE(empty.splittable);
  EXPECT_EQ(empty.size, 0U);
  EXPECT_FALSE(probe_input(dir.file("wide.fen", std::string("\xFF\xFE"
                                                            "a\0b\0\n\0",
                                                            8)),
                           config)
                   .splittable);
}

TEST(ProbeInput, StandardInputAndFifosAreNeitherOpenedNorRead) {
  temp_dir dir;
  const run_config config;
  const input_probe in = probe_input("-", config);
  EXPECT_FALSE(in.splittable);
  EXPECT_EQ(in.size, 0U);

  const std::string fifo = dir.path("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // Our own reader and writer hold it open, so a probe that opened it would not block: it
  // would read (and lose) what was written.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
  ASSERT_GE(writer, 0);
  ASSERT_EQ(::write(writer, "data\n", 5), 5);
  const input_probe probe = probe_input(fifo, config);
  EXPECT_FALSE(probe.splittable);
  EXPECT_EQ(probe.size, 0U);
  char buffer[16];
  EXPECT_EQ(::read(reader, buffer, sizeof buffer), 5);
  ::close(writer);
  ::close(reader);
}

TEST(ProbeInput, FailsAsOpeningTheInputFails) {
  temp_dir dir;
  EXPECT_THROW((void)probe_input(dir.path("missing.fen"), run_config{}), std::system_error);
  EXPECT_THROW((void)probe_input(dir.path(""), run_config{}), std::system_error);  // a dir
}

// --- split_for_rank: hand-worked plans ------------------------------------------------------

input_probe split(std::uint64_t size) {
  return {size, true};
}
input_probe whole(std::uint64_t size) {
  return {size, false};
}

constexpr input_range none{false, 0, UINT64_MAX};
constexpr input_range all{true, 0, UINT64_MAX};

bool same(const input_range& a, const input_range& b) {
  return a.read == b.read && (!a.read || (a.begin == b.begin && a.end == b.end));
}

void expect_plan(const std::vector<input_probe>& inputs,
                 const std::vector<std::vector<input_range>>& expected) {
  for (std::size_t rank = 0; rank < expected.size(); ++rank) {
    const std::vector<input_range> got = split_for_rank(inputs, expected.size(), rank);
    ASSERT_EQ(got.size(), inputs.size());
    for (std::size_t i = 0; i < inputs.size(); ++i) {
      EXPECT_TRUE(same(got[i], expected[rank][i]))
          << "rank " << rank << " input " << i << ": got read " << got[i].read << " ["
          << got[i].begin << ", " << got[i].end << ")";
    }
  }
}

TEST(SplitForRank, OneFileInEqualSpans) {
  // 100 bytes in 3: spans start at ceil(100 r / 3) = 0, 34, 67.
  expect_plan({split(100)}, {{{true, 0, 34}}, {{true, 34, 67}}, {{true, 67, UINT64_MAX}}});
  expect_plan({split(100)}, {{all}});
  expect_plan({split(100), whole(7), {0, false}}, {{all, all, all}});
}

TEST(SplitForRank, UnsplittableInputsGoWholeToTheRankOfTheirMiddle) {
  // 60 splittable, 30 not, an empty one, 10 splittable; 2 ranks cut at 50. The 30 bytes'
  // middle (75) and everything after is rank 1's.
  expect_plan({split(60), whole(30), whole(0), split(10)},
              {{{true, 0, 50}, none, none, none}, {{true, 50, UINT64_MAX}, all, all, all}});
  // 100 unsplittable then 10 splittable in 4: spans at 0, 28, 55, 83; the middle (50) is in
  // rank 1's span; ranks 0 and 2 read nothing.
  expect_plan({whole(100), split(10)}, {{none, none}, {all, none}, {none, none}, {none, all}});
  // The same unsplittable input behind 40 splittable bytes: 140 in 2 cut at 70; its middle is
  // at 90: rank 1 reads it, rank 0 all of the first input.
  expect_plan({split(40), whole(100)}, {{all, none}, {none, all}});
}

TEST(SplitForRank, EmptyInputsGoToTheRankWhoseSpanHoldsTheirPlace) {
  expect_plan({whole(0), split(10)}, {{all, {true, 0, 5}}, {none, {true, 5, UINT64_MAX}}});
  // At the end: to the rank that holds the last byte.
  expect_plan({split(10), whole(0)}, {{{true, 0, 5}, none}, {{true, 5, UINT64_MAX}, all}});
  expect_plan({split(10), whole(0), split(10)},
              {{all, none, none}, {none, all, all}});  // the 0-size input at 10: rank 1's
  // No bytes at all: rank 0 reads every (empty) input.
  expect_plan({whole(0), whole(0)}, {{all, all}, {none, none}, {none, none}});
}

TEST(SplitForRank, MoreRanksThanBytes) {
  // 2 bytes in 4: spans start at 0, 1, 1, 2: rank 0 has byte 0, rank 2 byte 1.
  expect_plan({split(2)}, {{{true, 0, 1}}, {none}, {{true, 1, UINT64_MAX}}, {none}});
}

TEST(SplitForRank, RefusesARankOutOfRange) {
  EXPECT_THROW((void)split_for_rank({split(1)}, 2, 2), std::invalid_argument);
  EXPECT_THROW((void)split_for_rank({split(1)}, 0, 0), std::invalid_argument);
}

// --- split_for_rank: properties over mixed inputs -------------------------------------------

// A test input: its text, and whether the plan may split it.
struct test_input {
  std::string text;
  bool splittable;
};

// Line starts of a text as the test sees them (0, and after every LF but a last one).
std::uint64_t next_line_start(const std::string& text, std::uint64_t offset) {
  if (offset == 0 || offset >= text.size()) return std::min<std::uint64_t>(offset, text.size());
  for (std::uint64_t p = offset; p <= text.size(); ++p) {
    if (p == text.size() || text[p - 1] == '\n') return p;
  }
  return text.size();
}

std::vector<test_input> mixed_inputs(unsigned seed) {
  // A small linear congruential generator: the same inputs on every platform.
  std::uint64_t state = seed * 2654435761U + 1;
  const auto next = [&state](std::uint64_t n) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state >> 33) % n;
  };
  std::vector<test_input> inputs(1 + next(6));
  for (test_input& in : inputs) {
    const std::uint64_t kind = next(4);
    in.splittable = kind == 1 || kind == 2;
    if (kind == 3) continue;  // empty
    const std::uint64_t lines = next(12);
    for (std::uint64_t l = 0; l < lines; ++l) {
      in.text += std::string(next(30), static_cast<char>('a' + next(26)));
      if (l + 1 < lines || next(2) == 0) in.text += '\n';
    }
    if (in.text.empty()) in.splittable = false;
  }
  return inputs;
}

TEST(SplitForRank, EveryByteOnceContiguousBalancedAtMostTwoPartsARank) {
  for (unsigned seed = 0; seed < 300; ++seed) {
    const std::vector<test_input> inputs = mixed_inputs(seed);
    std::vector<input_probe> probes;
    std::uint64_t total = 0;
    std::uint64_t max_line = 0;
    std::uint64_t max_whole = 0;
    for (const test_input& in : inputs) {
      probes.push_back({in.text.size(), in.splittable});
      total += in.text.size();
      if (!in.splittable) max_whole = std::max<std::uint64_t>(max_whole, in.text.size());
      std::uint64_t line = 0;
      for (const char c : in.text) {
        ++line;
        if (c == '\n') line = 0;
        max_line = std::max(max_line, line);
      }
    }
    for (std::size_t ranks = 1; ranks <= 5; ++ranks) {
      SCOPED_TRACE(testing::Message() << "seed " << seed << " ranks " << ranks);
      std::vector<std::vector<input_range>> plan;
      for (std::size_t r = 0; r < ranks; ++r) plan.push_back(split_for_rank(probes, ranks, r));

      // Contiguous: (input, first byte) strictly increases through rank 0's ranges, then
      // rank 1's... At most two partial ranges a rank: its first and its last input.
      std::pair<std::uint64_t, std::uint64_t> previous{0, 0};
      bool first_range = true;
      for (std::size_t r = 0; r < ranks; ++r) {
        std::vector<std::size_t> read;
        for (std::size_t i = 0; i < inputs.size(); ++i) {
          ASSERT_EQ(plan[r].size(), inputs.size());
          if (!plan[r][i].read) continue;
          read.push_back(i);
          const std::pair<std::uint64_t, std::uint64_t> here{i, plan[r][i].begin};
          EXPECT_TRUE(first_range || previous < here);
          previous = here;
          first_range = false;
        }
        for (std::size_t k = 0; k < read.size(); ++k) {
          EXPECT_TRUE(plan[r][read[k]].whole() || k == 0 || k + 1 == read.size());
        }
      }

      // Every byte once: an unsplittable or empty input whole on one rank; a splittable one in
      // pieces that tile it, in rank order, the last to the end of the file.
      for (std::size_t i = 0; i < inputs.size(); ++i) {
        std::vector<input_range> pieces;
        for (std::size_t r = 0; r < ranks; ++r) {
          if (plan[r][i].read) pieces.push_back(plan[r][i]);
        }
        ASSERT_FALSE(pieces.empty()) << "input " << i;
        if (!inputs[i].splittable) {
          EXPECT_EQ(pieces.size(), 1U);
          EXPECT_TRUE(pieces[0].whole());
          continue;
        }
        EXPECT_EQ(pieces.front().begin, 0U);
        EXPECT_EQ(pieces.back().end, UINT64_MAX);
        for (std::size_t k = 0; k < pieces.size(); ++k) {
          if (k > 0) {
            EXPECT_EQ(pieces[k].begin, pieces[k - 1].end);
          }
          EXPECT_LT(pieces[k].begin, std::min<std::uint64_t>(pieces[k].end, inputs[i].text.size()));
        }
      }

      // Balanced: a rank's bytes, its ranges cut at line starts, are its share of the total
      // but for one line or one unsplittable input at each end.
      const std::uint64_t slack = 2 * std::max(max_line + 1, max_whole) + 1;
      for (std::size_t r = 0; r < ranks; ++r) {
        std::uint64_t bytes = 0;
        for (std::size_t i = 0; i < inputs.size(); ++i) {
          if (!plan[r][i].read) continue;
          const std::string& text = inputs[i].text;
          bytes += next_line_start(text, plan[r][i].end) - next_line_start(text, plan[r][i].begin);
        }
        const std::uint64_t share = total / ranks;
        EXPECT_LE(bytes, share + slack) << "rank " << r;
        EXPECT_LE(share, bytes + slack) << "rank " << r;
      }
    }
  }
}

// --- count_partial_lines ---------------------------------------------------------------------

// Lines starting in [begin, end), counted the test's way: every line start but a lone BOM's.
std::uint64_t lines_starting_in(const std::string& text, std::uint64_t begin, std::uint64_t end) {
  std::uint64_t n = 0;
  const bool only_bom = text == "\xEF\xBB\xBF";
  for (std::uint64_t p = 0; p < text.size(); ++p) {
    const bool starts = p == 0 ? !only_bom : text[p - 1] == '\n';
    if (starts && p >= begin && p < end) ++n;
  }
  return n;
}

// The lines an input_reader gives for a range (what the pipeline will number).
std::uint64_t lines_read(const std::string& path, const input_range& range) {
  input_reader reader({path}, {true, false, 0}, {range});
  std::string text;
  chunk_input c;
  while (reader.next(c, 3)) {
    text.append(c.data);
    c.release();
  }
  const auto lfs = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n'));
  return lfs + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

TEST(CountPartialLines, CountsTheLinesThatStartInEachPartialRange) {
  temp_dir dir;
  const std::string a = std::string("\xEF\xBB\xBF") + "one\r\n\ntwo\n" + std::string(30, 'z') +
                        "\nthree";  // BOM, CRLF, an empty line, no final LF
  const std::string b = "x\ny\n";
  const std::vector<std::string> paths = {dir.file("a.fen", a), dir.file("b.fen", b),
                                          dir.file("bom.fen", "\xEF\xBB\xBF")};
  for (std::uint64_t begin = 0; begin <= a.size() + 1; ++begin) {
    for (std::uint64_t end = begin; end <= a.size() + 1; ++end) {
      SCOPED_TRACE(testing::Message() << "[" << begin << ", " << end << ")");
      const input_range range{true, begin, end};
      const partial_line_counts got =
          count_partial_lines(paths, {range, {true, 2, UINT64_MAX}, none});
      EXPECT_EQ(got[0].input, 0U);
      EXPECT_EQ(got[0].lines, lines_starting_in(a, begin, end));
      EXPECT_EQ(got[0].lines, lines_read(paths[0], range));
      EXPECT_EQ(got[1].input, 1U);
      EXPECT_EQ(got[1].lines, 1U);  // "y"
    }
  }
  // A file that is only a BOM has no lines, cut anywhere.
  EXPECT_EQ(count_partial_lines(paths, {none, none, {true, 0, 1}})[0].lines, 0U);
  EXPECT_EQ(count_partial_lines(paths, {none, none, {true, 1, UINT64_MAX}})[0].lines, 0U);
}

// Long ranges, counted in blocks of 4,080 bytes: lines of every length, a run of LFs longer than
// a block (255 in every byte lane), and cuts inside and between blocks.
TEST(CountPartialLines, LongRangesCountEveryLine) {
  temp_dir dir;
  std::string text;
  std::mt19937 random(31);
  for (int line = 0; line < 400; ++line) {
    text.append(random() % 90, static_cast<char>('a' + line % 26));
    text += '\n';
  }
  text.append(5000, '\n');
  for (int line = 0; line < 100; ++line) text.append(random() % 300, 'q') += '\n';
  const std::vector<std::string> paths = {dir.file("long.fen", text)};
  for (const std::uint64_t begin : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{4079},
                                    std::uint64_t{4081}, std::uint64_t{9000}}) {
    for (const std::uint64_t end :
         {begin + 4079, begin + 4080, begin + 8161, text.size() - 1, std::uint64_t{text.size()}}) {
      SCOPED_TRACE(testing::Message() << "[" << begin << ", " << end << ")");
      const input_range range{true, begin, end};
      EXPECT_EQ(count_partial_lines(paths, {range})[0].lines, lines_starting_in(text, begin, end));
    }
  }
}

TEST(CountPartialLines, WholeRangesAndInputsNotReadAreNotCounted) {
  temp_dir dir;
  const std::vector<std::string> paths = {dir.file("a.fen", "1\n2\n"), dir.path("missing"),
                                          dir.file("c.fen", "3\n4\n5\n")};
  const partial_line_counts got =
      count_partial_lines(paths, {all, none, {true, 0, 4}});  // lines at 0 and 2
  EXPECT_EQ(got[0].input, 2U);
  EXPECT_EQ(got[0].lines, 2U);
  EXPECT_EQ(got[1].input, UINT64_MAX);
  const partial_line_counts nothing = count_partial_lines(paths, {all, none, all});
  EXPECT_EQ(nothing[0].input, UINT64_MAX);
  EXPECT_EQ(nothing[1].input, UINT64_MAX);
  const std::vector<std::string> three = {paths[0], paths[0], paths[0]};
  const input_range part{true, 1, UINT64_MAX};
  EXPECT_THROW((void)count_partial_lines(three, {part, part, part}), std::invalid_argument);
  EXPECT_THROW((void)count_partial_lines({paths[1]}, {part}), std::system_error);
}

// --- line_numbering ---------------------------------------------------------------------------

std::string place(const line_numbering& n, std::uint32_t rank, std::uint32_t input,
                  std::uint64_t line) {
  std::string out = "at ";
  n.append_place(out, encode_global_origin({rank, input, line}));
  return out;
}

TEST(LineNumbering, LinesFollowOnFromTheRanksBefore) {
  // a.fen: 4 lines on rank 0, 6 on rank 1; b.fen: 2 on rank 1, 5 on rank 2; "-" whole on 3.
  const std::vector<partial_line_counts> ranks = {
      {{{0, 4}, {}}}, {{{0, 6}, {1, 2}}}, {{{1, 5}, {}}}, {{{}, {}}}};
  const line_numbering n({"a.fen", "b.fen", "-"}, ranks);
  using bases = std::vector<std::uint64_t>;
  EXPECT_EQ(n.line_base(0), (bases{0, 0, 0}));
  EXPECT_EQ(n.line_base(1), (bases{4, 0, 0}));
  EXPECT_EQ(n.line_base(2), (bases{10, 2, 0}));
  EXPECT_EQ(n.line_base(3), (bases{10, 7, 0}));
  EXPECT_EQ(place(n, 0, 0, 0), "at a.fen:1");
  EXPECT_EQ(place(n, 0, 0, 3), "at a.fen:4");
  EXPECT_EQ(place(n, 1, 0, 0), "at a.fen:5");
  EXPECT_EQ(place(n, 1, 0, 5), "at a.fen:10");
  EXPECT_EQ(place(n, 1, 1, 1), "at b.fen:2");
  EXPECT_EQ(place(n, 2, 1, 0), "at b.fen:3");
  EXPECT_EQ(place(n, 3, 2, 41), "at <stdin>:42");
  EXPECT_THROW(place(n, 0, 3, 0), std::logic_error);
  EXPECT_THROW(line_numbering({"a.fen"}, {{{{1, 1}, {}}}}), std::invalid_argument);
}

// The whole chain on real files: probes, plans, counts and numbering give every line the
// FILE:LINE of a single reading.
TEST(LineNumbering, RanksNumberEveryLineAsOneProcessWould) {
  temp_dir dir;
  // A BOM, CRLF, an empty line, a long line and no final LF; a CSV input (whole: its header);
  // an empty input; many short lines.
  const std::vector<std::string> texts = {
      "\xEF\xBB\xBF"
      "a1\na2\r\n\na4\n" +
          std::string(50, 'l') + "\na6",
      "fen\nb1\n", "", "c1\nc2\nc3\nc4\nc5\nc6\nc7\nc8\nc9\n"};
  const std::vector<std::string> paths = {dir.file("a.fen", texts[0]), dir.file("b.csv", texts[1]),
                                          dir.file("e.fen", texts[2]), dir.file("c.fen", texts[3])};
  // The single reading, by the test: FILE:LINE and the text of each line (CR of CRLF dropped).
  std::vector<std::string> expected;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::string text = texts[i].rfind("\xEF\xBB\xBF", 0) == 0 ? texts[i].substr(3) : texts[i];
    std::uint64_t line = 0;
    for (std::size_t start = 0; start < text.size();) {
      std::size_t lf = text.find('\n', start);
      if (lf == std::string::npos) lf = text.size();
      std::string body = text.substr(start, lf - start);
      if (lf < text.size() && !body.empty() && body.back() == '\r') body.pop_back();
      expected.push_back(paths[i] + ":" + std::to_string(++line) + " " + body);
      start = lf + 1;
    }
  }
  std::vector<input_probe> probes;
  for (const std::string& p : paths) probes.push_back(probe_input(p, run_config{}));
  ASSERT_TRUE(probes[0].splittable);
  ASSERT_FALSE(probes[1].splittable);

  for (std::size_t ranks = 1; ranks <= 5; ++ranks) {
    SCOPED_TRACE(testing::Message() << "ranks " << ranks);
    std::vector<std::vector<input_range>> plan;
    std::vector<partial_line_counts> counts;
    for (std::size_t r = 0; r < ranks; ++r) {
      plan.push_back(split_for_rank(probes, ranks, r));
      counts.push_back(count_partial_lines(paths, plan.back()));
    }
    const line_numbering numbering(paths, counts);
    std::vector<std::string> got;
    for (std::size_t r = 0; r < ranks; ++r) {
      const std::vector<std::uint64_t> base = numbering.line_base(r);
      input_reader reader(paths, {true, false, 0}, plan[r]);
      std::vector<std::uint64_t> lines(paths.size(), 0);  // read by this rank, per input
      chunk_input c;
      while (reader.next(c, 7)) {
        std::string_view text = c.data;
        while (!text.empty()) {
          std::size_t lf = text.find('\n');
          if (lf == std::string_view::npos) lf = text.size();
          const std::uint32_t input = c.file_index;
          std::string line = std::string(text.substr(0, lf));
          if (!line.empty() && line.back() == '\r' && lf < text.size()) line.pop_back();
          std::string where;
          numbering.append_place(
              where, encode_global_origin({static_cast<std::uint32_t>(r), input, lines[input]}));
          EXPECT_EQ(where, paths[input] + ":" + std::to_string(base[input] + lines[input] + 1));
          ++lines[input];
          got.push_back(where + " " + line);
          text.remove_prefix(std::min(text.size(), lf + 1));
        }
        c.release();
      }
    }
    EXPECT_EQ(got, expected);
  }
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
