// The corpus generator: random legal games (standard chess and Chess960, or the 10x8 variants of
// variant.hpp), openings from an implicit book so that early positions recur as in real corpora,
// and one FEN/EPD line per sampled position in a seeded mix of forms (6-field FEN, 4-field EPD, EPD
// with operations, CRLF endings).
#pragma once

#include <cstddef>
#include <cstdint>

#include "fenbatch/core/movegen.hpp"
#include "fenbatch/core/position.hpp"
#include "fenbatch/core/write.hpp"
#include "rng.hpp"
#include "ten_by_eight_game.hpp"
#include "variant.hpp"

namespace fenbatch::gen {

// No line comes near this; callers give next_line this much room.
inline constexpr std::size_t max_line_bytes = 512;

struct generator_options {
  std::uint64_t seed = 1;
  double chess960_share = 0.2;  // of the 8x8 games, those from a random Chess960 start
  gen::variant game_variant = gen::variant::chess_with_chess960;  // no --variant
};

// With --variant mixed, the share of games played on the 10x8 board (spread evenly over the
// five 10x8 variants); the rest are 8x8 games as without --variant.
inline constexpr double mixed_ten_by_eight_share = 0.5;

// Plays random legal games and samples their positions, one line per call.
class corpus_generator {
 public:
  explicit corpus_generator(const generator_options& options) noexcept;

  // Writes the next line with its terminator at `out` (max_line_bytes of room); returns its
  // length.
  std::size_t next_line(char* out) noexcept;

 private:
  void start_game() noexcept;
  void start_ten_by_eight_game() noexcept;
  int random_game_length() noexcept;
  void play_move() noexcept;
  core::move random_move() noexcept;
  core::move book_move() noexcept;
  std::size_t write_line(char* out) noexcept;
  char* write_operations(char* o) noexcept;

  rng rng_;
  // Probabilities as rng::chance thresholds.
  std::uint64_t chess960_;
  std::uint64_t emit_;
  std::uint64_t off_book_;
  std::uint64_t book_next_;
  std::uint64_t shredder_;
  std::uint64_t epd_operations_;
  std::uint64_t epd_;
  std::uint64_t crlf_;
  std::uint64_t ten_by_eight_;  // with variant::mixed
  variant variant_;

  core::position pos_;
  core::move_list moves_;  // legal moves of pos_
  int ply_ = 0;
  int max_ply_ = 0;
  bool game_over_ = true;
  bool chess960_game_ = false;
  bool ten_by_eight_game_ = false;  // then wide_ holds the game, not pos_ and moves_
  ten_by_eight_game wide_;
  core::castling_notation notation_ = core::castling_notation::xfen;
  std::uint64_t game_ = 0;
  std::uint64_t line_ = 0;
};

}  // namespace fenbatch::gen
