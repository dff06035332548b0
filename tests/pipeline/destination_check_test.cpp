// Destinations that would destroy data are refused before anything is opened (issue 14): a
// written path that is an input or a reference, two written paths that are one file, two
// streams on standard output, a side file about to replace a file of positions (or, for the
// statistics and the report, a file that is not their kind of document).
#include "output/destination_check.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "read_file.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline {
namespace {

namespace fs = std::filesystem;
using detail::check_destinations;

constexpr const char* position = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";

// The message of the config_error that check_destinations throws, or "" when it accepts.
std::string refusal(const run_config& config) {
  try {
    check_destinations(config);
  } catch (const config_error& e) {
    return e.what();
  }
  return "";
}

class DestinationCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    in_ = dir_.file("in.fen", position);
    other_ = dir_.file("other.fen", position);
    config_.inputs = {in_};
    config_.output = dir_.path("out.fen");
  }
  test::temp_dir dir_;
  std::string in_, other_;
  run_config config_;
};

TEST_F(DestinationCheck, AcceptsDistinctPaths) {
  config_.inputs = {in_, other_};
  config_.rejects_path = dir_.path("rejects.txt");
  config_.stats_json_path = dir_.path("stats.json");
  config_.report_path = dir_.path("report.html");
  config_.duplicates_path = dir_.path("dups.txt");
  config_.counts_path = dir_.path("counts.tsv");
  config_.exclude_paths = {dir_.file("ref.epd", position)};
  EXPECT_EQ(refusal(config_), "");
}

TEST_F(DestinationCheck, AllowsTheSingleInputInPlaceUnderAnySpelling) {
  config_.output = in_;
  EXPECT_EQ(refusal(config_), "");
  config_.output = dir_.path("./in.fen");
  EXPECT_EQ(refusal(config_), "");
  fs::create_hard_link(in_, dir_.path("hard.fen"));
  config_.output = dir_.path("hard.fen");
  EXPECT_EQ(refusal(config_), "");
  fs::create_symlink("in.fen", dir_.path("soft.fen"));
  config_.output = dir_.path("soft.fen");
  EXPECT_EQ(refusal(config_), "");
}

TEST_F(DestinationCheck, RefusesAnOutputThatIsOneOfSeveralInputs) {
  config_.inputs = {in_, other_};
  config_.output = other_;
  EXPECT_EQ(refusal(config_), "the output " + other_ +
                                  " is also an input: only a single input can be rewritten in "
                                  "place; write several to another file");
  fs::create_hard_link(in_, dir_.path("hard.fen"));
  config_.output = dir_.path("hard.fen");
  EXPECT_NE(refusal(config_).find(" is also an input (" + in_ + ")"), std::string::npos);
}

TEST_F(DestinationCheck, RefusesEverySideFileThatIsAnInput) {
  for (std::string run_config::*side :
       {&run_config::rejects_path, &run_config::stats_json_path, &run_config::report_path,
        &run_config::duplicates_path, &run_config::counts_path}) {
    run_config config = config_;
    config.*side = in_;
    const std::string what = refusal(config);
    EXPECT_NE(what.find(in_ + " is also an input"), std::string::npos) << what;
    EXPECT_EQ(what.rfind("--", 0), 0U) << what;  // names the option
  }
  config_.stats_json_path = in_;
  EXPECT_EQ(refusal(config_), "--stats-json " + in_ + " is also an input");
}

TEST_F(DestinationCheck, ComparesThroughSymlinksDotsAndParentDirectories) {
  fs::create_directory(dir_.path("d"));
  fs::create_symlink(in_, dir_.path("link.fen"));
  for (const std::string& spelling :
       {dir_.path("link.fen"), dir_.path("./in.fen"), dir_.path("d/../in.fen")}) {
    config_.rejects_path = spelling;
    EXPECT_EQ(refusal(config_), "--rejects " + spelling + " is also an input (" + in_ + ")");
  }
}

TEST_F(DestinationCheck, RefusesAWrittenPathThatIsAReference) {
  config_.exclude_paths = {other_};
  config_.counts_path = other_;
  EXPECT_EQ(refusal(config_), "--counts " + other_ + " is also an --exclude reference");
  config_.counts_path.clear();
  config_.output = other_;
  EXPECT_EQ(refusal(config_), "the output " + other_ + " is also an --exclude reference");
}

TEST_F(DestinationCheck, RefusesTwoWrittenPathsNamingOneFile) {
  // Files not yet there: the same resolved name, also through a symlinked directory.
  fs::create_directory(dir_.path("d"));
  fs::create_directory_symlink("d", dir_.path("e"));
  config_.rejects_path = dir_.path("d/x.txt");
  config_.duplicates_path = dir_.path("e/x.txt");
  EXPECT_EQ(refusal(config_), "--rejects and --duplicates both write " + dir_.path("d/x.txt") +
                                  " (as " + dir_.path("e/x.txt") + ")");
  // An existing file, by inode.
  config_.duplicates_path.clear();
  const std::string existing = dir_.file("old.json", "{}\n");
  config_.stats_json_path = existing;
  config_.output = existing;
  EXPECT_EQ(refusal(config_), "the output and --stats-json both write " + existing);
}

TEST_F(DestinationCheck, AllowsAtMostOneStreamOnStandardOutput) {
  config_.output = "-";
  config_.stats_json_path = "-";
  EXPECT_EQ(refusal(config_),
            "the output and --stats-json both write to standard output; give one of them a file");
  config_.output = dir_.path("out.fen");
  EXPECT_EQ(refusal(config_), "");
  config_.rejects_path = "-";
  EXPECT_EQ(refusal(config_),
            "--rejects and --stats-json both write to standard output; give one of them a file");
}

