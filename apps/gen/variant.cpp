#include "variant.hpp"

#include <array>
#include <string>
#include <string_view>
#include <utility>

namespace fenbatch::gen {
namespace {

constexpr std::array<std::pair<std::string_view, variant>, 8> names{{
    {"capablanca", variant::capablanca},
    {"capablanca-random", variant::capablanca_random},
    {"gothic", variant::gothic},
    {"embassy", variant::embassy},
    {"janus", variant::janus},
    {"chess", variant::chess},
    {"chess960", variant::chess960},
    {"mixed", variant::mixed},
}};

}  // namespace

std::optional<variant> parse_variant(std::string_view name) noexcept {
  for (const auto& [text, v] : names) {
    if (text == name) return v;
  }
  return std::nullopt;
}

std::string variant_names() {
  std::string out;
  for (const auto& [text, v] : names) {
    if (!out.empty()) out += ", ";
    out += text;
  }
  return out;
}

}  // namespace fenbatch::gen
