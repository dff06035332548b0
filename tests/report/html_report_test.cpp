// The report page as a whole: the element ids the browser test and readers rely on, the
// outcome bar in proportion, the reasons in order, escaping, an empty run, nothing fetched,
// the same bytes every time.
#include "fenbatch/pipeline/html_report.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "sample_stats.hpp"

namespace fenbatch::pipeline {
namespace {

using test::sample_finish;

// The ids of the page's contract (tests/report/browser relies on them).
const std::vector<std::string> contract_ids = {
    "summary",        "chart-outcomes",     "chart-reasons",  "chart-inputs",  "chart-piece-count",
    "chart-material", "chart-side-to-move", "chart-castling", "most-repeated", "options"};

std::string page_of(const test::sample_run& run) {
  return to_html_report(run.stats, run.config, sample_finish);
}

// The element that starts with `start` up to the first `end` after it.
std::string_view part(std::string_view page, std::string_view start, std::string_view end) {
  const std::size_t from = page.find(start);
  if (from == std::string_view::npos) return {};
  const std::size_t to = page.find(end, from);
  return page.substr(from, to == std::string_view::npos ? std::string_view::npos : to - from);
}

std::size_t occurrences(std::string_view text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string_view::npos;
       at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

// Well-formed UTF-8 (RFC 3629), checked by decoding each code point: no overlong form, no
// surrogate, nothing above U+10FFFF.
bool valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    int extra = 0;
    std::uint32_t code = 0;
    if (lead < 0x80) {
      code = lead;
    } else if ((lead & 0xE0) == 0xC0) {
      extra = 1;
      code = lead & 0x1FU;
    } else if ((lead & 0xF0) == 0xE0) {
      extra = 2;
      code = lead & 0x0FU;
    } else if ((lead & 0xF8) == 0xF0) {
      extra = 3;
      code = lead & 0x07U;
    } else {
      return false;
    }
    if (text.size() - i <= static_cast<std::size_t>(extra)) return false;  // (cut short)
    for (int k = 1; k <= extra; ++k) {
      const auto next = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
      if ((next & 0xC0) != 0x80) return false;
      code = (code << 6) | (next & 0x3FU);
    }
    constexpr std::uint32_t smallest[] = {0, 0x80, 0x800, 0x10000};
    if (code < smallest[extra] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
      return false;
    }
    i += static_cast<std::size_t>(extra) + 1;
  }
  return true;
}

TEST(HtmlReport, HasEveryIdOfTheContract) {
  const std::string page = page_of(test::hand_filled_run());
  for (const std::string& id : contract_ids) {
    EXPECT_NE(page.find("id=\"" + id + '"'), std::string::npos) << id;
  }
  EXPECT_NE(page.find("<svg id=\"chart-outcomes\" class=\"chart"), std::string::npos);
  EXPECT_NE(page.find("<table id=\"options\""), std::string::npos);
  EXPECT_NE(page.find("<section id=\"most-repeated\""), std::string::npos);
  EXPECT_NE(page.find("<section id=\"summary\""), std::string::npos);
  // 10x8 lines were read: the boards chart too.
  EXPECT_NE(page.find("<svg id=\"chart-boards\""), std::string::npos);
}

TEST(HtmlReport, EachIdOnce) {
  const std::string page = page_of(test::hand_filled_run());
  std::vector<std::string> ids;
  const std::regex id_attribute(" id=\"([^\"]+)\"");
  for (auto it = std::sregex_iterator(page.begin(), page.end(), id_attribute);
       it != std::sregex_iterator(); ++it) {
    ids.push_back((*it)[1]);
  }
  EXPECT_GT(ids.size(), contract_ids.size());
  for (const std::string& id : ids) EXPECT_EQ(occurrences(page, " id=\"" + id + '"'), 1U) << id;
}

TEST(HtmlReport, StartsWithTheHeadThePageNeeds) {
  const std::string page = page_of(test::hand_filled_run());
  EXPECT_EQ(page.rfind("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>", 0),
            0U);
  EXPECT_NE(page.find("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"),
            std::string::npos);
  EXPECT_NE(page.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                      "'none'; style-src 'unsafe-inline'\"/>"),
            std::string::npos);
  EXPECT_NE(page.find("<footer>fenbatch " FENBATCH_TEST_VERSION "</footer>"), std::string::npos);
}

