// descriptor_behind and own_descriptor_behind (output/descriptor_name.hpp): which names lead
// to a process's descriptors. The expected numbers are the kernel's (/dev/stdout is
// /proc/self/fd/1, /dev/fd is /proc/self/fd: proc(5)), written here by hand.
#include "output/descriptor_name.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "temp_dir.hpp"

namespace fenbatch::pipeline::detail {
namespace {

namespace fs = std::filesystem;

TEST(DescriptorName, TheStandardNamesLeadToTheirDescriptors) {
  EXPECT_EQ(descriptor_behind("/dev/stdin"), 0U);
  EXPECT_EQ(descriptor_behind("/dev/stdout"), 1U);
  EXPECT_EQ(descriptor_behind("/dev/stderr"), 2U);
  EXPECT_EQ(descriptor_behind("/dev/fd/1"), 1U);
  EXPECT_EQ(descriptor_behind("/dev/fd/7"), 7U);  // open or not
  EXPECT_EQ(descriptor_behind("/proc/self/fd/2"), 2U);
  EXPECT_EQ(descriptor_behind("/proc/thread-self/fd/1"), 1U);
  EXPECT_EQ(descriptor_behind("/proc/" + std::to_string(::getpid()) + "/fd/5"), 5U);
}

TEST(DescriptorName, OtherSpellingsAndLinksLeadThereToo) {
  EXPECT_EQ(descriptor_behind("/dev//fd/../fd/1"), 1U);
  EXPECT_EQ(descriptor_behind("/proc/self/./fd/2"), 2U);
  const test::temp_dir dir;
  fs::create_symlink("/dev/stdout", dir.path("out.fen"));
  fs::create_symlink("out.fen", dir.path("chain.fen"));  // relative, to a link
  fs::create_symlink("/proc/self/fd", dir.path("fds"));
  EXPECT_EQ(descriptor_behind(dir.path("out.fen")), 1U);
  EXPECT_EQ(descriptor_behind(dir.path("chain.fen")), 1U);
  EXPECT_EQ(descriptor_behind(dir.path("fds/3")), 3U);
}

TEST(DescriptorName, FilesAndOtherNamesLeadNowhere) {
  const test::temp_dir dir;
  std::ofstream(dir.path("1")) << "x\n";  // a file named like a descriptor
  fs::create_symlink("1", dir.path("link"));
  fs::create_symlink("missing", dir.path("dangling"));
  EXPECT_FALSE(descriptor_behind(dir.path("1")));
  EXPECT_FALSE(descriptor_behind(dir.path("link")));
  EXPECT_FALSE(descriptor_behind(dir.path("dangling")));
  EXPECT_FALSE(descriptor_behind(dir.path("absent.fen")));
  EXPECT_FALSE(descriptor_behind("/dev/null"));
  EXPECT_FALSE(descriptor_behind("/proc/self/fdinfo/1"));
  EXPECT_FALSE(descriptor_behind("/proc/self/fd"));
  EXPECT_FALSE(descriptor_behind("-"));
}

TEST(DescriptorName, OwnDescriptorsAreThisProcesssOnly) {
  EXPECT_EQ(own_descriptor_behind("/dev/stdout"), 1U);
  EXPECT_EQ(own_descriptor_behind("/dev/fd/7"), 7U);
  EXPECT_EQ(own_descriptor_behind("/proc/" + std::to_string(::getpid()) + "/fd/2"), 2U);
  // PID 1 is never this test: its descriptors are another process's (opened anew, not ours).
  EXPECT_EQ(descriptor_behind("/proc/1/fd/0"), 0U);
  EXPECT_FALSE(own_descriptor_behind("/proc/1/fd/0"));
  EXPECT_FALSE(own_descriptor_behind("/dev/null"));
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
