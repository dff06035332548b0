// Legal move generation on the 10x8 board (Capablanca and Capablanca random chess), for perft,
// legal en passant, and generating corpora. Positions must have passed validate(). Castling as
// in Capablanca random chess: the king ends on the c file (a side) or the i file (j side) with
// the rook beside it, inside (d or h), wherever they started.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fenbatch/core/basic_move_list.hpp"
#include "fenbatch/core/ten_by_eight/position.hpp"

namespace fenbatch::core::ten_by_eight {

enum class move_kind : std::uint8_t { normal, promotion, en_passant, castling };

// A castling move goes from the king's square to its rook's square.
class move {
 public:
  constexpr move() noexcept = default;
  constexpr move(square from, square to, move_kind kind = move_kind::normal,
                 piece_type promotion = piece_type::knight) noexcept
      : data_(static_cast<std::uint32_t>(to_index(from)) |
              static_cast<std::uint32_t>(to_index(to)) << 7 |
              static_cast<std::uint32_t>(kind) << 14 |
              static_cast<std::uint32_t>(promotion) << 16) {}

  [[nodiscard]] constexpr square from() const noexcept { return square_at(data_ & 127); }
  [[nodiscard]] constexpr square to() const noexcept { return square_at((data_ >> 7) & 127); }
  [[nodiscard]] constexpr move_kind kind() const noexcept {
    return static_cast<move_kind>((data_ >> 14) & 3);
  }
  [[nodiscard]] constexpr piece_type promotion() const noexcept {
    return static_cast<piece_type>((data_ >> 16) & 7);
  }
  friend constexpr bool operator==(move, move) noexcept = default;

 private:
  std::uint32_t data_ = 0;
};

struct move_list : core::basic_move_list<move, 512> {};

void generate_legal_moves(const position& pos, move_list& out) noexcept;

// The position after a legal move (rights of moved or captured rooks and of a moved king
// dropped, ep square set after every double push, counters advanced).
[[nodiscard]] position after_move(const position& pos, move m) noexcept;

// Leaf nodes of the legal move tree to `depth` plies.
[[nodiscard]] std::uint64_t perft(const position& pos, int depth) noexcept;

// UCI notation on ten files (j1, a10 is not a square); castling as king-takes-rook.
[[nodiscard]] std::string to_uci(move m);

}  // namespace fenbatch::core::ten_by_eight
