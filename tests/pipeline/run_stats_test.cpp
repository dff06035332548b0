// run_stats::merge: counters add in any order and grouping; the statistics of two runs over the
// two halves of an input merge into those of one run over the whole; parts with disjoint key
// sets (what dedupe shards and partitions are) merge into the whole run's dedupe statistics.
#include "fenbatch/pipeline/run_stats.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "fenbatch/pipeline/run.hpp"
#include "placement_text.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

namespace fs = std::filesystem;

// Every counter of the list, in turn, with its element index (0 for a single counter): the
// checks below then cover a counter added later without being edited.
template <class F>
void for_each_count(run_counters& c, F f) {
  std::size_t k = 0;
#define FENBATCH_TEST_COUNTER(section, member, path, reported) f(c.member, k++, std::size_t{0});
#define FENBATCH_TEST_COUNTS(section, member, extent, path, name)         \
  for (std::size_t i = 0; i < c.member.size(); ++i) f(c.member[i], k, i); \
  ++k;
  FENBATCH_RUN_COUNTERS(FENBATCH_TEST_COUNTER, FENBATCH_TEST_COUNTS)
#undef FENBATCH_TEST_COUNTER
#undef FENBATCH_TEST_COUNTS
}

// A distinct value for each count of each counter, times the part's scale.
run_counters part(std::uint64_t scale) {
  run_counters c;
  for_each_count(c, [scale](std::uint64_t& n, std::size_t k, std::size_t i) {
    n = ((k + 1) * 100 + i) * scale;
  });
  return c;
}

// Parts scaled by 1, 1000 and 1000000 add up to 1001001 times the value, in every count.
void expect_sum_of_three(run_counters c) {
  for_each_count(c, [](std::uint64_t& n, std::size_t k, std::size_t i) {
    EXPECT_EQ(n, ((k + 1) * 100 + i) * 1'001'001U) << "counter " << k << " element " << i;
  });
}

run_counters merged(run_counters a, const run_counters& b) {
  a.merge(b);
  return a;
}

TEST(RunStatsMerge, CountersAddInAnyOrderAndGrouping) {
  const run_counters a = part(1), b = part(1000), c = part(1'000'000);
  expect_sum_of_three(merged(merged(a, b), c));
  expect_sum_of_three(merged(a, merged(b, c)));
  expect_sum_of_three(merged(merged(c, a), b));
  expect_sum_of_three(merged(merged(b, c), a));
  expect_sum_of_three(merged(c, merged(b, a)));
  // A few by name, written out.
  const run_counters sum = merged(merged(a, b), c);
  EXPECT_EQ(sum.input_bytes, 100U * 1'001'001U);  // the first counter of the list
  EXPECT_EQ(sum.bytes, 200U * 1'001'001U);
  EXPECT_EQ(sum.lines, 300U * 1'001'001U);
}

TEST(RunStatsMerge, ZeroCountersAreTheIdentity) {
  expect_sum_of_three(merged(run_counters{}, merged(merged(part(1), part(1000)), part(1'000'000))));
  expect_sum_of_three(merged(merged(merged(part(1), part(1000)), part(1'000'000)), run_counters{}));
}

repeated_position repeated(std::string text, std::uint64_t count, std::uint64_t key) {
  return {{std::move(text), count}, core::position_key{key, 0}};
}

invalid_sample sample(std::uint64_t line, core::fen_errc reason) {
  return {"in.fen", line, 1, line * 10, reason};
}

TEST(RunStatsMerge, MaterialTablesAdd) {
  run_stats a, b;
  a.material = {{11, 2}, {22, 3}};
  b.material = {{22, 4}, {33, 1}};
  run_stats ab = a, ba = b;
  ab.merge(b, 3);
  ba.merge(a, 3);
  const std::unordered_map<std::uint64_t, std::uint64_t> expected = {{11, 2}, {22, 7}, {33, 1}};
  EXPECT_EQ(ab.material, expected);
  EXPECT_EQ(ba.material, expected);
}

