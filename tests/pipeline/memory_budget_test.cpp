// The memory budget (pipeline/src/memory/memory_budget.cpp): the limits read from fake
// /proc/self/cgroup files and cgroup trees (v2 and v1, ancestors, "max", v1's huge "no limit",
// malformed lines and values), the rlimits read in a child process that sets them, and
// budgets worked out by hand.
#include "memory/memory_budget.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "temp_dir.hpp"

namespace fenbatch::pipeline::detail {
namespace {

constexpr std::uint64_t mib = std::uint64_t{1} << 20;
constexpr std::uint64_t gib = std::uint64_t{1} << 30;

// A fake system: DIR/cgroup (the /proc/self/cgroup file) and DIR/sys (the cgroup root).
class fake_cgroups {
 public:
  void proc_self_cgroup(const std::string& text) const { dir_.file("cgroup", text); }
  // Writes `text` into the cgroup root's `relative` path, creating its directories.
  void file(const std::string& relative, const std::string& text) const {
    const std::filesystem::path path = root() + "/" + relative;
    std::filesystem::create_directories(path.parent_path());
    dir_.file("sys/" + relative, text);
  }
  [[nodiscard]] memory_limits read() const {
    return read_memory_limits(dir_.path("cgroup"), root());
  }
  [[nodiscard]] std::string path(const std::string& name) const { return dir_.path(name); }

