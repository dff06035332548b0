// Positions and the most repeated: see position_sections.hpp.

#include "report/position_sections.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "fenbatch/core/board_kind.hpp"
#include "fenbatch/core/option_names.hpp"
#include "report/board_diagram.hpp"
#include "report/html_text.hpp"
#include "report/report_words.hpp"
#include "report/svg_chart.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// Bars for counts over the valid lines, with the lines written among them where dedupe or
// --exclude dropped some.
bar count_bar(std::string label, std::uint64_t value, std::uint64_t written, std::uint64_t whole,
              bool show_written) {
  std::string text = with_commas(value) + " (" + percent(value, whole) + ')';
  std::string detail_text = show_written ? with_commas(written) + " written" : std::string();
  std::string hover = label + ": " + text + (show_written ? ", " + detail_text : "");
  return {std::move(label),           value,
          show_written ? written : 0, std::move(text),
          std::move(hover),           std::move(detail_text)};
}

bar_chart_style positions_style(bool labels_above = false) {
  bar_chart_style style;
  style.color = valid_color;
  style.part_color = written_color;
  style.labels_above = labels_above;
  return style;
}

void write_card(page& p, std::string_view title, const std::string& chart) {
  p.element("<div class=\"card\"><h3>", title, "</h3>");
  p.raw(chart);
}

void write_piece_count(page& p, const run_stats& s, bool show_written) {
  constexpr std::string_view title = "Pieces on the board";
  std::size_t first = piece_count_extent;
  std::size_t last = 0;
  for (std::size_t n = 0; n < piece_count_extent; ++n) {
    if (s.piece_count[n] == 0 && s.written_piece_count[n] == 0) continue;
    first = std::min(first, n);
    last = std::max(last, n);
  }
  if (first > last) {
    write_card(p, title, empty_chart_svg("chart-piece-count", title, "No valid lines."));
    p.raw("</div>");
    return;
  }
  std::vector<column> columns;
  for (std::size_t n = first; n <= last; ++n) {
    std::string hover = with_commas(s.piece_count[n]) + " valid lines with " + std::to_string(n) +
                        " pieces (" + percent(s.piece_count[n], s.valid) + ')';
    if (show_written) hover += ", " + with_commas(s.written_piece_count[n]) + " written";
    columns.push_back({std::to_string(n), s.piece_count[n],
                       show_written ? s.written_piece_count[n] : 0, std::move(hover)});
  }
  write_card(p, title,
             column_chart_svg("chart-piece-count", title, columns, valid_color, written_color));
  p.raw("<ul class=\"values\" aria-label=\"valid lines by number of pieces\">");
  for (std::size_t n = first; n <= last; ++n) {
    if (s.piece_count[n] == 0) continue;
    p.element("<li><b>", std::to_string(n), "</b>: ");
    p.text(with_commas(s.piece_count[n]));
    if (show_written) p.text(" / " + with_commas(s.written_piece_count[n]));
    p.raw("</li>");
  }
  p.raw("</ul>");
  p.element("<p class=\"note\">",
            show_written ? "Pieces: valid lines / lines written." : "Pieces: valid lines.",
            "</p></div>");
}

void write_material(page& p, const run_stats& s, bool show_written) {
  constexpr std::string_view title = "Most frequent material";
  const std::vector<counted_material> top = s.top_material();
  if (top.empty()) {
    write_card(p, title, empty_chart_svg("chart-material", title, "No valid lines."));
    p.raw("</div>");
    return;
  }
  std::map<std::pair<std::string, core::board_kind>, std::uint64_t> written;
  if (show_written) {
    for (const counted_material& m :
         pipeline::top_material(s.written_material, s.written_material.size())) {
      written[{m.text, m.board}] = m.count;
    }
  }
  std::vector<bar> bars;
  for (const counted_material& m : top) {
    std::string label = m.text;
    if (m.board == core::board_kind::ten_by_eight) label += " (10x8)";
    const auto found = written.find({m.text, m.board});
    bars.push_back(count_bar(std::move(label), m.count, found == written.end() ? 0 : found->second,
                             s.valid, show_written));
  }
  write_card(p, title, bar_chart_svg("chart-material", title, bars, positions_style(true)));
  p.element("<p class=\"note\">",
            "Material signatures: White's pieces, v, Black's (K king, Q queen, R rook, B bishop, "
            "N knight, P pawn; on 10x8 also A archbishop, C chancellor). Percentages of the "
            "valid lines.",
            "</p></div>");
}

}  // namespace