TEST(RunStatsMerge, MostRepeatedOfDisjointPartsIsTheTopTwentyOfTheirUnion) {
  // Part a: keys 1..15 with counts 100, 98, ..., 72; part b: keys 101..115 with counts 99,
  // 97, ..., 71, and key 116 with count 72 (a tie with key 15 of part a).
  run_stats a, b;
  for (std::uint64_t i = 0; i < 15; ++i) {
    a.most_repeated.push_back(repeated("a" + std::to_string(i), 100 - 2 * i, 1 + i));
    b.most_repeated.push_back(repeated("b" + std::to_string(i), 99 - 2 * i, 101 + i));
  }
  b.most_repeated.push_back(repeated("b15", 72, 116));
  // The union ranked by count (ties by key): 100 a0, 99 b0, 98 a1, ..., 82 a9, 81 b9.
  std::vector<repeated_position> expected;
  for (std::uint64_t i = 0; i < 10; ++i) {
    expected.push_back(repeated("a" + std::to_string(i), 100 - 2 * i, 1 + i));
    expected.push_back(repeated("b" + std::to_string(i), 99 - 2 * i, 101 + i));
  }
  run_stats ab = a, ba = b;
  ab.merge(b, 3);
  ba.merge(a, 3);
  EXPECT_EQ(ab.most_repeated, expected);
  EXPECT_EQ(ba.most_repeated, expected);
}

TEST(RunStatsMerge, MostRepeatedAddsTheCountsOfAKeyInBothParts) {
  run_stats a, b;
  a.most_repeated = {repeated("x", 5, 1), repeated("y", 4, 2)};
  b.most_repeated = {repeated("y", 3, 2), repeated("z", 6, 3)};
  a.merge(b, 3);
  EXPECT_EQ(a.most_repeated, (std::vector<repeated_position>{
                                 repeated("y", 7, 2), repeated("z", 6, 3), repeated("x", 5, 1)}));
}

TEST(RunStatsMerge, SamplesAreTheFirstOnesPerReasonInPartOrder) {
  using core::fen_errc;
  run_stats a, b, c;
  a.invalid_samples = {sample(1, fen_errc::rank_width), sample(2, fen_errc::bad_side)};
  b.invalid_samples = {sample(3, fen_errc::rank_width), sample(4, fen_errc::rank_width),
                       sample(5, fen_errc::bad_side)};
  c.invalid_samples = {sample(6, fen_errc::bad_side), sample(7, fen_errc::rank_width)};
  // At most two per reason: rank_width from lines 1 and 3, bad_side from lines 2 and 5.
  const std::vector<invalid_sample> expected = {
      sample(1, fen_errc::rank_width), sample(2, fen_errc::bad_side),
      sample(3, fen_errc::rank_width), sample(5, fen_errc::bad_side)};
  run_stats ab_c = a;
  ab_c.merge(b, 2);
  ab_c.merge(c, 2);
  run_stats bc = b;
  bc.merge(c, 2);
  run_stats a_bc = a;
  a_bc.merge(bc, 2);
  EXPECT_EQ(ab_c.invalid_samples, expected);
  EXPECT_EQ(a_bc.invalid_samples, expected);
  // Not commutative: the later part's samples come after, and only while there is room.
  run_stats ca = c;
  ca.merge(a, 2);
  EXPECT_EQ(ca.invalid_samples,
            (std::vector<invalid_sample>{
                sample(6, fen_errc::bad_side), sample(7, fen_errc::rank_width),
                sample(1, fen_errc::rank_width), sample(2, fen_errc::bad_side)}));
}

