// The ranks' agreement on their start (rank_agreement.hpp) and fenbatch-mpi's refusals
// (rank_part.hpp), under mpirun (1 to 4 ranks). The expected texts are the documented ones
// (docs/usage.md), written here by hand; the descriptors are the kernel's (/dev/stdout is
// /proc/self/fd/1, proc(5)).
#include "distributed/rank_agreement.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "distributed/failure_agreement.hpp"
#include "distributed/rank_part.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline::detail {
namespace {

namespace fs = std::filesystem;

TEST(RankAgreement, WhatIsAtANameIsItsTypeAndSize) {
  const test::temp_dir dir;
  std::ofstream(dir.path("in.fen")) << "0123456789";
  fs::create_directory(dir.path("d"));
  EXPECT_EQ(what_is_at(dir.path("in.fen")), "a regular file of 10 bytes");
  EXPECT_EQ(what_is_at(dir.path("d")), "a directory");
  EXPECT_EQ(what_is_at("/dev/null"), "a character device");
  EXPECT_EQ(what_is_at(dir.path("absent")), "unreachable (No such file or directory)");
  EXPECT_EQ(what_is_at("-"), "standard input");
  EXPECT_EQ(what_is_at("/dev/fd/4"), "descriptor 4");
}

TEST(RankAgreement, ACommandLineWithoutARunIsOneSetting) {
  rank_start start;
  start.instead = "a request for --help";
  const start_settings s = describe_start(start);
  ASSERT_EQ(s.size(), 1U);
  EXPECT_EQ(s[0].name, "the command line");
  EXPECT_EQ(s[0].value, "a request for --help");
}

run_config sample_config() {
  run_config c;
  c.inputs = {"/nonexistent/a.fen", "/nonexistent/b.fen"};
  c.output = "out.fen";
  return c;
}

std::string encoded(const run_config& c) {
  rank_start start;
  start.config = &c;
  return encode_settings(describe_start(start));
}

TEST(RankAgreement, ARunBeginsWithItsInputs) {
  const run_config c = sample_config();
  rank_start start;
  start.config = &c;
  start.program_settings = {{"--quiet", "set"}};
  const start_settings s = describe_start(start);
  ASSERT_GE(s.size(), 7U);
  EXPECT_EQ(s[0].name, "the command line");
  EXPECT_EQ(s[0].value, "a run");
  EXPECT_EQ(s[1].name, "the number of inputs");
  EXPECT_EQ(s[1].value, "2");
  EXPECT_EQ(s[2].name, "input 1");
  EXPECT_EQ(s[2].value, "/nonexistent/a.fen");
  EXPECT_EQ(s[3].name, "input 1 (/nonexistent/a.fen)");
  EXPECT_EQ(s[3].value, "unreachable (No such file or directory)");
  EXPECT_EQ(s[4].name, "input 2");
  EXPECT_EQ(s[6].name, "the output");
  EXPECT_EQ(s[6].value, "out.fen");
  EXPECT_EQ(s.back().name, "--quiet");
  EXPECT_EQ(s.back().value, "set");
}

// Every field of run_config that changes what is read, written or printed changes the
// description; the per-rank knobs do not.
TEST(RankAgreement, EveryResultFieldIsComparedAndNoPerRankKnob) {
  const std::string base = encoded(sample_config());
  using change = std::function<void(run_config&)>;
  const std::vector<std::pair<const char*, change>> compared{
      {"inputs", [](run_config& c) { c.inputs.pop_back(); }},
      {"input order", [](run_config& c) { std::swap(c.inputs[0], c.inputs[1]); }},
      {"output", [](run_config& c) { c.output = "other.fen"; }},
      {"rejects", [](run_config& c) { c.rejects_path = "r.txt"; }},
      {"stats json", [](run_config& c) { c.stats_json_path = "s.json"; }},
      {"report", [](run_config& c) { c.report_path = "r.html"; }},
      {"duplicates", [](run_config& c) { c.duplicates_path = "d.txt"; }},
      {"counts", [](run_config& c) { c.counts_path = "c.tsv"; }},
      {"exclude", [](run_config& c) { c.exclude_paths = {"ref.epd"}; }},
      {"format", [](run_config& c) { c.format = input_format::csv; }},
      {"fen field", [](run_config& c) { c.fen_field = "board"; }},
      {"header", [](run_config& c) { c.header = pipeline::header_mode::no; }},
      {"columns",
       [](run_config& c) {
         c.columns = {"id", "fen"};
       }},
      {"compression", [](run_config& c) { c.output_compression = compression::zstd; }},
      {"level", [](run_config& c) { c.compression_level = 5; }},
      {"top", [](run_config& c) { c.top = 7; }},
      {"dedupe", [](run_config& c) { c.dedupe = true; }},
      {"key", [](run_config& c) { c.key = core::key_kind::board; }},
      {"repair", [](run_config& c) { c.decode.repair = true; }},
      {"payload", [](run_config& c) { c.decode.payload = true; }},
      {"write format", [](run_config& c) { c.write.format = core::output_format::epd; }},
      {"castling", [](run_config& c) { c.write.castling = core::castling_notation::shredder; }},
      {"ep", [](run_config& c) { c.write.ep = core::ep_policy::always; }},
      {"no mmap", [](run_config& c) { c.use_mmap = false; }},
      {"special files", [](run_config& c) { c.allow_special_files = true; }},
      {"max bytes", [](run_config& c) { c.max_bytes = 100; }},
      {"samples", [](run_config& c) { c.samples_per_reason = 9; }},
      {"where", [](run_config& c) { c.where = {"pieces >= 16"}; }},
      {"uniqueness", [](run_config& c) { c.uniqueness = true; }},
      {"split",
       [](run_config& c) {
         c.splits = {{"test", {1, 1}, "0.1", "t.fen"}};
       }},
      {"split seed", [](run_config& c) { c.split_seed = 5; }},
      {"sample",
       [](run_config& c) {
         c.sample = core::decimal_fraction{1, 1};
         c.sample_text = "10%";
       }},
      {"sample seed", [](run_config& c) { c.sample_seed = 7; }},
      {"keep", [](run_config& c) { c.keep = keep_occurrence::last; }},
      {"max per position", [](run_config& c) { c.max_per_position = 3; }},
      {"min count", [](run_config& c) { c.min_count = 2; }},
      {"apply moves",
       [](run_config& c) {
         c.moves.apply = {"Moves", 1};
       }},
      {"exclude apply moves",
       [](run_config& c) {
         c.exclude_apply_moves = {"Moves", 1};
       }},
      {"check move", [](run_config& c) { c.moves.check_field = "move"; }},
  };
  for (const auto& [what, apply] : compared) {
    run_config c = sample_config();
    apply(c);
    EXPECT_NE(encoded(c), base) << what << " is not compared";
  }
  const std::vector<std::pair<const char*, change>> per_rank{
      {"threads", [](run_config& c) { c.threads = 3; }},
      {"chunk size", [](run_config& c) { c.chunk_size = 4096; }},
      {"memory limit", [](run_config& c) { c.memory_limit = 1 << 30; }},
      {"temp dir", [](run_config& c) { c.temp_dir = "/scratch"; }},
      {"shards", [](run_config& c) { c.dedupe_shards = 8; }},
      {"stages", [](run_config& c) { c.dedupe_stages = 2; }},
      {"dedupe memory", [](run_config& c) { c.dedupe_memory_bytes = 1 << 20; }},
      {"progress", [](run_config& c) { c.progress = [](const progress_info&) {}; }},
      {"diagnostic", [](run_config& c) { c.diagnostic = [](std::string_view) {}; }},
  };
  for (const auto& [what, apply] : per_rank) {
    run_config c = sample_config();
    apply(c);
    EXPECT_EQ(encoded(c), base) << what << " is compared";
  }
}

// Ranks given different --where texts, or the same in another order, refuse to run: the order
// decides under which expression a filtered line is counted.
TEST(RankAgreement, EachWhereExpressionIsComparedInOrder) {
  run_config a = sample_config();
  a.where = {"pieces >= 16", "not in_check"};
  rank_start start;
  start.config = &a;
  const start_settings described = describe_start(start);
  run_config swapped = a;
  std::swap(swapped.where[0], swapped.where[1]);
  start.config = &swapped;
  const std::string hint = " (every rank must be given the same options and inputs)";
  EXPECT_EQ(
      first_difference({described, describe_start(start)}),
      "ranks disagree: --where 1 is pieces >= 16 on rank 0 and not in_check on rank 1" + hint);
  run_config fewer = a;
  fewer.where.pop_back();
  start.config = &fewer;
  EXPECT_EQ(
      first_difference({described, describe_start(start)}),
      "ranks disagree: the number of --where expressions is 2 on rank 0 and 1 on rank 1" + hint);
}

// Ranks given the same splits in another order, or another fraction, refuse to run: the order
// and the fractions decide which positions each split takes.
TEST(RankAgreement, EachSplitIsComparedInOrder) {
  const auto difference = [](const std::vector<split_request>& mine,
                             const std::vector<split_request>& theirs) {
    run_config a = sample_config();
    run_config b = sample_config();
    a.splits = mine;
    b.splits = theirs;
    rank_start start_a;
    rank_start start_b;
    start_a.config = &a;
    start_b.config = &b;
    return first_difference({describe_start(start_a), describe_start(start_b)});
  };
  const split_request test{"test", {1, 1}, "10%", "t.fen"};
  const split_request valid{"valid", {5, 2}, "5%", "v.fen"};
  const split_request more{"test", {2, 1}, "20%", "t.fen"};
  const std::string hint = " (every rank must be given the same options and inputs)";
  EXPECT_EQ(
      difference({test, valid}, {valid, test}),
      "ranks disagree: --split 1 is test=10%:t.fen on rank 0 and valid=5%:v.fen on rank 1" + hint);
  EXPECT_EQ(
      difference({test}, {more}),
      "ranks disagree: --split 1 is test=10%:t.fen on rank 0 and test=20%:t.fen on rank 1" + hint);
}

TEST(RankAgreement, SettingsSurviveTheirEncoding) {
  const start_settings s{{"input 1", "12:3 a.fen"}, {"", ""}, {"--key", "fen"}};
  const start_settings back = decode_settings(encode_settings(s));
  ASSERT_EQ(back.size(), s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    EXPECT_EQ(back[i].name, s[i].name);
    EXPECT_EQ(back[i].value, s[i].value);
  }
}

TEST(RankAgreement, TheFirstDifferenceIsTheLowestSettingThenTheLowestRank) {
  const std::string hint = " (every rank must be given the same options and inputs)";
  const start_settings zero{{"a", "1"}, {"b", "2"}, {"c", "3"}};
  start_settings one = zero;
  one[2].value = "4";  // a later setting on a lower rank
  start_settings two = zero;
  two[1].value = "5";
  start_settings three = zero;
  three[1].value = "6";
  EXPECT_EQ(first_difference({zero, one, two, three}),
            "ranks disagree: b is 2 on rank 0 and 5 on rank 2" + hint);
  EXPECT_EQ(first_difference({zero, one}),
            "ranks disagree: c is 3 on rank 0 and 4 on rank 1" + hint);
  EXPECT_EQ(first_difference({zero, zero, zero}), "");
  EXPECT_EQ(first_difference({zero, {{"a", "1"}}}),
            "ranks disagree: b is 2 on rank 0 and absent on rank 1" + hint);
}

// Collective from here: every rank runs every test.
TEST(RankAgreement, RanksThatAgreeGoOn) {
  const communicator comm;
  EXPECT_NO_THROW(agree_on_settings(comm, {{"--key", "fen"}, {"input 1", "a.fen"}}));
}

TEST(RankAgreement, EveryRankThrowsTheLastRanksDifference) {
  const communicator comm;
  if (comm.size() < 2) GTEST_SKIP() << "needs 2 ranks";
  const bool last = comm.rank() == comm.size() - 1;
  try {
    agree_on_settings(comm, {{"--dedupe", "set"}, {"--key", last ? "board" : "fen"}});
    ADD_FAILURE() << "no disagreement";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "ranks disagree: --key is fen on rank 0 and board on rank " +
                                         std::to_string(comm.size() - 1) +
                                         " (every rank must be given the same options and inputs)");
  }
}

TEST(Refusals, StandardOutputAsAWrittenFileIsRefusedOnEveryRank) {
  const communicator comm;
  run_config c = sample_config();
  c.rejects_path = "-";
  try {
    refuse_what_cannot_be_split(resolve_run(c), comm);
    ADD_FAILURE() << "not refused";
  } catch (const config_error& e) {
    EXPECT_EQ(
        std::string(e.what()).rfind("the --rejects file cannot be standard output ('-'): ", 0), 0U)
        << e.what();
  }
}

TEST(Refusals, ARefusalOnOneRankOnlyEndsEveryRank) {
  const communicator comm;
  if (comm.size() < 2) GTEST_SKIP() << "needs 2 ranks";
  run_config c = sample_config();
  if (comm.rank() == 1) c.output = "/dev/stdout";  // (as a link only one machine has)
  try {
    refuse_what_cannot_be_split(resolve_run(c), comm);
    ADD_FAILURE() << "not refused";
  } catch (const distributed_failure& e) {
    EXPECT_EQ(std::string(e.what()).rfind(
                  "rank 1: the output cannot be /dev/stdout, a name of descriptor 1: ", 0),
              0U)
        << e.what();
  }
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
