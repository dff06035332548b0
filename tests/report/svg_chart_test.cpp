// The chart builders: bars in proportion to their values, in the order given, with their
// numbers as text; axis steps and short counts as worked out by hand.
#include "report/svg_chart.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <regex>
#include <string>
#include <vector>

namespace fenbatch::pipeline::detail {
namespace {

// The x, width (or y, height) of every <rect> in `svg`, in order.
struct box {
  double x, y, width, height;
};
std::vector<box> rects(const std::string& svg) {
  std::vector<box> found;
  const std::regex rect(
      "<rect x=\"([0-9.]+)\" y=\"([0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rect); it != std::sregex_iterator();
       ++it) {
    found.push_back(
        {std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3]), std::stod((*it)[4])});
  }
  return found;
}

TEST(SvgChart, StackedBarSegmentsMeetAndFillTheWidth) {
  const std::vector<series> parts = {{"one", "#000"}, {"two", "#111"}, {"three", "#222"}};
  const std::vector<std::uint64_t> values = {1, 0, 2};
  const std::string svg = stacked_bar_svg("strip", "A strip", parts, values, "nothing");
  const std::vector<box> boxes = rects(svg);
  ASSERT_EQ(boxes.size(), 2U);  // the 0 is left out
  EXPECT_EQ(boxes[0].x, 0);
  EXPECT_NEAR(boxes[0].width, 333.33, 0.01);
  EXPECT_NEAR(boxes[1].x, 333.33, 0.01);
  EXPECT_NEAR(boxes[1].x + boxes[1].width, 1000, 0.01);
  EXPECT_NE(svg.find("<title>one: 1 (33.3%)</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>three: 2 (66.7%)</title>"), std::string::npos);
  EXPECT_NE(svg.find("<title>A strip</title>"), std::string::npos);
  EXPECT_NE(svg.find("preserveAspectRatio=\"none\""), std::string::npos);
}

TEST(SvgChart, EmptyStackedBarIsATrack) {
  const std::vector<series> parts = {{"one", "#000"}};
  const std::vector<std::uint64_t> values = {0};
  const std::string svg = stacked_bar_svg("strip", "A strip", parts, values, "nothing read");
  const std::vector<box> boxes = rects(svg);
  ASSERT_EQ(boxes.size(), 1U);
  EXPECT_EQ(boxes[0].width, 1000);
  EXPECT_NE(svg.find("<title>nothing read</title>"), std::string::npos);
}

TEST(SvgChart, BarLengthsAreInProportionToTheLargest) {
  const std::vector<bar> bars = {{"first", 50, 0, "50", {}, {}},
                                 {"second", 30, 0, "30", {}, {}},
                                 {"third", 5, 0, "5", {}, {}}};
  bar_chart_style style;
  style.color = "#D55E00";
  const std::string svg = bar_chart_svg("bars", "Bars", bars, style);
  const std::vector<box> boxes = rects(svg);
  ASSERT_EQ(boxes.size(), 3U);
  EXPECT_NEAR(boxes[1].width / boxes[0].width, 0.6, 0.001);
  EXPECT_NEAR(boxes[2].width / boxes[0].width, 0.1, 0.001);
  EXPECT_LT(boxes[0].y, boxes[1].y);  // in the order given, top down
  EXPECT_LT(boxes[1].y, boxes[2].y);
  // Each bar starts at the same place, after the labels; nothing is drawn past the viewBox.
  for (const box& b : boxes) {
    EXPECT_EQ(b.x, boxes[0].x);
    EXPECT_LE(b.x + b.width, chart_width);
  }
  EXPECT_LT(svg.find(">first</text>"), svg.find(">second</text>"));
  EXPECT_NE(svg.find(">30</text>"), std::string::npos);
  EXPECT_NE(svg.find("<title>second: 30</title>"), std::string::npos);
}

TEST(SvgChart, DrawsAPartOverItsBar) {
  const std::vector<bar> bars = {{"all", 100, 40, "100", {}, "40 written"}};
  bar_chart_style style;
  style.color = "#56B4E9";
  style.part_color = "#009E73";
  const std::string svg = bar_chart_svg("bars", "Bars", bars, style);
  const std::vector<box> boxes = rects(svg);
  ASSERT_EQ(boxes.size(), 2U);
  EXPECT_EQ(boxes[1].x, boxes[0].x);
  EXPECT_NEAR(boxes[1].width / boxes[0].width, 0.4, 0.001);
  EXPECT_NE(svg.find(">40 written</text>"), std::string::npos);
}

TEST(SvgChart, LabelsAboveLeaveTheDetailOnTheBarsLine) {
  const std::vector<bar> bars = {
      {"KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP", 100, 40, "100", {}, "40 written"}};
  bar_chart_style style;
  style.labels_above = true;
  const std::string svg = bar_chart_svg("bars", "Bars", bars, style);
  EXPECT_NE(svg.find(">KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP</text>"), std::string::npos);  // whole
  EXPECT_NE(svg.find(">100<tspan fill=\"#59636e\"> \xC2\xB7 40 written</tspan></text>"),
            std::string::npos);
  const std::vector<box> boxes = rects(svg);
  ASSERT_EQ(boxes.size(), 2U);
  EXPECT_EQ(boxes[0].x, 0);
}

