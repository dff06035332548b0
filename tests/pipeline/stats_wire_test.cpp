// The statistics of a distributed run's ranks: to bytes and back (every field, every damaged
// form refused), and how rank 0 joins the ranks' statistics and diagnostic lines. Expected
// values are worked out by hand in the comments.
#include "distributed/stats_wire.hpp"

#include <gtest/gtest.h>

#include <array>

#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "fenbatch/core/fen_errc.hpp"

namespace fenbatch::pipeline::detail {
namespace {

using core::fen_errc;

// Every count of the list gets (k + 1) * 1000 + i + offset, k the counter's place in the
// list, i the element's: distinct in each count, and a counter added later is covered too.
template <class F>
void for_each_count(run_counters& c, F f) {
  std::uint64_t k = 0;
#define FENBATCH_TEST_COUNTER(section, member, path, reported) f(c.member, k++, std::uint64_t{0});
#define FENBATCH_TEST_COUNTS(section, member, extent, path, name)           \
  for (std::uint64_t i = 0; i < c.member.size(); ++i) f(c.member[i], k, i); \
  ++k;
  FENBATCH_RUN_COUNTERS(FENBATCH_TEST_COUNTER, FENBATCH_TEST_COUNTS)
#undef FENBATCH_TEST_COUNTER
#undef FENBATCH_TEST_COUNTS
}

run_counters distinct_counters(std::uint64_t offset) {
  run_counters c;
  for_each_count(c, [offset](std::uint64_t& n, std::uint64_t k, std::uint64_t i) {
    n = (k + 1) * 1000 + i + offset;
  });
  return c;
}

repeated_position repeated(std::string text, std::uint64_t count, std::uint64_t key) {
  return {{std::move(text), count}, core::position_key{key, key + 0x100}};
}

invalid_sample sample(std::string file, std::uint64_t line, std::uint32_t column, fen_errc reason) {
  return {std::move(file), line, column, line * 100, reason};
}

// Every field set, none to its default.
run_stats every_field_set() {
  run_stats s;
  static_cast<run_counters&>(s) = distinct_counters(0);
  s.inputs = {{"a.fen", distinct_counters(7)}, {"-", distinct_counters(11)}};
  s.reference = {2, 30, 27, 3, 25};
  s.inputs_changed = {"a.fen", "c d.fen"};
  s.stopped_at_max_bytes = true;
  s.top = 7;
  s.material = {{0x1122334455667788, 40}, {5, 6}};
  s.written_material = {{0x99, 12}};
  s.most_repeated = {repeated("8/8/8/8/8/8/8/K6k w - -", 9, 0xFEDCBA9876543210),
                     repeated("x", 3, 2)};
  s.invalid_samples = {
      {"a.fen", 12, 34, 5678, fen_errc::bad_side},
      {"<stdin>", 0x1'0000'0001, 0xFFFF'FFFF, 0x7'0000'0000, fen_errc::json_not_string}};
  s.wall_seconds = 1.0 / 3.0;  // no short decimal spelling: only exact bits come back equal
  s.threads = 13;
  s.memory = {1ULL << 33, "cgroup memory.max", true, 77, 16, 1ULL << 40};
  s.distribution = {4, 1ULL << 35, 123456789};
  s.filtered_by_where = {5, 0, 1ULL << 36};
  // (Sketches empty here: every truncation of the bytes is tried, and full ones are 384 KiB.)
  s.uniqueness = uniqueness_stats{};
  s.uniqueness->identities = {
      {{1, true}, {2, false}, {3, true}, {1ULL << 40, false}, {0, true}, {6, false}}};
  s.written_by_split = {7, 1ULL << 37};
  return s;
}

void expect_same(const run_stats& got, const run_stats& expected) {
  EXPECT_TRUE(static_cast<const run_counters&>(got) == static_cast<const run_counters&>(expected));
  EXPECT_EQ(got.inputs, expected.inputs);
  EXPECT_EQ(got.reference, expected.reference);
  EXPECT_EQ(got.inputs_changed, expected.inputs_changed);
  EXPECT_EQ(got.stopped_at_max_bytes, expected.stopped_at_max_bytes);
  EXPECT_EQ(got.top, expected.top);
  EXPECT_EQ(got.material, expected.material);
  EXPECT_EQ(got.written_material, expected.written_material);
  EXPECT_EQ(got.most_repeated, expected.most_repeated);
  EXPECT_EQ(got.invalid_samples, expected.invalid_samples);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(got.wall_seconds),
            std::bit_cast<std::uint64_t>(expected.wall_seconds));
  EXPECT_EQ(got.threads, expected.threads);
  EXPECT_EQ(got.memory, expected.memory);
  EXPECT_EQ(got.distribution, expected.distribution);
  EXPECT_EQ(got.filtered_by_where, expected.filtered_by_where);
  EXPECT_EQ(got.uniqueness, expected.uniqueness);
  EXPECT_EQ(got.written_by_split, expected.written_by_split);
}

TEST(StatsWire, EveryFieldComesBack) {
  const run_stats stats = every_field_set();
  expect_same(decode_stats(encode_stats(stats)), stats);
  expect_same(decode_stats(encode_stats(run_stats{})), run_stats{});
}

TEST(StatsWire, StartsWithTheMagicWordAndVersionLittleEndian) {
  const std::string bytes = encode_stats(run_stats{});
  // 0x57534246 little-endian is "FBSW"; version 3 (2: filtered_by_where, 3: uniqueness and
  // written_by_split).
  EXPECT_EQ(bytes.substr(0, 8), std::string("FBSW\x03\x00\x00\x00", 8));
}

TEST(StatsWire, UniquenessSketchesComeBackAndOnlyWhole) {
  run_stats stats;
  stats.uniqueness = uniqueness_stats{};
  stats.uniqueness->sketches.assign(identity_count * sketch_registers, 0);
  for (std::size_t i = 0; i < stats.uniqueness->sketches.size(); ++i) {
    stats.uniqueness->sketches[i] = static_cast<std::uint8_t>(i % 50);
  }
  expect_same(decode_stats(encode_stats(stats)), stats);
  // One register short: the length prefix (8 bytes) before the registers says 393,215.
  stats.uniqueness->sketches.pop_back();
  EXPECT_THROW(static_cast<void>(decode_stats(encode_stats(stats))), std::runtime_error);
}

TEST(StatsWire, EveryTruncationIsRefused) {
  const std::string bytes = encode_stats(every_field_set());
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    EXPECT_THROW((void)decode_stats(std::string_view(bytes).substr(0, n)), std::runtime_error)
        << n << " of " << bytes.size() << " bytes";
  }
}

TEST(StatsWire, TrailingBytesAreRefused) {
  EXPECT_THROW((void)decode_stats(encode_stats(every_field_set()) + '\0'), std::runtime_error);
  EXPECT_THROW((void)decode_stats(encode_stats(run_stats{}) + "x"), std::runtime_error);
}

TEST(StatsWire, AnotherMagicWordOrVersionIsRefused) {
  const std::string bytes = encode_stats(every_field_set());
  for (std::size_t at = 0; at < 8; ++at) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x20);
    EXPECT_THROW((void)decode_stats(damaged), std::runtime_error) << "byte " << at;
  }
}

