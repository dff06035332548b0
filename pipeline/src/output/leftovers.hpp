// Leftovers of earlier runs beside a destination, found when a run opens it. A temporary
// (".STEM.fenbatch-PID-RAND.tmp") whose process is gone is fenbatch's own unpublished output,
// abandoned by a kill: removed, with a notice. A kept-aside previous content ("....tmp.previous")
// whose process is gone is the user's data (a run killed between its renames, or one that
// could not remove it): never removed, reported with what to do. Those of a running process
// are its work in progress: only mentioned.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {

// `dir` and `base`: where the destination's temporaries go and its base name there.
void handle_leftovers(const std::string& dir, const std::string& base,
                      const std::function<void(std::string_view)>& notice);

}  // namespace fenbatch::pipeline::detail
