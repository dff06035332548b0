// The pipeline decodes every line of a chunk into the same record: nothing of an earlier line
// (or of whatever the record held before) may carry over. Each line here decodes into a record
// that held another line, and into one filled with garbage bytes, and must give exactly what
// it gives in a new record. The suite runs once per decoder implementation (core.impl.NAME).
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <string_view>
#include <tuple>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/record.hpp"

namespace fenbatch::core {
namespace {

using namespace std::literals;

// Every field of a record, by name. A structured binding must name them all: a field added to
// basic_record does not compile here until it is compared too (the 8x8 record's own field,
// material_hint, is named after it).
auto fields(const record& r) {
  const basic_record<position>& base = r;
  const auto& [pos, legal_ep, pseudo_legal_ep, in_check, repairs, notes, operations_begin,
               operations_end, payload_begin, payload_end, placement_column, placement_length,
               side_column, ep_column, stale_castling_column, plain_tail] = base;
  return std::tuple(pos, legal_ep, pseudo_legal_ep, in_check, repairs, notes, operations_begin,
                    operations_end, payload_begin, payload_end, placement_column, placement_length,
                    side_column, ep_column, stale_castling_column, plain_tail, r.material_hint);
}

// Lines that set most fields: operations with the counters and an ep square, a payload,
// repairs, fullmove 0, a check with a legal ep capture, stale castling rights, a Chess960
// position, and lines that stop half-way (rejected after some fields were set).
constexpr std::array earlier_lines{
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 hmvc 0; fmvn 1; id \"e4\";"sv,
    "4k3/8/8/8/8/8/8/4K3 w - - 3 0 | label 0.5"sv,
    "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1"sv,
    "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"sv,
    "8/8/8/2k5/3Pp3/8/8/4K2R b K d3 0 1"sv,
    "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 40"sv,
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"sv,
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 trailing"sv,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"sv,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra words"sv,
};

// Lines whose records are compared: a plain FEN line, an EPD line, an EPD line with operations,
// and one with a payload.
constexpr std::array later_lines{
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1"sv,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"sv,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"start\";"sv,
    "r3k2r/8/8/8/8/8/8/R3K2R b kq - 0 7 payload"sv,
};

void expect_same_as_new_record(const decode_options& options) {
  for (const std::string_view later : later_lines) {
    record fresh;
    const fen_status expected = parse_record(later, options, fresh);
    record garbage;
    std::memset(static_cast<void*>(&garbage), 0xA5, sizeof garbage);
    EXPECT_EQ(parse_record(later, options, garbage), expected) << later;
    EXPECT_EQ(fields(garbage), fields(fresh)) << "over garbage: " << later;
    for (const std::string_view earlier : earlier_lines) {
      record reused;
      (void)parse_record(earlier, options, reused);
      EXPECT_EQ(parse_record(later, options, reused), expected) << earlier << " | " << later;
      EXPECT_EQ(fields(reused), fields(fresh)) << earlier << " | " << later;
    }
  }
}

TEST(RecordReset, NothingOfAnEarlierLineCarriesOverInStrictMode) {
  expect_same_as_new_record({});
}

TEST(RecordReset, NothingOfAnEarlierLineCarriesOverWithRepairAndPayload) {
  expect_same_as_new_record({.repair = true, .payload = true});
}

}  // namespace
}  // namespace fenbatch::core
