// Escaping and numbers for the report. The replacement of ill-formed UTF-8 follows the
// examples of the Unicode Standard, section 3.9 (Table 3-8 and the text around it): one
// U+FFFD per maximal subpart.
#include "report/html_text.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace fenbatch::pipeline::detail {
namespace {

const std::string fffd = "\xEF\xBF\xBD";

TEST(HtmlText, EscapesTheFiveMarkupCharacters) {
  EXPECT_EQ(escaped("a<b>&\"c'.fen"), "a&lt;b&gt;&amp;&quot;c&#39;.fen");
  EXPECT_EQ(escaped("plain/path.epd"), "plain/path.epd");
  EXPECT_EQ(escaped(""), "");
}

TEST(HtmlText, KeepsWellFormedUtf8) {
  EXPECT_EQ(escaped("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"),
            "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
  EXPECT_EQ(escaped("\xF4\x8F\xBF\xBF"), "\xF4\x8F\xBF\xBF");  // U+10FFFF
  EXPECT_EQ(escaped("tab\there\nnew line"), "tab\there\nnew line");
}

TEST(HtmlText, ReplacesEachMaximalIllFormedSubpart) {
  EXPECT_EQ(escaped("ok\xFF.epd"), "ok" + fffd + ".epd");
  EXPECT_EQ(escaped("\xC0\xAF"), fffd + fffd);  // C0 is never a lead
  EXPECT_EQ(escaped("\xE2\x82"), fffd);         // cut short: one subpart
  EXPECT_EQ(escaped("\xE2\x82x"), fffd + "x");
  EXPECT_EQ(escaped("\xED\xA0\x80"), fffd + fffd + fffd);             // a surrogate
  EXPECT_EQ(escaped("\xF4\x90\x80\x80"), fffd + fffd + fffd + fffd);  // above U+10FFFF
  EXPECT_EQ(escaped("\xF0\x9F\x98"), fffd);
  EXPECT_EQ(escaped("\xE0\x80\xAF"), fffd + fffd + fffd);  // overlong
  EXPECT_EQ(escaped("\x80"), fffd);                        // a lone continuation byte
  // Unicode's own example: 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64.
  EXPECT_EQ(escaped("\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64"),
            "a" + fffd + fffd + fffd + "b" + fffd + "c" + fffd + fffd + "d");
}

TEST(HtmlText, ReplacesCharactersXmlForbids) {
  EXPECT_EQ(escaped(std::string("a\0b", 3)), "a" + fffd + "b");
  EXPECT_EQ(escaped("\x01\x1B\x7F"), fffd + fffd + fffd);
  EXPECT_EQ(escaped("\xC2\x85"), fffd);                         // U+0085, a C1 control
  EXPECT_EQ(escaped("\xC2\xA0"), "\xC2\xA0");                   // U+00A0 is text
  EXPECT_EQ(escaped("\xEF\xBF\xBE\xEF\xBF\xBF"), fffd + fffd);  // U+FFFE, U+FFFF
  EXPECT_EQ(escaped("\xEF\xBF\xBD"), fffd);
}

TEST(HtmlText, WritesCountsWithCommas) {
  EXPECT_EQ(with_commas(0), "0");
  EXPECT_EQ(with_commas(999), "999");
  EXPECT_EQ(with_commas(1000), "1,000");
  EXPECT_EQ(with_commas(2'784'107), "2,784,107");
  EXPECT_EQ(with_commas(1'000'000'000'000), "1,000,000,000,000");
  EXPECT_EQ(with_commas(18'446'744'073'709'551'615U), "18,446,744,073,709,551,615");
}

TEST(HtmlText, WritesShares) {
  EXPECT_EQ(percent(600, 1000), "60.0%");
  EXPECT_EQ(percent(1, 3), "33.3%");
  EXPECT_EQ(percent(2, 3), "66.7%");
  EXPECT_EQ(percent(1000, 1000), "100.0%");
  EXPECT_EQ(percent(1, 100'000), "<0.1%");
  EXPECT_EQ(percent(0, 1000), "0%");
  EXPECT_EQ(percent(0, 0), "0%");
  EXPECT_EQ(percent(5, 0), "0%");
}

TEST(HtmlText, WritesOnlyFiniteNumbers) {
  EXPECT_EQ(fixed(25.0, 1), "25.0");
  EXPECT_EQ(fixed(2.0 / 3.0, 3), "0.667");
  EXPECT_EQ(fixed(std::numeric_limits<double>::quiet_NaN(), 1), "0.0");
  EXPECT_EQ(fixed(std::numeric_limits<double>::infinity(), 1), "0.0");
  EXPECT_EQ(fixed(-0.0, 1), "0.0");
  EXPECT_EQ(fixed(-0.01, 1), "0.0");
  EXPECT_EQ(coordinate(12.5), "12.5");
  EXPECT_EQ(coordinate(300.0), "300");
  EXPECT_EQ(coordinate(1.0 / 3.0), "0.33");
  EXPECT_EQ(coordinate(0.004), "0");
  EXPECT_EQ(coordinate(-0.0), "0");
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