TEST(RunStatsMerge, InputNotesAndTiming) {
  run_stats a, b;
  a.inputs_changed = {"x.fen"};
  b.inputs_changed = {"y.fen", "z.fen"};
  b.stopped_at_max_bytes = true;
  a.wall_seconds = 2.5;
  b.wall_seconds = 1.5;
  a.threads = 4;
  b.threads = 8;
  a.merge(b, 3);
  EXPECT_EQ(a.inputs_changed, (std::vector<std::string>{"x.fen", "y.fen", "z.fen"}));
  EXPECT_TRUE(a.stopped_at_max_bytes);
  EXPECT_EQ(a.wall_seconds, 2.5);
  EXPECT_EQ(a.threads, 8U);
  run_stats neither;
  neither.merge(run_stats{}, 3);
  EXPECT_FALSE(neither.stopped_at_max_bytes);
}

using test::temp_dir;

run_stats run_on(const temp_dir& dir, const std::string& input, bool dedupe) {
  run_config config;
  config.inputs = {input};
  config.output = dir.path("out.fen");
  config.dedupe = dedupe;
  config.decode.repair = true;
  config.chunk_size = 4096;  // many chunks: the run itself merges partial counts
  config.samples_per_reason = 3;
  return run(config);
}

// Valid lines (some repaired, some with notes, positions repeated) and invalid, blank and
// comment lines, some with CRLF; a BOM at the start.
std::string mixed_input(int lines, unsigned seed) {
  const std::vector<std::string> pool = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1",  // repaired (castling order)
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3",
      "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
      "  4k3/8/8/8/8/8/8/4K3\tw  -  - 0 1  ",
      "k7/8/8/1pP5/2K5/8/8/8 w - b6 0 1",
      "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
      "4k3/8/8/8/8/8/8/4K3 b - - fmvn 17; hmvc 13;",
      "4k3/4Q3/8/8/8/8/8/4K3 b - - 0 1",
      "",
      "# a comment",
      "not a fen",
      "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
      "4k3/8/8/8/8/8/8/4K3 w - - 0",
  };
  std::mt19937 rng(seed);
  std::string text = "\xEF\xBB\xBF";
  for (int i = 0; i < lines; ++i) {
    text += pool[rng() % pool.size()];
    text += rng() % 4 == 0 ? "\r\n" : "\n";
  }
  return text;
}

// The counters two runs over the halves must give as one run over the whole: all of them, but
// with dedupe those that depend on which positions were seen before. A position in both halves
// is new to each: it is unique and written in both, and its second occurrence is no duplicate
// in the second half's run. So unique, written, duplicates and the written_positions counts
// are compared only without dedupe.
void expect_counters_of_whole(const run_stats& whole, const run_stats& merged, bool dedupe) {
  run_counters a = whole, b = merged;
  if (dedupe) {
    for (run_counters* c : {&a, &b}) {
      c->unique = c->written = c->duplicates = 0;
      c->written_white_to_move = c->written_black_to_move = 0;
      c->written_castling_none = c->written_castling_standard = c->written_castling_chess960 = 0;
      c->written_piece_count = {};
    }
  }
  for_each_count(a, [&b](std::uint64_t& n, std::size_t k, std::size_t i) {
    std::uint64_t other = 0;
    for_each_count(b, [&](std::uint64_t& m, std::size_t k2, std::size_t i2) {
      if (k2 == k && i2 == i) other = m;
    });
    EXPECT_EQ(n, other) << "counter " << k << " element " << i;
  });
}

