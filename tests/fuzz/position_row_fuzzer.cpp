// libFuzzer target: a text as fenbatch.decode takes it (pipeline/position_table.hpp,
// core/position_row.hpp). Input: 2 header bytes, then the text.
//   byte 0: bit 0 repair, bit 1 payload, bit 2 shredder castling, bits 3-4 ep policy (legal,
//           pseudo, always, legal), bit 5 EPD output, bits 6-7 the threads' mode: 0 and 1
//           plain, 2 a wide table, 3 a wide split (each costs milliseconds: a quarter of the
//           inputs each);
//   byte 1: bits 0-2 the key kind (modulo 5), bits 3-7 where the wide split cuts (below).
// Checks (any violation traps):
// - split_lines on 1 and on 2 threads give the same lines (the same views), and they are
//   core::line_splitter's lines of the text after its BOM. Wide split: the text is put twice
//   into a text of 2 MiB or more (split_lines cuts only such texts into pieces), so that the
//   first cut is at the first LF of the text at or after the offset bits 3-7 of byte 1 give,
//   the next one in the second copy, at the end; it is split on 2 threads as on 1;
// - each line's row (valid, reason, column, board) is the verdict a run gives, written out
//   here from the readers: the 8x8 parse_record; for a line it rejects that is not blank or a
//   comment and that has_ten_files routes, the 10x8 parse_record. A valid row's columns are its
//   record's: bitboards by_color & by_type per plane (zero on 10x8), the mailbox piece by piece
//   (as many non-empty squares as occupied ones), side, castling rooks, ep as the ep policy
//   writes it, counters and make_key. An invalid row's position columns are zero, ep -1;
// - append_canonical gives a line exactly for the valid rows; that line decodes again to the
//   same row (in EPD output: but for the counters, and the key where it holds them);
//   canonical_lines gives the same lines;
// - decode_rows on 1 and on 2 threads fill byte-identical tables, every byte written (each
//   table starts from another fill). Wide table: blank rows added past 4096 rows, with the
//   lines at the start, around the middle and at the end, so that 2 threads share the rows.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "canonical_checks.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/position_row.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/pipeline/position_table.hpp"

namespace {

namespace core = fenbatch::core;
namespace pipeline = fenbatch::pipeline;
namespace tbe = fenbatch::core::ten_by_eight;

using fenbatch::fuzz::check;

constexpr std::size_t bitboards = core::row_bitboards;
constexpr std::size_t squares = core::row_squares;

// A table that owns its columns.
struct table {
  std::vector<std::uint8_t> valid, reason, board, side;
  std::vector<std::int32_t> column;
  std::vector<std::uint64_t> bitboard, castling, key;
  std::vector<std::int8_t> square, ep;
  std::vector<std::uint32_t> halfmove, fullmove;

  // Every byte `fill`, so that a byte decode_row does not write shows.
  table(std::size_t rows, std::uint8_t fill) {
    const auto sized = [&](auto& v, std::size_t n) {
      v.resize(n);
      if (n != 0) std::memset(v.data(), fill, n * sizeof(v[0]));
    };
    sized(valid, rows);
    sized(reason, rows);
    sized(board, rows);
    sized(side, rows);
    sized(column, rows);
    sized(bitboard, rows * bitboards);
    sized(castling, rows);
    sized(key, rows * 2);
    sized(square, rows * squares);
    sized(ep, rows);
    sized(halfmove, rows);
    sized(fullmove, rows);
  }

  core::row_columns columns() {
    // bool and uint8 have one size: the column is read as bytes here, written as bool there.
    static_assert(sizeof(bool) == sizeof(std::uint8_t));
    return {reinterpret_cast<bool*>(valid.data()),
            reason.data(),
            column.data(),
            board.data(),
            bitboard.data(),
            square.data(),
            side.data(),
            castling.data(),
            ep.data(),
            halfmove.data(),
            fullmove.data(),
            key.data()};
  }

