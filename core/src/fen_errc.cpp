// Names and descriptions from the tables in fen_errc.hpp, indexed by value.
#include "fenbatch/core/fen_errc.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fenbatch::core {
namespace {

#define FENBATCH_FEN_ERRC_NAME(name, description) #name,
constexpr std::array<std::string_view, fen_errc_count> fen_errc_names{
    FENBATCH_FEN_ERRC_TABLE(FENBATCH_FEN_ERRC_NAME)};
#undef FENBATCH_FEN_ERRC_NAME

#define FENBATCH_FEN_ERRC_DESCRIPTION(name, description) description,
constexpr std::array<std::string_view, fen_errc_count> fen_errc_descriptions{
    FENBATCH_FEN_ERRC_TABLE(FENBATCH_FEN_ERRC_DESCRIPTION)};
#undef FENBATCH_FEN_ERRC_DESCRIPTION

#define FENBATCH_REPAIR_KIND_NAME(name) #name,
constexpr std::array<std::string_view, repair_kind_count> repair_kind_names{
    FENBATCH_REPAIR_KIND_TABLE(FENBATCH_REPAIR_KIND_NAME)};
#undef FENBATCH_REPAIR_KIND_NAME

// The entry for `value`, or "unknown" for a value outside the enum.
template <std::size_t N>
constexpr std::string_view entry(const std::array<std::string_view, N>& table,
                                 std::uint8_t value) noexcept {
  return value < N ? table[value] : "unknown";
}

}  // namespace

std::string_view to_string(fen_errc e) noexcept {
  return entry(fen_errc_names, static_cast<std::uint8_t>(e));
}

std::string_view describe(fen_errc e) noexcept {
  return entry(fen_errc_descriptions, static_cast<std::uint8_t>(e));
}

std::string_view to_string(repair_kind k) noexcept {
  return entry(repair_kind_names, static_cast<std::uint8_t>(k));
}

}  // namespace fenbatch::core
