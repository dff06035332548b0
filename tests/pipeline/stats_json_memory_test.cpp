// The "memory" member of the statistics document (pipeline/src/stats/stats_json.cpp): the
// budget, what set it, the dedupe mode and, when partitioned, the switch, partitions and
// temporary bytes; always all six members, after "threads". Hand-filled statistics, and a run
// through pipeline::run. Then what else keeps the document bounded and valid: the "samples"
// member (the cap on samples and those it left out), and names that are not UTF-8 (repaired,
// with their bytes in a "_quoted" sibling), control characters escaped.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "fenbatch/pipeline/stats_json.hpp"
#include "memory/memory_budget.hpp"
#include "read_file.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

// The document's "memory" object as the writer lays it out (two-space indentation).
std::string memory_object(std::uint64_t limit, const std::string& source, const std::string& mode,
                          std::uint64_t before, std::uint64_t partitions, std::uint64_t temp) {
  return "  \"memory\": {\n    \"limit_bytes\": " + std::to_string(limit) +
         ",\n    \"limit_source\": \"" + source + "\",\n    \"dedupe\": \"" + mode +
         "\",\n    \"lines_before_switch\": " + std::to_string(before) +
         ",\n    \"partitions\": " + std::to_string(partitions) +
         ",\n    \"temp_bytes\": " + std::to_string(temp) + "\n  }";
}

run_config dedupe_config() {
  run_config config;
  config.inputs = {"in.fen"};
  config.output = "out.fen";
  config.dedupe = true;
  return config;
}

TEST(StatsJsonMemory, PartitionedRunReportsTheSwitchPartitionsAndTemporaryBytes) {
  run_stats s;
  s.memory.limit_bytes = std::uint64_t{512} << 20;
  s.memory.limit_source = "--memory-limit";
  s.memory.partitioned = true;
  s.memory.lines_before_switch = 12'345'678;
  s.memory.partitions = 256;
  s.memory.temp_bytes = 1'288'490'189;
  const std::string json = to_json(s, dedupe_config());
  EXPECT_NE(json.find(memory_object(536870912, "--memory-limit", "partitioned", 12345678, 256,
                                    1288490189)),
            std::string::npos)
      << json;
}

TEST(StatsJsonMemory, InMemoryRunReportsZerosWhateverThePartsSay) {
  run_stats s;
  s.memory.limit_bytes = std::uint64_t{8} << 30;
  s.memory.limit_source = "cgroup memory.max";
  s.memory.lines_before_switch = 5;  // meaningless without the switch
  s.memory.partitions = 6;
  s.memory.temp_bytes = 7;
  const std::string json = to_json(s, dedupe_config());
  EXPECT_NE(json.find(memory_object(8589934592, "cgroup memory.max", "memory", 0, 0, 0)),
            std::string::npos)
      << json;
}

TEST(StatsJsonMemory, TheMemberComesAfterThreadsAndBeforeTheRates) {
  const std::string json = to_json(run_stats{}, dedupe_config());
  const std::size_t threads = json.find("\n  \"threads\": ");
  const std::size_t memory = json.find("\n  \"memory\": {");
  const std::size_t rate = json.find("\n  \"mb_per_second\": ");
  ASSERT_NE(threads, std::string::npos);
  ASSERT_NE(memory, std::string::npos);
  ASSERT_NE(rate, std::string::npos);
  EXPECT_LT(threads, memory);
  EXPECT_LT(memory, rate);
}

TEST(StatsJsonMemory, ARunWritesTheMemberInItsDocument) {
  const test::temp_dir dir;
  run_config config;
  config.inputs = {
      dir.file("in.fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")};
  config.output = dir.path("out.fen");
  config.stats_json_path = dir.path("stats.json");
  config.dedupe = true;
  config.memory_limit = std::uint64_t{64} << 20;
  const run_stats stats = run(config);
  const std::string json = test::read_file(config.stats_json_path);
  EXPECT_FALSE(stats.memory.partitioned);  // two lines fit in any budget
  EXPECT_NE(json.find("\n    \"dedupe\": \"memory\",\n    \"lines_before_switch\": 0,\n    "
                      "\"partitions\": 0,\n    \"temp_bytes\": 0\n  }"),
            std::string::npos)
      << json;
  // run() sets the budget: the asked one.
  EXPECT_EQ(stats.memory.limit_bytes, std::uint64_t{64} << 20);
  EXPECT_EQ(stats.memory.limit_source, "--memory-limit");
  EXPECT_NE(json.find(memory_object(67108864, "--memory-limit", "memory", 0, 0, 0)),
            std::string::npos)
      << json;
}

