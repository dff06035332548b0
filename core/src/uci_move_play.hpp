// The steps of uci_moves.hpp shared by both boards: reading a move list token by token, finding
// each token among the legal moves, playing it. Board gives the board's record, move list and
// letters (see uci_moves.cpp and ten_by_eight/uci_moves.cpp); the board's generate_legal_moves,
// after_move and validate are found by the position's and the record's namespaces.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/record.hpp"

namespace fenbatch::core::detail {

// One token of a move list: its squares and promotion letter as read.
template <class Board>
struct uci_token {
  typename Board::square from{};
  typename Board::square to{};
  std::optional<typename Board::piece_type> promotion;
};

// Walks a move list's tokens; `column` is the 1-based column of the token last read.
class move_tokens {
 public:
  explicit move_tokens(std::string_view text) noexcept : text_(text) {}

  // The next token, or an empty view at the end. Separators are spaces and tabs.
  [[nodiscard]] std::string_view next() noexcept {
    while (at_ < text_.size() && is_separator(text_[at_])) ++at_;
    const std::size_t begin = at_;
    while (at_ < text_.size() && !is_separator(text_[at_])) ++at_;
    column_ = static_cast<std::uint32_t>(begin + 1);
    return text_.substr(begin, at_ - begin);
  }
  [[nodiscard]] std::uint32_t column() const noexcept { return column_; }

 private:
  static constexpr bool is_separator(char c) noexcept { return c == ' ' || c == '\t'; }
  std::string_view text_;
  std::size_t at_ = 0;
  std::uint32_t column_ = 1;
};

// A file letter and rank digit of Board, or nullopt.
template <class Board>
std::optional<typename Board::square> read_square(char file, char rank) noexcept {
  if (file < 'a' || file >= 'a' + Board::files || rank < '1' || rank > '8') return std::nullopt;
  return Board::make_square(file - 'a', rank - '1');
}

template <class Board>
std::optional<uci_token<Board>> read_token(std::string_view text) noexcept {
  if (text.size() != 4 && text.size() != 5) return std::nullopt;
  const auto from = read_square<Board>(text[0], text[1]);
  const auto to = read_square<Board>(text[2], text[3]);
  if (!from || !to) return std::nullopt;
  uci_token<Board> token{*from, *to, std::nullopt};
  if (text.size() == 5) {
    token.promotion = Board::promotion_of(text[4]);
    if (!token.promotion) return std::nullopt;
  }
  return token;
}

// The legal move `token` names, by precedence: a non-castling move with its squares (and
// promotion letter, which a promotion needs and other moves refuse), then castling written as
// king-takes-rook, then castling written as the king's destination (when the king moves).
template <class Board>
std::optional<typename Board::move> find_move(const typename Board::position& pos,
                                              const uci_token<Board>& token) noexcept {
  typename Board::move_list legal;
  generate_legal_moves(pos, legal);
  using kind = typename Board::move_kind;
  std::optional<typename Board::move> by_destination;
  for (const auto m : legal) {
    if (m.from() != token.from) continue;
    if (m.kind() != kind::castling) {
      if (m.to() != token.to) continue;
      if ((m.kind() == kind::promotion) != token.promotion.has_value()) continue;
      if (token.promotion && m.promotion() != *token.promotion) continue;
      return m;
    }
  }
  if (token.promotion) return std::nullopt;
  for (const auto m : legal) {
    if (m.kind() != kind::castling || m.from() != token.from) continue;
    if (m.to() == token.to) return m;
    if (Board::king_destination(m.from(), m.to()) == token.to && token.to != token.from) {
      by_destination = m;
    }
  }
  return by_destination;
}

// Plays the first `count` tokens of `moves` (every one, at least one, for count == max) from
// `pos`, which becomes the position reached; the first refusal stops it.
template <class Board>
fen_status play_moves(typename Board::position& pos, std::string_view moves,
                      std::uint32_t count) noexcept {
  move_tokens tokens(moves);
  const bool all = count == std::numeric_limits<std::uint32_t>::max();
  std::uint32_t played = 0;
  while (played < count) {
    const std::string_view text = tokens.next();
    if (text.empty()) {
      if (all && played > 0) break;
      return {fen_errc::move_syntax, static_cast<std::uint32_t>(moves.size() + 1)};
    }
    const auto token = read_token<Board>(text);
    if (!token) return {fen_errc::move_syntax, tokens.column()};
    const auto m = find_move<Board>(pos, *token);
    if (!m) return {fen_errc::illegal_move, tokens.column()};
    pos = after_move(pos, *m);
    ++played;
  }
  return {};
}

// apply_uci_moves for Board: plays, then validates the record again.
template <class Board>
fen_status apply_moves(typename Board::record& rec, std::string_view moves, std::uint32_t count,
                       const decode_options& options) noexcept {
  typename Board::position pos = rec.pos;
  if (const fen_status s = play_moves<Board>(pos, moves, count); !s.ok()) return s;
  typename Board::record moved = rec;
  moved.pos = pos;
  moved.placement_length = 0;
  moved.plain_tail = false;
  if constexpr (requires { moved.castling_clean; }) moved.castling_clean = false;  // new rights
  if (const fen_status s = validate(moved, options); !s.ok()) return s;
  rec = moved;
  return {};
}

template <class Board>
fen_status check_moves(const typename Board::record& rec, std::string_view moves) noexcept {
  typename Board::position pos = rec.pos;
  return play_moves<Board>(pos, moves, std::numeric_limits<std::uint32_t>::max());
}

}  // namespace fenbatch::core::detail
