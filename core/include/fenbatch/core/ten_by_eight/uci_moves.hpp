// UCI move lists played on a 10x8 record: core/uci_moves.hpp's rules on ten files (a..j, ranks
// 1..8), with the archbishop 'a' and the chancellor 'c' as promotion letters beside n, b, r, q,
// and castling as in Capablanca random chess (the king's destination is the c or the i file).
#pragma once

#include <cstdint>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/uci_moves.hpp"

namespace fenbatch::core::ten_by_eight {

[[nodiscard]] fen_status apply_uci_moves(record& rec, std::string_view moves, std::uint32_t count,
                                         const decode_options& options) noexcept;

[[nodiscard]] fen_status check_uci_moves(const record& rec, std::string_view moves) noexcept;

}  // namespace fenbatch::core::ten_by_eight
