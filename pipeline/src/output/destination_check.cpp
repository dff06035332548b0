#include "output/destination_check.hpp"

namespace fenbatch::pipeline::detail {

void check_destinations(const run_config& /*config*/) {
  // Filled in by the operand-safety work of issue 14.
}

}  // namespace fenbatch::pipeline::detail