  bool operator==(const table&) const = default;
};

struct options_and_modes {
  core::row_options row;
  bool wide_split = false;
  bool wide_table = false;
  std::size_t cut_offset = 0;
};

options_and_modes read_header(std::uint8_t a, std::uint8_t b) {
  options_and_modes m;
  m.row.decode.repair = (a & 1U) != 0;
  m.row.decode.payload = (a & 2U) != 0;
  m.row.write.castling =
      (a & 4U) != 0 ? core::castling_notation::shredder : core::castling_notation::xfen;
  constexpr core::ep_policy policies[] = {core::ep_policy::legal, core::ep_policy::pseudo,
                                          core::ep_policy::always, core::ep_policy::legal};
  m.row.write.ep = policies[(a >> 3) & 3U];
  m.row.write.format = (a & 32U) != 0 ? core::output_format::epd : core::output_format::fen;
  m.wide_table = (a >> 6) == 2;
  m.wide_split = (a >> 6) == 3;
  constexpr core::key_kind kinds[] = {core::key_kind::position, core::key_kind::full,
                                      core::key_kind::board, core::key_kind::placement,
                                      core::key_kind::mirror};
  m.row.key = kinds[(b & 7U) % 5];
  m.cut_offset = b >> 3;
  return m;
}

std::vector<std::string_view> split(std::string_view text, unsigned threads) {
  std::vector<std::string_view> lines;
  pipeline::split_lines(text, lines, pipeline::table_threads{threads});
  return lines;
}

// Same lines: same views into the text.
bool same_views(const std::vector<std::string_view>& a, const std::vector<std::string_view>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](std::string_view x, std::string_view y) {
                      return x.data() == y.data() && x.size() == y.size();
                    });
}

void check_split(std::string_view text, const std::vector<std::string_view>& lines) {
  check(same_views(split(text, 2), lines));
  std::vector<std::string_view> expected;
  core::line_splitter splitter(text.substr(core::bom_length(text)));
  for (core::line_span line; splitter.next(line);) expected.push_back(line.text);
  check(same_views(expected, lines));
}

// The text twice in a text of 2 MiB or more (split_lines on 2 threads cuts those into pieces
// of at least 1 MiB, each cut after the first LF past 1 MiB from the piece's start), 1 MiB
// apart and ending the text, so that the first cut comes at the first LF at or after `offset`
// in the first copy, the second at the next LF in the second copy, and the last piece ends
// as the text does (CR, no LF).
void check_wide_split(std::string_view text, std::size_t offset) {
  constexpr std::size_t piece = std::size_t{1} << 20;
  offset = std::min(offset, text.size());
  std::string wide(piece - offset, 'x');
  wide.back() = '\n';  // before the cut's target: no cut there
  wide.append(text);
  wide.push_back('\n');
  if (wide.size() < 2 * piece - offset - 1) wide.resize(2 * piece - offset - 1, 'y');
  wide.push_back('\n');
  wide.append(text);
  check(same_views(split(wide, 2), split(wide, 1)));
}

template <class Record>
auto written_ep(const Record& rec, core::ep_policy policy) {
  constexpr auto none = decltype(rec.pos)::vocabulary::no_square;
  switch (policy) {
    case core::ep_policy::legal: return rec.legal_ep;
    case core::ep_policy::pseudo: return rec.pseudo_legal_ep ? rec.pos.ep_square : none;
    case core::ep_policy::always: return rec.pos.ep_square;
  }
  return none;
}

template <class Record>
void check_common(const Record& rec, const core::row_options& options, table& t, std::size_t r) {
  check(t.valid[r] == 1 && t.reason[r] == 0 && t.column[r] == 0);
  check(t.side[r] == (rec.pos.side_to_move == core::color::white ? 0 : 1));
  const auto ep = written_ep(rec, options.write.ep);
  check(t.ep[r] == (ep == decltype(rec.pos)::vocabulary::no_square ? -1 : static_cast<int>(ep)));
  check(t.halfmove[r] == rec.pos.halfmove_clock && t.fullmove[r] == rec.pos.fullmove_number);
  using core::make_key;
  using tbe::make_key;
  const core::position_key key = make_key(rec, options.key);
  check(t.key[r * 2] == key.low && t.key[r * 2 + 1] == key.high);
}