// The one byte in which the encodings of `a` and `b` differ.
std::size_t differing_byte(const run_stats& a, const run_stats& b) {
  const std::string x = encode_stats(a), y = encode_stats(b);
  EXPECT_EQ(x.size(), y.size());
  std::vector<std::size_t> at;
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
    if (x[i] != y[i]) at.push_back(i);
  }
  EXPECT_EQ(at.size(), 1U);
  return at.empty() ? 0 : at.front();
}

TEST(StatsWire, ReasonsThatAreNotErrorsAreRefused) {
  run_stats a = every_field_set(), b = a;
  b.invalid_samples[0].reason = fen_errc::rank_count;
  const std::size_t at = differing_byte(a, b);
  std::string bytes = encode_stats(a);
  for (const int value : {static_cast<int>(fen_errc::ok), static_cast<int>(fen_errc::skipped_blank),
                          static_cast<int>(fen_errc::skipped_comment), core::fen_errc_count, 255}) {
    bytes[at] = static_cast<char>(value);
    EXPECT_THROW((void)decode_stats(bytes), std::runtime_error) << "reason " << value;
  }
  // The last reason is accepted in that place.
  bytes[at] = static_cast<char>(core::fen_errc_count - 1);
  EXPECT_EQ(decode_stats(bytes).invalid_samples[0].reason, fen_errc::plain_unterminated);
}

