// The report page as a document: the head (character set, viewport, a policy that lets
// nothing load, the style sheet), then the sections in the order a person reads them: the
// summary (how many lines, how many written, what went wrong), why lines were rejected, each
// input, the positions, the most repeated positions as boards, and the options. The sections
// are written by run_sections, position_sections and options_table; charts come from
// svg_chart, boards from board_diagram, in the words of the JSON statistics and of --stats.

#include "fenbatch/pipeline/html_report.hpp"

#include <chrono>
#include <string>
#include <string_view>
#include <utility>

#include "fenbatch/version.hpp"
#include "report/options_table.hpp"
#include "report/position_sections.hpp"
#include "report/report_document.hpp"
#include "report/report_page.hpp"
#include "report/report_words.hpp"
#include "report/run_sections.hpp"
#include "report/uniqueness_section.hpp"

namespace fenbatch::pipeline {
namespace {

constexpr std::string_view style_sheet = R"css(
:root{color-scheme:light}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:#fff;color:#1f2328;font:15px/1.45 system-ui,sans-serif}
.page{max-width:68rem;margin:0 auto;padding:1rem 1rem 1.5rem}
header.top{margin-bottom:.5rem}
.kicker{margin:0;font-size:.75rem;letter-spacing:.08em;text-transform:uppercase;color:#59636e}
h1{margin:.1rem 0 .15rem;font-size:1.5rem;line-height:1.25;overflow-wrap:anywhere}
.when{margin:0 0 .75rem;color:#59636e;font-size:.85rem}
h2{font-size:1.15rem;margin:2rem 0 .75rem;padding-top:.6rem;border-top:1px solid #d1d9e0}
h3{font-size:.95rem;margin:0 0 .5rem}
p{margin:.25rem 0 .75rem}
.note{color:#59636e;font-size:.85rem}
.warning{background:#fff8c5;border:1px solid #d4a72c;border-radius:.4rem;padding:.4rem .6rem}
.numbers{display:grid;grid-template-columns:repeat(auto-fit,minmax(8.75rem,1fr));gap:.5rem;margin:0 0 1rem}
.numbers div{background:#f6f8fa;border:1px solid #e1e6eb;border-radius:.5rem;padding:.4rem .65rem;min-width:0}
.numbers dt{font-size:.75rem;color:#59636e}
.numbers dd{margin:0;font-size:1.4rem;line-height:1.25;font-weight:650;font-variant-numeric:tabular-nums}
.numbers dd small{display:block;font-size:.75rem;font-weight:400;color:#59636e}
.numbers dd.long{font-size:1.1rem}
.numbers .run dd{font-size:1.05rem;font-weight:600}
.numbers dd.long{font-size:1.1rem}
.numbers .wide{grid-column:span 2}
.outcomes{margin:0 0 1rem}
.outcomes h2{border:0;margin:0 0 .4rem;padding:0;font-size:1rem}
svg.chart{display:block;width:100%;height:auto;max-width:30rem;overflow:visible}
svg.strip{max-width:none;height:2.25rem;border-radius:.35rem;overflow:hidden;background:#eaeef2}
.legend{display:flex;flex-wrap:wrap;gap:.25rem 1.1rem;list-style:none;margin:.5rem 0 0;padding:0;font-size:.85rem}
.legend li{display:flex;align-items:baseline;gap:.35rem}
.legend .swatch{flex:none;align-self:center}
.legend .detail{color:#59636e;font-variant-numeric:tabular-nums}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,22rem),1fr));gap:1rem;align-items:start}
.card{border:1px solid #d1d9e0;border-radius:.6rem;padding:.75rem .85rem;min-width:0}
.card .legend{margin:0 0 .6rem}
.card.wide{grid-column:1/-1}
.empty{color:#59636e;font-style:italic}
.table-box{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:.85rem;width:100%}
th,td{padding:.3rem .5rem;border-bottom:1px solid #e1e6eb;text-align:left;vertical-align:top}
thead th{border-bottom:2px solid #d1d9e0;font-weight:600;white-space:nowrap}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td{overflow-wrap:anywhere}
td.path{min-width:11rem}
.nowrap{white-space:nowrap}
#options th{width:1%;white-space:nowrap;color:#59636e;font-weight:500}
code{font-family:ui-monospace,monospace;font-size:.9em}
.values{list-style:none;margin:.6rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.15rem .4rem;font-size:.75rem;color:#59636e;font-variant-numeric:tabular-nums}
.values li{white-space:nowrap}
.values b{color:#1f2328;font-weight:600}
.facts{margin:.6rem 0 0;font-size:.85rem;color:#59636e}
.boards{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:1.25rem 1rem}
figure.position{margin:0;max-width:15rem;min-width:0}
svg.board{display:block;width:100%;height:auto}
figcaption{font-size:.85rem;margin-top:.25rem}
figcaption .count{font-weight:600}
.fen{display:block;margin-top:.15rem;font-size:.75rem;color:#1f2328;overflow-wrap:anywhere;user-select:all}
.piece-symbols{position:absolute;width:0;height:0;overflow:hidden}
footer{margin-top:2rem;padding-top:.6rem;border-top:1px solid #d1d9e0;color:#59636e;font-size:.8rem}
@media (max-width:30rem){
.page{padding:.75rem .75rem 1.25rem}
h1{font-size:1.3rem}
.numbers{grid-template-columns:repeat(2,minmax(0,1fr));gap:.4rem}
.numbers dd{font-size:1.2rem}
.numbers .run dd{font-size:.95rem}
.card{padding:.6rem}
.boards{grid-template-columns:repeat(2,minmax(0,1fr));gap:1rem .75rem}
}
@page{margin:14mm}
@media print{
body{font-size:10pt}
.page{max-width:none;padding:0}
.numbers div{background:none}
.card,figure,tr,.numbers div,.outcomes,svg.chart{break-inside:avoid}
h2,h3{break-after:avoid}
svg.chart,svg.board,svg.swatch{print-color-adjust:exact;-webkit-print-color-adjust:exact}
.table-box{overflow:visible}
.warning{background:none}
}
)css";

}  // namespace

namespace detail {

std::string report_document(const run_stats& stats, const report_options& asked,
                            std::chrono::system_clock::time_point finished) {
  page p;
  p.raw(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'\"/><meta name=\"color-scheme\" content=\"light\"/>"
      "<meta name=\"generator\" content=\"fenbatch " FENBATCH_VERSION_STRING "\"/><title>");
  const std::string title = heading(asked);
  p.text("fenbatch report: " + title);
  p.raw("</title><style>");
  p.raw(style_sheet);
  p.raw(
      "</style></head><body><div class=\"page\"><header class=\"top\">"
      "<p class=\"kicker\">fenbatch report</p>");
  p.element("<h1>", title, "</h1></header><main>");
  write_summary(p, stats, asked, finished);
  write_reasons(p, stats);
  write_inputs(p, stats, asked);
  write_positions(p, stats);
  write_uniqueness(p, stats);
  write_most_repeated(p, stats, asked);
  write_options(p, stats, asked);
  p.raw("</main><footer>fenbatch " FENBATCH_VERSION_STRING "</footer></div></body></html>\n");
  return std::move(p.html);
}

}  // namespace detail

std::string to_html_report(const run_stats& stats, const run_config& config,
                           std::chrono::system_clock::time_point finished) {
  return detail::report_document(stats, detail::describe_run(config), finished);
}

}  // namespace fenbatch::pipeline