std::size_t nonempty_squares(const table& t, std::size_t r) {
  return static_cast<std::size_t>(
      std::count_if(t.square.begin() + static_cast<long>(r * squares),
                    t.square.begin() + static_cast<long>((r + 1) * squares),
                    [](std::int8_t s) { return s != 0; }));
}

void check_eight_by_eight(const core::record& rec, const core::row_options& options, table& t,
                          std::size_t r) {
  check(t.board[r] == 0);
  check_common(rec, options, t, r);
  const core::position& pos = rec.pos;
  for (std::size_t p = 0; p < bitboards; ++p) {
    check(t.bitboard[r * bitboards + p] == (pos.by_color[p / 6] & pos.by_type[p % 6]));
  }
  for (int s = 0; s < 64; ++s) {
    const auto piece = pos.piece_on(static_cast<core::square>(s));
    const int expected =
        piece ? 1 + static_cast<int>(piece->type) + 6 * static_cast<int>(piece->side) : 0;
    check(t.square[r * squares + static_cast<std::size_t>(s)] == expected);
  }
  check(nonempty_squares(t, r) == static_cast<std::size_t>(std::popcount(pos.occupied())));
  check(t.castling[r] == pos.castling_rooks);
}

void check_ten_by_eight(const tbe::record& rec, const core::row_options& options, table& t,
                        std::size_t r) {
  check(t.board[r] == 1);
  check_common(rec, options, t, r);
  for (std::size_t p = 0; p < bitboards; ++p) check(t.bitboard[r * bitboards + p] == 0);
  for (int s = 0; s < tbe::square_count; ++s) {
    const auto piece = rec.pos.piece_on(tbe::square_at(s));
    int expected = 0;
    if (piece) {
      const int type = static_cast<int>(piece->type);
      const int side = static_cast<int>(piece->side);
      expected = type < 6 ? 1 + type + 6 * side : 13 + (type - 6) + 2 * side;
    }
    check(t.square[r * squares + static_cast<std::size_t>(s)] == expected);
  }
  check(nonempty_squares(t, r) == static_cast<std::size_t>(tbe::popcount(rec.pos.occupied())));
  check(t.castling[r] == 0);
}

void check_invalid(core::fen_status status, std::uint8_t board, table& t, std::size_t r) {
  const bool skipped = core::is_skipped(status.code);
  check(t.valid[r] == 0 && t.reason[r] == static_cast<std::uint8_t>(status.code));
  check(t.column[r] == (skipped ? 0 : static_cast<std::int32_t>(status.column)));
  check(t.board[r] == board);
  for (std::size_t p = 0; p < bitboards; ++p) check(t.bitboard[r * bitboards + p] == 0);
  check(nonempty_squares(t, r) == 0);
  check(t.side[r] == 0 && t.castling[r] == 0 && t.ep[r] == -1);
  check(t.halfmove[r] == 0 && t.fullmove[r] == 0 && t.key[r * 2] == 0 && t.key[r * 2 + 1] == 0);
}

// What check_verdict found of a line.
struct verdict {
  bool valid = false;
  std::string_view payload;  // --payload's text kept after the fields
};

// Row r against the run's verdict on `line`: the 8x8 reader, else (not blank or comment,
// routed by has_ten_files) the 10x8 reader.
verdict check_verdict(std::string_view line, const core::row_options& options, table& t,
                      std::size_t r) {
  core::record rec;
  const core::fen_status status = core::parse_record(line, options.decode, rec);
  if (status.ok()) {
    check_eight_by_eight(rec, options, t, r);
    return {true, rec.payload(line)};
  }
  if (core::is_skipped(status.code) || !tbe::has_ten_files(line)) {
    check_invalid(status, 0, t, r);
    return {};
  }
  tbe::record wide;
  const core::fen_status wide_status = tbe::parse_record(line, options.decode, wide);
  if (wide_status.ok()) {
    check_ten_by_eight(wide, options, t, r);
    return {true, wide.payload(line)};
  }
  check_invalid(wide_status, 1, t, r);
  return {};
}