// 1000 lines in a bar 1000 units across: each outcome's segment is its count, end to end.
TEST(HtmlReport, OutcomeSegmentsAreInProportion) {
  const std::string page = page_of(test::hand_filled_run());
  const std::string_view bar = part(page, "<svg id=\"chart-outcomes\"", "</svg>");
  ASSERT_FALSE(bar.empty());
  EXPECT_NE(bar.find("viewBox=\"0 0 1000 40\""), std::string_view::npos);
  const char* const segments[] = {
      R"(<rect x="0" y="0" width="600" height="40" fill="#009E73"><title>written: 600 (60.0%))",
      R"(<rect x="600" y="0" width="250" height="40" fill="#0072B2"><title>duplicates: 250 (25.0%))",
      R"(<rect x="850" y="0" width="50" height="40" fill="#CC79A7"><title>excluded: 50 (5.0%))",
      R"(<rect x="900" y="0" width="80" height="40" fill="#D55E00"><title>invalid: 80 (8.0%))",
      R"(<rect x="980" y="0" width="20" height="40" fill="#8C8C8C"><title>skipped: 20 (2.0%))",
  };
  std::size_t previous = 0;
  for (const char* segment : segments) {
    const std::size_t at = bar.find(segment);
    ASSERT_NE(at, std::string_view::npos) << segment;
    EXPECT_GE(at, previous) << segment;
    previous = at;
  }
  EXPECT_EQ(occurrences(bar, "<rect"), 5U);
  // The legend says the same in words.
  EXPECT_NE(page.find("<span class=\"label\">written</span> <span class=\"detail\">600 "
                      "(60.0%)</span>"),
            std::string::npos);
  EXPECT_NE(page.find("<span class=\"label\">invalid</span> <span class=\"detail\">80 "
                      "(8.0%)</span>"),
            std::string::npos);
}

// --where: 100 of the 600 written lines filtered instead (all in the first input), 70 under the
// first expression and 30 under the second. The filtered segment sits between excluded and
// invalid, as in the reconciliation; a run without --where shows no filtered at all.
TEST(HtmlReport, FilteredLinesAreAnOutcomeOnlyWithWhere) {
  test::sample_run run = test::hand_filled_run();
  EXPECT_EQ(page_of(run).find("filtered"), std::string::npos);
  EXPECT_NE(page_of(run).find("<th scope=\"row\">where</th><td>none</td>"), std::string::npos);
  run.config.where = {"pieces >= 16", "not in_check"};
  run.stats.written -= 100;
  run.stats.filtered = 100;
  run.stats.filtered_by_where = {70, 30};
  run.stats.inputs[0].counts.written -= 100;
  run.stats.inputs[0].counts.filtered = 100;
  const std::string page = page_of(run);
  const std::string_view bar = part(page, "<svg id=\"chart-outcomes\"", "</svg>");
  const char* const segments[] = {
      R"(<rect x="0" y="0" width="500" height="40" fill="#009E73"><title>written: 500 (50.0%))",
      R"(<rect x="750" y="0" width="50" height="40" fill="#CC79A7"><title>excluded: 50 (5.0%))",
      R"(<rect x="800" y="0" width="100" height="40" fill="#E69F00"><title>filtered: 100 (10.0%))",
      R"(<rect x="900" y="0" width="80" height="40" fill="#D55E00"><title>invalid: 80 (8.0%))",
  };
  for (const char* segment : segments) EXPECT_NE(bar.find(segment), std::string_view::npos);
  EXPECT_EQ(occurrences(bar, "<rect"), 6U);
  const std::string_view summary = part(page, "<section id=\"summary\"", "</section>");
  EXPECT_NE(summary.find("<div id=\"number-filtered\"><dt>filtered</dt><dd>100<small>10.0%"),
            std::string_view::npos);
  const std::string_view table = part(page, "<table id=\"inputs-table\"", "</table>");
  EXPECT_NE(table.find("<th class=\"n\">excluded</th><th class=\"n\">filtered</th><th "
                       "class=\"n\">invalid</th>"),
            std::string_view::npos);
  // The first input: 500 lines, 200 written, 125 duplicates, 25 excluded, 100 filtered, 40
  // invalid, 10 skipped.
  EXPECT_NE(table.find("<td class=\"n\">500</td><td class=\"n\">200</td><td class=\"n\">125</td>"
                       "<td class=\"n\">25</td><td class=\"n\">100</td><td class=\"n\">40</td>"
                       "<td class=\"n\">10</td>"),
            std::string_view::npos);
  const std::string_view options = part(page, "<table id=\"options\"", "</table>");
  EXPECT_NE(options.find("<th scope=\"row\">where</th><td><code>pieces &gt;= 16</code>: filtered "
                         "70<br/><code>not in_check</code>: filtered 30</td>"),
            std::string_view::npos);
  // The counts add up with filtered; without it they would not (a warning names the formula).
  EXPECT_EQ(page.find("class=\"warning\""), std::string::npos);
  run.stats.filtered = 99;
  EXPECT_NE(page_of(run).find("excluded + filtered + invalid + skipped."), std::string::npos);
}

