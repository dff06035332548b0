#include "memory/memory_budget.hpp"

#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <string_view>
#include <system_error>
#include <vector>

namespace fenbatch::pipeline::detail {
namespace {

// cgroup v1 writes "no limit" as the largest page-aligned signed 64-bit value
// (9223372036854771712 with 4 KiB pages); no machine has 4 EiB, so anything from 2^62 on is
// taken as unlimited, whatever the page size.
constexpr std::uint64_t unlimited_from = std::uint64_t{1} << 62;

// One cgroup file's limit: a number of bytes, or nothing for "max", a huge value, a missing
// file or text that does not parse.
std::optional<std::uint64_t> read_limit_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) return std::nullopt;
  std::string text;
  std::getline(file, text);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.pop_back();
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
    return std::nullopt;  // "max", or not a number
  }
  if (value >= unlimited_from) return std::nullopt;
  return value;
}

// "/a/b/c" and its ancestors "/a/b", "/a", "/": a limit set on any of them applies.
std::vector<std::string> self_and_ancestors(std::string path) {
  std::vector<std::string> paths;
  while (!path.empty() && path.back() == '/') path.pop_back();
  while (!path.empty()) {
    paths.push_back(path);
    path.erase(path.rfind('/'));
  }
  paths.emplace_back();  // the root (of the hierarchy, or of this cgroup namespace)
  return paths;
}

// A cgroup path as /proc/self/cgroup gives it: absolute, and never climbing out of the
// hierarchy (the kernel writes no "..": a line with one is not trusted).
bool plausible_cgroup_path(std::string_view path) {
  if (!path.starts_with('/')) return false;
  std::size_t at = 0;
  while (at != std::string_view::npos) {
    const std::size_t next = path.find('/', at + 1);
    const std::string_view part =
        path.substr(at + 1, next == std::string_view::npos ? next : next - at - 1);
    if (part == "..") return false;
    at = next;
  }
  return true;
}

bool lists_memory_controller(std::string_view controllers) {
  while (!controllers.empty()) {
    const std::size_t comma = controllers.find(',');
    if (controllers.substr(0, comma) == "memory") return true;
    if (comma == std::string_view::npos) break;
    controllers.remove_prefix(comma + 1);
  }
  return false;
}

// The smallest limit of `file_name` over `path` and its ancestors under `hierarchy`.
std::optional<std::uint64_t> smallest_limit(const std::string& hierarchy, const std::string& path,
                                            const char* file_name) {
  std::optional<std::uint64_t> smallest;
  for (const std::string& dir : self_and_ancestors(path)) {
    const std::optional<std::uint64_t> limit = read_limit_file(hierarchy + dir + "/" + file_name);
    if (limit && (!smallest || *limit < *smallest)) smallest = limit;
  }
  return smallest;
}

// Lines "hierarchy-ID:controller-list:cgroup-path" (man 7 cgroups): "0::/path" is the v2
// (unified) hierarchy, "N:...memory...:/path" the v1 memory controller's. A hybrid system has
// both; the smaller limit holds.
void read_cgroup_limit(const std::string& proc_self_cgroup, const std::string& cgroup_root,
                       memory_limits& limits) {
  std::ifstream file(proc_self_cgroup);
  std::string line;
  while (std::getline(file, line)) {
    const std::size_t first = line.find(':');
    const std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string_view id = std::string_view(line).substr(0, first);
    const std::string_view controllers =
        std::string_view(line).substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    if (!plausible_cgroup_path(path)) continue;
    std::optional<std::uint64_t> limit;
    const char* source = nullptr;
    if (id == "0" && controllers.empty()) {
      limit = smallest_limit(cgroup_root, path, "memory.max");
      source = "cgroup memory.max";
    } else if (lists_memory_controller(controllers)) {
      limit = smallest_limit(cgroup_root + "/memory", path, "memory.limit_in_bytes");
      source = "cgroup memory.limit_in_bytes";
    }
    if (limit && (!limits.cgroup || *limit < *limits.cgroup)) {
      limits.cgroup = limit;
      limits.cgroup_source = source;
    }
  }
}

std::optional<std::uint64_t> soft_rlimit(int resource) {
  rlimit limit{};
  if (::getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return std::nullopt;
  return static_cast<std::uint64_t>(limit.rlim_cur);
}

struct candidate {
  std::uint64_t bytes;
  std::string_view source;
};

}  // namespace

memory_limits read_memory_limits(const std::string& proc_self_cgroup,
                                 const std::string& cgroup_root) {
  memory_limits limits;
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  if (pages > 0 && page_size > 0) {
    limits.physical = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
  }
  read_cgroup_limit(proc_self_cgroup, cgroup_root, limits);
  limits.rlimit_as = soft_rlimit(RLIMIT_AS);
  limits.rlimit_data = soft_rlimit(RLIMIT_DATA);
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  if (::sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) > 0) {
    limits.cpus = static_cast<unsigned>(CPU_COUNT(&cpus));
  }
  return limits;
}

// Half of the smallest limit. The budget bounds fenbatch's own structures only; the process
// needs memory beside them that the budget cannot see: code and libraries, oneTBB's workers,
// the compressors' windows and buffers, malloc's slack, and, against a cgroup's limit, the page
// cache of the files it writes. The target (peak RSS within the budget plus 64 MiB)
// and the failure it fixes (a container's OOM kill) both want the default well under the
// limit; GNU sort halves the rlimits for its default buffer for the same reason. An asked
// budget is taken as given: whoever asks knows what else the machine runs.
memory_budget choose_memory_budget(std::uint64_t asked, const memory_limits& limits,
                                   std::uint64_t mapped_bytes) {
  if (asked != 0) return {asked, "--memory-limit"};
  // Thread stacks, code and data count against both rlimits; the inputs' mappings (read-only,
  // private) only against RLIMIT_AS: Linux charges RLIMIT_DATA with writable private mappings.
  const std::uint64_t allowance =
      rlimit_allowance_base + rlimit_allowance_per_cpu * std::max(limits.cpus, 1U);
  const auto less = [](std::uint64_t limit, std::uint64_t taken) {
    return limit > taken ? limit - taken : 0;
  };
  std::vector<candidate> candidates;
  if (limits.physical != 0) candidates.push_back({limits.physical, "physical memory"});
  if (limits.cgroup) candidates.push_back({*limits.cgroup, limits.cgroup_source});
  if (limits.rlimit_as) {
    candidates.push_back({less(*limits.rlimit_as, allowance + mapped_bytes), "RLIMIT_AS"});
  }
  if (limits.rlimit_data) {
    candidates.push_back({less(*limits.rlimit_data, allowance), "RLIMIT_DATA"});
  }
  if (candidates.empty()) return {min_memory_limit, "physical memory"};
  // The first of equal limits names it: physical memory before a cgroup that only repeats it.
  const candidate smallest =
      *std::min_element(candidates.begin(), candidates.end(),
                        [](const candidate& a, const candidate& b) { return a.bytes < b.bytes; });
  // Below the minimum the run still tries: the limits may be looser than they look (a lazy
  // malloc arena, page cache that can be reclaimed), and the minimum is enough to spill.
  return {std::max(smallest.bytes / default_budget_divisor, min_memory_limit),
          std::string(smallest.source)};
}

}  // namespace fenbatch::pipeline::detail
