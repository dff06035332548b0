#include "fenbatch/core/position_row.hpp"

#include <bit>
#include <cstring>

#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"

namespace fenbatch::core {
namespace {

constexpr std::int8_t no_ep = -1;

// Mailbox code of a piece: 1-6 white P N B R Q K, 7-12 black; on 10x8, archbishop and
// chancellor 13/14 white, 15/16 black.
constexpr std::int8_t square_code(int side, int type) noexcept {
  if (type < piece_type_count) return static_cast<std::int8_t>(1 + type + piece_type_count * side);
  return static_cast<std::int8_t>(13 + (type - piece_type_count) + 2 * side);
}

template <class Record>
std::int8_t written_ep(const Record& rec, ep_policy policy) noexcept {
  using vocabulary = typename decltype(Record::pos)::vocabulary;
  constexpr auto none = vocabulary::no_square;
  auto square = none;
  switch (policy) {
    case ep_policy::legal: square = rec.legal_ep; break;
    case ep_policy::pseudo: square = rec.pseudo_legal_ep ? rec.pos.ep_square : none; break;
    case ep_policy::always: square = rec.pos.ep_square; break;
  }
  return square == none ? no_ep : static_cast<std::int8_t>(square);
}

// The columns every board fills alike: side, ep, counters, key.
template <class Record>
void fill_common(const Record& rec, const row_options& options, const row_columns& out,
                 std::size_t row) noexcept {
  if (out.side != nullptr) out.side[row] = rec.pos.side_to_move == color::white ? 0 : 1;
  if (out.ep != nullptr) out.ep[row] = written_ep(rec, options.write.ep);
  if (out.halfmove != nullptr) out.halfmove[row] = rec.pos.halfmove_clock;
  if (out.fullmove != nullptr) out.fullmove[row] = rec.pos.fullmove_number;
  if (out.key != nullptr) {
    using core::make_key;
    using core::ten_by_eight::make_key;
    const position_key key = make_key(rec, options.key);
    out.key[row * 2] = key.low;
    out.key[row * 2 + 1] = key.high;
  }
}

void fill_eight_by_eight(const record& rec, const row_options& options, const row_columns& out,
                         std::size_t row) noexcept {
  const position& pos = rec.pos;
  std::uint64_t planes[row_bitboards];
  for (std::size_t side = 0; side < std::size_t{color_count}; ++side) {
    for (std::size_t type = 0; type < std::size_t{piece_type_count}; ++type) {
      planes[side * piece_type_count + type] = pos.by_color[side] & pos.by_type[type];
    }
  }
  if (out.bitboards != nullptr)
    std::memcpy(out.bitboards + row * row_bitboards, planes, sizeof planes);
  if (out.squares != nullptr) {
    std::int8_t* squares = out.squares + row * row_squares;
    std::memset(squares, empty_square, row_squares);
    for (std::size_t plane = 0; plane < row_bitboards; ++plane) {
      const auto code = static_cast<std::int8_t>(plane + 1);
      for (std::uint64_t b = planes[plane]; b != 0; b &= b - 1) squares[std::countr_zero(b)] = code;
    }
  }
  if (out.castling != nullptr) out.castling[row] = pos.castling_rooks;
  fill_common(rec, options, out, row);
}

void fill_ten_by_eight(const ten_by_eight::record& rec, const row_options& options,
                       const row_columns& out, std::size_t row) noexcept {
  if (out.bitboards != nullptr) {
    std::memset(out.bitboards + row * row_bitboards, 0, row_bitboards * sizeof(std::uint64_t));
  }
  if (out.squares != nullptr) {
    std::int8_t* squares = out.squares + row * row_squares;
    std::memset(squares, empty_square, row_squares);
    for (int side = 0; side < color_count; ++side) {
      for (int type = 0; type < ten_by_eight::piece_type_count; ++type) {
        const std::int8_t code = square_code(side, type);
        ten_by_eight::bitboard b = rec.pos.by_color[static_cast<std::size_t>(side)] &
                                   rec.pos.by_type[static_cast<std::size_t>(type)];
        while (b != 0) squares[ten_by_eight::to_index(ten_by_eight::pop_lsb(b))] = code;
      }
    }
  }
  if (out.castling != nullptr) out.castling[row] = 0;
  fill_common(rec, options, out, row);
}

// The position columns of a row without a position.
void clear_position(const row_columns& out, std::size_t row) noexcept {
  if (out.bitboards != nullptr) {
    std::memset(out.bitboards + row * row_bitboards, 0, row_bitboards * sizeof(std::uint64_t));
  }
  if (out.squares != nullptr) std::memset(out.squares + row * row_squares, 0, row_squares);
  if (out.side != nullptr) out.side[row] = 0;
  if (out.castling != nullptr) out.castling[row] = 0;
  if (out.ep != nullptr) out.ep[row] = no_ep;
  if (out.halfmove != nullptr) out.halfmove[row] = 0;
  if (out.fullmove != nullptr) out.fullmove[row] = 0;
  if (out.key != nullptr) {
    out.key[row * 2] = 0;
    out.key[row * 2 + 1] = 0;
  }
}

void fill_verdict(fen_status status, std::uint8_t board, const row_columns& out,
                  std::size_t row) noexcept {
  const bool skipped =
      status.code == fen_errc::skipped_blank || status.code == fen_errc::skipped_comment;
  if (out.valid != nullptr) out.valid[row] = status.ok();
  if (out.reason != nullptr) out.reason[row] = static_cast<std::uint8_t>(status.code);
  if (out.column != nullptr) {
    out.column[row] = status.ok() || skipped ? 0 : static_cast<std::int32_t>(status.column);
  }
  if (out.board != nullptr) out.board[row] = board;
}

// The line's verdict as a run gives it: the 8x8 reader's, or for a rejected line with ten files
// (not blank, not a comment) the 10x8 reader's. Calls on_eight(status, rec) or
// on_ten(status, wide) with the verdict and the record it was read into.
template <class OnEight, class OnTen>
void judge(std::string_view line, const decode_options& options, const OnEight& on_eight,
           const OnTen& on_ten) {
  record rec;
  const fen_status status = parse_record(line, options, rec);
  const bool skipped =
      status.code == fen_errc::skipped_blank || status.code == fen_errc::skipped_comment;
  if (status.ok() || skipped || !ten_by_eight::has_ten_files(line)) {
    on_eight(status, rec);
    return;
  }
  ten_by_eight::record wide;
  on_ten(ten_by_eight::parse_record(line, options, wide), wide);
}

}  // namespace

void decode_row(std::string_view line, const row_options& options, const row_columns& out,
                std::size_t row) noexcept {
  judge(
      line, options.decode,
      [&](fen_status status, const record& rec) {
        fill_verdict(status, 0, out, row);
        if (status.ok()) {
          fill_eight_by_eight(rec, options, out, row);
        } else {
          clear_position(out, row);
        }
      },
      [&](fen_status status, const ten_by_eight::record& wide) {
        fill_verdict(status, 1, out, row);
        if (status.ok()) {
          fill_ten_by_eight(wide, options, out, row);
        } else {
          clear_position(out, row);
        }
      });
}

bool append_canonical(std::string_view line, const row_options& options, std::string& out) {
  const std::size_t before = out.size();
  bool valid = false;
  judge(
      line, options.decode,
      [&](fen_status status, const record& rec) {
        if (!status.ok()) return;
        out.resize(before + max_written_size(line.size()));
        out.resize(before + write_record(rec, line, options.write, out.data() + before));
        valid = true;
      },
      [&](fen_status status, const ten_by_eight::record& wide) {
        if (!status.ok()) return;
        out.resize(before + ten_by_eight::max_written_size(line.size()));
        out.resize(before +
                   ten_by_eight::write_record(wide, line, options.write, out.data() + before));
        valid = true;
      });
  return valid;
}

}  // namespace fenbatch::core
