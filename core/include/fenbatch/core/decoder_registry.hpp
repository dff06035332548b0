// The decoder implementations this build contains, and the choice of the one decode() uses:
// one registry that the dispatch, the tests, the fuzzers and the benchmarks all iterate (as
// simdjson lists its implementations). Every implementation gives the same results bit for bit;
// they differ in what they need of the CPU and in speed.
//
// The choice is made once per process, on the first decode() or the first call below: the
// implementation named by the environment variable FENBATCH_FORCE_IMPL (for tests, benchmarks
// and bug reports) or, when that is unset or empty, the last one in the registry that this CPU
// runs fast. A forced name that is unknown, or names an implementation whose CPU features this
// CPU lacks, is no reason for a library to end its host process: decode() then uses the
// implementation it would use without FENBATCH_FORCE_IMPL, and the failure stays in
// selected_decoder() for the caller to report. fenbatch refuses to run on it (exit 2, before
// opening any file), and so does pipeline::run() (std::runtime_error).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "fenbatch/core/cpu_features.hpp"
#include "fenbatch/core/record.hpp"

namespace fenbatch::core {

using decode_function = fen_status (*)(std::string_view line, const decode_options& options,
                                       record& out) noexcept;

struct decoder_implementation {
  std::string_view name;   // what FENBATCH_FORCE_IMPL takes: "scalar", "avx2"
  cpu_features cpu_needs;  // 0: any CPU
  // Whether it is fast on this CPU, where supported: the default choice passes over one that is
  // not (AVX2 on AMD Zen 1 and 2, whose PDEP and PEXT are microcoded).
  bool (*fast_here)() noexcept;
  decode_function decode;  // call only where supported()

  // The CPU with features `here` (by default this one) has every feature in cpu_needs.
  [[nodiscard]] bool supported(cpu_features here = cpu_features_here()) const noexcept;
  // The features in cpu_needs that `here` lacks, as "AVX512_VBMI, AVX512_VBMI2"; empty if none.
  [[nodiscard]] std::string missing_features(cpu_features here = cpu_features_here()) const;
};

// Every implementation this build contains: the scalar one first (any CPU; the reference the
// others are tested against), then each vector one, each preferred over those before it.
[[nodiscard]] std::span<const decoder_implementation> decoder_implementations() noexcept;

// The implementation of that name, or nullptr if this build has none.
[[nodiscard]] const decoder_implementation* find_decoder(std::string_view name) noexcept;

enum class decoder_selection_errc : std::uint8_t {
  ok,
  unknown_decoder,  // FENBATCH_FORCE_IMPL names no implementation of this build
  unsupported_cpu,  // it names one that needs a feature this CPU lacks
};

struct decoder_selection {
  const decoder_implementation* in_use = nullptr;  // what decode() calls; never nullptr
  const decoder_implementation* forced = nullptr;  // the one FENBATCH_FORCE_IMPL names, if built
  decoder_selection_errc error = decoder_selection_errc::ok;
  // FENBATCH_FORCE_IMPL (its first 255 bytes: the choice is noexcept and copies it without
  // allocating), empty when unset.
  std::string_view forced_name;
  // With unsupported_cpu: the features the forced implementation needs and this CPU lacks.
  cpu_features missing = 0;

  [[nodiscard]] bool ok() const noexcept { return error == decoder_selection_errc::ok; }
  // The failure in one line, for the caller to print after its own prefix, e.g.
  // "FENBATCH_FORCE_IMPL=avx9: unknown decoder (built here: scalar, avx2, avx512)" or
  // "FENBATCH_FORCE_IMPL=avx512: this CPU lacks AVX512_VBMI2"; empty when ok().
  [[nodiscard]] std::string message() const;
};

// The choice made once per process (see the top of this file).
[[nodiscard]] const decoder_selection& selected_decoder() noexcept;

// The name of the implementation decode() uses (selected_decoder().in_use->name).
[[nodiscard]] std::string_view decoder_name() noexcept;

}  // namespace fenbatch::core
