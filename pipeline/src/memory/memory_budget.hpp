// The memory budget of a run: what fenbatch may allocate for its own structures (the dedupe
// set, chunks in flight, spill buffers). Asked for with --memory-limit; by default a share of
// the memory this process may really use: the smallest of physical memory, the cgroup's limit
// (v2 memory.max, v1 memory.limit_in_bytes) and RLIMIT_AS/RLIMIT_DATA less what the inputs'
// mappings take. A job in a container then spills instead of being killed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace fenbatch::pipeline::detail {

// What limits this process's memory, as read from the system (each unset when absent or
// unlimited).
struct memory_limits {
  std::uint64_t physical = 0;  // bytes of RAM
  std::optional<std::uint64_t> cgroup;
  std::string cgroup_source;  // "cgroup memory.max" or "cgroup memory.limit_in_bytes"
  std::optional<std::uint64_t> rlimit_as;
  std::optional<std::uint64_t> rlimit_data;
};

// Reads the limits: sysconf for RAM, getrlimit, and the cgroup of this process found through
// `proc_self_cgroup` under `cgroup_root` (parameters for tests).
[[nodiscard]] memory_limits read_memory_limits(
    const std::string& proc_self_cgroup = "/proc/self/cgroup",
    const std::string& cgroup_root = "/sys/fs/cgroup");

struct memory_budget {
  std::uint64_t bytes = 0;
  std::string source;  // see memory_stats::limit_source
};

// The budget: `asked` (run_config::memory_limit) when not 0, else the default share of the
// smallest limit, the address-space limits less `mapped_bytes` (the inputs' mappings) and an
// allowance for code and thread stacks.
[[nodiscard]] memory_budget choose_memory_budget(std::uint64_t asked, const memory_limits& limits,
                                                 std::uint64_t mapped_bytes);

// The smallest budget a run accepts (a usage error below it: see run_plan).
inline constexpr std::uint64_t min_memory_limit = std::uint64_t{16} << 20;

}  // namespace fenbatch::pipeline::detail
