// The 8x8 legality checks one by one in their order (record.hpp), each with its reason and
// column: validate() (validate.cpp) runs them where its combined tests say a check may fail or
// a repair may be due, and the differential test holds validate() to them.
#pragma once

#include "fenbatch/core/record.hpp"

namespace fenbatch::core::detail {

[[nodiscard]] fen_status validate_precise(record& rec, const decode_options& options) noexcept;

}  // namespace fenbatch::core::detail
