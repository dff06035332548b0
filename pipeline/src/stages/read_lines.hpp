// Inputs read and processed on the calling thread, one chunk after another: the parallel
// stage's per-line work without the pipeline. For small inputs read before the run (the
// references of --exclude).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "chunks/chunk.hpp"
#include "input/input_options.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

// Reads `paths` as one stream with `reading`, cuts it into chunks of about `chunk_size`
// bytes, processes each with `lines` (keys in one shard), and hands it to `each`, in order.
void read_lines(const std::vector<std::string>& paths, const input_options& reading,
                std::size_t chunk_size, const line_options& lines,
                const std::function<void(const chunk&)>& each);

}  // namespace fenbatch::pipeline::detail