// The canonical line decodes again to row r; EPD output may leave the counters out.
void check_canonical_row(std::string_view canonical, const core::row_options& options,
                         const table& t, std::size_t r) {
  table again(1, 0);
  core::decode_row(canonical, options, again.columns(), 0);
  const bool epd = options.write.format == core::output_format::epd;
  if (epd) {
    again.halfmove[0] = t.halfmove[r];
    again.fullmove[0] = t.fullmove[r];
    if (options.key == core::key_kind::full) {
      again.key[0] = t.key[r * 2];
      again.key[1] = t.key[r * 2 + 1];
    }
  }
  table row(1, 0);
  row.valid[0] = t.valid[r];
  row.reason[0] = t.reason[r];
  row.column[0] = t.column[r];
  row.board[0] = t.board[r];
  row.side[0] = t.side[r];
  row.castling[0] = t.castling[r];
  row.ep[0] = t.ep[r];
  row.halfmove[0] = t.halfmove[r];
  row.fullmove[0] = t.fullmove[r];
  row.key = {t.key[r * 2], t.key[r * 2 + 1]};
  std::copy_n(t.bitboard.begin() + static_cast<long>(r * bitboards), bitboards,
              row.bitboard.begin());
  std::copy_n(t.square.begin() + static_cast<long>(r * squares), squares, row.square.begin());
  check(again == row);
}

void check_rows(const std::vector<std::string_view>& lines, const core::row_options& options,
                table& t) {
  std::vector<std::string> canonical;
  std::vector<bool> valid;
  pipeline::canonical_lines(lines, options, canonical, valid, pipeline::table_threads{1});
  check(canonical.size() == lines.size() && valid.size() == lines.size());
  for (std::size_t r = 0; r < lines.size(); ++r) {
    const verdict v = check_verdict(lines[r], options, t, r);
    std::string text = "x";
    check(core::append_canonical(lines[r], options, text) == v.valid);
    check(valid[r] == v.valid && canonical[r] == std::string_view(text).substr(1));
    if (!v.valid) {
      check(text == "x");
      continue;
    }
    // In EPD output a payload that begins with a digit reads back as a halfmove clock (a
    // documented limit of 4 fields followed by labels; fen_decode_fuzzer skips it alike).
    if (options.write.format == core::output_format::epd && !v.payload.empty() &&
        v.payload.front() >= '0' && v.payload.front() <= '9') {
      continue;
    }
    check_canonical_row(std::string_view(text).substr(1), options, t, r);
  }
}

// The rows of `lines` on 1 and on 2 threads. A wide table has more than 4096 rows (decode_rows
// gives fewer to one thread): blank rows (cheap) with the lines at its start, middle and end.
void check_tables(const std::vector<std::string_view>& lines, const core::row_options& options,
                  bool wide) {
  std::vector<std::string_view> rows = lines;
  if (wide) {
    const std::string_view blank("");
    rows.resize(rows.size() + 2048, blank);
    rows.insert(rows.end(), lines.begin(), lines.end());
    rows.resize(rows.size() + 2049, blank);
    rows.insert(rows.end(), lines.begin(), lines.end());
  }
  table one(rows.size(), 0xA5);
  table two(rows.size(), 0x5A);
  pipeline::decode_rows(rows, options, one.columns(), pipeline::table_threads{1});
  pipeline::decode_rows(rows, options, two.columns(), pipeline::table_threads{2});
  check(one == two);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const options_and_modes m = read_header(data[0], data[1]);
  const std::string_view text(reinterpret_cast<const char*>(data) + 2, size - 2);

  const std::vector<std::string_view> lines = split(text, 1);
  check_split(text, lines);
  if (m.wide_split) check_wide_split(text, m.cut_offset);

  table t(lines.size(), 0xA5);
  pipeline::decode_rows(lines, m.row, t.columns(), pipeline::table_threads{1});
  check_rows(lines, m.row, t);
  check_tables(lines, m.row, m.wide_table);
  return 0;
}
