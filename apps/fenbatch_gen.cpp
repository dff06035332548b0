// fenbatch-gen: writes FEN/EPD lines sampled from seeded random legal games, the project's own
// corpus for the demo, tests and benchmarks. Same options and seed give the same bytes on every
// machine: all randomness comes from the fixed PRNG below (never <random>, whose distributions
// differ between standard libraries), and probabilities are integer thresholds, not doubles
// compared in the hot loop.

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <boost/program_options.hpp>
#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/attacks.hpp"
#include "fenbatch/core/movegen.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"

#ifndef FENBATCH_VERSION
#define FENBATCH_VERSION "0.1.0"  // the build may pass the project version instead
#endif

namespace {

namespace core = fenbatch::core;
namespace po = boost::program_options;

constexpr std::string_view program_name = "fenbatch-gen";
constexpr std::uint64_t unlimited = std::numeric_limits<std::uint64_t>::max();

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

// No line comes near this; the output buffer keeps this much room for the next one.
constexpr std::size_t max_line_bytes = 512;

// ---------------------------------------------------------------------------------------------
// Randomness

// xoshiro256** (Blackman and Vigna), its state seeded through splitmix64 as the authors advise.
class rng {
 public:
  explicit rng(std::uint64_t seed) noexcept {
    for (std::uint64_t& word : state_) word = splitmix64(seed);
  }

  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, n) by multiplying the top 32 bits (Lemire, without rejection: the bias is
  // below n / 2^32, irrelevant for the small n here, and the result stays portable).
  std::uint32_t below(std::uint32_t n) noexcept {
    return static_cast<std::uint32_t>(((next() >> 32) * n) >> 32);
  }

  bool chance(std::uint64_t threshold) noexcept { return next() < threshold; }

 private:
  static std::uint64_t splitmix64(std::uint64_t& x) noexcept {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
    return z ^ (z >> 31);
  }
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept {
    return (x << k) | (x >> (64 - k));
  }

  std::array<std::uint64_t, 4> state_{};
};

// A probability as a threshold for rng::chance. Exact IEEE arithmetic, so every machine agrees.
constexpr std::uint64_t threshold(double p) noexcept {
  if (!(p > 0.0)) return 0;
  if (p >= 1.0) return unlimited;
  return static_cast<std::uint64_t>(p * 18446744073709551616.0);  // p * 2^64 < 2^64
}

// ---------------------------------------------------------------------------------------------
// Start positions

using back_rank = std::array<core::piece_type, 8>;

// Start position number `sp` (0..959) of Chess960 by Scharnagl's numbering, which follows the
// placement procedure: light-squared bishop, dark-squared bishop, queen, knights, then rook,
// king, rook on the three files left. sp 518 is the standard RNBQKBNR.
back_rank chess960_back_rank(std::uint32_t sp) noexcept {
  back_rank rank{};
  std::array<bool, 8> taken{};
  const auto place = [&](std::uint32_t file, core::piece_type type) {
    rank[file] = type;
    taken[file] = true;
  };
  // The n-th (from 0) file not taken yet.
  const auto free_file = [&](std::uint32_t n) {
    std::uint32_t file = 0;
    for (;; ++file) {
      if (!taken[file] && n-- == 0) break;
    }
    return file;
  };
  place(sp % 4 * 2 + 1, core::piece_type::bishop);  // b, d, f, h: light squares
  sp /= 4;
  place(sp % 4 * 2, core::piece_type::bishop);  // a, c, e, g: dark squares
  sp /= 4;
  place(free_file(sp % 6), core::piece_type::queen);
  sp /= 6;
  // The knight pair among the five free files, for the remaining 0..9.
  constexpr std::array<std::array<std::uint32_t, 2>, 10> knight_pairs{
      {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};
  const std::uint32_t first = free_file(knight_pairs[sp][0]);
  const std::uint32_t second = free_file(knight_pairs[sp][1]);
  place(first, core::piece_type::knight);
  place(second, core::piece_type::knight);
  place(free_file(0), core::piece_type::rook);
  place(free_file(0), core::piece_type::king);
  place(free_file(0), core::piece_type::rook);
  return rank;
}

core::position start_position(const back_rank& rank) noexcept {
  core::position pos;
  for (int file = 0; file < 8; ++file) {
    const core::piece_type type = rank[static_cast<std::size_t>(file)];
    pos.put({core::color::white, type}, core::make_square(file, 0));
    pos.put({core::color::white, core::piece_type::pawn}, core::make_square(file, 1));
    pos.put({core::color::black, core::piece_type::pawn}, core::make_square(file, 6));
    pos.put({core::color::black, type}, core::make_square(file, 7));
  }
  // Every rook starts with its castling right.
  pos.castling_rooks = pos.pieces(core::piece_type::rook) & (core::rank_bb(0) | core::rank_bb(7));
  return pos;
}

// ---------------------------------------------------------------------------------------------
// Text helpers (no allocation: they write into the output buffer)

char* put(std::string_view text, char* o) noexcept {
  std::memcpy(o, text.data(), text.size());
  return o + text.size();
}

char* put_number(std::uint64_t value, char* o) noexcept {
  return std::to_chars(o, o + 20, value).ptr;  // 20 digits hold any uint64_t
}

char* put_square(core::square s, char* o) noexcept {
  *o++ = static_cast<char>('a' + core::file_of(s));
  *o++ = static_cast<char>('1' + core::rank_of(s));
  return o;
}

// Standard algebraic notation (PGN standard 8.2.3), as EPD's "bm" expects: piece letter,
// minimal disambiguation, capture, promotion, and the check or mate suffix. `legal` holds the
// legal moves of `pos`, needed to disambiguate.
char* put_san(const core::position& pos, const core::move_list& legal, core::move m,
              char* o) noexcept {
  constexpr std::string_view letters = "PNBRQK";
  const core::square from = m.from();
  const core::square to = m.to();
  if (m.kind() == core::move_kind::castling) {
    // A castling move goes from the king to its rook: the h-side when the rook is to the right.
    o = put(core::file_of(to) > core::file_of(from) ? "O-O" : "O-O-O", o);
  } else {
    const core::piece_type type = pos.piece_on(from)->type;
    const bool capture =
        m.kind() == core::move_kind::en_passant || (pos.occupied() & core::square_bb(to)) != 0;
    if (type == core::piece_type::pawn) {
      if (capture) *o++ = static_cast<char>('a' + core::file_of(from));
    } else {
      *o++ = letters[static_cast<std::size_t>(core::to_index(type))];
      core::bitboard rivals = 0;  // other pieces of the same type that can reach `to`
      for (const core::move other : legal) {
        if (other.to() == to && other.from() != from && other.kind() != core::move_kind::castling &&
            (pos.pieces(type) & core::square_bb(other.from())) != 0) {
          rivals |= core::square_bb(other.from());
        }
      }
      if (rivals != 0) {
        if ((rivals & core::file_bb(core::file_of(from))) == 0) {
          *o++ = static_cast<char>('a' + core::file_of(from));
        } else if ((rivals & core::rank_bb(core::rank_of(from))) == 0) {
          *o++ = static_cast<char>('1' + core::rank_of(from));
        } else {
          o = put_square(from, o);
        }
      }
    }
    if (capture) *o++ = 'x';
    o = put_square(to, o);
    if (m.kind() == core::move_kind::promotion) {
      *o++ = '=';
      *o++ = letters[static_cast<std::size_t>(core::to_index(m.promotion()))];
    }
  }
  const core::position next = core::after_move(pos, m);
  if (core::checkers(next) != 0) {
    core::move_list replies;
    core::generate_legal_moves(next, replies);
    *o++ = replies.size == 0 ? '#' : '+';
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// The generator

struct generator_options {
  std::uint64_t seed = 1;
  double chess960_share = 0.2;
};

// Plays random legal games and samples their positions, one line per call.
class corpus_generator {
 public:
  explicit corpus_generator(const generator_options& options) noexcept
      : rng_(options.seed), chess960_(threshold(options.chess960_share)) {}

  // Writes the next line with its terminator at `out` (max_line_bytes of room); returns its
  // length.
  std::size_t next_line(char* out) noexcept {
    for (;;) {
      if (game_over_) start_game();
      const bool last = moves_.size == 0 || ply_ >= max_ply_ || pos_.halfmove_clock >= 100;
      // Book positions are all written (that is where repeats come from); mates and
      // stalemates are rare and worth having.
      const bool emit = ply_ < opening_plies || moves_.size == 0 || rng_.chance(emit_);
      const std::size_t length = emit ? write_line(out) : 0;
      if (last) {
        game_over_ = true;
      } else {
        play_move();
      }
      if (length != 0) return length;
    }
  }

 private:
  void start_game() noexcept {
    ++game_;
    chess960_game_ = rng_.chance(chess960_);
    const std::uint32_t sp = chess960_game_ ? rng_.below(960) : 518;
    notation_ = chess960_game_ && rng_.chance(shredder_) ? core::castling_notation::shredder
                                                         : core::castling_notation::xfen;
    max_ply_ = min_game_plies + static_cast<int>(rng_.below(static_cast<std::uint32_t>(
                                    max_game_plies - min_game_plies + 1)));
    ply_ = 0;
    pos_ = start_position(chess960_back_rank(sp));
    core::generate_legal_moves(pos_, moves_);
    game_over_ = false;
  }

  void play_move() noexcept {
    pos_ = core::after_move(pos_, ply_ < opening_plies ? book_move() : random_move());
    ++ply_;
    core::generate_legal_moves(pos_, moves_);
  }

  core::move random_move() noexcept {
    return moves_.moves[rng_.below(static_cast<std::uint32_t>(moves_.size))];
  }

  // Openings follow an implicit book, so that popular lines, and with them early positions,
  // recur across games as in real corpora: a position's candidates are its central pawn moves
  // and knight moves off the rim, in an order fixed by the position's hash, each passed over
  // with chance book_next_share. Now and then any legal move is played instead.
  core::move book_move() noexcept {
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

  // A fixed pseudo-random number per position (splitmix64's finaliser over the bitboards).
  static std::uint32_t book_order(const core::position& pos) noexcept {
    std::uint64_t h = (pos.by_color[0] * 0x9E3779B97F4A7C15) ^ pos.by_color[1];
    for (const core::bitboard b : pos.by_type) h = (h ^ b) * 0xBF58476D1CE4E5B9;
    h ^= h >> 31;
    return static_cast<std::uint32_t>(h >> 32);
  }

  // The current position as one line; 0 if core does not accept it (it accepts every position
  // reached by legal play; this keeps the output valid should that ever change).
  std::size_t write_line(char* out) noexcept {
    core::record rec;
    rec.pos = pos_;
    if (!core::validate(rec, {}).ok()) return 0;
    ++line_;

    enum class form : std::uint8_t { fen, epd, epd_operations };
    const std::uint64_t draw = rng_.next();
    const form f = draw < epd_operations_          ? form::epd_operations
                   : draw < epd_operations_ + epd_ ? form::epd
                                                   : form::fen;
    const core::write_options format{
        f == form::fen ? core::output_format::fen : core::output_format::epd, notation_,
        core::ep_policy::always};
    // placement_length == 0: the writer encodes the placement from the bitboards.
    char* o = out + core::write_record(rec, {}, format, out);
    if (f == form::epd_operations) o = write_operations(o);
    if (rng_.chance(crlf_)) *o++ = '\r';
    *o++ = '\n';
    return static_cast<std::size_t>(o - out);
  }

  // A few common EPD operation sets, valid for core's grammar (opcode, operands, ';').
  char* write_operations(char* o) noexcept {
    std::uint32_t kind = rng_.below(3);
    if (kind == 0 && moves_.size == 0) kind = 1;  // no best move in a mate or stalemate
    switch (kind) {
      case 0:
        o = put(" bm ", o);
        o = put_san(pos_, moves_, random_move(), o);
        o = put("; id \"gen.", o);
        o = put_number(line_, o);
        return put("\";", o);
      case 1:
        o = put(" hmvc ", o);
        o = put_number(pos_.halfmove_clock, o);
        o = put("; fmvn ", o);
        o = put_number(pos_.fullmove_number, o);
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

  rng rng_;
  std::uint64_t chess960_;
  std::uint64_t emit_ = threshold(emit_share);
  std::uint64_t off_book_ = threshold(off_book_share);
  std::uint64_t book_next_ = threshold(book_next_share);
  std::uint64_t shredder_ = threshold(shredder_share);
  std::uint64_t epd_operations_ = threshold(epd_operations_share);
  std::uint64_t epd_ = threshold(epd_share);
  std::uint64_t crlf_ = threshold(crlf_share);

  core::position pos_;
  core::move_list moves_;  // legal moves of pos_
  int ply_ = 0;
  int max_ply_ = 0;
  bool game_over_ = true;
  bool chess960_game_ = false;
  core::castling_notation notation_ = core::castling_notation::xfen;
  std::uint64_t game_ = 0;
  std::uint64_t line_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Output

// A file descriptor behind a large buffer. Every write is checked; the first failure is
// reported as "fenbatch-gen: <what>: <path>: <reason>".
class output {
 public:
  output() : buffer_(std::size_t{4} << 20) {}
  output(const output&) = delete;
  output& operator=(const output&) = delete;
  ~output() {
    if (fd_ >= 0) (void)::close(fd_);  // only on an error path, already reported
  }

  // "-" is standard output.
  bool open(const std::string& path) {
    if (path == "-") {
      path_ = "<stdout>";
      fd_ = STDOUT_FILENO;
      return true;
    }
    path_ = path;
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    return fd_ >= 0 || fail("open");
  }

  // Room for one line (max_line_bytes).
  [[nodiscard]] char* slot() noexcept { return buffer_.data() + used_; }

  // Keeps the `length` bytes just written at slot(); flushes when little room is left.
  bool commit(std::size_t length) {
    used_ += length;
    return used_ + max_line_bytes <= buffer_.size() || flush();
  }

  bool flush() {
    const char* p = buffer_.data();
    std::size_t left = used_;
    while (left != 0) {
      const ssize_t written = ::write(fd_, p, left);
      if (written < 0) {
        if (errno == EINTR) continue;
        return fail("write");
      }
      p += written;
      left -= static_cast<std::size_t>(written);
    }
    used_ = 0;
    return true;
  }

  // Flushes and closes; a file system may report a failed write only here.
  bool close() {
    if (!flush()) return false;
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0 || fail("close");
  }

 private:
  bool fail(const char* what) const {
    std::fprintf(stderr, "%s: %s: %s: %s\n", program_name.data(), what, path_.c_str(),
                 std::strerror(errno));
    return false;
  }

  int fd_ = -1;
  std::string path_;
  std::vector<char> buffer_;
  std::size_t used_ = 0;
};

// ---------------------------------------------------------------------------------------------
// Command line

struct options {
  std::uint64_t lines = 100000;
  std::uint64_t bytes = unlimited;
  generator_options generator;
  std::string output = "-";  // standard output
};

// Decimal digits, then for sizes an optional K, M or G (binary multiples, as head -c reads
// them).
std::optional<std::uint64_t> parse_count(std::string_view text, bool allow_suffix) {
  std::uint64_t multiplier = 1;
  if (allow_suffix && !text.empty()) {
    switch (text.back()) {
      case 'K':
      case 'k': multiplier = std::uint64_t{1} << 10; break;
      case 'M':
      case 'm': multiplier = std::uint64_t{1} << 20; break;
      case 'G':
      case 'g': multiplier = std::uint64_t{1} << 30; break;
      default: break;
    }
    if (multiplier != 1) text.remove_suffix(1);
  }
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() ||
      value > unlimited / multiplier) {
    return std::nullopt;
  }
  return value * multiplier;
}

std::optional<double> parse_share(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() ||
      !(value >= 0.0 && value <= 1.0)) {
    return std::nullopt;
  }
  return value;
}

int usage_error(std::string_view message) {
  std::fprintf(stderr, "%s: %.*s (see --help)\n", program_name.data(),
               static_cast<int>(message.size()), message.data());
  return 2;
}

// Fills `out`; returns an exit status when the program should stop here (0 after --help or
// --version, 2 on a usage error).
std::optional<int> parse_command_line(int argc, char** argv, options& out) {
  po::options_description described("Options");
  // One option per line reads better than clang-format's layout of the chained calls.
  // clang-format off
  described.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit")
      ("lines,n", po::value<std::string>()->value_name("N"), "write N lines (default 100000)")
      ("bytes", po::value<std::string>()->value_name("B"),
       "stop before exceeding about B bytes (suffix K, M or G: binary multiples); without -n, "
       "no line limit")
      ("seed", po::value<std::string>()->value_name("S"), "PRNG seed, 0..2^64-1 (default 1)")
      ("chess960-share", po::value<std::string>()->value_name("F"),
       "share of games from a random Chess960 start, 0..1 (default 0.2)")
      ("output,o", po::value<std::string>()->value_name("FILE"),
       "write to FILE (default -: standard output)");
  // clang-format on
  po::variables_map values;
  try {
    // No positional arguments: an empty description makes boost reject them.
    const po::positional_options_description no_positionals;
    po::store(
        po::command_line_parser(argc, argv).options(described).positional(no_positionals).run(),
        values);
    po::notify(values);
  } catch (const po::error& e) {
    return usage_error(e.what());
  }

  if (values.contains("help")) {
    std::printf(
        "Usage: %s [options]\n"
        "Writes FEN/EPD lines sampled from seeded random legal games (standard chess and\n"
        "Chess960). The same options and seed give the same bytes on every machine.\n\n",
        program_name.data());
    std::fflush(stdout);
    std::cout << described;
    return 0;
  }
  if (values.contains("version")) {
    std::printf("%s %s\n", program_name.data(), FENBATCH_VERSION);
    return 0;
  }

  const auto text = [&](const char* name) -> std::string_view {
    return values[name].as<std::string>();
  };
  if (values.contains("bytes")) {
    const auto bytes = parse_count(text("bytes"), true);
    if (!bytes) return usage_error("invalid --bytes value '" + std::string(text("bytes")) + "'");
    out.bytes = *bytes;
    out.lines = unlimited;
  }
  if (values.contains("lines")) {
    const auto lines = parse_count(text("lines"), false);
    if (!lines) return usage_error("invalid --lines value '" + std::string(text("lines")) + "'");
    out.lines = *lines;
  }
  if (values.contains("seed")) {
    const auto seed = parse_count(text("seed"), false);
    if (!seed) return usage_error("invalid --seed value '" + std::string(text("seed")) + "'");
    out.generator.seed = *seed;
  }
  if (values.contains("chess960-share")) {
    const auto share = parse_share(text("chess960-share"));
    if (!share) {
      return usage_error("invalid --chess960-share value '" + std::string(text("chess960-share")) +
                         "' (expected 0..1)");
    }
    out.generator.chess960_share = *share;
  }
  if (values.contains("output")) out.output = values["output"].as<std::string>();
  return std::nullopt;
}

// Writes lines until the line or byte limit; false after a reported output error.
bool generate(const options& opts, output& out) {
  corpus_generator generator(opts.generator);
  std::uint64_t bytes = 0;
  for (std::uint64_t lines = 0; lines < opts.lines; ++lines) {
    const std::size_t length = generator.next_line(out.slot());
    if (length > opts.bytes - bytes) break;  // the byte limit is never exceeded
    bytes += length;
    if (!out.commit(length)) return false;
  }
  return out.close();
}

}  // namespace

int main(int argc, char** argv) {
  options opts;
  if (const std::optional<int> status = parse_command_line(argc, argv, opts)) return *status;
  output out;
  if (!out.open(opts.output)) return 2;
  return generate(opts, out) ? 0 : 2;
}