void write_positions(page& p, const run_stats& s) {
  p.raw("<section id=\"positions\"><h2>Positions</h2>");
  const bool show_written = s.written != s.valid;
  if (s.valid == 0) {
    p.element("<p class=\"note\">", "No valid lines.", "</p>");
  } else if (show_written) {
    p.element("<p class=\"note\">",
              "Over the " + with_commas(s.valid) +
                  " valid lines, before dedupe; the part in green is the lines written.",
              "</p>");
    const std::array<legend_entry, 2> legend{{{"valid lines", std::string(valid_color), {}},
                                              {"written", std::string(written_color), {}}}};
    p.raw(legend_html(legend));
  } else {
    p.element("<p class=\"note\">",
              "Over the " + with_commas(s.valid) + " valid lines, all of them written.", "</p>");
  }
  p.raw("<div class=\"cards\">");

  const auto bars_card = [&](std::string_view id, std::string_view title,
                             const std::vector<bar>& bars) {
    write_card(p, title,
               s.valid == 0 ? empty_chart_svg(id, title, "No valid lines.")
                            : bar_chart_svg(id, title, bars, positions_style()));
  };
  bars_card("chart-side-to-move", "Side to move",
            {count_bar("white", s.white_to_move, s.written_white_to_move, s.valid, show_written),
             count_bar("black", s.black_to_move, s.written_black_to_move, s.valid, show_written)});
  p.raw("</div>");
  bars_card("chart-castling", "Castling rights",
            {count_bar("none", s.castling_none, s.written_castling_none, s.valid, show_written),
             count_bar("standard", s.castling_standard, s.written_castling_standard, s.valid,
                       show_written),
             count_bar("chess960", s.castling_chess960, s.written_castling_chess960, s.valid,
                       show_written)});
  p.element("<p class=\"facts\">",
            "In check: " + with_commas(s.in_check) + " (" + percent(s.in_check, s.valid) +
                ") \xC2\xB7 a legal en-passant capture: " + with_commas(s.legal_ep) + " (" +
                percent(s.legal_ep, s.valid) + ')',
            "</p></div>");
  if (s.ten_by_eight_lines != 0) {
    const std::uint64_t records = s.lines - s.skipped();
    std::vector<bar> boards;
    for (const auto& [name, lines, written] :
         {std::tuple{"8x8", s.eight_by_eight_lines, s.eight_by_eight_written},
          std::tuple{"10x8", s.ten_by_eight_lines, s.ten_by_eight_written}}) {
      std::string text = with_commas(lines) + " lines (" + percent(lines, records) + ')';
      std::string detail_text = with_commas(written) + " written";
      std::string hover = std::string(name) + ": " + text + ", " + detail_text;
      boards.push_back(
          {name, lines, written, std::move(text), std::move(hover), std::move(detail_text)});
    }
    write_card(p, "Boards",
               bar_chart_svg("chart-boards", "Lines by board", boards, positions_style()));
    p.element("<p class=\"note\">", "Records (lines not skipped) by the width of their board.",
              "</p></div>");
  }
  write_piece_count(p, s, show_written);
  write_material(p, s, show_written);
  p.raw("</div></section>");
}

void write_most_repeated(page& p, const run_stats& s, const report_options& asked) {
  p.raw("<section id=\"most-repeated\"><h2>Most repeated positions</h2>");
  if (s.most_repeated.empty()) {
    p.element("<p class=\"empty\">",
              asked.dedupe ? "No position was seen twice." : "Counted with dedupe only.",
              "</p></section>");
    return;
  }
  std::vector<std::optional<board_picture>> boards;
  bool ten_files = false;
  for (const repeated_position& entry : s.most_repeated) {
    boards.push_back(read_board(entry.text));
    ten_files = ten_files || (boards.back() && boards.back()->files == 10);
  }
  p.element("<p class=\"note\">",
            std::string("The positions met most often, with how many times each was seen (key: ") +
                std::string(core::to_string(asked.lines.key)) + ")." +
                (ten_files ? " On 10x8 boards, A is an archbishop (bishop and knight), C a "
                             "chancellor (rook and knight)."
                           : ""),
            "</p>");
  p.raw(piece_symbols_svg());
  p.raw("<div class=\"boards\">");
  for (std::size_t i = 0; i < s.most_repeated.size(); ++i) {
    const repeated_position& entry = s.most_repeated[i];
    const std::optional<board_picture>& board = boards[i];
    std::string side;
    if (board && board->side != 0) side = board->side == 'w' ? "White to move" : "Black to move";
    const std::string seen =
        "seen " + with_commas(entry.count) + (entry.count == 1 ? " time" : " times");
    std::string rank = "#";  // (appended to: GCC 12 flags "#" + std::string, bug 105651)
    rank += std::to_string(i + 1);
    p.raw("<figure class=\"position\">");
    if (board) p.raw(board_svg(*board, rank + ", " + seen + ": " + entry.text));
    p.element("<figcaption><span class=\"count\">", rank + " " + seen, "</span>");
    if (!side.empty()) p.text(" \xC2\xB7 " + side);
    p.element("<code class=\"fen\">", entry.text, "</code></figcaption></figure>");
  }
  p.raw("</div></section>");
}

}  // namespace fenbatch::pipeline::detail