TEST(StatsWire, FlagsOtherThanZeroOrOneAreRefused) {
  run_stats a = every_field_set(), b = a;
  b.stopped_at_max_bytes = false;
  std::string bytes = encode_stats(a);
  bytes[differing_byte(a, b)] = 2;
  EXPECT_THROW((void)decode_stats(bytes), std::runtime_error);
}

TEST(StatsWire, AHugeLengthIsRefusedWithoutAllocating) {
  run_stats a, b;
  a.inputs_changed = {"x"};
  b.inputs_changed = {"y"};
  std::string bytes = encode_stats(a);
  // The path's length is the 8 bytes before the one that differs: set it to 2^63.
  const std::size_t length_at = differing_byte(a, b) - 8;
  bytes[length_at + 7] = static_cast<char>(0x80);
  EXPECT_THROW((void)decode_stats(bytes), std::runtime_error);
}

// merge_rank_stats

TEST(MergeRankStats, CountersAndInputCountersAdd) {
  std::vector<run_stats> parts(3);
  for (std::size_t r = 0; r < parts.size(); ++r) {
    static_cast<run_counters&>(parts[r]) = distinct_counters(r);
    parts[r].inputs = {{"a.fen", {}}, {"b.fen", {}}};
  }
  // Lines of a.fen: 3 + 0 + 0; of b.fen: 0 + 5 + 7 (rank 0 read a, ranks 1 and 2 parts of b).
  parts[0].inputs[0].counts.lines = 3;
  parts[1].inputs[1].counts.lines = 5;
  parts[2].inputs[1].counts.lines = 7;
  parts[2].inputs[1].counts.invalid_by_reason[3] = 2;
  const run_stats whole = merge_rank_stats(parts, 5);
  run_counters expected;
  for_each_count(expected, [](std::uint64_t& n, std::uint64_t k, std::uint64_t i) {
    n = 3 * ((k + 1) * 1000 + i) + 0 + 1 + 2;
  });
  EXPECT_TRUE(static_cast<const run_counters&>(whole) == expected);
  ASSERT_EQ(whole.inputs.size(), 2U);
  EXPECT_EQ(whole.inputs[0].path, "a.fen");
  EXPECT_EQ(whole.inputs[0].counts.lines, 3U);
  EXPECT_EQ(whole.inputs[1].path, "b.fen");
  EXPECT_EQ(whole.inputs[1].counts.lines, 12U);
  EXPECT_EQ(whole.inputs[1].counts.invalid_by_reason[3], 2U);
}

TEST(MergeRankStats, FilteredByWhereAddsExpressionByExpression) {
  std::vector<run_stats> parts(3);
  parts[0].filtered_by_where = {1, 0};
  parts[1].filtered_by_where = {10, 20};
  parts[2].filtered_by_where = {100, 300};
  const run_stats whole = merge_rank_stats(parts, 5);
  EXPECT_EQ(whole.filtered_by_where, (std::vector<std::uint64_t>{111, 320}));
}

TEST(MergeRankStats, WrittenBySplitAddsSplitBySplit) {
  std::vector<run_stats> parts(3);
  parts[0].written_by_split = {1, 0};
  parts[1].written_by_split = {10, 20};
  parts[2].written_by_split = {100, 300};
  EXPECT_EQ(merge_rank_stats(parts, 5).written_by_split, (std::vector<std::uint64_t>{111, 320}));
}

