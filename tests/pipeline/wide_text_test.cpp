// UTF-16 and UTF-32 text is recognised by its byte-order mark or, without one, by its zero
// bytes; UTF-8 (with or without its BOM) and short samples are not. The encodings below are
// those of the Unicode standard for ASCII code points (one code unit, zero-extended).
#include "input/wide_text.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {
namespace {

const std::string fen_lines = [] {
  std::string s;
  while (s.size() < wide_text_sample_size)
    s += "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r\n";
  return s;
}();

std::string encode(std::string_view ascii, std::size_t width, bool big_endian) {
  std::string out;
  for (const char c : ascii) {
    std::string unit(width, '\0');
    unit[big_endian ? width - 1 : 0] = c;
    out += unit;
  }
  return out;
}

std::string sample(const std::string& text) {
  return text.substr(0, wide_text_sample_size);
}

TEST(WideText, ByteOrderMarksOfUtf16AndUtf32AreWide) {
  EXPECT_TRUE(looks_like_wide_text("\xFF\xFE"));                      // UTF-16LE
  EXPECT_TRUE(looks_like_wide_text("\xFE\xFF"));                      // UTF-16BE
  EXPECT_TRUE(looks_like_wide_text(std::string("\xFF\xFE\0\0", 4)));  // UTF-32LE
  EXPECT_TRUE(looks_like_wide_text(std::string("\0\0\xFE\xFF", 4)));  // UTF-32BE
}

TEST(WideText, Utf8IsNotWideWithOrWithoutItsByteOrderMark) {
  EXPECT_FALSE(looks_like_wide_text(sample(fen_lines)));
  EXPECT_FALSE(looks_like_wide_text(sample("\xEF\xBB\xBF" + fen_lines)));
  EXPECT_FALSE(looks_like_wide_text(""));
}

TEST(WideText, Utf16AndUtf32WithoutAByteOrderMarkAreWide) {
  for (const std::size_t width : {std::size_t{2}, std::size_t{4}}) {
    for (const bool big_endian : {false, true}) {
      SCOPED_TRACE(testing::Message() << "width " << width << " big endian " << big_endian);
      EXPECT_TRUE(looks_like_wide_text(sample(encode(fen_lines, width, big_endian))));
    }
  }
}

TEST(WideText, ShortSamplesAndZeroFilledDataAreNotJudgedWide) {
  // Under 32 bytes without a mark, too little to tell.
  EXPECT_FALSE(looks_like_wide_text(encode("8/8/8/8/8/8", 2, false)));
  // Zeros alone are not text in any width.
  EXPECT_FALSE(looks_like_wide_text(std::string(wide_text_sample_size, '\0')));
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