TEST(StatsJsonMemory, ADefaultBudgetIsAtLeastTheMinimum) {
  const test::temp_dir dir;
  run_config config;
  config.inputs = {dir.file("in.fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")};
  config.output = dir.path("out.fen");
  config.dedupe = true;
  const run_stats stats = run(config);
  EXPECT_GE(stats.memory.limit_bytes, detail::min_memory_limit);
  EXPECT_NE(stats.memory.limit_source, "--memory-limit");
  EXPECT_NE(stats.memory.limit_source, "");
}

TEST(StatsJsonSamples, TheMemberStatesTheCapAndTheSamplesLeftOut) {
  run_stats s;
  s.invalid_by_reason[static_cast<std::size_t>(core::fen_errc::rank_width)] = 250;
  s.invalid_by_reason[static_cast<std::size_t>(core::fen_errc::bad_side)] = 5;
  s.invalid = 255;
  for (std::uint64_t i = 0; i < 100; ++i) {
    s.invalid_samples.push_back({"in.fen", i + 1, 1, i * 10, core::fen_errc::rank_width});
  }
  for (std::uint64_t i = 0; i < 5; ++i) {
    s.invalid_samples.push_back({"in.fen", 300 + i, 1, 0, core::fen_errc::bad_side});
  }
  run_config config = dedupe_config();
  config.samples_per_reason = 1000;
  // rank_width: 250 lines, 1000 asked, 100 kept: 150 left out; bad_side: all 5 kept.
  const std::string json = to_json(s, config);
  EXPECT_NE(json.find("\n  \"samples\": {\n    \"asked_per_reason\": 1000,\n    "
                      "\"cap_per_reason\": 100,\n    \"per_reason\": 100,\n    \"listed\": 105,\n"
                      "    \"dropped\": 150\n  },\n  \"invalid_samples\": [\n"),
            std::string::npos)
      << json;
  config.samples_per_reason = 200;  // 200 asked: 100 of rank_width's left out
  EXPECT_NE(to_json(s, config).find("\"per_reason\": 100,\n    \"listed\": 105,\n    "
                                    "\"dropped\": 100\n"),
            std::string::npos);
  s.invalid_samples.resize(3);
  config.samples_per_reason = 3;  // the default: nothing left out
  EXPECT_NE(to_json(s, config).find("{\n    \"asked_per_reason\": 3,\n    \"cap_per_reason\": "
                                    "100,\n    \"per_reason\": 3,\n    \"listed\": 3,\n    "
                                    "\"dropped\": 0\n  }"),
            std::string::npos);
}

