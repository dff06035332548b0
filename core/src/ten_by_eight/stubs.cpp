// FOUNDATION STUBS: replaced by the real files (decode.cpp, validate.cpp, write.cpp,
// position_key.cpp, movegen.cpp). Delete each function here when its real file lands.

#include "fenbatch/core/ten_by_eight/movegen.hpp"
#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"

namespace fenbatch::core::ten_by_eight {

void generate_legal_moves(const position&, move_list& out) noexcept {
  out.size = 0;
}
position after_move(const position& pos, move) noexcept {
  return pos;
}
std::uint64_t perft(const position&, int) noexcept {
  return 0;
}
std::string to_uci(move) {
  return {};
}

}  // namespace fenbatch::core::ten_by_eight