TEST(RunStatsMerge, TwoHalvesOfAnInputMergeIntoTheWholeRun) {
  temp_dir dir;
  const std::string text = mixed_input(20'000, 5);
  const std::size_t middle = text.find('\n', text.size() / 2) + 1;  // a line boundary
  const std::string whole = dir.file("whole.fen", text);
  const std::string first = dir.file("first.fen", text.substr(0, middle));
  const std::string second = dir.file("second.fen", text.substr(middle));
  for (const bool dedupe : {false, true}) {
    SCOPED_TRACE(dedupe ? "dedupe" : "no dedupe");
    const run_stats all = run_on(dir, whole, dedupe);
    run_stats merged = run_on(dir, first, dedupe);
    const run_stats later = run_on(dir, second, dedupe);
    merged.merge(later, 3);
    ASSERT_GT(all.invalid, 0U);
    ASSERT_GT(all.repairs[static_cast<std::size_t>(core::repair_kind::castling_order)], 0U);
    ASSERT_EQ(all.bom_skipped, 1U);
    expect_counters_of_whole(all, merged, dedupe);
    EXPECT_EQ(merged.material, all.material);
    EXPECT_EQ(merged.top_material(), all.top_material());
    // The samples, the first three per reason in input order, as lines of the whole input.
    const std::uint64_t first_lines = merged.lines - later.lines;
    ASSERT_EQ(merged.invalid_samples.size(), all.invalid_samples.size());
    for (std::size_t i = 0; i < all.invalid_samples.size(); ++i) {
      const invalid_sample& s = merged.invalid_samples[i];
      const bool later_part = s.file == second;
      EXPECT_EQ(s.line + (later_part ? first_lines : 0), all.invalid_samples[i].line);
      EXPECT_EQ(s.offset + (later_part ? middle : 0), all.invalid_samples[i].offset);
      EXPECT_EQ(s.reason, all.invalid_samples[i].reason);
    }
  }
}

TEST(RunStatsMerge, PartsWithDisjointKeysMergeIntoTheWholeRunsDedupeStatistics) {
  // Positions repeated with skewed frequencies, in shuffled order; split by side to move, which
  // every key includes, as a partition by key would split them.
  std::vector<std::string> lines;
  for (int i = 0; i < 120; ++i) {
    std::string board(64, '.');
    board[static_cast<std::size_t>(i % 60)] = 'K';  // a1..d8, never e8
    board[60] = 'k';
    board[static_cast<std::size_t>(61 + i / 60)] = 'n';  // f8 or g8
    const std::string fen = test::placement_text(board) + (i % 3 == 0 ? " b" : " w") + " - -";
    for (int n = 0; n < 600 / (i + 1) + 1; ++n) lines.push_back(fen + " 0 1");
  }
  std::shuffle(lines.begin(), lines.end(), std::mt19937(9));
  std::string text, white, black;
  for (const std::string& line : lines) {
    text += line + "\n";
    (line.find(" w ") != std::string::npos ? white : black) += line + "\n";
  }
  temp_dir dir;
  const run_stats all = run_on(dir, dir.file("whole.fen", text), true);
  run_stats merged = run_on(dir, dir.file("white.fen", white), true);
  merged.merge(run_on(dir, dir.file("black.fen", black), true), 3);
  ASSERT_EQ(all.most_repeated.size(), top_list_length);
  ASSERT_GT(all.duplicates, 1000U);
  EXPECT_EQ(merged.unique, all.unique);
  EXPECT_EQ(merged.written, all.written);
  EXPECT_EQ(merged.duplicates, all.duplicates);
  EXPECT_EQ(merged.most_repeated, all.most_repeated);
  EXPECT_EQ(merged.material, all.material);
}

TEST(RunCounters, EachHasAJsonNameOfAtMostOneGroupAndAName) {
  std::set<std::string> paths;  // unique within its section
  for (const counter_info& info : counter_infos()) {
    SCOPED_TRACE(std::string(info.path));
    EXPECT_TRUE(
        paths.insert(std::to_string(static_cast<int>(info.section)) + ':' + std::string(info.path))
            .second);
    EXPECT_FALSE(info.name().empty());
    EXPECT_EQ(info.name().find('.'), std::string_view::npos);
  }
  EXPECT_EQ(describe(counter::crlf_lines).group(), "notes");
  EXPECT_EQ(describe(counter::crlf_lines).name(), "crlf_lines");
  EXPECT_EQ(describe(counter::legal_ep).group(), "");
}

}  // namespace
}  // namespace fenbatch::pipeline
