// The board types fenbatch reads: the 8x8 board of chess and Chess960, and X-FEN's 10x8 board of
// the Capablanca family (ten_by_eight/). Lines of both kinds mix in one file; the width of the
// placement's first rank says which a line is (TENBYEIGHT.md in the shared vectors).
#pragma once

#include <cstdint>
#include <string_view>

namespace fenbatch::core {

enum class board_kind : std::uint8_t { eight_by_eight, ten_by_eight };
inline constexpr int board_kind_count = 2;

// "8x8" and "10x8", as the statistics and the documentation name them.
[[nodiscard]] constexpr std::string_view board_kind_name(board_kind k) noexcept {
  return k == board_kind::eight_by_eight ? "8x8" : "10x8";
}

}  // namespace fenbatch::core
