// quoted_name against GNU ls 9.1's `--quoting-style=shell-escape` in a UTF-8 locale: each
// expected string below is what that ls printed for a file of that name.
#include "fenbatch/pipeline/quoted_name.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using fenbatch::pipeline::quoted_name;

TEST(QuotedName, PlainNamesStayBare) {
  EXPECT_EQ(quoted_name("plain"), "plain");
  EXPECT_EQ(quoted_name("dir/in.fen.zst"), "dir/in.fen.zst");
  EXPECT_EQ(quoted_name("-x"), "-x");
  EXPECT_EQ(quoted_name("a#"), "a#");
  EXPECT_EQ(quoted_name("x~"), "x~");
  EXPECT_EQ(quoted_name("{a}"), "{a}");
  EXPECT_EQ(quoted_name("a%b"), "a%b");
  EXPECT_EQ(quoted_name("a+b,c:d@e"), "a+b,c:d@e");
  EXPECT_EQ(quoted_name("\xc3\xa9t\xc3\xa9.fen"), "\xc3\xa9t\xc3\xa9.fen");  // "été.fen"
}

TEST(QuotedName, ShellSpecialsAreSingleQuoted) {
  EXPECT_EQ(quoted_name("a b"), "'a b'");
  EXPECT_EQ(quoted_name("a!b"), "'a!b'");
  EXPECT_EQ(quoted_name("a=b"), "'a=b'");
  EXPECT_EQ(quoted_name("=a"), "'=a'");
  EXPECT_EQ(quoted_name("a^b"), "'a^b'");
  EXPECT_EQ(quoted_name("#a"), "'#a'");
  EXPECT_EQ(quoted_name("~x"), "'~x'");
  EXPECT_EQ(quoted_name(""), "''");
}

TEST(QuotedName, ASingleQuoteAloneIsDoubleQuoted) {
  EXPECT_EQ(quoted_name("it's"), "\"it's\"");
}

TEST(QuotedName, ASingleQuoteBesideADollarIsEscapedInSingleQuotes) {
  // bash reads '$a'\''b' back as $a'b.
  EXPECT_EQ(quoted_name("$a'b"), "'$a'\\''b'");
}

TEST(QuotedName, ControlCharactersAndNonUtf8BytesAreEscaped) {
  EXPECT_EQ(quoted_name("e\033x"), "'e'$'\\033''x'");
  EXPECT_EQ(quoted_name("n\nl"), "'n'$'\\n''l'");
  EXPECT_EQ(quoted_name("t\tb"), "'t'$'\\t''b'");
  EXPECT_EQ(quoted_name("\xff"), "''$'\\377'");
  // A truncated UTF-8 sequence and an overlong one are bytes, not characters.
  EXPECT_EQ(quoted_name("a\xc3"), "'a'$'\\303'");
  EXPECT_EQ(quoted_name("\xc0\xaf"), "''$'\\300\\257'");
}

TEST(QuotedName, TheResultHoldsNoControlByte) {
  std::string every;
  for (int c = 1; c < 256; ++c) every += static_cast<char>(c);
  for (const char c : quoted_name(every)) {
    const auto byte = static_cast<unsigned char>(c);
    EXPECT_FALSE(byte < 0x20 || byte == 0x7f) << "byte " << static_cast<int>(byte);
  }
}

}  // namespace
