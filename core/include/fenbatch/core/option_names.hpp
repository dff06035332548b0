// The names users type and read for the enum options (dedupe key, output format, castling
// notation, en-passant policy): one table per enum, from which the command line, its help, the
// statistics JSON and the errors for bad values all take their words.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/write.hpp"

namespace fenbatch::core {

template <class Enum>
struct option_name {
  std::string_view name;
  Enum value;
};

// Specialised for each option enum: `values`, the names in the order help lists them (the
// default first).
template <class Enum>
struct option_names;

template <>
struct option_names<key_kind> {
  static constexpr std::array values{option_name<key_kind>{"position", key_kind::position},
                                     option_name<key_kind>{"fen", key_kind::full},
                                     option_name<key_kind>{"board", key_kind::board},
                                     option_name<key_kind>{"placement", key_kind::placement},
                                     option_name<key_kind>{"mirror", key_kind::mirror}};
};

template <>
struct option_names<output_format> {
  static constexpr std::array values{option_name<output_format>{"fen", output_format::fen},
                                     option_name<output_format>{"epd", output_format::epd},
                                     option_name<output_format>{"keep", output_format::keep}};
};

template <>
struct option_names<castling_notation> {
  static constexpr std::array values{
      option_name<castling_notation>{"xfen", castling_notation::xfen},
      option_name<castling_notation>{"shredder", castling_notation::shredder}};
};

template <>
struct option_names<ep_policy> {
  static constexpr std::array values{option_name<ep_policy>{"legal", ep_policy::legal},
                                     option_name<ep_policy>{"pseudo", ep_policy::pseudo},
                                     option_name<ep_policy>{"always", ep_policy::always}};
};

template <class Enum>
concept named_option = requires {
  option_names<Enum>::values;
};

template <named_option Enum>
[[nodiscard]] constexpr std::string_view to_string(Enum value) noexcept {
  for (const auto& entry : option_names<Enum>::values) {
    if (entry.value == value) return entry.name;
  }
  return "?";  // (not a value of the enum)
}

// The value named exactly `text` (case-sensitive), or nothing.
template <named_option Enum>
[[nodiscard]] constexpr std::optional<Enum> parse_option(std::string_view text) noexcept {
  for (const auto& entry : option_names<Enum>::values) {
    if (entry.name == text) return entry.value;
  }
  return std::nullopt;
}

// "position, fen, board, placement, mirror": the names for help texts and error messages.
template <named_option Enum>
[[nodiscard]] std::string option_choices() {
  std::string out;
  for (const auto& entry : option_names<Enum>::values) {
    if (!out.empty()) out += ", ";
    out += entry.name;
  }
  return out;
}

}  // namespace fenbatch::core
