// Chunking: every byte of every line comes out exactly once, no line is split, a BOM is
// dropped only at the start of a file, and overlong lines are cut without holding them.
#include "input/input_reader.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fenbatch/core/line_limits.hpp"
#include "fenbatch/core/record.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline::detail {
namespace {

using test::temp_dir;

struct collected {
  std::string text;  // concatenated chunk data
  std::uint64_t text_bytes = 0;
  int chunks = 0;
  int boms = 0;
  bool every_chunk_ends_a_line = true;
};

collected collect(const std::vector<std::string>& paths, bool mmap, std::size_t target,
                  std::uint64_t max_bytes = 0) {
  input_reader reader(paths, {mmap, false, max_bytes});
  collected out;
  chunk_input c;
  while (reader.next(c, target)) {
    out.text.append(c.data);
    out.text_bytes += c.text_bytes;
    out.boms += c.bom_skipped ? 1 : 0;
    ++out.chunks;
    if (!c.data.empty() && c.data.back() != '\n') {
      // Only the end of a file may end a chunk without LF; it must then be the last chunk
      // of that file, which the next call proves by moving on.
      out.text += "<EOF>";
    }
    c.release();
  }
  return out;
}

const std::string k = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

TEST(InputReader, ChunksCoverEveryByteAndNeverSplitALine) {
  temp_dir dir;
  std::string content;
  for (int i = 0; i < 500; ++i) content += k + (i % 7 == 0 ? "\r\n" : "\n");
  content += "last line without newline";
  const std::string path = dir.file("a.fen", content);
  for (const bool mmap : {true, false}) {
    for (const std::size_t target : {1UL, 7UL, 100UL, 4096UL, 1UL << 20}) {
      SCOPED_TRACE(testing::Message() << "mmap " << mmap << " target " << target);
      const collected got = collect({path}, mmap, target);
      EXPECT_EQ(got.text, content + "<EOF>");
      EXPECT_EQ(got.text_bytes, content.size());
    }
  }
}

TEST(InputReader, ByteOrderMarkIsDroppedOnlyAtTheStartOfEachFile) {
  temp_dir dir;
  const std::string bom = "\xEF\xBB\xBF";
  const std::string a = dir.file("a.fen", bom + k + "\n" + bom + "x\n");
  const std::string b = dir.file("b.fen", bom + k + "\n");
  for (const bool mmap : {true, false}) {
    const collected got = collect({a, b}, mmap, 8);
    EXPECT_EQ(got.text, k + "\n" + bom + "x\n" + k + "\n");
    EXPECT_EQ(got.boms, 2);
    EXPECT_EQ(got.text_bytes, 2 * bom.size() + 2 * (k.size() + 1) + bom.size() + 2);
  }
}

TEST(InputReader, EmptyFilesAndNewlineOnlyFiles) {
  temp_dir dir;
  const std::string empty = dir.file("empty.fen", "");
  const std::string newline = dir.file("nl.fen", "\n");
  for (const bool mmap : {true, false}) {
    EXPECT_EQ(collect({empty}, mmap, 10).chunks, 0);
    EXPECT_EQ(collect({empty, newline, empty}, mmap, 10).text, "\n");
  }
}

TEST(InputReader, OverlongLineIsCutWhenStreamed) {
  temp_dir dir;
  const std::string huge(core::max_line_length + 5000, 'a');
  const std::string path = dir.file("long.fen", k + "\n" + huge + "\n" + k + "\n");
  const collected got = collect({path}, false, 1000);
  // The kept prefix is two bytes over the cap, so the decoder still sees a too-long line
  // whatever happens to a CR in its last byte.
  EXPECT_EQ(got.text, k + "\n" + huge.substr(0, core::max_line_length + 2) + "\n" + k + "\n");
  EXPECT_EQ(got.text_bytes, 2 * (k.size() + 1) + huge.size() + 1);
  // Mapped, the whole line is a view: nothing is copied.
  EXPECT_EQ(collect({path}, true, 1000).text, k + "\n" + huge + "\n" + k + "\n");
}

// --max-bytes N: the lines that start within the first N bytes, whole, mapped or streamed,
// whatever the chunk size; N just before an LF, just after one, between CR and LF, in a BOM.
TEST(InputReader, MaxBytesReadsTheLinesStartingBeforeTheLimitWhole) {
  temp_dir dir;
  const std::string bom = "\xEF\xBB\xBF";
  const std::vector<std::string> lines = {bom + k + "\n", "x\n", "\n", k + " | label\r\n",
                                          "8/8/8/8/8/8/8/K6k w - - 0 1"};
  std::string content;
  for (const std::string& line : lines) content += line;
  const std::string path = dir.file("a.fen", content);
  for (std::uint64_t limit = 1; limit <= content.size() + 1; ++limit) {
    std::string expected;
    std::uint64_t end = 0;
    for (const std::string& line : lines) {
      if (end >= limit) break;
      expected += line;
      end += line.size();
    }
    expected = expected.substr(bom.size());
    if (end == content.size()) expected += "<EOF>";
    for (const bool mmap : {true, false}) {
      for (const std::size_t target : {1UL, 7UL, 1UL << 20}) {
        SCOPED_TRACE(testing::Message()
                     << "limit " << limit << " mmap " << mmap << " target " << target);
        const collected got = collect({path}, mmap, target, limit);
        EXPECT_EQ(got.text, expected);
        EXPECT_EQ(got.text_bytes, end);
      }
    }
  }
}

// The limit counts across inputs: the second file is read up to the line holding its share.
TEST(InputReader, MaxBytesCountsAcrossInputs) {
  temp_dir dir;
  const std::string a = dir.file("a.fen", k + "\n" + k + "\n");
  const std::string b = dir.file("b.fen", k + "\n" + k + "\n");
  const std::string c = dir.file("c.fen", k + "\n");
  const std::uint64_t line = k.size() + 1;
  for (const bool mmap : {true, false}) {
    EXPECT_EQ(collect({a, b, c}, mmap, 10, 2 * line + 1).text_bytes, 3 * line);
    EXPECT_EQ(collect({a, b, c}, mmap, 10, 2 * line).text_bytes, 2 * line);
    EXPECT_EQ(collect({a, b, c}, mmap, 10, 4 * line + 1).text_bytes, 5 * line);
  }
}

// A line that never ends (or is longer than a line may be) stops the reading a line's reach
// past its start, or at the limit when that is further: it is rejected either way, and an
// endless one must not be read forever.
TEST(InputReader, MaxBytesStopsInAnOverlongLine) {
  temp_dir dir;
  const std::uint64_t reach = core::max_line_length + 2;
  const std::string huge(3 * core::max_line_length, 'a');
  const std::string path = dir.file("long.fen", k + "\n" + huge + "\n" + k + "\n");
  const std::uint64_t start = k.size() + 1;  // of the long line
  for (const std::uint64_t limit : {std::uint64_t{5}, start, start + 1, start + reach - 1,
                                    start + reach, start + reach + 1, start + 2 * reach}) {
    // The line holding byte limit - 1 is read to the later of the limit and its reach.
    const std::uint64_t expected = limit <= start ? start : std::max(limit, start + reach);
    for (const bool mmap : {true, false}) {
      SCOPED_TRACE(testing::Message() << "limit " << limit << " mmap " << mmap);
      EXPECT_EQ(collect({path}, mmap, 1000, limit).text_bytes, expected);
    }
  }
}

TEST(InputReader, MissingInputFailsBeforeReading) {
  temp_dir dir;
  const std::string a = dir.file("a.fen", k + "\n");
  EXPECT_THROW(input_reader({a, "/nonexistent/x.fen"}, {}), std::system_error);
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