TEST(MergeRankStats, SamplesAreTheFirstPerReasonInRankOrder) {
  std::vector<run_stats> parts(3);
  parts[0].invalid_samples = {sample("a", 1, 1, fen_errc::bad_side),
                              sample("a", 2, 1, fen_errc::rank_count)};
  parts[1].invalid_samples = {sample("a", 10, 1, fen_errc::bad_side),
                              sample("a", 11, 1, fen_errc::bad_side),
                              sample("a", 12, 1, fen_errc::rank_count)};
  parts[2].invalid_samples = {sample("b", 20, 1, fen_errc::rank_count),
                              sample("b", 21, 1, fen_errc::missing_king)};
  // Two per reason: bad_side at 1 and 10; rank_count at 2 and 12; missing_king at 21.
  EXPECT_EQ(merge_rank_stats(parts, 2).invalid_samples,
            (std::vector<invalid_sample>{
                sample("a", 1, 1, fen_errc::bad_side), sample("a", 2, 1, fen_errc::rank_count),
                sample("a", 10, 1, fen_errc::bad_side), sample("a", 12, 1, fen_errc::rank_count),
                sample("b", 21, 1, fen_errc::missing_king)}));
  // One per reason cuts the first rank's own samples too.
  parts[0].invalid_samples.push_back(sample("a", 3, 1, fen_errc::bad_side));
  EXPECT_EQ(merge_rank_stats(parts, 1).invalid_samples,
            (std::vector<invalid_sample>{sample("a", 1, 1, fen_errc::bad_side),
                                         sample("a", 2, 1, fen_errc::rank_count),
                                         sample("b", 21, 1, fen_errc::missing_king)}));
}

