// What every part of the report page shares: the page being written (markup as is, text
// escaped), the colour of each outcome and of the positions' bars, and how much of a very
// large run is drawn or listed.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "report/html_text.hpp"

namespace fenbatch::pipeline::detail {

struct page {
  std::string html;
  void raw(std::string_view markup) { html += markup; }
  void text(std::string_view plain) { append_escaped(html, plain); }
  // <tag attributes>text</tag>, the text escaped.
  void element(std::string_view open, std::string_view plain, std::string_view close) {
    raw(open);
    text(plain);
    raw(close);
  }
};

// A colour for each outcome, the same in every chart: the Okabe-Ito palette, which readers
// with any common colour-vision deficiency tell apart, with grey for lines that are no records.
inline constexpr std::string_view written_color = "#009E73";
inline constexpr std::string_view duplicates_color = "#0072B2";
inline constexpr std::string_view excluded_color = "#CC79A7";
inline constexpr std::string_view filtered_color = "#E69F00";   // --where
inline constexpr std::string_view unsampled_color = "#F0E442";  // --sample
inline constexpr std::string_view rare_color = "#332288";       // --min-count
inline constexpr std::string_view invalid_color = "#D55E00";
inline constexpr std::string_view skipped_color = "#8C8C8C";
// Positions: every valid line, and the lines written among them.
inline constexpr std::string_view valid_color = "#56B4E9";

// Lines drawn per chart or listed per table where a run has very many inputs or samples.
inline constexpr std::size_t inputs_drawn = 25;
inline constexpr std::size_t inputs_listed = 200;
inline constexpr std::size_t samples_listed = 30;

}  // namespace fenbatch::pipeline::detail
