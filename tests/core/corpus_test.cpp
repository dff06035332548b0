// Every line of the shared corpora (2.78 M real opening-book and endgame positions, all valid):
// accepted, canonical output re-parses to the same position and writes itself again, and the
// position key separates exactly the positions an independent reference counted as unique.
#include <gtest/gtest.h>

#include <unordered_set>

#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"
#include "shared_data.hpp"

namespace fenbatch::core {
namespace {

struct key_hash {
  std::size_t operator()(const position_key& k) const noexcept { return k.low; }
};

struct corpus_counts {
  std::uint64_t lines = 0;
  std::uint64_t unique = 0;
  std::uint64_t with_ep = 0;
  std::uint64_t ep_kept = 0;
};

// Checks every line of `text` and counts what the expectations below refer to.
corpus_counts check_lines(std::string_view text, std::unordered_set<position_key, key_hash>& keys,
                          const std::string& name) {
  corpus_counts counts;
  line_splitter lines(text.substr(bom_length(text)));
  record rec;
  record again;
  std::string canonical(max_written_size(max_line_length), '\0');
  std::string rewritten(max_written_size(max_line_length), '\0');
  int failures = 0;
  // Reports the first few failures with their line; a broken build must not print millions.
  const auto fail = [&](std::string_view what, std::string_view shown) {
    if (++failures <= 10) {
      ADD_FAILURE() << name << ":" << counts.lines << ": " << what << ": " << shown;
    }
  };
  for (line_span line; lines.next(line);) {
    ++counts.lines;
    const fen_status status = parse_record(line.text, {}, rec);
    if (!status.ok()) {
      fail(to_string(status.code), line.text);
      continue;
    }
    if (rec.pos.ep_square != no_square) {
      ++counts.with_ep;
      if (rec.legal_ep != no_square) ++counts.ep_kept;
    }
    const position_key key = make_key(rec, key_kind::position);
    if (keys.insert(key).second) ++counts.unique;

    const std::string_view first(canonical.data(),
                                 write_record(rec, line.text, {}, canonical.data()));
    // The writer copies a strict placement verbatim; re-encoding the bitboards (the path for
    // repaired and generated positions) must give the same text.
    record from_bitboards = rec;
    from_bitboards.placement_length = 0;
    if (std::string_view(rewritten.data(),
                         write_record(from_bitboards, line.text, {}, rewritten.data())) != first) {
      fail("bitboard encoding differs", line.text);
    }
    if (!parse_record(first, {}, again).ok()) {
      fail("canonical form rejected", first);
      continue;
    }
    const std::string_view second(rewritten.data(),
                                  write_record(again, first, {}, rewritten.data()));
    if (first != second) fail("not idempotent", line.text);
    if (make_key(again, key_kind::position) != key) fail("key changed", line.text);
    // The canonical line keeps everything but an ep square that allows no legal capture.
    position expected = rec.pos;
    expected.ep_square = rec.legal_ep;
    if (again.pos != expected) fail("position changed", line.text);
  }
  return counts;
}

class Corpus : public ::testing::Test {
 protected:
  static corpus_counts check_file(const std::filesystem::path& shared,
                                  const std::string& file_name) {
    std::unordered_set<position_key, key_hash> keys;
    return check_lines(test::read_zst(shared / "corpus" / file_name), keys, file_name);
  }
};

// Unique-position counts per file, counted by an independent reference (issue 3).
TEST_F(Corpus, FilesHaveTheReferenceUniquePositionCounts) {
  FENBATCH_REQUIRE_SHARED(shared);
  struct {
    const char* file;
    std::uint64_t unique;
    std::uint64_t lines;
  } const expected[] = {
      {"3moves_FRC.epd.zst", 115'686, 126'113},  {"closedpos.epd.zst", 147'504, 165'735},
      {"UHO_4060_v1.epd.zst", 241'670, 246'759}, {"UHO_4060_v2.epd.zst", 241'670, 242'201},
      {"endgames.epd.zst", 157'824, 157'846},    {"DFRC_openings.epd.zst", 921'600, 921'600},
  };
  for (const auto& e : expected) {
    SCOPED_TRACE(e.file);
    const corpus_counts counts = check_file(shared, e.file);
    EXPECT_EQ(counts.lines, e.lines);
    EXPECT_EQ(counts.unique, e.unique);
  }
}

// All 20 files as one stream in LC_ALL=C name order: every line valid and round-tripping,
// 2,102,418 unique of 2,784,093, and 6,546 of the 77,204 ep squares survive (reference counts).
TEST_F(Corpus, AllFilesTogetherRoundTripAndMatchTheReference) {
  FENBATCH_REQUIRE_SHARED(shared);
  std::unordered_set<position_key, key_hash> keys;
  corpus_counts total;
  const auto files = test::corpus_files(shared);
  ASSERT_EQ(files.size(), 20U);
  for (const auto& file : files) {
    const corpus_counts c = check_lines(test::read_zst(file), keys, file.filename().string());
    total.lines += c.lines;
    total.unique += c.unique;
    total.with_ep += c.with_ep;
    total.ep_kept += c.ep_kept;
  }
  EXPECT_EQ(total.lines, 2'784'093U);
  EXPECT_EQ(total.unique, 2'102'418U);
  EXPECT_EQ(total.with_ep, 77'204U);
  EXPECT_EQ(total.ep_kept, 6'546U);
}

}  // namespace
}  // namespace fenbatch::core
