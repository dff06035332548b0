// Legal move generation (standard chess and Chess960), for perft, the legality checks that need
// it, and generating corpora. Positions must have passed validate().
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fenbatch/core/basic_move_list.hpp"
#include "fenbatch/core/position.hpp"

namespace fenbatch::core {

enum class move_kind : std::uint8_t { normal, promotion, en_passant, castling };

// from, to, kind and promotion piece in 16 bits. A castling move goes from the king's square
// to its rook's square, which names Chess960 castling without ambiguity.
class move {
 public:
  constexpr move() noexcept = default;
  constexpr move(square from, square to, move_kind kind = move_kind::normal,
                 piece_type promotion = piece_type::knight) noexcept
      : data_(static_cast<std::uint16_t>(
            to_index(from) | (to_index(to) << 6) | (static_cast<int>(kind) << 12) |
            ((static_cast<int>(promotion) - static_cast<int>(piece_type::knight)) << 14))) {}

  [[nodiscard]] constexpr square from() const noexcept { return square_at(data_ & 63); }
  [[nodiscard]] constexpr square to() const noexcept { return square_at((data_ >> 6) & 63); }
  [[nodiscard]] constexpr move_kind kind() const noexcept {
    return static_cast<move_kind>((data_ >> 12) & 3);
  }
  [[nodiscard]] constexpr piece_type promotion() const noexcept {
    return static_cast<piece_type>((data_ >> 14) + static_cast<int>(piece_type::knight));
  }
  friend constexpr bool operator==(move, move) noexcept = default;

 private:
  std::uint16_t data_ = 0;
};

struct move_list : basic_move_list<move, 256> {};

void generate_legal_moves(const position& pos, move_list& out) noexcept;

// The position after a legal move: castling rights of moved or captured rooks and of a moved
// king are dropped, the ep square is set after every double push, counters advance.
[[nodiscard]] position after_move(const position& pos, move m) noexcept;

// Leaf nodes of the legal move tree to `depth` plies.
[[nodiscard]] std::uint64_t perft(const position& pos, int depth) noexcept;

// UCI notation; castling as king-to-destination, or king-takes-rook when chess960 is set.
[[nodiscard]] std::string to_uci(move m, bool chess960);

}  // namespace fenbatch::core
