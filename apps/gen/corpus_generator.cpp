#include "corpus_generator.hpp"

#include <array>
#include <charconv>
#include <cstring>
#include <string_view>

#include "fenbatch/core/chess960.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/san.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"
#include "ten_by_eight_start.hpp"

namespace fenbatch::gen {
namespace {

// Corpus shape. Tuned so that 100k lines hold roughly 10-30% repeated positions, as real
// corpora do (openings recur), while most lines are distinct middlegame positions.
constexpr int min_game_plies = 20;
constexpr int max_game_plies = 120;      // each game stops at a random ply in this range
constexpr int opening_plies = 10;        // plies played from the implicit book (book_move)
constexpr double off_book_share = 0.1;   // book plies played at random instead
constexpr double book_next_share = 0.3;  // chance to pass over a book candidate
constexpr double emit_share = 0.5;       // chance that a position after the book is written
constexpr double shredder_share = 0.3;   // Chess960 games written with Shredder-FEN castling
constexpr double epd_operations_share = 0.05;
constexpr double epd_share = 0.15;  // 4-field EPD without operations
constexpr double crlf_share = 0.10;

// Text helpers: no allocation, they write into the caller's line buffer.
char* put(std::string_view text, char* o) noexcept {
  std::memcpy(o, text.data(), text.size());
  return o + text.size();
}

char* put_number(std::uint64_t value, char* o) noexcept {
  return std::to_chars(o, o + 20, value).ptr;  // 20 digits hold any uint64_t
}

// A fixed pseudo-random number per position (splitmix64's finaliser over the bitboards).
std::uint32_t book_order(const core::position& pos) noexcept {
  std::uint64_t h = (pos.by_color[0] * 0x9E3779B97F4A7C15) ^ pos.by_color[1];
  for (const core::bitboard b : pos.by_type) h = (h ^ b) * 0xBF58476D1CE4E5B9;
  h ^= h >> 31;
  return static_cast<std::uint32_t>(h >> 32);
}

// Whether core accepts the position, as it would a line holding it. It accepts every position
// reached by legal play; asking keeps the output valid should that ever change. (Core's
// legality check takes a record, the unit it reads.)
bool accepted_by_core(const core::position& pos) noexcept {
  core::record rec;
  rec.pos = pos;
  return core::validate(rec, {}).ok();
}

// The share of 8x8 games that start from a Chess960 array.
double chess960_share(const generator_options& options) noexcept {
  switch (options.game_variant) {
    case variant::chess: return 0.0;
    case variant::chess960: return 1.0;
    default: return options.chess960_share;
  }
}

constexpr std::array<variant, 5> ten_by_eight_variants{variant::capablanca,
                                                       variant::capablanca_random, variant::gothic,
                                                       variant::embassy, variant::janus};

}  // namespace

corpus_generator::corpus_generator(const generator_options& options) noexcept
    : rng_(options.seed),
      chess960_(threshold(chess960_share(options))),
      emit_(threshold(emit_share)),
      off_book_(threshold(off_book_share)),
      book_next_(threshold(book_next_share)),
      shredder_(threshold(shredder_share)),
      epd_operations_(threshold(epd_operations_share)),
      epd_(threshold(epd_share)),
      crlf_(threshold(crlf_share)),
      ten_by_eight_(threshold(mixed_ten_by_eight_share)),
      variant_(options.game_variant) {}

std::size_t corpus_generator::next_line(char* out) noexcept {
  for (;;) {
    if (game_over_) start_game();
    const std::size_t legal_moves = ten_by_eight_game_ ? wide_.moves.size : moves_.size;
    const std::uint32_t halfmove_clock =
        ten_by_eight_game_ ? wide_.pos.halfmove_clock : pos_.halfmove_clock;
    const bool last = legal_moves == 0 || ply_ >= max_ply_ || halfmove_clock >= 100;
    // Book positions are all written (that is where repeats come from); mates and
    // stalemates are rare and worth having.
    const bool emit = ply_ < opening_plies || legal_moves == 0 || rng_.chance(emit_);
    const std::size_t length = emit ? write_line(out) : 0;
    if (last) {
      game_over_ = true;
    } else {
      play_move();
    }
    if (length != 0) return length;
  }
}

void corpus_generator::start_game() noexcept {
  ++game_;
  ten_by_eight_game_ =
      variant_ == variant::mixed ? rng_.chance(ten_by_eight_) : is_ten_by_eight(variant_);
  if (ten_by_eight_game_) {
    start_ten_by_eight_game();
    return;
  }
  chess960_game_ = rng_.chance(chess960_);
  const std::uint32_t number =
      chess960_game_ ? rng_.below(core::chess960_start_count) : core::standard_start_number;
  notation_ = chess960_game_ && rng_.chance(shredder_) ? core::castling_notation::shredder
                                                       : core::castling_notation::xfen;
  max_ply_ = random_game_length();
  ply_ = 0;
  pos_ = core::chess960_start_position(number);
  core::generate_legal_moves(pos_, moves_);
  game_over_ = false;
}

// 10x8 games are written in Shredder-FEN with the same chance as Chess960 games.
void corpus_generator::start_ten_by_eight_game() noexcept {
  const variant v = variant_ == variant::mixed ? ten_by_eight_variants[rng_.below(5)] : variant_;
  const back_rank_array array =
      v == variant::capablanca_random ? capablanca_random_array(rng_) : fixed_start_array(v);
  notation_ =
      rng_.chance(shredder_) ? core::castling_notation::shredder : core::castling_notation::xfen;
  max_ply_ = random_game_length();
  ply_ = 0;
  wide_.start(start_position(array));
  game_over_ = false;
}

int corpus_generator::random_game_length() noexcept {
  return min_game_plies + static_cast<int>(rng_.below(
                              static_cast<std::uint32_t>(max_game_plies - min_game_plies + 1)));
}

void corpus_generator::play_move() noexcept {
  if (ten_by_eight_game_) {
    wide_.play(ply_ < opening_plies ? wide_.book_move(rng_, off_book_, book_next_)
                                    : wide_.random_move(rng_));
    ++ply_;
    return;
  }
  pos_ = core::after_move(pos_, ply_ < opening_plies ? book_move() : random_move());
  ++ply_;
  core::generate_legal_moves(pos_, moves_);
}

core::move corpus_generator::random_move() noexcept {
  return moves_.moves[rng_.below(static_cast<std::uint32_t>(moves_.size))];
}

// Openings follow an implicit book, so that popular lines, and with them early positions,
// recur across games as in real corpora: a position's candidates are its central pawn moves
// and knight moves off the rim, in an order fixed by the position's hash, each passed over
// with chance book_next_share. Now and then any legal move is played instead.
core::move corpus_generator::book_move() noexcept {
  std::array<core::move, 64> candidates;
  std::uint32_t count = 0;
  const core::bitboard center_files =
      core::file_bb(2) | core::file_bb(3) | core::file_bb(4) | core::file_bb(5);
  const core::bitboard off_rim = ~(core::file_bb(0) | core::file_bb(7));
  for (const core::move m : moves_) {
    const core::bitboard from = core::square_bb(m.from());
    const bool central_pawn = (pos_.pieces(core::piece_type::pawn) & from & center_files) != 0;
    const bool knight = (pos_.pieces(core::piece_type::knight) & from) != 0 &&
                        (core::square_bb(m.to()) & off_rim) != 0;
    if ((central_pawn || knight) && count < candidates.size()) candidates[count++] = m;
  }
  if (count == 0 || rng_.chance(off_book_)) return random_move();
  std::uint32_t rank = 0;
  while (rank + 1 < count && rng_.chance(book_next_)) ++rank;
  return candidates[(rank + book_order(pos_)) % count];
}

// The current position as one line; 0 if core does not accept it.
std::size_t corpus_generator::write_line(char* out) noexcept {
  if (ten_by_eight_game_ ? !wide_.accepted_by_core() : !accepted_by_core(pos_)) return 0;
  ++line_;

  enum class form : std::uint8_t { fen, epd, epd_operations };
  const std::uint64_t draw = rng_.next();
  const form f = draw < epd_operations_          ? form::epd_operations
                 : draw < epd_operations_ + epd_ ? form::epd
                                                 : form::fen;
  const core::write_options format{
      f == form::fen ? core::output_format::fen : core::output_format::epd, notation_,
      core::ep_policy::always};
  char* o = out + (ten_by_eight_game_ ? core::ten_by_eight::write_position(wide_.pos, format, out)
                                      : core::write_position(pos_, format, out));
  if (f == form::epd_operations) o = write_operations(o);
  if (rng_.chance(crlf_)) *o++ = '\r';
  *o++ = '\n';
  return static_cast<std::size_t>(o - out);
}

// A few common EPD operation sets, valid for core's grammar (opcode, operands, ';').
char* corpus_generator::write_operations(char* o) noexcept {
  std::uint32_t kind = rng_.below(3);
  // No best move in a mate or stalemate, nor in a 10x8 game (core has no 10x8 SAN writer).
  if (kind == 0 && (ten_by_eight_game_ || moves_.size == 0)) kind = 1;
  const std::uint32_t halfmove_clock =
      ten_by_eight_game_ ? wide_.pos.halfmove_clock : pos_.halfmove_clock;
  const std::uint32_t fullmove_number =
      ten_by_eight_game_ ? wide_.pos.fullmove_number : pos_.fullmove_number;
  switch (kind) {
    case 0:
      o = put(" bm ", o);
      o += core::write_san(pos_, moves_, random_move(), o);
      o = put("; id \"gen.", o);
      o = put_number(line_, o);
      return put("\";", o);
    case 1:
      o = put(" hmvc ", o);
      o = put_number(halfmove_clock, o);
      o = put("; fmvn ", o);
      o = put_number(fullmove_number, o);
      return put(";", o);
    default:
      o = put(" id \"gen.", o);
      o = put_number(line_, o);
      o = put("\"; c0 \"random game ", o);
      o = put_number(game_, o);
      o = put(", ply ", o);
      o = put_number(static_cast<std::uint64_t>(ply_), o);
      return put("\";", o);
  }
}

}  // namespace fenbatch::gen
