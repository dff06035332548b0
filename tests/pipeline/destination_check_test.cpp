// Destinations that would destroy data are refused before anything is opened (issue 14): a
// written path that is an input or a reference, two written paths that are one file, two
// streams on standard output, a side file about to replace a file of positions (or, for the
// statistics and the report, a file that is not their kind of document).
#include "output/destination_check.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "plan/resolved_run.hpp"
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
    const detail::resolved_run run = detail::resolve_run(config);
    check_destinations(run.outputs, run.inputs, run.references);
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

TEST_F(DestinationCheck, StatisticsReplaceOnlyStatistics) {
  config_.stats_json_path = dir_.file("notes.txt", "my notes\n");
  EXPECT_EQ(refusal(config_), "--stats-json " + config_.stats_json_path +
                                  " is not a statistics JSON that fenbatch wrote (its first line "
                                  "begins 'my notes'); refusing to replace it: name another file, "
                                  "or remove it first");
  // The case: a JSON-lines dataset is a JSON object too, but not the statistics.
  config_.stats_json_path =
      dir_.file("evals.jsonl", "{\"fen\": \"" + std::string(position, 29) + "\", \"cp\": 13}\n");
  EXPECT_EQ(refusal(config_), "--stats-json " + config_.stats_json_path +
                                  " is not a statistics JSON that fenbatch wrote (its first line "
                                  "begins '{\"fen\": \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\",'...); "
                                  "refusing to replace it: name another file, or remove it first");
  config_.stats_json_path = dir_.file("other.json", "{\"name\": 1, \"schema_version\": 1}\n");
  EXPECT_NE(refusal(config_), "");
}

