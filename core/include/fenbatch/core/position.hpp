// The 8x8 position: basic_position (basic_position.hpp) on the 8x8 board.
#pragma once

#include "fenbatch/core/basic_position.hpp"
#include "fenbatch/core/types.hpp"

namespace fenbatch::core {

struct position : basic_position<eight_by_eight_vocabulary> {};

}  // namespace fenbatch::core
