// The mirror key against an independent reference: tests/core/mirror_reference.py writes the
// colour-flipped twin of each line from its FEN text (as python-chess's Board.mirror() would),
// sharing no code with fenbatch. For every valid line of the shared vectors (8x8 and 10x8) and
// a sample of the shared corpus, the line and its twin must share the mirror key, differ under
// the position key, and the mirror key must be the position key of the twin with White to move
// (the documented choice; which twin that is, the text says).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "shared_data.hpp"
#include "temp_dir.hpp"

namespace fenbatch::core {
namespace {

// Every this many lines of each corpus file: about 28,000 lines of 2.78 million.
constexpr std::size_t corpus_stride = 101;

// A line read as the pipeline routes it: the 8x8 reader, then the 10x8 one for a ten-file line.
struct routed_record {
  bool ten_files = false;
  bool valid = false;
  record eight;
  ten_by_eight::record ten;

  explicit routed_record(std::string_view line) {
    fen_status status = parse_record(line, {}, eight);
    if (is_error(status.code) && ten_by_eight::has_ten_files(line)) {
      ten_files = true;
      status = ten_by_eight::parse_record(line, {}, ten);
    }
    valid = status.ok();
  }
  [[nodiscard]] position_key key(key_kind kind) const {
    return ten_files ? ten_by_eight::make_key(ten, kind) : make_key(eight, kind);
  }
};

// The reference's twin of each line, one per line.
std::vector<std::string> reference_mirrors(const std::vector<std::string>& lines) {
  const test::temp_dir dir;
  std::string input;
  for (const std::string& line : lines) input.append(line).append("\n");
  const std::string in = dir.file("lines.txt", input);
  const std::string out = dir.path("mirrored.txt");
  std::string command = FENBATCH_PYTHON;
  command.append(" '").append(FENBATCH_MIRROR_REFERENCE).append("' <'").append(in);
  command.append("' >'").append(out).append("'");
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  std::vector<std::string> mirrored;
  std::ifstream file(out, std::ios::binary);
  for (std::string line; std::getline(file, line);) mirrored.push_back(line);
  return mirrored;
}

// The side field of a line's text ("w" or "b").
std::string side_field(const std::string& line) {
  std::istringstream fields(line);
  std::string placement;
  std::string side;
  fields >> placement >> side;
  return side;
}

// Checks each valid line of `lines` against its reference twin; returns the lines checked.
std::size_t check_against_reference(const std::vector<std::string>& candidates) {
  std::vector<std::string> lines;
  for (const std::string& line : candidates) {
    if (routed_record(line).valid) lines.push_back(line);
  }
  const std::vector<std::string> mirrored = reference_mirrors(lines);
  EXPECT_EQ(mirrored.size(), lines.size());
  int failures = 0;
  for (std::size_t i = 0; i < lines.size() && i < mirrored.size() && failures < 10; ++i) {
    const routed_record original(lines[i]);
    const routed_record twin(mirrored[i]);
    const std::string shown = lines[i] + " | twin " + mirrored[i];
    if (!twin.valid || twin.ten_files != original.ten_files) {
      ADD_FAILURE() << "the twin does not read on the same board: " << shown;
      ++failures;
      continue;
    }
    const position_key key = original.key(key_kind::mirror);
    const routed_record& white = side_field(lines[i]) == "w" ? original : twin;
    const bool ok = key == twin.key(key_kind::mirror) &&
                    original.key(key_kind::position) != twin.key(key_kind::position) &&
                    key == white.key(key_kind::position);
    if (!ok) {
      ADD_FAILURE() << "mirror keys: " << shown;
      ++failures;
    }
  }
  return lines.size();
}

// The first column of a vectors file (comment lines left out).
std::vector<std::string> vector_lines(const std::filesystem::path& path) {
  std::vector<std::string> lines;
  for (const std::string& row : test::read_lines(path)) {
    if (row.empty() || row[0] == '#') continue;
    lines.push_back(row.substr(0, row.find('\t')));
  }
  return lines;
}

TEST(MirrorReference, EightByEightVectors) {
  FENBATCH_REQUIRE_SHARED(shared);
  EXPECT_GT(check_against_reference(vector_lines(shared / "vectors" / "fen-vectors.tsv")), 50U);
}

TEST(MirrorReference, TenByEightVectors) {
  FENBATCH_REQUIRE_SHARED(shared);
  EXPECT_GT(check_against_reference(vector_lines(shared / "vectors" / "fen-vectors-10x8.tsv")),
            20U);
}

TEST(MirrorReference, CorpusSample) {
  FENBATCH_REQUIRE_SHARED(shared);
  std::vector<std::string> sample;
  for (const std::filesystem::path& file : test::corpus_files(shared)) {
    const std::string text = test::read_zst(file);
    line_splitter lines(std::string_view(text).substr(bom_length(text)));
    std::size_t n = 0;
    for (line_span line; lines.next(line); ++n) {
      if (n % corpus_stride == 0) sample.emplace_back(line.text);
    }
  }
  EXPECT_EQ(check_against_reference(sample), sample.size());  // every corpus line is valid
}

}  // namespace
}  // namespace fenbatch::core
