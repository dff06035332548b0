// Input ranges (input/input_range.hpp): adjacent ranges of one file read every line exactly
// once, in order, whole, wherever the cuts fall; only a mapped, uncompressed regular file is
// read in part; an input not read is not even opened.
#include "input/input_range.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "input/input_opening.hpp"
#include "input/input_reader.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline::detail {
namespace {

using test::temp_dir;

TEST(LineStartAtOrAfter, FindsTheFirstLineStartingAtOrAfterTheOffset) {
  const std::string_view text = "ab\ncd\n\nef";  // lines start at 0, 3, 6, 7
  EXPECT_EQ(line_start_at_or_after(text, 0), 0U);
  EXPECT_EQ(line_start_at_or_after(text, 1), 3U);
  EXPECT_EQ(line_start_at_or_after(text, 2), 3U);  // on the LF itself
  EXPECT_EQ(line_start_at_or_after(text, 3), 3U);
  EXPECT_EQ(line_start_at_or_after(text, 4), 6U);
  EXPECT_EQ(line_start_at_or_after(text, 6), 6U);  // an empty line starts there
  EXPECT_EQ(line_start_at_or_after(text, 7), 7U);
  EXPECT_EQ(line_start_at_or_after(text, 8), 9U);  // the last line has no LF: none after it
  EXPECT_EQ(line_start_at_or_after(text, 9), 9U);
  EXPECT_EQ(line_start_at_or_after(text, 1000), 9U);
  EXPECT_EQ(line_start_at_or_after(text, UINT64_MAX), 9U);
}

TEST(LineStartAtOrAfter, HandlesCrlfEmptyTextAndTextWithoutLineFeeds) {
  EXPECT_EQ(line_start_at_or_after("", 0), 0U);
  EXPECT_EQ(line_start_at_or_after("", 3), 0U);
  EXPECT_EQ(line_start_at_or_after("abc", 1), 3U);
  EXPECT_EQ(line_start_at_or_after("a\r\nb", 1), 3U);  // on the CR
  EXPECT_EQ(line_start_at_or_after("a\r\nb", 2), 3U);  // on the LF after the CR
  EXPECT_EQ(line_start_at_or_after("\n\n", 1), 1U);
  EXPECT_EQ(line_start_at_or_after("\n\n", 2), 2U);
}

// Where the test itself says lines start: 0 when the file has text past its BOM, and after
// every LF that is not the last byte.
std::vector<std::uint64_t> line_starts(const std::string& file) {
  std::vector<std::uint64_t> starts;
  if (file.size() > (file.rfind("\xEF\xBB\xBF", 0) == 0 ? 3U : 0U)) starts.push_back(0);
  for (std::uint64_t i = 0; i + 1 < file.size(); ++i) {
    if (file[i] == '\n') starts.push_back(i + 1);
  }
  return starts;
}

// The text a single reader of the whole file serves for the lines starting in [begin, end).
std::string expected_text(const std::string& file, std::uint64_t begin, std::uint64_t end) {
  std::uint64_t from = file.size();
  std::uint64_t to = file.size();
  for (const std::uint64_t s : line_starts(file)) {
    if (s >= begin && from == file.size()) from = s;
    if (s >= end) {
      to = s;
      break;
    }
  }
  if (from >= to) return {};
  if (from == 0 && file.rfind("\xEF\xBB\xBF", 0) == 0) from = 3;  // the BOM is not text
  return file.substr(from, to - from);
}

struct range_reading {
  std::string text;
  std::uint64_t input_bytes = 0;
  bool whole_lines = true;  // every chunk ends with LF or at the end of the file
};

range_reading read_range(const std::string& path, std::uint64_t file_size, input_range range,
                         std::size_t target) {
  input_reader reader({path}, {true, false, 0}, {range});
  range_reading out;
  chunk_input c;
  while (reader.next(c, target)) {
    out.text.append(c.data);
    out.input_bytes += c.input_bytes;
    const std::uint64_t chunk_end = c.file_offset + c.data.size();
    if (!c.data.empty() && c.data.back() != '\n' && chunk_end != file_size) {
      out.whole_lines = false;
    }
    c.release();
  }
  return out;
}

TEST(InputRange, AdjacentRangesReadEveryLineOnceWhereverTheCutsFall) {
  temp_dir dir;
  // A BOM, CRLF lines, an empty line, a long line, a lone CR inside a line, no final LF.
  const std::string file = std::string("\xEF\xBB\xBF") + "first\r\n\nsecond\n" +
                           std::string(40, 'x') + "\nthird\rstill\r\nlast";
  const std::string path = dir.file("a.fen", file);
  const std::uint64_t size = file.size();
  const std::string all_text = file.substr(3);
  for (const std::size_t target : {std::size_t{1}, std::size_t{5}, std::size_t{1} << 20}) {
    for (std::uint64_t a = 0; a <= size + 2; ++a) {
      for (std::uint64_t b = a; b <= size + 2; ++b) {
        SCOPED_TRACE(testing::Message() << "cuts " << a << ", " << b << " target " << target);
        const input_range parts[] = {{true, 0, a}, {true, a, b}, {true, b, UINT64_MAX}};
        std::string joined;
        std::uint64_t bytes = 0;
        for (const input_range& part : parts) {
          const range_reading got = read_range(path, size, part, target);
          EXPECT_EQ(got.text, expected_text(file, part.begin, part.end));
          EXPECT_TRUE(got.whole_lines);
          joined += got.text;
          bytes += got.input_bytes;
        }
        ASSERT_EQ(joined, all_text);
        EXPECT_EQ(bytes, size);  // the BOM and every line's bytes counted once
      }
    }
  }
}

TEST(InputRange, CutsAtLineStartsAndInsideOneLongLine) {
  temp_dir dir;
  const std::string line = std::string(100, 'y') + "\n";
  const std::string path = dir.file("b.fen", "a\n" + line + "b\n");  // lines at 0, 2, 103
  EXPECT_EQ(read_range(path, 105, {true, 0, 2}, 1).text, "a\n");
  EXPECT_EQ(read_range(path, 105, {true, 2, 103}, 1).text, line);
  EXPECT_EQ(read_range(path, 105, {true, 103, UINT64_MAX}, 1).text, "b\n");
  // Inside the long line: no line starts there, the range reads nothing.
  EXPECT_EQ(read_range(path, 105, {true, 10, 90}, 1).text, "");
  EXPECT_EQ(read_range(path, 105, {true, 10, 90}, 1).input_bytes, 0U);
  // The range that holds the long line's start reads all of it, past the range's end.
  EXPECT_EQ(read_range(path, 105, {true, 1, 10}, 1).text, line);
  // Past the end of the file.
  EXPECT_EQ(read_range(path, 105, {true, 105, UINT64_MAX}, 1).text, "");
  EXPECT_EQ(read_range(path, 105, {true, 200, 300}, 1).text, "");
  EXPECT_EQ(read_range(path, 105, {true, 0, 1000}, 1).text, "a\n" + line + "b\n");
}

TEST(InputRange, RangesOfSeveralInputsAndInputsNotRead) {
  temp_dir dir;
  const std::string a = dir.file("a.fen", "1\n2\n3\n");
  const std::string missing = dir.path("missing.fen");  // not read: never opened
  const std::string b = dir.file("b.fen", "4\n5\n");
  input_reader reader({a, missing, b}, {true, false, 0},
                      {{true, 2, UINT64_MAX}, {false, 0, UINT64_MAX}, {true, 0, 1}});
  EXPECT_EQ(reader.total_bytes(), 4U + 1U);  // the ranges' bytes
  EXPECT_EQ(reader.file_bytes(), 6U + 4U);   // the files' sizes
  std::string text;
  std::vector<std::uint32_t> files;
  chunk_input c;
  while (reader.next(c, 1 << 20)) {
    text.append(c.data);
    files.push_back(c.file_index);
    c.release();
  }
  EXPECT_EQ(text, "2\n3\n4\n");
  EXPECT_EQ(files, (std::vector<std::uint32_t>{0, 2}));
}

TEST(InputRange, ReaderWantsOneRangePerInputOrNone) {
  temp_dir dir;
  const std::string a = dir.file("a.fen", "1\n");
  EXPECT_THROW(input_reader({a, a}, {true, false, 0}, {input_range{}}), std::invalid_argument);
}

TEST(InputRange, OnlyAMappedUncompressedRegularFileIsReadInPart) {
  temp_dir dir;
  const std::string plain = dir.file("plain.fen", "1\n2\n3\n");
  // zstd's magic: sniffed as compressed before anything is decompressed.
  const std::string zstd = dir.file("packed.fen", std::string("\x28\xB5\x2F\xFD") + "junk\n");
  const std::string empty = dir.file("empty.fen", "");
  const input_options mapped{true, false, 0};
  const input_options read{false, false, 0};
  const input_range part{true, 2, UINT64_MAX};
  EXPECT_NO_THROW((void)make_source(plain, mapped, part));
  EXPECT_THROW((void)make_source(plain, read, part), std::runtime_error);
  EXPECT_THROW((void)make_source(zstd, mapped, part), std::runtime_error);
  EXPECT_THROW((void)make_source(zstd, mapped, {true, 0, 3}), std::runtime_error);
  EXPECT_THROW((void)make_source(empty, mapped, part), std::runtime_error);
  // Whole, each is read as before.
  EXPECT_NO_THROW((void)make_source(plain, read, {}));
  EXPECT_NO_THROW((void)make_source(zstd, mapped, {}));
  EXPECT_NO_THROW((void)make_source(empty, mapped, {}));
  try {
    (void)make_source(plain, read, part);
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(plain), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
