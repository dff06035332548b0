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

namespace fenbatch::pipeline::detail {
namespace {

namespace fs = std::filesystem;

// A private directory, removed afterwards.
class scratch {
 public:
  scratch() {
    std::string pattern = fs::temp_directory_path() / "fenbatch-descriptor-XXXXXX";
    path_ = ::mkdtemp(pattern.data());
  }
  ~scratch() { fs::remove_all(path_); }
  scratch(const scratch&) = delete;
  scratch& operator=(const scratch&) = delete;
  [[nodiscard]] std::string operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

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
  const scratch dir;
  fs::create_symlink("/dev/stdout", dir / "out.fen");
  fs::create_symlink("out.fen", dir / "chain.fen");  // relative, to a link
  fs::create_symlink("/proc/self/fd", dir / "fds");
  EXPECT_EQ(descriptor_behind(dir / "out.fen"), 1U);
  EXPECT_EQ(descriptor_behind(dir / "chain.fen"), 1U);
  EXPECT_EQ(descriptor_behind(dir / "fds/3"), 3U);
}

TEST(DescriptorName, FilesAndOtherNamesLeadNowhere) {
  const scratch dir;
  std::ofstream(dir / "1") << "x\n";  // a file named like a descriptor
  fs::create_symlink("1", dir / "link");
  fs::create_symlink("missing", dir / "dangling");
  EXPECT_FALSE(descriptor_behind(dir / "1"));
  EXPECT_FALSE(descriptor_behind(dir / "link"));
  EXPECT_FALSE(descriptor_behind(dir / "dangling"));
  EXPECT_FALSE(descriptor_behind(dir / "absent.fen"));
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
