// uci_moves.hpp on the 10x8 board; the steps are ../uci_move_play.hpp's.
#include "fenbatch/core/ten_by_eight/uci_moves.hpp"

#include <limits>
#include <optional>

#include "../uci_move_play.hpp"
#include "fenbatch/core/ten_by_eight/movegen.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

struct ten_by_eight_uci {
  using record = ten_by_eight::record;
  using position = ten_by_eight::position;
  using square = ten_by_eight::square;
  using piece_type = ten_by_eight::piece_type;
  using move = ten_by_eight::move;
  using move_list = ten_by_eight::move_list;
  using move_kind = ten_by_eight::move_kind;
  static constexpr int files = file_count;

  static square make_square(int file, int rank) noexcept {
    return ten_by_eight::make_square(file, rank);
  }
  static std::optional<piece_type> promotion_of(char letter) noexcept {
    switch (letter) {
      case 'n': return piece_type::knight;
      case 'b': return piece_type::bishop;
      case 'r': return piece_type::rook;
      case 'q': return piece_type::queen;
      case 'a': return piece_type::archbishop;
      case 'c': return piece_type::chancellor;
      default: return std::nullopt;
    }
  }
  // Where the king lands castling with the rook on `rook`: the i file or the c file.
  static square king_destination(square king, square rook) noexcept {
    return ten_by_eight::make_square(to_index(rook) > to_index(king) ? 8 : 2, rank_of(king));
  }
};

}  // namespace

fen_status apply_uci_moves(record& rec, std::string_view moves, std::uint32_t count,
                           const decode_options& options) noexcept {
  return core::detail::apply_moves<ten_by_eight_uci>(rec, moves, count, options);
}

fen_status check_uci_moves(const record& rec, std::string_view moves) noexcept {
  return core::detail::check_moves<ten_by_eight_uci>(rec, moves);
}

}  // namespace fenbatch::core::ten_by_eight
