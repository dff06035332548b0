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
#include <string_view>
#include <vector>

#include "fenbatch/pipeline/run.hpp"
#include "placement_text.hpp"
#include "stats/most_repeated_tracker.hpp"
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

// "a7": built by appending (GCC 12 warns wrongly, -Wrestrict, about "a" + std::to_string(i)
// once inlined).
std::string named(char prefix, std::uint64_t i) {
  std::string text(1, prefix);
  text += std::to_string(i);
  return text;
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
    a.most_repeated.push_back(repeated(named('a', i), 100 - 2 * i, 1 + i));
    b.most_repeated.push_back(repeated(named('b', i), 99 - 2 * i, 101 + i));
  }
  b.most_repeated.push_back(repeated("b15", 72, 116));
  // The union ranked by count (ties by key): 100 a0, 99 b0, 98 a1, ..., 82 a9, 81 b9.
  std::vector<repeated_position> expected;
  for (std::uint64_t i = 0; i < 10; ++i) {
    expected.push_back(repeated(named('a', i), 100 - 2 * i, 1 + i));
    expected.push_back(repeated(named('b', i), 99 - 2 * i, 101 + i));
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

TEST(RunStatsMerge, SamplesAreCappedPerReasonWhateverIsAsked) {
  using core::fen_errc;
  // Two parts of 150 rank_width samples each (a part cut by an older rule, or by hand) and a
  // bad_side one: a billion asked, 100 kept per reason, the first ones in part order.
  run_stats a, b;
  for (std::uint64_t i = 0; i < 150; ++i) {
    a.invalid_samples.push_back(sample(1 + i, fen_errc::rank_width));
    b.invalid_samples.push_back(sample(1001 + i, fen_errc::rank_width));
  }
  b.invalid_samples.push_back(sample(2000, fen_errc::bad_side));
  a.merge(b, 1'000'000'000);
  std::vector<invalid_sample> expected(a.invalid_samples.begin(),
                                       a.invalid_samples.begin() + 150);  // this part's, as is
  expected.push_back(sample(2000, fen_errc::bad_side));
  EXPECT_EQ(a.invalid_samples, expected);
  EXPECT_EQ(max_samples_per_reason, 100U);
  EXPECT_EQ(samples_kept_per_reason(1'000'000'000), 100U);
  EXPECT_EQ(samples_kept_per_reason(100), 100U);
  EXPECT_EQ(samples_kept_per_reason(7), 7U);
  EXPECT_EQ(samples_kept_per_reason(0), 0U);

  run_stats c, d;
  for (std::uint64_t i = 0; i < 60; ++i) {
    c.invalid_samples.push_back(sample(1 + i, fen_errc::rank_width));
    d.invalid_samples.push_back(sample(101 + i, fen_errc::rank_width));
  }
  c.merge(d, 1'000'000'000);
  ASSERT_EQ(c.invalid_samples.size(), 100U);  // 60 + the first 40 of the later part
  EXPECT_EQ(c.invalid_samples.back(), sample(140, fen_errc::rank_width));
}

// A run through pipeline::run with more invalid lines of one reason than the cap: 100 samples
// quoted and kept, one note on the cap, every line in the rejects file.
TEST(RunStatsSamples, ARunKeepsAtMostTheCapPerReason) {
  const test::temp_dir dir;
  std::string text;
  for (int i = 0; i < 250; ++i) text += "bad\n";
  text += "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
  for (int i = 0; i < 5; ++i) text += "4k3/8/8/8/8/8/8/4K3 x - - 0 1\n";
  run_config config;
  config.inputs = {dir.file("in.fen", text)};
  config.output = dir.path("out.fen");
  config.rejects_path = dir.path("rejects.txt");
  config.samples_per_reason = 1'000'000'000;
  config.chunk_size = 64;  // many chunks
  std::vector<std::string> lines;
  config.diagnostic = [&lines](std::string_view line) { lines.emplace_back(line); };
  const run_stats stats = run(config);
  ASSERT_EQ(stats.invalid_samples.size(), 105U);
  for (std::size_t i = 0; i < 100; ++i) {
    EXPECT_EQ(stats.invalid_samples[i].line, i + 1);
    EXPECT_EQ(stats.invalid_samples[i].reason, core::fen_errc::bad_piece_char);
  }
  EXPECT_EQ(stats.invalid_samples[100].line, 252U);
  EXPECT_EQ(stats.invalid_samples[100].reason, core::fen_errc::bad_side);
  const auto notes = std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
    return line.starts_with("fenbatch: note: --samples 1000000000 is capped at 100 samples");
  });
  EXPECT_EQ(notes, 1);
  EXPECT_EQ(lines.size(), 106U);  // 105 samples and the note
  std::ifstream rejects(config.rejects_path);
  std::string line;
  std::size_t rejected = 0;
  while (std::getline(rejects, line)) ++rejected;
  EXPECT_EQ(rejected, 255U);
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

// Material signatures written out (core/material.hpp: 4 bits per count, white's queens, rooks,
// bishops, knights, pawns, then black's, and bit 40 as a marker).
constexpr std::uint64_t bare_kings = std::uint64_t{1} << 40;   // KvK
constexpr std::uint64_t white_queen = bare_kings | 1;          // KQvK
constexpr std::uint64_t white_rook = bare_kings | (1 << 4);    // KRvK
constexpr std::uint64_t black_queen = bare_kings | (1 << 20);  // KvKQ
// The 10x8 bare kings: the 10x8 marker (bit 56) alone.
constexpr std::uint64_t bare_kings_10x8 = std::uint64_t{1} << 56;

counted_material eight(const std::string& text, std::uint64_t count) {
  return {{text, count}, core::board_kind::eight_by_eight};
}

input_stats input(std::string path, std::uint64_t lines, std::uint64_t valid,
                  std::uint64_t written) {
  input_stats i{std::move(path), {}};
  i.counts.lines = lines;
  i.counts.valid = valid;
  i.counts.written = written;
  return i;
}

TEST(RunStatsMerge, InputsAddIndexWise) {
  run_stats a, b;
  a.inputs = {input("x.fen", 10, 8, 7), input("y.fen", 5, 5, 5)};
  b.inputs = {input("x.fen", 20, 18, 11), input("y.fen", 1, 0, 0)};
  b.inputs[1].counts.invalid_by_reason[static_cast<std::size_t>(core::fen_errc::rank_width)] = 1;
  a.merge(b, 3);
  std::vector<input_stats> expected = {input("x.fen", 30, 26, 18), input("y.fen", 6, 5, 5)};
  expected[1].counts.invalid_by_reason[static_cast<std::size_t>(core::fen_errc::rank_width)] = 1;
  EXPECT_EQ(a.inputs, expected);
  // A part with no per-input statistics (or fewer inputs) leaves the others as they are; one
  // with more brings its extra inputs along.
  run_stats none;
  none.merge(a, 3);
  EXPECT_EQ(none.inputs, expected);
  a.merge(run_stats{}, 3);
  EXPECT_EQ(a.inputs, expected);
}

TEST(RunStatsMerge, ReferenceStatisticsAdd) {
  run_stats a, b;
  a.reference = {1, 100, 90, 10, 80};
  b.reference = {2, 50, 45, 5, 40};
  a.merge(b, 3);
  EXPECT_EQ(a.reference, (reference_stats{3, 150, 135, 15, 120}));
}

TEST(RunStatsMerge, WrittenMaterialTablesAddAndRankLikeTheInputs) {
  run_stats a, b;
  a.written_material = {{bare_kings, 5}, {white_queen, 2}};
  b.written_material = {{white_queen, 4}, {black_queen, 1}};
  a.material = {{white_rook, 9}};
  a.merge(b, 3);
  const std::unordered_map<std::uint64_t, std::uint64_t> expected = {
      {bare_kings, 5}, {white_queen, 6}, {black_queen, 1}};
  EXPECT_EQ(a.written_material, expected);
  EXPECT_EQ(a.material, (std::unordered_map<std::uint64_t, std::uint64_t>{{white_rook, 9}}));
  EXPECT_EQ(a.top_written_material(),
            (std::vector<counted_material>{eight("KQvK", 6), eight("KvK", 5), eight("KvKQ", 1)}));
  EXPECT_EQ(a.top_material(), (std::vector<counted_material>{eight("KRvK", 9)}));
}

TEST(RunStatsMerge, TheShorterTopWins) {
  run_stats a, b;
  a.top = 3;
  b.top = 2;
  a.most_repeated = {repeated("x", 9, 1), repeated("y", 8, 2)};
  b.most_repeated = {repeated("z", 7, 3), repeated("w", 6, 4)};
  a.material = {{bare_kings, 3}, {white_queen, 2}, {white_rook, 1}};
  run_stats ba = b;
  a.merge(b, 3);
  ba.merge(run_stats(a), 3);
  EXPECT_EQ(a.top, 2U);
  EXPECT_EQ(a.most_repeated,
            (std::vector<repeated_position>{repeated("x", 9, 1), repeated("y", 8, 2)}));
  EXPECT_EQ(a.top_material(), (std::vector<counted_material>{eight("KvK", 3), eight("KQvK", 2)}));
  EXPECT_EQ(ba.top, 2U);
}

TEST(TopLists, LengthCutsBothLists) {
  std::vector<repeated_position> entries = {repeated("b", 3, 2), repeated("a", 5, 9),
                                            repeated("c", 3, 1), repeated("d", 2, 4)};
  std::vector<repeated_position> two = entries;
  rank_most_repeated(two, 2);
  EXPECT_EQ(two, (std::vector<repeated_position>{repeated("a", 5, 9), repeated("c", 3, 1)}));
  std::vector<repeated_position> none = entries;
  rank_most_repeated(none, 0);
  EXPECT_TRUE(none.empty());
  std::vector<repeated_position> all = entries;
  rank_most_repeated(all, 25);
  EXPECT_EQ(all, (std::vector<repeated_position>{repeated("a", 5, 9), repeated("c", 3, 1),
                                                 repeated("b", 3, 2), repeated("d", 2, 4)}));

  const std::unordered_map<std::uint64_t, std::uint64_t> counts = {
      {bare_kings, 4}, {white_queen, 4}, {white_rook, 7}, {black_queen, 1}};
  // Ties by signature: KvK (bit 40 alone) before KQvK (bit 40 and bit 0).
  EXPECT_EQ(top_material(counts, 3),
            (std::vector<counted_material>{eight("KRvK", 7), eight("KvK", 4), eight("KQvK", 4)}));
  EXPECT_TRUE(top_material(counts, 0).empty());
  EXPECT_EQ(top_material(counts, 20).size(), 4U);
}

TEST(TopLists, MaterialOfTheTwoBoardsIsCountedApart) {
  const std::unordered_map<std::uint64_t, std::uint64_t> counts = {{bare_kings, 1},
                                                                   {bare_kings_10x8, 2}};
  EXPECT_EQ(top_material(counts, 20),
            (std::vector<counted_material>{{{"KvK", 2}, core::board_kind::ten_by_eight},
                                           eight("KvK", 1)}));
}

TEST(MostRepeatedTracker, KeepsTheTopOfItsLength) {
  // Keys 1..30; key k is recorded as a duplicate with counts 2, 3, ..., k + 1 (as the ordered
  // stage sees its occurrences grow), keys interleaved; key 30 ends highest with 31.
  const auto run = [](std::size_t length) {
    detail::most_repeated_tracker tracker(length);
    for (std::uint32_t count = 2; count <= 31; ++count) {
      for (std::uint64_t k = 1; k <= 30; ++k) {
        if (count <= k + 1) {
          tracker.record_duplicate(core::position_key{k, 0}, count, [k] { return named('p', k); });
        }
      }
    }
    return tracker.top();
  };
  EXPECT_EQ(run(3),
            (std::vector<repeated_position>{repeated("p30", 31, 30), repeated("p29", 30, 29),
                                            repeated("p28", 29, 28)}));
  EXPECT_TRUE(run(0).empty());
  const std::vector<repeated_position> top25 = run(25);
  ASSERT_EQ(top25.size(), 25U);
  EXPECT_EQ(top25.front(), repeated("p30", 31, 30));
  EXPECT_EQ(top25.back(), repeated("p6", 7, 6));
  EXPECT_EQ(run(top_list_length).size(), 20U);  // the default
  EXPECT_EQ(detail::most_repeated_tracker().top(), std::vector<repeated_position>{});
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
// (and the same by board) are compared only without dedupe.
void expect_counters_of_whole(const run_stats& whole, const run_stats& merged, bool dedupe) {
  run_counters a = whole, b = merged;
  if (dedupe) {
    for (run_counters* c : {&a, &b}) {
      c->unique = c->written = c->duplicates = 0;
      c->written_white_to_move = c->written_black_to_move = 0;
      c->written_castling_none = c->written_castling_standard = c->written_castling_chess960 = 0;
      c->written_piece_count = {};
      c->eight_by_eight_written = c->eight_by_eight_duplicates = c->eight_by_eight_unique = 0;
      c->ten_by_eight_written = c->ten_by_eight_duplicates = c->ten_by_eight_unique = 0;
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
