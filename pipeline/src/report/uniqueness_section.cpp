#include "report/uniqueness_section.hpp"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "report/html_text.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// What each identity tells apart, in the order of pipeline::identity.
constexpr std::array<std::string_view, identity_count> identity_meaning = {
    "the whole canonical FEN, move counters included",
    "placement, side to move, castling rights, legal en-passant square",
    "placement, side to move, castling rights",
    "placement and side to move",
    "the piece placement alone",
    "the position up to the colour flip",
};

}  // namespace

void write_uniqueness(page& p, const run_stats& s) {
  if (!s.uniqueness) return;
  p.raw(
      "<section id=\"uniqueness\"><h2>Distinct positions</h2><p class=\"note\">Among the lines "
      "that reach dedupe (valid, neither filtered nor excluded), under six identities. An "
      "estimate (~) is a HyperLogLog sketch's, within about 0.41% (one standard error).</p>"
      "<div class=\"table-box\"><table id=\"uniqueness-table\"><thead><tr><th>identity</th>"
      "<th>what tells positions apart</th><th class=\"n\">distinct</th></tr></thead><tbody>");
  for (std::size_t i = 0; i < identity_count; ++i) {
    const identity_distinct& counted = s.uniqueness->identities[i];
    p.element("<tr><th scope=\"row\"><code>", identity_name(static_cast<identity>(i)),
              "</code></th>");
    p.element("<td>", identity_meaning[i], "</td>");
    std::string value = counted.exact ? "" : "~";
    value += with_commas(counted.distinct);
    if (!counted.exact)
      value +=
          " (\xC2\xB1"
          "0.41%)";
    p.element("<td class=\"n\">", value, "</td></tr>");
  }
  p.raw("</tbody></table></div></section>");
}

}  // namespace fenbatch::pipeline::detail
