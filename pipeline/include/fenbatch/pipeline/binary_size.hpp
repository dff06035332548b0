// A byte count for people, in binary units as the options take them: 1536 as "1.5 KiB",
// 512 << 20 as "512 MiB" (one decimal unless exact), below 1 KiB "N bytes". Used by messages
// and the --stats summary alike.
#pragma once

#include <cstdint>
#include <string>

namespace fenbatch::pipeline {

[[nodiscard]] std::string binary_size(std::uint64_t bytes);

}  // namespace fenbatch::pipeline
