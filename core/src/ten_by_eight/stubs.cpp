// FOUNDATION STUBS: replaced by the real files (decode.cpp, validate.cpp, write.cpp,
// position_key.cpp, movegen.cpp). Delete each function here when its real file lands.

#include "fenbatch/core/ten_by_eight/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"
#include "fenbatch/core/ten_by_eight/write.hpp"

namespace fenbatch::core::ten_by_eight {

fen_status decode(std::string_view, const decode_options&, record& out) noexcept {
  out = record{};
  return {fen_errc::bad_piece_char, 1};
}
fen_status validate(record&, const decode_options&) noexcept {
  return {};
}
fen_status parse_record(std::string_view line, const decode_options& options,
                        record& out) noexcept {
  const fen_status s = decode(line, options, out);
  if (!s.ok()) return s;
  return validate(out, options);
}
std::size_t write_record(const record&, std::string_view, const write_options&, char*) noexcept {
  return 0;
}
std::string to_canonical(const record&, std::string_view, const write_options&) {
  return {};
}
std::size_t write_position(const position&, const write_options&, char*) noexcept {
  return 0;
}
std::string to_canonical(const position&, const write_options&) {
  return {};
}
position_key make_key(const record&, key_kind) noexcept {
  return {0, std::uint64_t{1} << 63};
}

}  // namespace fenbatch::core::ten_by_eight
