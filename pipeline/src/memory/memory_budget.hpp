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
  std::uint64_t physical = 0;  // bytes of RAM; 0 when the system does not say
  std::optional<std::uint64_t> cgroup;
  std::string cgroup_source;  // "cgroup memory.max" or "cgroup memory.limit_in_bytes"
  std::optional<std::uint64_t> rlimit_as;
  std::optional<std::uint64_t> rlimit_data;
  // The CPUs this process may run on (its threads' stacks count against the rlimits).
  unsigned cpus = 1;
};

// Reads the limits: sysconf for RAM, getrlimit (soft limits), the CPU affinity, and the cgroup
// of this process found through `proc_self_cgroup` under `cgroup_root` (parameters for tests).
// The cgroup limit is the smallest over the process's cgroup and its ancestors, v2 and v1
// alike; a file that is missing or unreadable, or a line or value that does not parse, is
// skipped (the limit is then what the rest say).
[[nodiscard]] memory_limits read_memory_limits(
    const std::string& proc_self_cgroup = "/proc/self/cgroup",
    const std::string& cgroup_root = "/sys/fs/cgroup");

struct memory_budget {
  std::uint64_t bytes = 0;
  std::string source;  // see memory_stats::limit_source
};

// The budget: `asked` (--memory-limit) when not 0, else the default share of the
// smallest limit, the address-space limits less an allowance for code, libraries and thread
// stacks and, for RLIMIT_AS, `mapped_bytes` (the inputs' mappings). Never below
// min_memory_limit when chosen here.
[[nodiscard]] memory_budget choose_memory_budget(std::uint64_t asked, const memory_limits& limits,
                                                 std::uint64_t mapped_bytes);

// The smallest budget a run accepts (a usage error below it: see run_plan).
inline constexpr std::uint64_t min_memory_limit = std::uint64_t{16} << 20;

// The default budget is limit / default_budget_divisor: see memory_budget.cpp for why half.
inline constexpr std::uint64_t default_budget_divisor = 2;

// What the rlimits must leave for memory outside the budget's structures: code, shared
// libraries and static data (measured: a whole one-thread run fits in 23 MiB of address
// space), plus one stack per CPU (glibc's default is 8 MiB; oneTBB's workers take 4 MiB).
inline constexpr std::uint64_t rlimit_allowance_base = std::uint64_t{64} << 20;
inline constexpr std::uint64_t rlimit_allowance_per_cpu = std::uint64_t{8} << 20;

}  // namespace fenbatch::pipeline::detail