// Expected texts by hand: U+FFFD is EF BF BD; quoted_name() writes ls's shell-escape quoting,
// one $'...' group per run of escaped bytes, in octal.
TEST(StatsJsonNames, NamesThatAreNotUtf8AreRepairedAndTheirBytesQuotedBeside) {
  run_config config = dedupe_config();
  config.inputs = {"a\xFF.fen", "b\x80.fen", "c\xE2\x82.fen", "-", "plain.fen"};
  config.output = "out\xFE";
  config.exclude_paths = {"ref.epd"};
  config.counts_path = "counts\xC0\xAF.tsv";  // an overlong '/': not UTF-8
  run_stats s;
  for (const std::string& path : config.inputs) s.inputs.push_back({path, {}});
  s.inputs_changed = {"b\x80.fen"};
  // Samples name their file as the messages do (line_places.hpp: display_name).
  s.invalid_samples = {{"'a'$'\\377''.fen'", 1, 2, 0, core::fen_errc::bad_side},
                       {"<stdin>", 3, 1, 10, core::fen_errc::rank_width},
                       {"plain.fen", 4, 1, 20, core::fen_errc::rank_count}};
  const std::string json = to_json(s, config);
  const auto has = [&json](const std::string& text) {
    EXPECT_NE(json.find(text), std::string::npos) << "no " << text << " in\n" << json;
  };
  has("\n  \"inputs\": [\n    \"a\xEF\xBF\xBD.fen\",\n    \"b\xEF\xBF\xBD.fen\",\n    "
      "\"c\xEF\xBF\xBD.fen\",\n    \"-\",\n    \"plain.fen\"\n  ],\n  \"inputs_quoted\": [\n    "
      "\"'a'$'\\\\377''.fen'\",\n    \"'b'$'\\\\200''.fen'\",\n    "
      "\"'c'$'\\\\342\\\\202''.fen'\",\n    \"-\",\n    \"plain.fen\"\n  ],\n");
  has("\n  \"output\": \"out\xEF\xBF\xBD\",\n  \"output_quoted\": \"'out'$'\\\\376'\",\n");
  has("\n    \"exclude\": [\n      \"ref.epd\"\n    ],\n    \"where\": [],\n    "
      "\"uniqueness\": false,\n    \"splits\": [],\n"
      "    \"split_seed\": 0,\n    \"sample\": null,\n    \"sample_seed\": 1,\n"
      "    \"keep\": \"first\",\n    \"max_per_position\": 1,\n    \"min_count\": 1,\n    "
      "\"apply_moves\": null,\n    \"exclude_apply_moves\": null,\n    \"check_move\": null,\n"
      "    \"duplicates\": null,\n");
  has("\n    \"counts\": \"counts\xEF\xBF\xBD\xEF\xBF\xBD.tsv\",\n    \"counts_quoted\": "
      "\"'counts'$'\\\\300\\\\257''.tsv'\",\n    \"report\": null\n");
  has("\n  \"inputs_changed\": [\n    \"b\xEF\xBF\xBD.fen\"\n  ],\n  \"inputs_changed_quoted\": "
      "[\n    \"'b'$'\\\\200''.fen'\"\n  ],\n");
  has("\n      \"path\": \"a\xEF\xBF\xBD.fen\",\n      \"path_quoted\": \"'a'$'\\\\377''.fen'\",\n"
      "      \"lines\": ");
  has("\n      \"path\": \"plain.fen\",\n      \"lines\": ");
  has("\n      \"file\": \"a\xEF\xBF\xBD.fen\",\n      \"file_quoted\": \"'a'$'\\\\377''.fen'\",\n"
      "      \"line\": 1,\n");
  has("\n      \"file\": \"<stdin>\",\n      \"line\": 3,\n");
  has("\n      \"file\": \"plain.fen\",\n      \"line\": 4,\n");
  // Only names that are not UTF-8 get a sibling.
  EXPECT_EQ(json.find("\"exclude_quoted\""), std::string::npos);
  EXPECT_EQ(json.find("\"fen_field_quoted\""), std::string::npos);
  for (const char* raw : {"\xFF", "\xFE", "\x80.", "\xE2\x82.", "\xC0"}) {
    EXPECT_EQ(json.find(raw), std::string::npos) << "a raw byte of a name";
  }
}

TEST(StatsJsonNames, ControlCharactersAreEscapedExactly) {
  run_config config = dedupe_config();
  config.inputs = {"e\x1B[31m.fen", "n\nl.fen", "q\"b\\.fen", "c1\xC2\x85.fen",
                   "\xC3\xA9t\xC3\xA9"};
  config.output = "d\x7F";
  config.fen_field = "\x01";
  const std::string json = to_json(run_stats{}, config);
  EXPECT_NE(
      json.find("\n  \"inputs\": [\n    \"e\\u001b[31m.fen\",\n    \"n\\u000al.fen\",\n    "
                "\"q\\\"b\\\\.fen\",\n    \"c1\\u0085.fen\",\n    \"\xC3\xA9t\xC3\xA9\"\n  ],\n"
                "  \"output\": \"d\\u007f\",\n"),
      std::string::npos)
      << json;
  EXPECT_NE(json.find("\"fen_field\": \"\\u0001\",\n"), std::string::npos) << json;
  EXPECT_EQ(json.find("_quoted"), std::string::npos) << "UTF-8 names are exact: no sibling";
}

}  // namespace
}  // namespace fenbatch::pipeline
