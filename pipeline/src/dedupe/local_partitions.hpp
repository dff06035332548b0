// The partitions of a dedupe past memory on this machine's disk: partitioned_dedupe behind the
// key_partitions interface.
#pragma once

#include <memory>

#include "dedupe/key_partitions.hpp"

namespace fenbatch::pipeline::detail {

[[nodiscard]] std::unique_ptr<key_partitions> make_local_partitions(
    const partitioned_dedupe_options& options);

}  // namespace fenbatch::pipeline::detail