TEST(SvgChart, StackedRowsEachFillTheWidth) {
  const std::vector<series> parts = {{"a", "#000"}, {"b", "#111"}};
  const std::vector<stacked_row> rows = {{"/data/x.fen", "4 lines", "x", {1, 3}},
                                         {"/data/y.fen", "0 lines", "y", {0, 0}}};
  const std::string svg = stacked_rows_svg("rows", "Rows", parts, rows);
  const std::vector<box> boxes = rects(svg);
  ASSERT_EQ(boxes.size(), 3U);  // x: two segments; y: an empty track
  EXPECT_EQ(boxes[0].x, 0);
  EXPECT_EQ(boxes[0].width, chart_width / 4);
  EXPECT_EQ(boxes[1].x, chart_width / 4);
  EXPECT_EQ(boxes[1].width, chart_width * 3 / 4);
  EXPECT_EQ(boxes[2].width, chart_width);
  EXPECT_NE(svg.find(">/data/x.fen</text>"), std::string::npos);
  EXPECT_NE(svg.find(">4 lines</text>"), std::string::npos);
}

TEST(SvgChart, ColumnsShareOneScale) {
  const std::vector<column> columns = {{"2", 10, 0, {}}, {"3", 40, 20, {}}, {"4", 0, 0, {}}};
  const std::string svg = column_chart_svg("columns", "Columns", columns, "#111", "#222");
  const std::vector<box> boxes = rects(svg);
  ASSERT_EQ(boxes.size(), 3U);  // 10; 40 and its part 20; nothing for 0
  EXPECT_NEAR(boxes[0].height / boxes[1].height, 0.25, 0.001);
  EXPECT_NEAR(boxes[2].height / boxes[1].height, 0.5, 0.001);
  // Standing on one baseline.
  EXPECT_NEAR(boxes[0].y + boxes[0].height, boxes[1].y + boxes[1].height, 0.01);
  EXPECT_NEAR(boxes[2].y + boxes[2].height, boxes[1].y + boxes[1].height, 0.01);
  EXPECT_LT(boxes[0].x, boxes[1].x);
  // Axis: 0 to 40 in steps of 10.
  for (const char* tick : {">0</text>", ">10</text>", ">20</text>", ">30</text>", ">40</text>"}) {
    EXPECT_NE(svg.find(tick), std::string::npos) << tick;
  }
}

TEST(SvgChart, EmptyChartSaysWhy) {
  const std::string svg = empty_chart_svg("chart-x", "X", "No valid lines.");
  EXPECT_EQ(svg.rfind("<svg id=\"chart-x\" class=\"chart", 0), 0U);
  EXPECT_NE(svg.find(">No valid lines.</text>"), std::string::npos);
}

TEST(SvgChart, EscapesLabels) {
  const std::vector<bar> bars = {{"<a&b>", 1, 0, "1", {}, {}}};
  const std::string svg = bar_chart_svg("bars", "T<i>tle", bars, {});
  EXPECT_NE(svg.find(">&lt;a&amp;b&gt;</text>"), std::string::npos);
  EXPECT_NE(svg.find("<title>T&lt;i&gt;tle</title>"), std::string::npos);
  const std::vector<legend_entry> legend = {{"x<y", "#000", "1 & 2"}};
  EXPECT_EQ(legend_html(legend),
            "<ul class=\"legend\"><li><svg class=\"swatch\" viewBox=\"0 0 10 10\" width=\"10\" "
            "height=\"10\" aria-hidden=\"true\"><rect width=\"10\" height=\"10\" rx=\"2\" "
            "fill=\"#000\"/></svg><span class=\"label\">x&lt;y</span> <span "
            "class=\"detail\">1 &amp; 2</span></li></ul>");
}

TEST(SvgChart, FitsTextWithAnEllipsis) {
  EXPECT_EQ(fit_text("short", 1000, keep_side::start), "short");
  const std::string path = "/a/very/long/folder/and/then/the/file-name.epd";
  const std::string end = fit_text(path, 120, keep_side::end);
  EXPECT_EQ(end.rfind("\xE2\x80\xA6", 0), 0U);
  EXPECT_TRUE(end.ends_with("file-name.epd"));
  EXPECT_LE(text_width(end), 120);
  const std::string start = fit_text(path, 120, keep_side::start);
  EXPECT_TRUE(start.starts_with("/a/very"));
  EXPECT_TRUE(start.ends_with("\xE2\x80\xA6"));
  // Never a character cut in two.
  const std::string accents =
      fit_text("\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9", 30, keep_side::start);
  EXPECT_EQ(accents.size() % 2, 1U);  // whole 2-byte characters and the 3-byte ellipsis
  EXPECT_TRUE(accents.starts_with("\xC3\xA9"));
}

TEST(SvgChart, AxisStepsAreOneTwoOrFiveTimesAPowerOfTen) {
  EXPECT_EQ(axis_step(1), 1U);
  EXPECT_EQ(axis_step(5), 1U);
  EXPECT_EQ(axis_step(6), 2U);
  EXPECT_EQ(axis_step(10), 2U);
  EXPECT_EQ(axis_step(11), 5U);
  EXPECT_EQ(axis_step(25), 5U);
  EXPECT_EQ(axis_step(26), 10U);
  EXPECT_EQ(axis_step(1'894'829), 500'000U);
  EXPECT_EQ(axis_step(1'000'000'000'000), 200'000'000'000U);
  EXPECT_EQ(axis_step(UINT64_MAX), 5'000'000'000'000'000'000U);
}

TEST(SvgChart, ShortCounts) {
  EXPECT_EQ(short_count(0), "0");
  EXPECT_EQ(short_count(950), "950");
  EXPECT_EQ(short_count(1000), "1k");
  EXPECT_EQ(short_count(1500), "1.5k");
  EXPECT_EQ(short_count(20'000), "20k");
  EXPECT_EQ(short_count(500'000), "500k");
  EXPECT_EQ(short_count(3'000'000), "3M");
  EXPECT_EQ(short_count(1'200'000'000), "1.2G");
  EXPECT_EQ(short_count(1'000'000'000'000), "1T");
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