TEST_F(DestinationCheck, StandardInputAndOutputTogetherAreFine) {
  config_.inputs = {"-"};
  config_.output = "-";
  EXPECT_EQ(refusal(config_), "");
}

TEST_F(DestinationCheck, CharacterDevicesNeverClash) {
  config_.rejects_path = "/dev/null";
  config_.duplicates_path = "/dev/null";
  config_.output = "/dev/null";
  EXPECT_EQ(refusal(config_), "");
}

TEST_F(DestinationCheck, ASideFileRefusesToReplacePositions) {
  const std::string forgotten =
      dir_.file("data.fen", "# header comment\n\n" + std::string(position));
  config_.stats_json_path = forgotten;
  EXPECT_EQ(refusal(config_), "--stats-json " + forgotten +
                                  " holds FEN/EPD positions; refusing to replace it (was the "
                                  "option's file argument forgotten?)");
  config_.stats_json_path.clear();
  config_.rejects_path = forgotten;
  EXPECT_NE(refusal(config_).find("--rejects " + forgotten + " holds FEN/EPD positions"),
            std::string::npos);
  // Labelled training data is position data too.
  config_.rejects_path = dir_.file("labels.txt", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 | 25 | 0.5\n");
  EXPECT_NE(refusal(config_), "");
}

TEST_F(DestinationCheck, ASideFileReplacesWhatItWroteBefore) {
  config_.rejects_path = dir_.file("rejects.txt", "in.fen:3:7: rank_width: 4k3/9 w - - 0 1\n");
  config_.stats_json_path = dir_.file("stats.json", "  {\"schema_version\": 1}\n");
  config_.duplicates_path = dir_.file("dups.txt", "in.fen:2: duplicate of in.fen:1: x\n");
  config_.counts_path = dir_.file("counts.tsv", "2\t4k3/8/8/8/8/8/8/4K3 w - -\tin.fen:1\n");
  EXPECT_EQ(refusal(config_), "");
  config_.counts_path = dir_.file("empty.tsv", "");
  EXPECT_EQ(refusal(config_), "");
}

TEST_F(DestinationCheck, StatisticsReplaceOnlyAJsonObject) {
  config_.stats_json_path = dir_.file("notes.txt", "my notes\n");
  EXPECT_EQ(refusal(config_), "--stats-json " + config_.stats_json_path +
                                  " is not a statistics document; refusing to replace it (was "
                                  "the option's file argument forgotten?)");
}

TEST_F(DestinationCheck, TheReportReplacesOnlyAnHtmlDocument) {
  const auto refusal_of = [this](const std::string& name, const std::string& text) {
    run_config config = config_;
    config.report_path = dir_.file(name, text);
    return refusal(config);
  };
  const std::string refused =
      " is not an HTML document; refusing to replace it (was the "
      "option's file argument forgotten?)";
  EXPECT_EQ(refusal_of("notes.txt", "my notes\n"), "--report " + dir_.path("notes.txt") + refused);
  EXPECT_EQ(refusal_of("stats.json", "{\"schema_version\": 1}\n"),
            "--report " + dir_.path("stats.json") + refused);
  EXPECT_EQ(refusal_of("page.xml", "<?xml version=\"1.0\"?><html/>\n"),
            "--report " + dir_.path("page.xml") + refused);
  EXPECT_EQ(refusal_of("doctype.html", "<!DOCTYPE svg>\n"),
            "--report " + dir_.path("doctype.html") + refused);
  EXPECT_EQ(refusal_of("data.html", position),
            "--report " + dir_.path("data.html") +
                " holds FEN/EPD positions; refusing to replace it (was the option's file argument "
                "forgotten?)");
  // An earlier report, however it begins: the doctype or <html> in any case, after a byte
  // order mark and white space; an empty or blank file is no evidence against it.
  EXPECT_EQ(refusal_of("a.html", "<!DOCTYPE html>\n<html lang=\"en\"></html>\n"), "");
  EXPECT_EQ(refusal_of("b.html", "\xEF\xBB\xBF \r\n\t<!doctype HTML>"), "");
  EXPECT_EQ(refusal_of("c.html", "\n<HTML>\n</HTML>\n"), "");
  EXPECT_EQ(refusal_of("d.html", ""), "");
  EXPECT_EQ(refusal_of("e.html", " \n\n"), "");
}

TEST_F(DestinationCheck, TheReportClashesLikeEverySideFile) {
  config_.report_path = dir_.path("r.html");
  config_.stats_json_path = dir_.path("./r.html");
  EXPECT_EQ(refusal(config_), "--stats-json and --report both write " + dir_.path("./r.html") +
                                  " (as " + dir_.path("r.html") + ")");
  config_.stats_json_path.clear();
  config_.output = "-";
  config_.report_path = "-";
  EXPECT_EQ(refusal(config_),
            "the output and --report both write to standard output; give one of them a file");
  config_.output = dir_.path("out.fen");
  EXPECT_EQ(refusal(config_), "");
}

TEST_F(DestinationCheck, RunRefusesBeforeOpeningAnything) {
  config_.stats_json_path = in_;
  EXPECT_THROW((void)run(config_), config_error);
  EXPECT_EQ(test::read_file(in_), position);
  EXPECT_FALSE(fs::exists(config_.output));
}

}  // namespace
}  // namespace fenbatch::pipeline
