// Help text for the enum options, from core's table of their names (option_names.hpp), so the
// help lists exactly the words the parser accepts and the statistics JSON writes.
#pragma once

#include <string>

#include "fenbatch/core/option_names.hpp"

namespace fenbatch::cli {

// "position (default), fen, board": every name in the table's order, the default marked.
template <core::named_option Enum>
[[nodiscard]] std::string choices_with_default(Enum default_value) {
  std::string out;
  for (const auto& entry : core::option_names<Enum>::values) {
    if (!out.empty()) out += ", ";
    out += entry.name;
    if (entry.value == default_value) out += " (default)";
  }
  return out;
}

}  // namespace fenbatch::cli
