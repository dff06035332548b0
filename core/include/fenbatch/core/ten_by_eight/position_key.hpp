// The 128-bit dedupe key of a 10x8 record (core's key_kind). The top bit of `high` is 1 for
// every 10x8 key and 0 for every 8x8 key (core::make_key), so a 10x8 position is never a
// duplicate of an 8x8 one, whatever the hashes.
#pragma once

#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/ten_by_eight/record.hpp"

namespace fenbatch::core::ten_by_eight {

[[nodiscard]] position_key make_key(const record& rec, key_kind kind) noexcept;

}  // namespace fenbatch::core::ten_by_eight
