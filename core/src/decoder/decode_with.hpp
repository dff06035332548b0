// The decoder every implementation shares: a placement kernel in front (the one part worth
// writing per ISA), then the scalar fast tail, then the precise field-by-field parser wherever
// a fast path declines. The implementations (core/src/simd/*.cpp) differ only in the kernel
// they pass to decode_with.
#pragma once

#include <string_view>

#include "fenbatch/core/record.hpp"

namespace fenbatch::core::decoder {

// A kernel reads the strict placement field at `p` (the line ends at `end`), sets the 12 piece
// bitboards of `pos`, and returns the field's end, or nullptr for anything it does not accept
// (pos then untouched); the precise parser then takes over and finds the reason and column.
// Kernels must agree bit for bit with the scalar one and never read past `end` outside the
// memory page that holds `end - 1`.
using placement_kernel = const char* (*)(const char* p, const char* end, position& pos) noexcept;

// The whole decoder with `placement` in front of the precise parser (nullptr: no kernel and no
// other fast path, as decode_precise).
fen_status decode_with(std::string_view line, const decode_options& options, record& out,
                       placement_kernel placement) noexcept;

// The precise field-by-field parser alone, without any fast path (placement kernel, castling,
// tail): the reference that differential tests and fuzzers compare every implementation with.
fen_status decode_precise(std::string_view line, const decode_options& options,
                          record& out) noexcept;

}  // namespace fenbatch::core::decoder
