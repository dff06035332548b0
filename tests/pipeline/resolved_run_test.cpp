// The options resolved once (pipeline/src/plan/resolved_run.hpp): every implication the user
// guide states, decided in resolve_run() and read by each part from its slice. Expected values
// come from docs/usage.md's rules, written out by hand.
#include "plan/resolved_run.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dedupe/survivors.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/run_stats.hpp"
#include "fenbatch/pipeline/stats_json.hpp"

namespace fenbatch::pipeline::detail {
namespace {

run_config two_inputs() {
  run_config config;
  config.inputs = {"a.fen", "b.fen"};
  config.output = "out.fen";
  return config;
}

TEST(ResolveRun, APlainRunKeysNothingAndWritesNoTemporaries) {
  const resolved_run run = resolve_run(two_inputs());
  EXPECT_FALSE(run.dedupe.enabled);
  EXPECT_FALSE(run.dedupe.with_origins);
  EXPECT_FALSE(run.dedupe.final_counts);
  EXPECT_FALSE(run.lines.keyed);
  EXPECT_FALSE(run.lines.with_origins);
  EXPECT_FALSE(run.lines.with_source_text);
  EXPECT_FALSE(run.resources.may_write_temporaries);
  EXPECT_FALSE(run.report.dedupe);
  EXPECT_EQ(run.outputs.single_input, "");  // two inputs: never in place
}

TEST(ResolveRun, CountsImplyDedupeOriginsAndFinalCounts) {
  run_config config = two_inputs();
  config.counts_path = "counts.tsv";
  const resolved_run run = resolve_run(config);
  EXPECT_TRUE(run.dedupe.enabled);
  EXPECT_TRUE(run.dedupe.with_origins);
  EXPECT_TRUE(run.dedupe.final_counts);
  EXPECT_TRUE(run.lines.keyed);
  EXPECT_TRUE(run.lines.with_origins);
  EXPECT_FALSE(run.lines.with_source_text);  // only --duplicates quotes lines as read
  EXPECT_TRUE(run.resources.may_write_temporaries);
  EXPECT_TRUE(run.report.dedupe);  // the run's statistics say it deduplicated
}

TEST(ResolveRun, DuplicatesImplyDedupeAndKeepTheLinesAsRead) {
  run_config config = two_inputs();
  config.duplicates_path = "dups.txt";
  const resolved_run run = resolve_run(config);
  EXPECT_TRUE(run.dedupe.enabled);
  EXPECT_TRUE(run.dedupe.with_origins);
  EXPECT_FALSE(run.dedupe.final_counts);
  EXPECT_TRUE(run.lines.with_source_text);
}

TEST(ResolveRun, DedupeAloneTracksNoOrigins) {
  run_config config = two_inputs();
  config.dedupe = true;
  const resolved_run run = resolve_run(config);
  EXPECT_TRUE(run.lines.keyed);
  EXPECT_FALSE(run.lines.with_origins);
  EXPECT_FALSE(run.dedupe.with_origins);
  EXPECT_TRUE(run.resources.may_write_temporaries);  // past the budget: partitions on disk
}

TEST(ResolveRun, ATempDirIsCheckedEvenWithoutDedupe) {
  run_config config = two_inputs();
  config.temp_dir = "/scratch";
  EXPECT_TRUE(resolve_run(config).resources.may_write_temporaries);
}

TEST(ResolveRun, ASingleInputMayBeRewrittenInPlace) {
  run_config config;
  config.inputs = {"corpus.fen.zst"};
  config.output = "corpus.fen.zst";
  EXPECT_EQ(resolve_run(config).outputs.single_input, "corpus.fen.zst");
}

TEST(ResolveRun, ReferencesAreKeyedWithTheirOwnFormatAndNoOrigins) {
  run_config config;
  config.inputs = {"train.csv"};
  config.fen_field = "position";
  config.counts_path = "counts.tsv";
  config.key = core::key_kind::full;
  config.exclude_paths = {"test.csv", "test.epd", "test.jsonl"};
  const resolved_run run = resolve_run(config);
  ASSERT_EQ(run.references.size(), 3U);
  for (const reference_input& reference : run.references) {
    EXPECT_TRUE(reference.lines.keyed) << reference.path;
    EXPECT_FALSE(reference.lines.with_origins) << reference.path;
    EXPECT_FALSE(reference.lines.with_source_text) << reference.path;
    EXPECT_FALSE(reference.lines.format.has_value()) << reference.path;  // by its own name
    EXPECT_EQ(reference.lines.key, core::key_kind::full) << reference.path;
  }
  // --fen-field names the inputs' column: it applies to a reference of the inputs' format only.
  EXPECT_EQ(run.references[0].lines.fen_field, "position");
  EXPECT_EQ(run.references[1].lines.fen_field, "");
  EXPECT_EQ(run.references[2].lines.fen_field, "");
}

TEST(ResolveRun, AGivenFormatDecidesWhichReferencesKeepTheFenField) {
  run_config config;
  config.inputs = {"train.txt"};
  config.format = input_format::tsv;
  config.fen_field = std::string(1, '2');  // (a string literal here upsets GCC 12's -Wrestrict)
  config.exclude_paths = {"held-out.tsv", "held-out.csv"};
  const resolved_run run = resolve_run(config);
  EXPECT_EQ(run.references[0].lines.fen_field, "2");
  EXPECT_EQ(run.references[1].lines.fen_field, "");
}

// --header and --columns go with --fen-field: to the inputs and to references of their format;
// a reference of another format gets the defaults (auto, no names).
TEST(ResolveRun, HeaderAndColumnsGoWithTheFenField) {
  run_config config;
  config.inputs = {"train.csv"};
  config.fen_field = "pos";
  config.header = header_mode::no;
  config.columns = {"ply", "pos", "score"};
  config.exclude_paths = {"held-out.csv", "held-out.jsonl"};
  const resolved_run run = resolve_run(config);
  EXPECT_EQ(run.lines.header, header_mode::no);
  EXPECT_EQ(run.lines.columns, config.columns);
  ASSERT_EQ(run.references.size(), 2U);
  EXPECT_EQ(run.references[0].lines.header, header_mode::no);
  EXPECT_EQ(run.references[0].lines.columns, config.columns);
  EXPECT_EQ(run.references[1].lines.header, header_mode::automatic);
  EXPECT_TRUE(run.references[1].lines.columns.empty());
}

TEST(DescribeRun, DescribesTheOptionsAsGivenWithoutImplications) {
  run_config config = two_inputs();
  config.counts_path = "counts.tsv";
  config.threads = 3;
  config.top = 7;
  config.samples_per_reason = 9;
  const report_options asked = describe_run(config);
  EXPECT_FALSE(asked.dedupe);  // as given: to_json of a configuration shows what it says
  EXPECT_EQ(asked.inputs, (std::vector<std::string>{"a.fen", "b.fen"}));
  EXPECT_EQ(asked.outputs.counts, "counts.tsv");
  EXPECT_EQ(asked.threads_asked, 3U);
  EXPECT_EQ(asked.top, 7U);
  EXPECT_EQ(asked.samples_per_reason, 9U);
}

// The public to_json describes the options as the run's --stats-json file does: with dedupe
// where they imply it (fenbatch.run() in Python returns this document).
TEST(ToJson, SaysDedupeWhereTheOptionsImplyIt) {
  run_config config = two_inputs();
  EXPECT_NE(to_json(run_stats{}, config).find("\"dedupe\": false"), std::string::npos);
  config.keep = keep_occurrence::last;
  EXPECT_NE(to_json(run_stats{}, config).find("\"dedupe\": true"), std::string::npos);
  config = two_inputs();
  config.counts_path = "counts.tsv";
  EXPECT_NE(to_json(run_stats{}, config).find("\"dedupe\": true"), std::string::npos);
}

TEST(ResolveRun, ListenersAreThoseGiven) {
  run_config config = two_inputs();
  std::vector<std::string> said;
  config.diagnostic = [&said](std::string_view line) { said.emplace_back(line); };
  const resolved_run run = resolve_run(config);
  run.listeners.notice("one");
  EXPECT_EQ(said, std::vector<std::string>{"one"});
  EXPECT_FALSE(run.listeners.progress);
}

TEST(ResolveRun, EachWhereIsCompiledInOrderWithTheUnionOfWhatTheyRead) {
  run_config config = two_inputs();
  config.where = {"pieces >= 16", "not in_check and legal_moves > 0"};
  config.exclude_paths = {"ref.fen"};
  const resolved_run run = resolve_run(config);
  ASSERT_EQ(run.lines.where.size(), 2U);
  using core::needs_bit;
  using core::where_name;
  EXPECT_EQ(run.lines.where[0].needs(), needs_bit(where_name::pieces));
  EXPECT_EQ(run.lines.where_needs, needs_bit(where_name::pieces) | needs_bit(where_name::in_check) |
                                       needs_bit(where_name::legal_moves));
  EXPECT_EQ(run.report.where, config.where);
  // A reference's positions are excluded whatever --where says of them.
  ASSERT_EQ(run.references.size(), 1U);
  EXPECT_TRUE(run.references[0].lines.where.empty());
  EXPECT_EQ(run.references[0].lines.where_needs, 0);
}

TEST(ResolveRun, AWhereThatDoesNotCompileIsAConfigErrorQuotingItWithACaret) {
  run_config config = two_inputs();
  config.where = {"pieces > 3", "side == 3"};
  try {
    (void)resolve_run(config);
    FAIL() << "no config_error";
  } catch (const config_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "--where: cannot compare a side (w or b) with an integer at column 9: "
              "'side == ^3'");
  }
}

TEST(ResolveRun, NoWhereCompilesNothing) {
  const resolved_run run = resolve_run(two_inputs());
  EXPECT_TRUE(run.lines.where.empty());
  EXPECT_EQ(run.lines.where_needs, 0);
}

// --uniqueness: all six identities without dedupe (bits in pipeline::identity order); with
// dedupe all but --key's, which is `unique`; none for a reference, none without the option. It
// implies no dedupe and no temporaries.
TEST(ResolveRun, UniquenessKeysEveryIdentityButTheOneDedupeCounts) {
  run_config config = two_inputs();
  EXPECT_EQ(resolve_run(config).lines.identities, 0);
  config.uniqueness = true;
  config.exclude_paths = {"ref.fen"};
  const resolved_run plain = resolve_run(config);
  EXPECT_EQ(plain.lines.identities, 0b111111);
  EXPECT_FALSE(plain.dedupe.enabled);
  EXPECT_FALSE(plain.resources.may_write_temporaries);
  EXPECT_TRUE(plain.report.uniqueness);
  ASSERT_EQ(plain.references.size(), 1U);
  EXPECT_EQ(plain.references[0].lines.identities, 0);
  config.dedupe = true;
  EXPECT_EQ(resolve_run(config).lines.identities, 0b111101);  // position (bit 1) is unique
  config.key = core::key_kind::full;
  EXPECT_EQ(resolve_run(config).lines.identities, 0b111110);
  config.key = core::key_kind::board;
  EXPECT_EQ(resolve_run(config).lines.identities, 0b110111);
  config.key = core::key_kind::placement;
  EXPECT_EQ(resolve_run(config).lines.identities, 0b101111);
  config.key = core::key_kind::mirror;
  EXPECT_EQ(resolve_run(config).lines.identities, 0b011111);
}

// Which occurrence survives (issue 28): any policy but (first, 1, 1) implies dedupe, and the
// statistics describe it as given.
TEST(ResolveRun, MaxPerPositionImpliesDedupeAndIsDescribedAsGiven) {
  run_config config = two_inputs();
  config.max_per_position = 3;
  const resolved_run run = resolve_run(config);
  EXPECT_TRUE(run.dedupe.enabled);
  EXPECT_TRUE(run.lines.keyed);
  EXPECT_FALSE(run.dedupe.with_origins);
  EXPECT_EQ(run.dedupe.survivors.max_per_position, 3U);
  EXPECT_EQ(run.dedupe.survivors.keep, keep_occurrence::first);
  EXPECT_FALSE(run.dedupe.survivors.plain());
  EXPECT_FALSE(run.dedupe.survivors.needs_final_count());
  EXPECT_TRUE(run.resources.may_write_temporaries);
  EXPECT_TRUE(run.report.dedupe);
  EXPECT_EQ(run.report.survivors, run.dedupe.survivors);
  EXPECT_FALSE(describe_run(config).dedupe);  // as given: no -d
  EXPECT_EQ(describe_run(config).survivors.max_per_position, 3U);
}

// --keep last and --min-count need final counts: they come with the decisions, so --counts
// asks none at the end; origins only as --counts or --duplicates want them.
TEST(ResolveRun, KeepLastAndMinCountImplyDedupeAndTakeFinalCountsFromTheDecisions) {
  for (const auto& [keep, min_count] :
       {std::pair{keep_occurrence::last, 1U}, std::pair{keep_occurrence::first, 2U}}) {
    run_config config = two_inputs();
    config.keep = keep;
    config.min_count = min_count;
    config.counts_path = "counts.tsv";
    const resolved_run run = resolve_run(config);
    EXPECT_TRUE(run.dedupe.enabled);
    EXPECT_TRUE(run.dedupe.survivors.needs_final_count());
    EXPECT_FALSE(run.dedupe.final_counts);
    EXPECT_TRUE(run.dedupe.with_origins);
    EXPECT_TRUE(run.resources.may_write_temporaries);
  }
  run_config plain_counts = two_inputs();
  plain_counts.counts_path = "counts.tsv";
  plain_counts.max_per_position = 2;  // no final count needed: asked at the end as always
  EXPECT_TRUE(resolve_run(plain_counts).dedupe.final_counts);
}

TEST(ResolveRun, TheDefaultPolicyIsPlainAndImpliesNothing) {
  const resolved_run run = resolve_run(two_inputs());
  EXPECT_TRUE(run.dedupe.survivors.plain());
  EXPECT_FALSE(run.dedupe.enabled);
}

TEST(ResolveRun, ZeroOccurrencesIsAConfigError) {
  run_config config = two_inputs();
  config.max_per_position = 0;
  EXPECT_THROW((void)resolve_run(config), config_error);
  config.max_per_position = 1;
  config.min_count = 0;
  EXPECT_THROW((void)resolve_run(config), config_error);
}

// The rule of survivors: k-th of F occurrences, M kept, N at least.
TEST(SurvivorPolicy, FateFollowsTheIssuesRules) {
  const survivor_policy first3{keep_occurrence::first, 3, 1, {}};
  EXPECT_EQ(first3.fate(1, 0), line_fate::kept);
  EXPECT_EQ(first3.fate(3, 0), line_fate::kept);
  EXPECT_EQ(first3.fate(4, 0), line_fate::duplicate);
  const survivor_policy last2{keep_occurrence::last, 2, 1, {}};
  EXPECT_EQ(last2.fate(3, 5), line_fate::duplicate);
  EXPECT_EQ(last2.fate(4, 5), line_fate::kept);
  EXPECT_EQ(last2.fate(5, 5), line_fate::kept);
  EXPECT_EQ(last2.fate(1, 1), line_fate::kept);
  const survivor_policy min3{keep_occurrence::first, 1, 3, {}};
  EXPECT_EQ(min3.fate(1, 2), line_fate::rare);
  EXPECT_EQ(min3.fate(2, 2), line_fate::rare);
  EXPECT_EQ(min3.fate(1, 3), line_fate::kept);
  EXPECT_EQ(min3.fate(2, 3), line_fate::duplicate);
  // Saturated counts: k + M does not overflow.
  const survivor_policy last_many{keep_occurrence::last, UINT32_MAX, 1, {}};
  EXPECT_EQ(last_many.fate(1, UINT32_MAX), line_fate::kept);
}

// Ranked (--keep max/min, issue 29): k is the line's rank by value, the best M are kept, the
// best is where --counts lists the key; they need every line (final counts).
TEST(SurvivorPolicy, RankedPoliciesKeepTheBestRanks) {
  const survivor_policy max2{keep_occurrence::max_value, 2, 1, "score"};
  EXPECT_TRUE(max2.ranked());
  EXPECT_TRUE(max2.needs_final_count());
  EXPECT_FALSE(max2.plain());
  EXPECT_EQ(max2.fate(1, 5), line_fate::kept);
  EXPECT_EQ(max2.fate(2, 5), line_fate::kept);
  EXPECT_EQ(max2.fate(3, 5), line_fate::duplicate);
  EXPECT_TRUE(first_written_line(max2, 1, 5));
  EXPECT_FALSE(first_written_line(max2, 2, 5));
  EXPECT_EQ(max2.keep_text(), "max:score");
  const survivor_policy min_rare{keep_occurrence::min_value, 1, 3, "2"};
  EXPECT_EQ(min_rare.fate(1, 2), line_fate::rare);
  EXPECT_EQ(min_rare.fate(1, 3), line_fate::kept);
  EXPECT_EQ(min_rare.keep_text(), "min:2");
}

TEST(ResolveRun, KeepMaxRanksTheInputsLinesOnly) {
  run_config config = two_inputs();
  config.keep = keep_occurrence::min_value;
  config.keep_field = "score";
  config.exclude_paths = {"ref.fen"};
  const resolved_run run = resolve_run(config);
  EXPECT_TRUE(run.dedupe.enabled);
  EXPECT_EQ(run.dedupe.survivors.field, "score");
  EXPECT_EQ(run.lines.ranking_field, "score");
  EXPECT_FALSE(run.lines.ranking_by_max);
  ASSERT_EQ(run.references.size(), 1U);
  EXPECT_TRUE(run.references[0].lines.ranking_field.empty());
  config.keep_field.clear();
  EXPECT_THROW((void)resolve_run(config), config_error);
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
