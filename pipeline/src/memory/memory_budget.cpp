#include "memory/memory_budget.hpp"

#include <unistd.h>

#include <algorithm>

namespace fenbatch::pipeline::detail {

// TODO(h16-budget): cgroups and rlimits.
memory_limits read_memory_limits(const std::string& /*proc_self_cgroup*/,
                                 const std::string& /*cgroup_root*/) {
  memory_limits limits;
  limits.physical = static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
                    static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  return limits;
}

memory_budget choose_memory_budget(std::uint64_t asked, const memory_limits& limits,
                                   std::uint64_t /*mapped_bytes*/) {
  if (asked != 0) return {asked, "--memory-limit"};
  return {limits.physical / 2, "physical memory"};
}

}  // namespace fenbatch::pipeline::detail
