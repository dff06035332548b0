// The games fenbatch-gen can play (--variant): 8x8 chess and Chess960, the 10x8 Capablanca
// family, or a mix of both boards.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fenbatch::gen {

enum class variant : unsigned char {
  chess_with_chess960,  // no --variant: standard chess with a share of Chess960 (the default)
  chess,                // standard start only
  chess960,             // Chess960 starts only
  capablanca,           // rnabqkbcnr
  capablanca_random,    // a seeded Capablanca-random array (capablanca_random_array)
  gothic,               // rnbqckabnr
  embassy,              // rnbqkcabnr
  janus,                // ranbkqbnar (Janus's J written A, as X-FEN readers expect)
  mixed,                // 8x8 and 10x8 games in a seeded mix (variant.cpp gives the shares)
};

// The name --variant takes, or nullopt for an unknown one.
[[nodiscard]] std::optional<variant> parse_variant(std::string_view name) noexcept;

// The valid names, in the table's order, separated by ", ", for help and error messages.
[[nodiscard]] std::string variant_names();

[[nodiscard]] constexpr bool is_ten_by_eight(variant v) noexcept {
  return v == variant::capablanca || v == variant::capablanca_random || v == variant::gothic ||
         v == variant::embassy || v == variant::janus;
}

}  // namespace fenbatch::gen