TEST(HtmlReport, ListsTheReasonsThatOccurredByCount) {
  const std::string page = page_of(test::hand_filled_run());
  const std::string_view chart = part(page, "<svg id=\"chart-reasons\"", "</svg>");
  ASSERT_FALSE(chart.empty());
  const std::size_t rank_width = chart.find(">rank_width</text>");
  const std::size_t bad_side = chart.find(">bad_side</text>");
  ASSERT_NE(rank_width, std::string_view::npos);
  ASSERT_NE(bad_side, std::string_view::npos);
  EXPECT_LT(rank_width, bad_side);  // 50 before 30
  EXPECT_NE(chart.find(">50 (62.5%)</text>"), std::string_view::npos);
  EXPECT_NE(chart.find(">30 (37.5%)</text>"), std::string_view::npos);
  EXPECT_EQ(occurrences(chart, "<rect"), 2U);
  EXPECT_EQ(occurrences(chart, "</text>"), 4U);  // two names, two counts
  EXPECT_EQ(page.find("No invalid lines."), std::string::npos);
}

TEST(HtmlReport, SaysSoWhenNoLineIsInvalid) {
  test::sample_run run = test::hand_filled_run();
  run.stats.invalid = 0;
  run.stats.invalid_by_reason = {};
  run.stats.invalid_samples.clear();
  const std::string page = page_of(run);
  EXPECT_NE(page.find("<p id=\"chart-reasons\" class=\"empty\">No invalid lines.</p>"),
            std::string::npos);
  EXPECT_EQ(page.find("<svg id=\"chart-reasons\""), std::string::npos);
}

TEST(HtmlReport, EscapesPathsAndReplacesBytesThatAreNotUtf8) {
  const std::string page = page_of(test::hand_filled_run());
  EXPECT_NE(page.find("a&lt;b&gt;&amp;&quot;c&#39;.fen"), std::string::npos);
  EXPECT_EQ(page.find("a<b>"), std::string::npos);
  EXPECT_NE(page.find("ok\xEF\xBF\xBD.epd"), std::string::npos);  // U+FFFD for the 0xFF byte
  EXPECT_NE(page.find("not a board &lt;at all&gt;"), std::string::npos);
  EXPECT_TRUE(valid_utf8(page));
}

// A placement that cannot be drawn keeps its text and count, without a diagram.
TEST(HtmlReport, DrawsEveryMostRepeatedPositionThatIsABoard) {
  const std::string page = page_of(test::hand_filled_run());
  const std::string_view section = part(page, "<section id=\"most-repeated\"", "</section>");
  EXPECT_EQ(occurrences(section, "<figure class=\"position\">"), 3U);
  EXPECT_EQ(occurrences(section, "<svg class=\"board\""), 2U);
  EXPECT_NE(section.find("seen 40 times"), std::string_view::npos);
  EXPECT_NE(section.find("Black to move"), std::string_view::npos);
  EXPECT_NE(section.find("<code class=\"fen\">rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b "
                         "KQkq -</code>"),
            std::string_view::npos);
  EXPECT_NE(section.find("<code class=\"fen\">not a board &lt;at all&gt;</code>"),
            std::string_view::npos);
  // The 10x8 pieces are explained, and the symbols are defined once.
  EXPECT_NE(section.find("A is an archbishop"), std::string_view::npos);
  EXPECT_EQ(occurrences(page, "<symbol id=\"piece-white-king\""), 1U);
}