TEST_F(DestinationCheck, TheReportReplacesOnlyAReport) {
  const auto refusal_of = [this](const std::string& name, const std::string& text) {
    run_config config = config_;
    config.report_path = dir_.file(name, text);
    return refusal(config);
  };
  const std::string fix = "; refusing to replace it: name another file, or remove it first";
  EXPECT_EQ(refusal_of("notes.txt", "my notes\n"),
            "--report " + dir_.path("notes.txt") +
                " is not a report that fenbatch wrote (its first line begins 'my notes')" + fix);
  EXPECT_EQ(refusal_of("stats.json", "{\"schema_version\": 1}\n"),
            "--report " + dir_.path("stats.json") +
                " is a statistics JSON that fenbatch wrote, not a report" + fix);
  EXPECT_NE(refusal_of("page.xml", "<?xml version=\"1.0\"?><html/>\n"), "");
  EXPECT_NE(refusal_of("doctype.html", "<!DOCTYPE svg>\n"), "");
  // Someone's web page: HTML, but not fenbatch's.
  EXPECT_NE(refusal_of("index.html",
                       "<!DOCTYPE html>\n<html lang=\"en\"><head><meta "
                       "name=\"generator\" content=\"Hugo 0.1\"/></head></html>\n"),
            "");
  EXPECT_NE(refusal_of("late.html",
                       "<!DOCTYPE html><html><head></head><body><meta "
                       "name=\"generator\" content=\"fenbatch 0.1.0\"/></body>\n"),
            "");
  EXPECT_EQ(refusal_of("data.html", position),
            "--report " + dir_.path("data.html") +
                " holds FEN/EPD positions; refusing to replace it (was the option's file argument "
                "forgotten?)");
  // An earlier report: the doctype or <html> in any case, after a byte order mark and white
  // space, then fenbatch's generator in its head; an empty file.
  const std::string head =
      "<head><meta charset=\"utf-8\"/><meta name=\"generator\" content=\"fenbatch 0.1.0\"/>"
      "<title>t</title></head>";
  EXPECT_EQ(refusal_of("a.html", "<!DOCTYPE html>\n<html lang=\"en\">" + head + "</html>\n"), "");
  EXPECT_EQ(refusal_of("b.html", "\xEF\xBB\xBF \r\n\t<!doctype HTML><html>" + head), "");
  EXPECT_EQ(refusal_of("c.html", "\n<HTML>" + head + "</HTML>\n"), "");
  EXPECT_EQ(refusal_of("d.html", ""), "");
  // Blank lines are not a report (only an empty file is nothing).
  EXPECT_EQ(refusal_of("e.html", " \n\n"),
            "--report " + dir_.path("e.html") + " holds only blank lines, no report" + fix);
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

// Every side file against a file of each kind, as fenbatch writes them: its own kind may be
// replaced, any other is someone's data.
TEST_F(DestinationCheck, ASideFileReplacesOnlyItsOwnKind) {
  const std::string report =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/><meta "
      "name=\"generator\" content=\"fenbatch 0.1.0\"/><title>fenbatch report: in.fen</title>";
  const std::vector<std::pair<std::string run_config::*, std::string>> kinds = {
      {&run_config::stats_json_path,
       "{\n  \"schema_version\": 1,\n  \"fenbatch_version\": \"x\"\n"},
      {&run_config::rejects_path, "in.fen:2:2: bad_piece_char: bad line\n"},
      {&run_config::duplicates_path, "in.fen:3: duplicate of in.fen:1: " + std::string(position)},
      {&run_config::counts_path, "2\t4k3/8/8/8/8/8/8/4K3 w - -\tin.fen:1\n"},
      {&run_config::report_path, report}};
  for (std::size_t side = 0; side < kinds.size(); ++side) {
    for (std::size_t kind = 0; kind < kinds.size(); ++kind) {
      run_config config = config_;
      config.*kinds[side].first = dir_.file("side" + std::to_string(kind), kinds[kind].second);
      const std::string what = refusal(config);
      if (side == kind) {
        EXPECT_EQ(what, "") << side;
      } else {
        EXPECT_NE(what.find(" that fenbatch wrote, not a "), std::string::npos) << what;
      }
    }
  }
}

// The datasets: JSON lines, CSV puzzles, a plain text table.
TEST_F(DestinationCheck, ASideFileRefusesToReplaceADataset) {
  const std::string jsonl = dir_.file("evals.jsonl", "{\"fen\": \"x\", \"cp\": 13}\n");
  const std::string csv =
      dir_.file("puzzles.csv",
                "PuzzleId,FEN,Moves,Rating\n00008,r6k/pp2r2p/4Rp1Q/3p4/8/1N1P2R1/"
                "PqP2bPP/7K b - - 0 24,f2g3 e6e7,1913\n");
  const std::string tsv = dir_.file("table.tsv", "2\tsomething\tnotes.txt:1\n");
  for (std::string run_config::*side :
       {&run_config::rejects_path, &run_config::stats_json_path, &run_config::report_path,
        &run_config::duplicates_path, &run_config::counts_path}) {
    for (const std::string& dataset : {jsonl, csv, tsv}) {
      run_config config = config_;
      config.*side = dataset;
      const std::string what = refusal(config);
      EXPECT_NE(what.find(dataset + " is not a "), std::string::npos) << what;
      EXPECT_NE(what.find("refusing to replace it"), std::string::npos) << what;
    }
  }
  config_.counts_path = csv;
  EXPECT_EQ(refusal(config_), "--counts " + csv +
                                  " is not a counts table that fenbatch wrote (its first line "
                                  "begins PuzzleId,FEN,Moves,Rating); refusing to replace it: "
                                  "name another file, or remove it first");
}

// Names in the lines of rejects and duplicates lists written raw, quoted as `ls` quotes them,
// or <stdin>; a long rejected line judged by its start.
TEST_F(DestinationCheck, SideFileLinesAreRecognisedWhateverTheFileNames) {
  config_.rejects_path =
      dir_.file("rejects.txt",
                "'my games.fen':1:1: bad_piece_char: x y\n$'a\\nb'.fen:2:3: rank_width: z\n"
                "<stdin>:7:1: field_count: \na:1:2.fen:10:4: json_syntax: {\n" +
                    std::string("in.fen:9:1: line_too_long: ") + std::string(20000, 'x'));
  config_.duplicates_path =
      dir_.file("dups.txt", "'a b.fen':3: duplicate of \"it's.fen\":1: " + std::string(position) +
                                "<stdin>:4: duplicate of 'a b.fen':2: x\n");
  config_.counts_path = dir_.file(
      "counts.tsv",
      "12\t4k3/8/8/8/8/8/8/4K3 b - -\t'tab\there.fen':3\n1\t" +
          std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\t<stdin>:1\n"));
  EXPECT_EQ(refusal(config_), "");
  // A first line longer than what is read of it: judged by its start.
  config_.rejects_path = dir_.file(
      "long.txt", "in.fen:9:1: line_too_long: " + std::string(70000, 'x') + "\nin.fen:10:1: x\n");
  EXPECT_EQ(refusal(config_), "");
  // A line of another shape among them is not fenbatch's.
  config_.rejects_path = dir_.file("mixed.txt", "in.fen:2:2: bad_piece_char: x\nmy notes\n");
  EXPECT_NE(refusal(config_), "");
  config_.rejects_path = dir_.file("unknown.txt", "in.fen:2:2: no_such_reason: x\n");
  EXPECT_NE(refusal(config_), "");
}

TEST_F(DestinationCheck, AnEmptyFileMayBeReplacedCompressedOrNot) {
  // gzip of nothing (gzip -n </dev/null).
  const unsigned char empty_gzip[] = {0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03,
                                      0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  config_.stats_json_path = dir_.file(
      "s.json.gz", std::string(reinterpret_cast<const char*>(empty_gzip), sizeof empty_gzip));
  config_.rejects_path = dir_.file("r.txt", "");
  EXPECT_EQ(refusal(config_), "");
  // A compressed file that cannot be decompressed may be anything.
  config_.stats_json_path = dir_.file(
      "broken.json.gz", std::string(reinterpret_cast<const char*>(empty_gzip), 12) + "garbage");
  EXPECT_EQ(refusal(config_), "--stats-json " + config_.stats_json_path +
                                  " is compressed and cannot be decompressed to see what it "
                                  "holds; refusing to replace it: name another file, or remove "
                                  "it first");
}

// RAII for a descriptor the test opens (as a shell's `exec 3<>in.fen` would).
struct open_descriptor {
  explicit open_descriptor(int opened) : fd(opened) {}
  open_descriptor(const open_descriptor&) = delete;
  open_descriptor& operator=(const open_descriptor&) = delete;
  ~open_descriptor() {
    if (fd >= 0) ::close(fd);
  }
  [[nodiscard]] std::string dev_fd() const { return "/dev/fd/" + std::to_string(fd); }
  int fd;
};

TEST_F(DestinationCheck, RefusesTheSingleInputThroughADescriptor) {
  const open_descriptor in(::open(in_.c_str(), O_RDWR | O_CLOEXEC));
  ASSERT_GE(in.fd, 0);
  const std::string fd = std::to_string(in.fd);
  fs::create_symlink(in.dev_fd(), dir_.path("fd.link"));
  for (const std::string& name :
       {in.dev_fd(), "/proc/self/fd/" + fd, "/proc/" + std::to_string(::getpid()) + "/fd/" + fd,
        dir_.path("fd.link")}) {
    config_.output = name;
    EXPECT_EQ(refusal(config_), "the output " + name + " is also an input (" + in_ +
                                    "): a descriptor is written as the input is read; name the "
                                    "file itself to rewrite it in place");
  }
  // The same descriptor as a side file, or aimed at a reference.
  config_.output = dir_.path("out.fen");
  config_.rejects_path = in.dev_fd();
  EXPECT_EQ(refusal(config_), "--rejects " + in.dev_fd() + " is also an input (" + in_ + ")");
  config_.rejects_path.clear();
  config_.inputs = {other_};
  config_.exclude_paths = {in_};
  config_.output = in.dev_fd();
  EXPECT_EQ(refusal(config_),
            "the output " + in.dev_fd() + " is also an --exclude reference (" + in_ + ")");
}

TEST_F(DestinationCheck, ADescriptorToAnotherFileIsWrittenAsUsual) {
  const std::string out = dir_.file("fresh.fen", "");
  const open_descriptor fresh(::open(out.c_str(), O_RDWR | O_CLOEXEC));
  ASSERT_GE(fresh.fd, 0);
  config_.output = fresh.dev_fd();
  EXPECT_EQ(refusal(config_), "");
  // A side file through a descriptor is judged by what the file holds.
  config_.output = dir_.path("out.fen");
  config_.stats_json_path = fresh.dev_fd();
  EXPECT_EQ(refusal(config_), "");
  const open_descriptor dataset(::open(other_.c_str(), O_RDWR | O_CLOEXEC));
  config_.inputs = {in_};
  config_.stats_json_path = dataset.dev_fd();
  EXPECT_NE(refusal(config_).find(" holds FEN/EPD positions"), std::string::npos);
}

TEST_F(DestinationCheck, InPlaceWithMaxBytesIsRefused) {
  config_.max_bytes = 100;
  EXPECT_EQ(refusal(config_), "");  // (another file)
  config_.output = in_;
  EXPECT_EQ(refusal(config_),
            "the output " + in_ +
                " is also an input, and --max-bytes would cut it to its first bytes; write to "
                "another file");
  fs::create_hard_link(in_, dir_.path("hard.fen"));
  config_.output = dir_.path("hard.fen");
  EXPECT_NE(refusal(config_).find(" is also an input (" + in_ + "), and --max-bytes"),
            std::string::npos);
}

TEST_F(DestinationCheck, RefusesAStreamReadTwice) {
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  const open_descriptor read_end(ends[0]);
  const open_descriptor write_end(ends[1]);
  const std::string pid_fd =
      "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(read_end.fd);
  config_.inputs = {read_end.dev_fd()};
  config_.exclude_paths = {pid_fd};
  EXPECT_EQ(refusal(config_), "an input " + read_end.dev_fd() + " and an --exclude reference " +
                                  pid_fd +
                                  " both read one stream, which can be read only once; save it "
                                  "to a file and name that");
  config_.exclude_paths.clear();
  config_.inputs = {read_end.dev_fd(), in_, read_end.dev_fd()};
  EXPECT_NE(refusal(config_).find("both read one stream"), std::string::npos);
  // A FIFO by two names.
  ASSERT_EQ(::mkfifo(dir_.path("fifo").c_str(), 0600), 0);
  fs::create_symlink("fifo", dir_.path("fifo.link"));
  config_.inputs = {in_};
  config_.exclude_paths = {dir_.path("fifo"), dir_.path("fifo.link")};
  EXPECT_EQ(refusal(config_), "an --exclude reference " + dir_.path("fifo") +
                                  " and an --exclude reference " + dir_.path("fifo.link") +
                                  " both read one stream, which can be read only once; save it "
                                  "to a file and name that");
}

TEST_F(DestinationCheck, ARegularFileMayBeReadTwiceByNameNotThroughOneDescriptor) {
  const open_descriptor in(::open(in_.c_str(), O_RDONLY | O_CLOEXEC));
  config_.inputs = {in_, in_};
  config_.exclude_paths = {dir_.path("./in.fen")};
  EXPECT_EQ(refusal(config_), "");
  config_.inputs = {in.dev_fd(), in_};
  EXPECT_EQ(refusal(config_), "");
  config_.inputs = {in.dev_fd()};
  config_.exclude_paths = {"/proc/self/fd/" + std::to_string(in.fd)};
  EXPECT_EQ(refusal(config_), "an input " + in.dev_fd() + " and an --exclude reference " +
                                  config_.exclude_paths[0] +
                                  " both read one file through descriptors; read it once, or name "
                                  "the file itself");
  // /dev/null is empty however often it is read.
  config_.inputs = {"/dev/null", "/dev/null"};
  config_.exclude_paths = {"/dev/null"};
  EXPECT_EQ(refusal(config_), "");
}

TEST_F(DestinationCheck, RefusesEmptyNames) {
  config_.output = "";
  EXPECT_EQ(refusal(config_), "the output's name is empty; name a file, or - for standard output");
  config_.output = dir_.path("out.fen");
  config_.inputs = {in_, ""};
  EXPECT_EQ(refusal(config_), "an input's name is empty");
  config_.inputs = {in_};
  config_.exclude_paths = {""};
  EXPECT_EQ(refusal(config_), "an --exclude reference's name is empty");
}

// Where a dangling link leads is where the file is created (written through the link).
TEST_F(DestinationCheck, ADanglingLinkNamesItsTarget) {
  fs::create_symlink("target.txt", dir_.path("dangling"));
  config_.rejects_path = dir_.path("dangling");
  config_.counts_path = dir_.path("target.txt");
  EXPECT_EQ(refusal(config_), "--rejects and --counts both write " + dir_.path("dangling") +
                                  " (as " + dir_.path("target.txt") + ")");
}

TEST_F(DestinationCheck, TheFirstLineShownIsCutAtACharacter) {
  // 39 ASCII bytes, then a two-byte character across the 40-byte cut: left out whole.
  config_.stats_json_path = dir_.file("notes.txt", std::string(39, 'a') + "\xC3\xA9 and more\n");
  EXPECT_NE(refusal(config_).find("(its first line begins " + std::string(39, 'a') + "...)"),
            std::string::npos)
      << refusal(config_);
}

TEST_F(DestinationCheck, NamesAreQuotedInMessages) {
  const std::string odd = dir_.file("in\nput.fen", position);
  config_.inputs = {odd};
  config_.rejects_path = odd;
  EXPECT_EQ(refusal(config_),
            "--rejects '" + dir_.path("in") + "'$'\\n''put.fen' is also an input");
}

TEST_F(DestinationCheck, RunRefusesBeforeOpeningAnything) {
  config_.stats_json_path = in_;
  EXPECT_THROW((void)run(config_), config_error);
  EXPECT_EQ(test::read_file(in_), position);
  EXPECT_FALSE(fs::exists(config_.output));
}

}  // namespace
}  // namespace fenbatch::pipeline
