// fenbatch's command line (apps/batch/command_line.cpp): the operands as uniq's, the output
// format by the output's name, errors naming options as typed, no abbreviations.
#include "batch/command_line.hpp"
#include "parse_args.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "fenbatch/core/write.hpp"

namespace fenbatch::app {
namespace {

using core::output_format;

TEST(CommandLine, OperandsAreInputThenOutputAsForUniq) {
  auto c = parse({});
  EXPECT_EQ(c->config.inputs, std::vector<std::string>{"-"});
  EXPECT_EQ(c->config.output, "-");
  c = parse({"in.fen"});
  EXPECT_EQ(c->config.inputs, std::vector<std::string>{"in.fen"});
  EXPECT_EQ(c->config.output, "-");
  c = parse({"in.fen", "out.fen"});
  EXPECT_EQ(c->config.inputs, std::vector<std::string>{"in.fen"});
  EXPECT_EQ(c->config.output, "out.fen");
}

TEST(CommandLine, ThreeOperandsWithoutOutputOptionAreAUsageError) {
  EXPECT_EQ(usage_error_of({"-d", "a.epd", "b.epd", "c.epd"}),
            "too many operands (3): several inputs need -o OUTPUT; without -o the operands are "
            "[INPUT [OUTPUT]]");
}

TEST(CommandLine, WithOutputOptionEveryOperandIsAnInput) {
  const auto c = parse({"a.epd", "-o", "all.epd", "b.epd", "c.epd"});
  EXPECT_EQ(c->config.inputs, (std::vector<std::string>{"a.epd", "b.epd", "c.epd"}));
  EXPECT_EQ(c->config.output, "all.epd");
  EXPECT_EQ(parse({"-o", "x.fen"})->config.inputs, std::vector<std::string>{"-"});
}

TEST(CommandLine, OutputFormatFollowsTheOutputName) {
  EXPECT_EQ(parse({"in.fen", "out.epd"})->config.write.format, output_format::keep);
  EXPECT_EQ(parse({"in.fen", "out.epd.zst"})->config.write.format, output_format::keep);
  EXPECT_EQ(parse({"in.fen", "out.epd.gz"})->config.write.format, output_format::keep);
  EXPECT_EQ(parse({"in.fen", "out.epd.xz"})->config.write.format, output_format::keep);
  EXPECT_EQ(parse({"in.fen", "out.epd.bz2"})->config.write.format, output_format::keep);
  EXPECT_EQ(parse({"-o", "out.epd", "a.fen", "b.fen"})->config.write.format, output_format::keep);
  EXPECT_EQ(parse({"in.epd", "out.fen"})->config.write.format, output_format::fen);
  EXPECT_EQ(parse({"in.epd", "out.txt"})->config.write.format, output_format::fen);
  EXPECT_EQ(parse({"in.epd", "out.zst"})->config.write.format, output_format::fen);
  EXPECT_EQ(parse({"in.epd"})->config.write.format, output_format::fen);         // stdout
  EXPECT_EQ(parse({"in.epd", "epd"})->config.write.format, output_format::fen);  // no dot
  EXPECT_EQ(parse({"in.epd", "out.EPD"})->config.write.format, output_format::fen);
  EXPECT_EQ(parse({"in.epd", "in.epd"})->config.write.format, output_format::keep);  // in place
}

TEST(CommandLine, FormatOptionWinsOverTheName) {
  EXPECT_EQ(parse({"--format", "fen", "in.fen", "out.epd"})->config.write.format,
            output_format::fen);
  EXPECT_EQ(parse({"--format", "epd", "in.fen", "out.fen"})->config.write.format,
            output_format::epd);
}

TEST(CommandLine, RecordsOfOtherFormatsAreNotWrittenAsEpdByName) {
  EXPECT_EQ(parse({"puzzles.csv", "out.epd"})->config.write.format, output_format::fen);
  EXPECT_EQ(parse({"evals.jsonl.zst", "out.epd"})->config.write.format, output_format::fen);
  EXPECT_EQ(parse({"--input-format", "tsv", "in.fen", "out.epd"})->config.write.format,
            output_format::fen);
  EXPECT_EQ(parse({"--input-format", "fen", "in.csv", "out.epd"})->config.write.format,
            output_format::keep);
}

TEST(CommandLine, ErrorsNameAnOptionAsTyped) {
  const std::string range =
      " (not a whole number; allowed: 0 to 4096; 0, the default, is one thread per CPU this "
      "process may use)";
  EXPECT_EQ(usage_error_of({"-j", "x", "in.fen"}), "invalid value for -j: 'x'" + range);
  EXPECT_EQ(usage_error_of({"-j0x", "in.fen"}), "invalid value for -j: '0x'" + range);
  EXPECT_EQ(usage_error_of({"--threads", "x", "in.fen"}),
            "invalid value for --threads: 'x'" + range);
  EXPECT_EQ(usage_error_of({"--threads=x", "in.fen"}), "invalid value for --threads: 'x'" + range);
  EXPECT_EQ(usage_error_of({"in.fen", "-j"}), "the required argument for option '-j' is missing");
  EXPECT_EQ(usage_error_of({"in.fen", "--threads"}),
            "the required argument for option '--threads' is missing");
  EXPECT_EQ(usage_error_of({"in.fen", "-o"}), "the required argument for option '-o' is missing");
  EXPECT_EQ(usage_error_of({"--key", "zobrist"}),
            "invalid value for --key: 'zobrist' (choose position, fen, board, placement, mirror)");
}

TEST(CommandLine, UnknownOptionsGetTheNearestKnownOne) {
  EXPECT_EQ(usage_error_of({"--dedup", "in.fen"}),
            "unrecognised option '--dedup' (did you mean --dedupe?)");
  EXPECT_EQ(usage_error_of({"--list-reason"}),
            "unrecognised option '--list-reason' (did you mean --list-reasons?)");
  EXPECT_EQ(usage_error_of({"--frobnicate"}), "unrecognised option '--frobnicate'");
}

TEST(CommandLine, ListReasonsPrintsAndRunsNothing) {
  testing::internal::CaptureStdout();
  const auto c = parse({"--list-reasons", "in.fen", "out.fen"});
  const std::string printed = testing::internal::GetCapturedStdout();
  EXPECT_FALSE(c.has_value());
  EXPECT_EQ(printed.rfind("line_too_long ", 0), 0U) << printed;
  EXPECT_NE(printed.find("\nimpossible_check "), std::string::npos);
}

}  // namespace
}  // namespace fenbatch::app
