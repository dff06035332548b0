// The choice of the implementation decode() uses, once per process (decoder_registry.hpp).
// A forced name that cannot be honoured is recorded, never printed and never fatal: core does
// not end its host process; the caller reports it.

#include <array>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "fenbatch/core/decoder_registry.hpp"

namespace fenbatch::core {
namespace {

// The last implementation this CPU runs fast (the scalar one, first, runs on any).
const decoder_implementation& best_for_this_cpu() noexcept {
  const auto all = decoder_implementations();
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    if (it->supported() && it->fast_here()) return *it;
  }
  return all.front();
}

// A copy of FENBATCH_FORCE_IMPL: the environment may change after the choice is made.
std::array<char, 256> forced_name_copy{};

decoder_selection select() noexcept {
  decoder_selection s;
  s.in_use = &best_for_this_cpu();
  const char* const forced = std::getenv("FENBATCH_FORCE_IMPL");
  if (forced == nullptr || *forced == '\0') return s;
  const std::size_t length = ::strnlen(forced, forced_name_copy.size() - 1);
  std::memcpy(forced_name_copy.data(), forced, length);
  s.forced_name = std::string_view(forced_name_copy.data(), length);
  s.forced = find_decoder(s.forced_name);
  if (s.forced == nullptr) {
    s.error = decoder_selection_errc::unknown_decoder;
  } else if (!s.forced->supported()) {
    s.error = decoder_selection_errc::unsupported_cpu;
    s.missing = s.forced->cpu_needs & ~cpu_features_here();
  } else {
    s.in_use = s.forced;
  }
  return s;
}

}  // namespace

std::string decoder_selection::message() const {
  const std::string prefix = "FENBATCH_FORCE_IMPL=" + std::string(forced_name) + ": ";
  switch (error) {
    case decoder_selection_errc::ok: return {};
    case decoder_selection_errc::unknown_decoder: {
      std::string built;
      for (const decoder_implementation& impl : decoder_implementations()) {
        if (!built.empty()) built += ", ";
        built += impl.name;
      }
      return prefix + "unknown decoder (built here: " + built + ")";
    }
    case decoder_selection_errc::unsupported_cpu:
      return prefix + "this CPU lacks " + feature_names(missing);
  }
  return prefix + "unknown error";
}

const decoder_selection& selected_decoder() noexcept {
  static const decoder_selection selection = select();
  return selection;
}

std::string_view decoder_name() noexcept {
  return selected_decoder().in_use->name;
}

}  // namespace fenbatch::core
