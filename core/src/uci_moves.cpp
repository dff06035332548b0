// uci_moves.hpp on the 8x8 board; the steps are uci_move_play.hpp's.
#include "fenbatch/core/uci_moves.hpp"

#include <limits>
#include <optional>

#include "fenbatch/core/movegen.hpp"
#include "uci_move_play.hpp"

namespace fenbatch::core {
namespace {

struct eight_by_eight_uci {
  using record = core::record;
  using position = core::position;
  using square = core::square;
  using piece_type = core::piece_type;
  using move = core::move;
  using move_list = core::move_list;
  using move_kind = core::move_kind;
  static constexpr int files = 8;

  static square make_square(int file, int rank) noexcept { return core::make_square(file, rank); }
  static std::optional<piece_type> promotion_of(char letter) noexcept {
    switch (letter) {
      case 'n': return piece_type::knight;
      case 'b': return piece_type::bishop;
      case 'r': return piece_type::rook;
      case 'q': return piece_type::queen;
      default: return std::nullopt;
    }
  }
  // Where the king lands castling with the rook on `rook`: the g file or the c file.
  static square king_destination(square king, square rook) noexcept {
    return core::make_square(to_index(rook) > to_index(king) ? 6 : 2, rank_of(king));
  }
};

}  // namespace

fen_status apply_uci_moves(record& rec, std::string_view moves, std::uint32_t count,
                           const decode_options& options) noexcept {
  return detail::apply_moves<eight_by_eight_uci>(rec, moves, count, options);
}

fen_status check_uci_moves(const record& rec, std::string_view moves) noexcept {
  return detail::check_moves<eight_by_eight_uci>(rec, moves);
}

}  // namespace fenbatch::core