TEST(HtmlReport, ShowsTheRunsNumbers) {
  const std::string page = page_of(test::hand_filled_run());
  const std::string_view summary = part(page, "<section id=\"summary\"", "</section>");
  EXPECT_NE(summary.find("<dt>lines</dt><dd>1,<wbr/>000</dd>"), std::string_view::npos);
  EXPECT_NE(summary.find("<dt>unique</dt><dd>610"), std::string_view::npos);
  // 50,000,000 bytes and 1000 lines in 2 s.
  EXPECT_NE(summary.find("<dt>MB/s</dt><dd>25.0</dd>"), std::string_view::npos);
  EXPECT_NE(summary.find("<dt>lines/s</dt><dd>500</dd>"), std::string_view::npos);
  EXPECT_NE(summary.find("<dt>wall time</dt><dd>2.000 s</dd>"), std::string_view::npos);
  EXPECT_NE(summary.find("<dt>threads</dt><dd>4</dd>"), std::string_view::npos);
  EXPECT_NE(summary.find("2024-06-01T12:00:00Z"), std::string_view::npos);
  const std::string_view options = part(page, "<table id=\"options\"", "</table>");
  EXPECT_NE(options.find("<th scope=\"row\">dedupe</th><td>yes</td>"), std::string_view::npos);
  EXPECT_NE(options.find("<th scope=\"row\">key</th><td>position</td>"), std::string_view::npos);
  EXPECT_NE(options.find("<th scope=\"row\">memory budget</th><td>1 GiB (--memory-limit)</td>"),
            std::string_view::npos);
  EXPECT_NE(options.find("/data/test-set.epd"), std::string_view::npos);
}

TEST(HtmlReport, WarnsWhenTheRunIsNotWhole) {
  test::sample_run run = test::hand_filled_run();
  EXPECT_EQ(page_of(run).find("class=\"warning\""), std::string::npos);
  run.stats.lines += 1;  // one line in no outcome
  run.stats.stopped_at_max_bytes = true;
  run.stats.inputs_changed = {"/data/growing<1>.fen"};
  const std::string page = page_of(run);
  EXPECT_EQ(occurrences(page, "<p class=\"warning\">"), 3U);
  EXPECT_NE(page.find("The counts do not add up"), std::string::npos);
  EXPECT_NE(page.find("Reading stopped at the byte limit"), std::string::npos);
  EXPECT_NE(page.find("Inputs changed while they were read: /data/growing&lt;1&gt;.fen"),
            std::string::npos);
}

TEST(HtmlReport, EmptyRunGivesAPageWithoutNonNumbers) {
  const std::string page = page_of(test::empty_run());
  for (const std::string& id : contract_ids) {
    EXPECT_NE(page.find("id=\"" + id + '"'), std::string::npos) << id;
  }
  EXPECT_NE(page.find("<p id=\"chart-reasons\" class=\"empty\">No invalid lines.</p>"),
            std::string::npos);
  EXPECT_NE(page.find("No lines were read."), std::string::npos);
  const std::regex non_number("\\b(nan|inf|infinity)\\b", std::regex::icase);
  EXPECT_FALSE(std::regex_search(page, non_number));
  const std::regex negative_size("(width|height|x|y|cx|cy|r)=\"-");
  EXPECT_FALSE(std::regex_search(page, negative_size));
  EXPECT_TRUE(valid_utf8(page));
}

TEST(HtmlReport, HugeCountsStayNumbers) {
  const std::string page = page_of(test::huge_run());
  const std::regex non_number("\\b(nan|inf|infinity)\\b", std::regex::icase);
  EXPECT_FALSE(std::regex_search(page, non_number));
  EXPECT_FALSE(std::regex_search(page, std::regex("(width|height|x|y)=\"-")));
  EXPECT_NE(page.find("999,<wbr/>999,<wbr/>999,<wbr/>900"), std::string::npos);  // lines
  // 300 inputs: 25 drawn, said so.
  const std::string_view chart = part(page, "<svg id=\"chart-inputs\"", "</svg>");
  EXPECT_EQ(occurrences(chart, "lines</text>"), 25U);
  EXPECT_NE(page.find("The first 25 of 300 inputs are drawn"), std::string::npos);
}

