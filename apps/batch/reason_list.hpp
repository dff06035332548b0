// --list-reasons: every reason a line can be rejected for, with its description.
#pragma once

#include <ostream>

namespace fenbatch::app {

// One reason per line, in core's order: its name (as in statistics and rejects files), padded
// to the longest, then its one-sentence description.
void print_reasons(std::ostream& out);

}  // namespace fenbatch::app