TEST(MergeRankStats, SamplesStopAtTheCapOfOneHundredPerReasonOverAllRanks) {
  // Three ranks of 60 bad_side samples each, a billion asked: the run keeps 100 (issue 26,
  // I13), rank 0's 60 and then rank 1's first 40.
  const std::array<const char*, 3> files = {"r0", "r1", "r2"};
  std::vector<run_stats> parts(files.size());
  for (std::size_t r = 0; r < parts.size(); ++r) {
    for (std::uint64_t line = 1; line <= 60; ++line) {
      parts[r].invalid_samples.push_back(sample(files[r], line, 1, fen_errc::bad_side));
    }
  }
  const std::vector<invalid_sample> kept = merge_rank_stats(parts, 1'000'000'000).invalid_samples;
  ASSERT_EQ(kept.size(), 100U);
  EXPECT_EQ(kept[59], sample("r0", 60, 1, fen_errc::bad_side));
  EXPECT_EQ(kept.back(), sample("r1", 40, 1, fen_errc::bad_side));
}

TEST(MostRepeatedOfRanks, AKeyListedByTwoRanksKeepsTheLargerCount) {
  std::vector<run_stats> parts(2);
  for (run_stats& part : parts) part.top = 3;
  parts[0].most_repeated = {repeated("one", 5, 1), repeated("two", 4, 2)};
  parts[1].most_repeated = {repeated("three", 9, 3), repeated("one again", 7, 1),
                            repeated("zero", 4, 0)};
  // Key 1: max(5, 7) = 7, its text from rank 0 (a sum would give 12). Key 3 (only in rank 1's
  // list) outranks all of rank 0's. Keys 0 and 2 tie at 4: key 0 first; top 3 cuts key 2.
  EXPECT_EQ(merge_rank_stats(parts, 5).most_repeated,
            (std::vector<repeated_position>{repeated("three", 9, 3), repeated("one", 7, 1),
                                            repeated("zero", 4, 0)}));
  EXPECT_EQ(merge_rank_stats(parts, 5).top, 3U);
}

TEST(MostRepeatedOfRanks, TheSameCountInBothIsNotAdded) {
  std::vector<run_stats> parts(3);
  parts[0].most_repeated = {repeated("p", 6, 8)};
  parts[1].most_repeated = {repeated("p", 6, 8), repeated("q", 2, 9)};
  parts[2].most_repeated = {repeated("q", 3, 9)};
  EXPECT_EQ(merge_rank_stats(parts, 5).most_repeated,
            (std::vector<repeated_position>{repeated("p", 6, 8), repeated("q", 3, 9)}));
}

TEST(MergeRankStats, ReferenceIsTheFirstRanksNotDoubled) {
  std::vector<run_stats> parts(3);
  for (run_stats& part : parts) part.reference = {2, 10, 9, 1, 8};
  EXPECT_EQ(merge_rank_stats(parts, 5).reference, (reference_stats{2, 10, 9, 1, 8}));
}

TEST(MergeRankStats, MemoryLimitOfTheFirstPartitionsAndTemporaryBytesSummed) {
  std::vector<run_stats> parts(3);
  parts[0].memory = {1000, "--memory-limit", false, 0, 0, 0};
  parts[1].memory = {2000, "physical memory", true, 50, 4, 300};
  parts[2].memory = {1000, "--memory-limit", true, 30, 2, 100};
  EXPECT_EQ(merge_rank_stats(parts, 5).memory,
            (memory_stats{1000, "--memory-limit", true, 0, 6, 400}));
  // No rank partitioned: nothing partitioned.
  parts[1].memory = parts[2].memory = parts[0].memory;
  EXPECT_EQ(merge_rank_stats(parts, 5).memory,
            (memory_stats{1000, "--memory-limit", false, 0, 0, 0}));
}

TEST(MergeRankStats, AChangedInputIsListedOnce) {
  std::vector<run_stats> parts(3);
  parts[0].inputs_changed = {"a.fen"};
  parts[1].inputs_changed = {"a.fen", "b.fen"};
  parts[2].inputs_changed = {"b.fen"};
  EXPECT_EQ(merge_rank_stats(parts, 5).inputs_changed,
            (std::vector<std::string>{"a.fen", "b.fen"}));
}

TEST(MergeRankStats, TheRestAsMerge) {
  std::vector<run_stats> parts(2);
  parts[0].material = {{11, 2}};
  parts[1].material = {{11, 3}, {22, 1}};
  parts[1].written_material = {{22, 1}};
  parts[1].stopped_at_max_bytes = true;
  parts[0].wall_seconds = 2.5;
  parts[1].wall_seconds = 1.5;
  parts[0].threads = 1;
  parts[1].threads = 4;
  const run_stats whole = merge_rank_stats(parts, 5);
  EXPECT_EQ(whole.material, (std::unordered_map<std::uint64_t, std::uint64_t>{{11, 5}, {22, 1}}));
  EXPECT_EQ(whole.written_material, (std::unordered_map<std::uint64_t, std::uint64_t>{{22, 1}}));
  EXPECT_TRUE(whole.stopped_at_max_bytes);
  EXPECT_EQ(whole.wall_seconds, 2.5);
  EXPECT_EQ(whole.threads, 4U);
}

TEST(MergeRankStats, NoPartsAreEmptyStatistics) {
  expect_same(merge_rank_stats({}, 5), run_stats{});
}

TEST(MergeRankStats, OnePartIsItselfButForTheLinesBeforeTheSwitch) {
  const run_stats one = every_field_set();
  run_stats expected = one;
  expected.memory.lines_before_switch = 0;
  // Uniqueness from the (here empty) sketches, estimated, even for one rank: 0, not exact.
  expected.uniqueness->identities.fill({0, false});
  expected.uniqueness->sketches.assign(identity_count * sketch_registers, 0);
  expect_same(merge_rank_stats({one}, 5), expected);
}

// merge_rank_diagnostics

const std::string changed_a =
    "fenbatch: warning: a.fen changed while it was read (size or modification time); its lines "
    "may be a mix";
const std::string changed_b =
    "fenbatch: warning: b.fen changed while it was read (size or modification time); its lines "
    "may be a mix";

TEST(MergeRankDiagnostics, KeepsTheSamplesLinesOfTheKeptSamplesAndOtherLinesOnce) {
  std::vector<run_stats> parts(3);
  std::vector<std::vector<std::string>> lines(3);
  parts[0].invalid_samples = {sample("a.fen", 1, 3, fen_errc::bad_side),
                              sample("a.fen", 2, 1, fen_errc::rank_count)};
  lines[0] = {"a.fen:1:3: bad_side: 8/8/8/8/8/8/8/K6k x - -", changed_a,
              "a.fen:2:1: rank_count: 8/8 w - -"};
  parts[1].invalid_samples = {
      sample("a.fen", 10, 5, fen_errc::bad_side), sample("a.fen", 11, 5, fen_errc::bad_side),
      sample("a.fen", 12, 7, fen_errc::rank_count), sample("b.fen", 1, 1, fen_errc::missing_king)};
  lines[1] = {"a.fen:10:5: bad_side: p", changed_a, "a.fen:11:5: bad_side: q",
              "a.fen:12:7: rank_count: r", "b.fen:1:1: missing_king: \\x00"};
  parts[2].invalid_samples = {sample("b.fen", 5, 2, fen_errc::rank_count)};
  lines[2] = {"b.fen:5:2: rank_count: s", changed_b, changed_a};
  // Two per reason: bad_side 1, 10 (not 11); rank_count 2, 12 (not b.fen:5); missing_king.
  // The warning about a.fen once (rank 0's place), about b.fen from rank 2.
  EXPECT_EQ(merge_rank_diagnostics(lines, parts, 2),
            (std::vector<std::string>{"a.fen:1:3: bad_side: 8/8/8/8/8/8/8/K6k x - -", changed_a,
                                      "a.fen:2:1: rank_count: 8/8 w - -", "a.fen:10:5: bad_side: p",
                                      "a.fen:12:7: rank_count: r", "b.fen:1:1: missing_king: \\x00",
                                      changed_b}));
}

TEST(MergeRankDiagnostics, ASampleIsKnownByItsFileLineColumnAndReason) {
  std::vector<run_stats> parts(2);
  std::vector<std::vector<std::string>> lines(2);
  parts[0].invalid_samples = {sample("<stdin>", 4, 2, fen_errc::bad_side)};
  lines[0] = {"<stdin>:4:2: bad_side: x"};
  // Rank 1's sample is dropped (one per reason); lines that differ from its prefix in the
  // file, line, column or reason are other lines, kept.
  parts[1].invalid_samples = {sample("a.fen", 7, 1, fen_errc::bad_side)};
  lines[1] = {"a.fen:7:12: bad_side: not a sample", "a.fen:70:1: bad_side: nor this",
              "a.fen:7:1: rank_count: nor this", "b.fen:7:1: bad_side: nor this",
              "a.fen:7:1: bad_side: the sample"};
  EXPECT_EQ(
      merge_rank_diagnostics(lines, parts, 1),
      (std::vector<std::string>{"<stdin>:4:2: bad_side: x", "a.fen:7:12: bad_side: not a sample",
                                "a.fen:70:1: bad_side: nor this", "a.fen:7:1: rank_count: nor this",
                                "b.fen:7:1: bad_side: nor this"}));
}

TEST(MergeRankDiagnostics, ARanksOwnRepeatedLinesStayButLaterRanksDoNotRepeatThem) {
  std::vector<run_stats> parts(3);
  const std::vector<std::vector<std::string>> lines = {
      {"notice", "notice"}, {"notice", "other"}, {"other", "last"}};
  EXPECT_EQ(merge_rank_diagnostics(lines, parts, 5),
            (std::vector<std::string>{"notice", "notice", "other", "last"}));
}

TEST(MergeRankDiagnostics, SamplesBeyondTheLimitOfEachRankAreDroppedInRankOrder) {
  // Three ranks each with one bad_side sample, two kept: ranks 0 and 1.
  std::vector<run_stats> parts(3);
  std::vector<std::vector<std::string>> lines(3);
  for (std::uint64_t r = 0; r < 3; ++r) {
    parts[r].invalid_samples = {sample("a.fen", r + 1, 1, fen_errc::bad_side)};
    lines[r] = {"a.fen:" + std::to_string(r + 1) + ":1: bad_side: t"};
  }
  EXPECT_EQ(merge_rank_diagnostics(lines, parts, 2),
            (std::vector<std::string>{"a.fen:1:1: bad_side: t", "a.fen:2:1: bad_side: t"}));
  EXPECT_EQ(merge_rank_stats(parts, 2).invalid_samples,
            (std::vector<invalid_sample>{sample("a.fen", 1, 1, fen_errc::bad_side),
                                         sample("a.fen", 2, 1, fen_errc::bad_side)}));
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