TEST(HtmlReport, FetchesNothingAndRunsNothing) {
  for (const test::sample_run& run :
       {test::hand_filled_run(), test::empty_run(), test::huge_run()}) {
    const std::string page = page_of(run);
    EXPECT_EQ(page.find("<script"), std::string::npos);
    EXPECT_EQ(page.find("http:"), std::string::npos);
    EXPECT_EQ(page.find("https:"), std::string::npos);
    EXPECT_EQ(page.find("//"), std::string::npos);
    EXPECT_EQ(page.find("url("), std::string::npos);
    EXPECT_EQ(page.find("@import"), std::string::npos);
    EXPECT_EQ(page.find("<link"), std::string::npos);
    EXPECT_EQ(page.find("<img"), std::string::npos);
    EXPECT_EQ(page.find(" src="), std::string::npos);
    // References within the page only: each <use> names a symbol the page defines.
    const std::regex use_reference("<use href=\"#([a-z-]+)\"");
    for (auto it = std::sregex_iterator(page.begin(), page.end(), use_reference);
         it != std::sregex_iterator(); ++it) {
      EXPECT_NE(page.find("<symbol id=\"" + (*it)[1].str() + '"'), std::string::npos);
    }
  }
}

// Paths and positions of any bytes (a fixed pseudo-random sequence): the page stays UTF-8
// without control characters, and the bytes of the data never open an element.
TEST(HtmlReport, AnyBytesInTheDataKeepThePageText) {
  std::mt19937 random(18);
  std::uniform_int_distribution<int> byte(0, 255);
  const auto noise = [&](std::string text, std::size_t length) {
    for (std::size_t i = 0; i < length; ++i) text += static_cast<char>(byte(random));
    return text;
  };
  for (int round = 0; round < 50; ++round) {
    test::sample_run run = test::hand_filled_run();
    run.config.inputs = {noise({}, 40), noise("<", 10)};
    run.stats.inputs[0].path = run.config.inputs[0];
    run.stats.inputs[1].path = run.config.inputs[1];
    run.config.fen_field = noise({}, 8);
    run.stats.most_repeated[2].text = noise({}, 60);
    run.stats.most_repeated[1].text = noise("rnbqkbnr/", 30);
    run.stats.invalid_samples[0].file = noise({}, 20);
    const std::string page = page_of(run);
    ASSERT_TRUE(valid_utf8(page)) << "round " << round;
    for (const char c : page) {
      const auto b = static_cast<unsigned char>(c);
      ASSERT_TRUE(b >= 0x20 || c == '\n' || c == '\t' || c == '\r') << "round " << round;
    }
    EXPECT_EQ(page.find("<<"), std::string::npos);
    EXPECT_EQ(occurrences(page, "<figure class=\"position\">"), 3U);
  }
}

TEST(HtmlReport, SameArgumentsSameBytes) {
  const test::sample_run run = test::hand_filled_run();
  EXPECT_EQ(page_of(run), page_of(run));
  const test::sample_run huge = test::huge_run();
  EXPECT_EQ(page_of(huge), page_of(huge));
}

// --uniqueness: a "Distinct positions" table, one row per identity in order, an estimate marked
// "~" with its error; nothing of it without the option.
TEST(HtmlReport, DistinctPositionsOnlyWithUniqueness) {
  test::sample_run run = test::hand_filled_run();
  EXPECT_EQ(page_of(run).find("id=\"uniqueness\""), std::string::npos);
  run.config.uniqueness = true;
  run.stats.uniqueness = uniqueness_stats{};
  run.stats.uniqueness->identities = {
      {{1234, true}, {1200, true}, {1199, true}, {1100, true}, {1000, true}, {987654, false}}};
  const std::string page = page_of(run);
  const std::string_view table = part(page, "<table id=\"uniqueness-table\"", "</table>");
  EXPECT_EQ(occurrences(table, "<tr><th scope=\"row\"><code>"), 6U);
  EXPECT_NE(table.find("<code>fen</code></th><td>the whole canonical FEN, move counters "
                       "included</td><td class=\"n\">1,234</td>"),
            std::string_view::npos);
  EXPECT_NE(table.find("<code>mirror</code></th><td>the position up to the colour flip</td><td "
                       "class=\"n\">~987,654 (\xC2\xB1"
                       "0.41%)</td>"),
            std::string_view::npos);
  EXPECT_LT(table.find("<code>board_side_castling</code>"), table.find("<code>board_side</code>"));
  EXPECT_NE(page.find("<th scope=\"row\">uniqueness</th>"), std::string::npos);
}

}  // namespace
}  // namespace fenbatch::pipeline