 private:
  [[nodiscard]] std::string root() const { return dir_.path("sys"); }
  test::temp_dir dir_;
};

TEST(MemoryLimits, PhysicalMemoryIsRead) {
  const fake_cgroups system;  // no cgroup file at all
  const memory_limits limits = system.read();
  EXPECT_GT(limits.physical, 16 * mib);
  EXPECT_FALSE(limits.cgroup.has_value());
  EXPECT_EQ(limits.cgroup_source, "");
  EXPECT_GE(limits.cpus, 1U);
}

TEST(MemoryLimits, CgroupV2TakesTheSmallestOverTheCgroupAndItsAncestors) {
  const fake_cgroups system;
  system.proc_self_cgroup("0::/a/b/c\n");
  system.file("a/memory.max", "1073741824\n");
  system.file("a/b/memory.max", "max\n");
  system.file("a/b/c/memory.max", "2147483648\n");
  const memory_limits limits = system.read();
  EXPECT_EQ(limits.cgroup, gib);
  EXPECT_EQ(limits.cgroup_source, "cgroup memory.max");
}

TEST(MemoryLimits, CgroupV2LeafBelowItsParent) {
  const fake_cgroups system;
  system.proc_self_cgroup("0::/user.slice/job.scope\n");
  system.file("user.slice/memory.max", "1073741824\n");
  system.file("user.slice/job.scope/memory.max", "314572800\n");
  EXPECT_EQ(system.read().cgroup, 300 * mib);
}

TEST(MemoryLimits, CgroupV2MaxEverywhereIsNoLimit) {
  const fake_cgroups system;
  system.proc_self_cgroup("0::/a/b\n");
  system.file("a/memory.max", "max\n");
  system.file("a/b/memory.max", "max\n");
  const memory_limits limits = system.read();
  EXPECT_FALSE(limits.cgroup.has_value());
  EXPECT_EQ(limits.cgroup_source, "");
}

TEST(MemoryLimits, CgroupV2RootOfAContainersNamespace) {
  // A container with its own cgroup namespace sees "0::/" and its limit at the root.
  const fake_cgroups system;
  system.proc_self_cgroup("0::/\n");
  system.file("memory.max", "536870912\n");
  EXPECT_EQ(system.read().cgroup, 512 * mib);
}

TEST(MemoryLimits, CgroupV2PathNotMountedFallsBackToTheRoot) {
  // Without a cgroup namespace the path names the host's hierarchy; the container's own
  // cgroup is mounted at the root: the root's limit still counts.
  const fake_cgroups system;
  system.proc_self_cgroup("0::/system.slice/docker-123.scope\n");
  system.file("memory.max", "805306368\n");
  EXPECT_EQ(system.read().cgroup, 768 * mib);
}

TEST(MemoryLimits, CgroupV1MemoryControllerWithAncestors) {
  const fake_cgroups system;
  system.proc_self_cgroup(
      "9:name=systemd:/\n8:pids:/\n4:memory:/process_api/8e34\n2:cpuacct:/\n0::/\n");
  system.file("memory/memory.limit_in_bytes", "9223372036854771712\n");
  system.file("memory/process_api/memory.limit_in_bytes", "4294967296\n");
  system.file("memory/process_api/8e34/memory.limit_in_bytes", "268435456\n");
  const memory_limits limits = system.read();
  EXPECT_EQ(limits.cgroup, 256 * mib);
  EXPECT_EQ(limits.cgroup_source, "cgroup memory.limit_in_bytes");
}

TEST(MemoryLimits, CgroupV1UnlimitedIsNoLimit) {
  // This machine's own /proc/self/cgroup and values: v1 writes no limit as 2^63 - 4096.
  const fake_cgroups system;
  system.proc_self_cgroup("4:memory:/process_api/8e34\n0::/\n");
  system.file("memory/memory.limit_in_bytes", "9223372036854771712\n");
  system.file("memory/process_api/8e34/memory.limit_in_bytes", "9223372036854771712\n");
  EXPECT_FALSE(system.read().cgroup.has_value());
}

TEST(MemoryLimits, CgroupV1MemoryAmongOtherControllers) {
  const fake_cgroups system;
  system.proc_self_cgroup("5:cpuacct,memory:/job\n");
  system.file("memory/job/memory.limit_in_bytes", "104857600\n");
  EXPECT_EQ(system.read().cgroup, 100 * mib);
}

TEST(MemoryLimits, CgroupV1OtherControllersAreNotMemory) {
  const fake_cgroups system;
  system.proc_self_cgroup("3:cpu,cpuacct:/job\n6:memsw:/job\n7:memory_x:/job\n");
  system.file("memory/job/memory.limit_in_bytes", "104857600\n");
  EXPECT_FALSE(system.read().cgroup.has_value());
}

TEST(MemoryLimits, HybridSystemTakesTheSmallerOfV1AndV2) {
  const fake_cgroups system;
  system.proc_self_cgroup("4:memory:/job\n0::/job\n");
  system.file("memory/job/memory.limit_in_bytes", "209715200\n");
  system.file("job/memory.max", "104857600\n");
  memory_limits limits = system.read();
  EXPECT_EQ(limits.cgroup, 100 * mib);
  EXPECT_EQ(limits.cgroup_source, "cgroup memory.max");
  system.file("job/memory.max", "max\n");
  limits = system.read();
  EXPECT_EQ(limits.cgroup, 200 * mib);
  EXPECT_EQ(limits.cgroup_source, "cgroup memory.limit_in_bytes");
}

TEST(MemoryLimits, MalformedLinesAreSkipped) {
  const fake_cgroups system;
  // No colons, one colon, a relative path, a path climbing out of the hierarchy, an empty
  // line; then one good line.
  system.proc_self_cgroup("garbage\n0:/x\n0::x\n0::/../etc\n\n0::/good\n");
  system.file("x/memory.max", "1048576\n");
  system.file("../etc/memory.max", "1048576\n");
  system.file("good/memory.max", "41943040\n");
  EXPECT_EQ(system.read().cgroup, 40 * mib);
}

TEST(MemoryLimits, MalformedValuesAreSkipped) {
  const fake_cgroups system;
  system.proc_self_cgroup("0::/a/b/c/d/e\n");
  system.file("a/memory.max", "12abc\n");
  system.file("a/b/memory.max", "-5\n");
  system.file("a/b/c/memory.max", "");
  system.file("a/b/c/d/memory.max", "99999999999999999999999\n");  // past 64 bits
  system.file("a/b/c/d/e/memory.max", " 1048576\n");
  EXPECT_FALSE(system.read().cgroup.has_value());
}

TEST(MemoryLimits, SoftRlimitsAreRead) {
  // In a child, so this process keeps its limits. 2^50 bytes: far above what a sanitizer's
  // shadow memory reserves, so the child still runs.
  constexpr rlim_t as_limit = rlim_t{1} << 50;
  constexpr rlim_t data_limit = (rlim_t{1} << 50) + 4096;
  rlimit as_now{};
  rlimit data_now{};
  ASSERT_EQ(::getrlimit(RLIMIT_AS, &as_now), 0);
  ASSERT_EQ(::getrlimit(RLIMIT_DATA, &data_now), 0);
  if (as_now.rlim_max < as_limit || data_now.rlim_max < data_limit) {
    GTEST_SKIP() << "hard limits below 2^50 bytes";
  }
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const rlimit as{as_limit, as_now.rlim_max};
    const rlimit data{data_limit, data_now.rlim_max};
    if (::setrlimit(RLIMIT_AS, &as) != 0 || ::setrlimit(RLIMIT_DATA, &data) != 0) ::_exit(3);
    const memory_limits limits = read_memory_limits("/nonexistent/cgroup", "/nonexistent");
    const bool as_ok = limits.rlimit_as == std::uint64_t{as_limit};
    const bool data_ok = limits.rlimit_data == std::uint64_t{data_limit};
    ::_exit(as_ok && data_ok ? 0 : (as_ok ? 1 : 2));
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: RLIMIT_DATA wrong, 2: RLIMIT_AS wrong, 3: setrlimit";
}

TEST(MemoryLimits, UnlimitedRlimitsAreUnset) {
  rlimit as_now{};
  ASSERT_EQ(::getrlimit(RLIMIT_AS, &as_now), 0);
  const memory_limits limits = read_memory_limits("/nonexistent/cgroup", "/nonexistent");
  EXPECT_EQ(limits.rlimit_as.has_value(), as_now.rlim_cur != RLIM_INFINITY);
}

// Budgets worked out by hand. The allowance is 64 MiB + 8 MiB per CPU.
memory_limits machine(std::uint64_t physical, unsigned cpus = 4) {
  memory_limits limits;
  limits.physical = physical;
  limits.cpus = cpus;
  return limits;
}

TEST(MemoryBudget, AskedBudgetIsTakenAsGiven) {
  memory_limits limits = machine(16 * gib);
  limits.rlimit_as = 100 * mib;
  const memory_budget budget = choose_memory_budget(3 * gib, limits, 50 * gib);
  EXPECT_EQ(budget.bytes, 3 * gib);
  EXPECT_EQ(budget.source, "--memory-limit");
}

TEST(MemoryBudget, HalfOfPhysicalMemory) {
  const memory_budget budget = choose_memory_budget(0, machine(16 * gib), 100 * gib);
  EXPECT_EQ(budget.bytes, 8 * gib);  // mappings do not count against physical memory
  EXPECT_EQ(budget.source, "physical memory");
}

TEST(MemoryBudget, HalfOfTheCgroupLimit) {
  memory_limits limits = machine(16 * gib);
  limits.cgroup = 2 * gib;
  limits.cgroup_source = "cgroup memory.max";
  const memory_budget budget = choose_memory_budget(0, limits, 0);
  EXPECT_EQ(budget.bytes, gib);
  EXPECT_EQ(budget.source, "cgroup memory.max");
}

TEST(MemoryBudget, CgroupEqualToPhysicalMemoryIsNamedPhysicalMemory) {
  memory_limits limits = machine(8 * gib);
  limits.cgroup = 8 * gib;
  limits.cgroup_source = "cgroup memory.limit_in_bytes";
  const memory_budget budget = choose_memory_budget(0, limits, 0);
  EXPECT_EQ(budget.bytes, 4 * gib);
  EXPECT_EQ(budget.source, "physical memory");
}

TEST(MemoryBudget, AddressSpaceLessMappingsAndAllowance) {
  memory_limits limits = machine(16 * gib, 4);
  limits.rlimit_as = 4 * gib;
  // 4096 MiB - 1024 MiB mapped - (64 + 4 * 8) MiB = 2976 MiB; half: 1488 MiB.
  const memory_budget budget = choose_memory_budget(0, limits, gib);
  EXPECT_EQ(budget.bytes, 1488 * mib);
  EXPECT_EQ(budget.source, "RLIMIT_AS");
}

TEST(MemoryBudget, TheIssuesUlimitV500000Streamed) {
  // ulimit -v 500000 (KiB) is 512,000,000 bytes; a pipe maps nothing; 2 CPUs:
  // (512,000,000 - 80 MiB) / 2 = (512,000,000 - 83,886,080) / 2 = 214,056,960.
  memory_limits limits = machine(24 * gib, 2);
  limits.rlimit_as = 512'000'000;
  const memory_budget budget = choose_memory_budget(0, limits, 0);
  EXPECT_EQ(budget.bytes, 214'056'960U);
  EXPECT_EQ(budget.source, "RLIMIT_AS");
}

TEST(MemoryBudget, DataLimitIgnoresReadOnlyMappings) {
  memory_limits limits = machine(16 * gib, 2);
  limits.rlimit_data = gib;
  // (1024 - 64 - 2 * 8) MiB / 2 = 472 MiB, however much is mapped.
  const memory_budget budget = choose_memory_budget(0, limits, 10 * gib);
  EXPECT_EQ(budget.bytes, 472 * mib);
  EXPECT_EQ(budget.source, "RLIMIT_DATA");
}

TEST(MemoryBudget, TheSmallestOfAllWins) {
  memory_limits limits = machine(64 * gib, 8);
  limits.cgroup = 6 * gib;
  limits.cgroup_source = "cgroup memory.max";
  limits.rlimit_as = 8 * gib;    // 8192 - 2048 - 128 = 6016 MiB
  limits.rlimit_data = 7 * gib;  // 7168 - 128 = 7040 MiB
  const memory_budget budget = choose_memory_budget(0, limits, 2 * gib);
  EXPECT_EQ(budget.bytes, 3008 * mib);  // 6016 / 2, below the cgroup's 6144 / 2
  EXPECT_EQ(budget.source, "RLIMIT_AS");
}

TEST(MemoryBudget, NeverBelowTheMinimum) {
  memory_limits limits = machine(16 * gib, 2);
  limits.rlimit_as = 200 * mib;  // less than the 1 GiB mapped
  memory_budget budget = choose_memory_budget(0, limits, gib);
  EXPECT_EQ(budget.bytes, min_memory_limit);
  EXPECT_EQ(budget.source, "RLIMIT_AS");

  limits = machine(16 * gib);
  limits.cgroup = 20 * mib;  // half is 10 MiB
  limits.cgroup_source = "cgroup memory.max";
  budget = choose_memory_budget(0, limits, 0);
  EXPECT_EQ(budget.bytes, 16 * mib);
  EXPECT_EQ(budget.source, "cgroup memory.max");
}

TEST(MemoryBudget, NothingKnownGivesTheMinimum) {
  const memory_budget budget = choose_memory_budget(0, machine(0), 0);
  EXPECT_EQ(budget.bytes, 16 * mib);
  EXPECT_EQ(budget.source, "physical memory");
}

TEST(MemoryBudget, NoCpusCountsAsOne) {
  memory_limits limits = machine(16 * gib, 0);
  limits.rlimit_data = gib;
  EXPECT_EQ(choose_memory_budget(0, limits, 0).bytes, (1024 - 72) / 2 * mib);
}

TEST(MemoryBudget, TheMinimumIsSixteenMebibytes) {
  EXPECT_EQ(min_memory_limit, 16777216U);
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
