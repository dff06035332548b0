// The 10x8 position: core::basic_position (basic_position.hpp) on the 10x8 board, so its members
// mean what core::position's do.
#pragma once

#include "fenbatch/core/basic_position.hpp"
#include "fenbatch/core/ten_by_eight/types.hpp"

namespace fenbatch::core::ten_by_eight {

struct position : basic_position<ten_by_eight_vocabulary> {};

}  // namespace fenbatch::core::ten_by_eight
