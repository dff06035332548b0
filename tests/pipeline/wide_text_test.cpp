// UTF-16 and UTF-32 text is recognised, with its byte order, by its byte-order mark or,
// without one, by its zero bytes; UTF-8 (with or without its BOM) and short samples are not.
// The encodings below are those of the Unicode standard for ASCII code points (one code unit,
// zero-extended), the marks U+FEFF in each encoding form.
#include "input/wide_text.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
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

TEST(WideText, ByteOrderMarksNameTheEncoding) {
  EXPECT_EQ(detect_wide_text("\xFF\xFE"), wide_encoding::utf16le);
  EXPECT_EQ(detect_wide_text("\xFE\xFF"), wide_encoding::utf16be);
  EXPECT_EQ(detect_wide_text(std::string("\xFF\xFE\0\0", 4)), wide_encoding::utf32le);
  EXPECT_EQ(detect_wide_text(std::string("\0\0\xFE\xFF", 4)), wide_encoding::utf32be);
  EXPECT_EQ(detect_wide_text("\xFF\xFE" + encode(fen_lines, 2, false)), wide_encoding::utf16le);
  EXPECT_TRUE(looks_like_wide_text("\xFE\xFF"));
}

TEST(WideText, Utf8IsNotWideWithOrWithoutItsByteOrderMark) {
  EXPECT_EQ(detect_wide_text(sample(fen_lines)), wide_encoding::none);
  EXPECT_EQ(detect_wide_text(sample("\xEF\xBB\xBF" + fen_lines)), wide_encoding::none);
  EXPECT_EQ(detect_wide_text(""), wide_encoding::none);
}

TEST(WideText, Utf16AndUtf32WithoutAByteOrderMarkAreNamedByTheirZeros) {
  EXPECT_EQ(detect_wide_text(sample(encode(fen_lines, 2, false))), wide_encoding::utf16le);
  EXPECT_EQ(detect_wide_text(sample(encode(fen_lines, 2, true))), wide_encoding::utf16be);
  EXPECT_EQ(detect_wide_text(sample(encode(fen_lines, 4, false))), wide_encoding::utf32le);
  EXPECT_EQ(detect_wide_text(sample(encode(fen_lines, 4, true))), wide_encoding::utf32be);
}

TEST(WideText, TheRefusalNamesTheEncodingAndTheConversion) {
  const auto message = [](std::string_view head, std::string_view compression) {
    try {
      refuse_wide_text(head, "in put.fen", compression);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(sample(encode(fen_lines, 4, true)), ""),
            "read: 'in put.fen': input looks like UTF-32BE; convert it to UTF-8 (iconv -f UTF-32BE "
            "-t UTF-8)");
  EXPECT_EQ(message("\xFF\xFE", "gzip"),
            "read: 'in put.fen': input looks like UTF-16LE once gzip-decompressed; convert it to "
            "UTF-8 (iconv -f UTF-16LE -t UTF-8)");
  EXPECT_EQ(message(sample(fen_lines), "zstd"), "no error");
}

TEST(WideText, ShortSamplesAndZeroFilledDataAreNotJudgedWide) {
  // Under 32 bytes without a mark, too little to tell.
  EXPECT_FALSE(looks_like_wide_text(encode("8/8/8/8/8/8", 2, false)));
  // Zeros alone are not text in any width.
  EXPECT_FALSE(looks_like_wide_text(std::string(wide_text_sample_size, '\0')));
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
