// The temporary directory's checks (pipeline/src/spill/temp_space.cpp): a usable directory
// passes and is left as it was; a missing one, a file and a read-only one are configuration
// errors naming the directory and the reason; the run's directory also names where it came
// from (--temp-dir, $TMPDIR, the default /tmp) and the fix; free space from statvfs, and the
// check against an estimate.
#include "spill/temp_space.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <system_error>

#include "fenbatch/pipeline/config_error.hpp"
#include "temp_dir.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// The config_error check_temp_dir throws for `directory`, or "" when it passes.
std::string refusal(const std::string& directory) {
  try {
    check_temp_dir(directory);
  } catch (const config_error& e) {
    return e.what();
  }
  return "";
}

TEST(TempSpace, AWritableDirectoryPassesAndKeepsNothing) {
  const test::temp_dir dir;
  const std::string path = dir.path("spill");
  std::filesystem::create_directory(path);
  EXPECT_EQ(refusal(path), "");
  EXPECT_TRUE(std::filesystem::is_empty(path));
}

TEST(TempSpace, AMissingDirectoryIsRefused) {
  const test::temp_dir dir;
  const std::string path = dir.path("missing");
  EXPECT_EQ(refusal(path),
            "cannot use temporary directory " + path + ": No such file or directory");
}

TEST(TempSpace, AFileIsRefused) {
  const test::temp_dir dir;
  const std::string path = dir.file("plain", "x");
  EXPECT_EQ(refusal(path), "cannot use temporary directory " + path + ": not a directory");
}

TEST(TempSpace, AReadOnlyDirectoryIsRefused) {
  const test::temp_dir dir;
  const std::string path = dir.path("readonly");
  std::filesystem::create_directory(path);
  ASSERT_EQ(::chmod(path.c_str(), 0555), 0);
  ASSERT_EQ(::chmod(dir.path("").c_str(), 0755), 0);  // (user 65534 below must reach it)
  const std::string expected =
      "cannot use temporary directory " + path + ": cannot create a file there: Permission denied";
  if (::geteuid() != 0) {
    EXPECT_EQ(refusal(path), expected);
  } else {
    // Root writes into read-only directories: check as the unprivileged user nobody.
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(2);
      ::_exit(refusal(path) == expected ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "child status " << status << " (1: another message, 2: could not become nobody)";
  }
  ::chmod(path.c_str(), 0700);
}

TEST(TempSpace, AReadOnlyFileSystemIsRefused) {
  // /proc is mounted read-only for files like these on any Linux: nothing can be created.
  const std::string message = refusal("/proc/self");
  EXPECT_TRUE(
      message.starts_with("cannot use temporary directory /proc/self: cannot create a "
                          "file there: "))
      << message;
}

// $TMPDIR set to `value` (unset: nullopt) for a test's lifetime, restored afterwards.
class tmpdir_set_to {
 public:
  explicit tmpdir_set_to(const std::optional<std::string>& value) {
    if (const char* old = std::getenv("TMPDIR")) old_ = old;
    if (value) {
      ::setenv("TMPDIR", value->c_str(), 1);
    } else {
      ::unsetenv("TMPDIR");
    }
  }
  tmpdir_set_to(const tmpdir_set_to&) = delete;
  tmpdir_set_to& operator=(const tmpdir_set_to&) = delete;
  ~tmpdir_set_to() {
    if (old_) {
      ::setenv("TMPDIR", old_->c_str(), 1);
    } else {
      ::unsetenv("TMPDIR");
    }
  }

 private:
  std::optional<std::string> old_;
};

// The config_error check_run_temp_dir throws for `configured` (run_config::temp_dir), or "".
std::string run_refusal(const std::string& configured) {
  try {
    check_run_temp_dir(configured);
  } catch (const config_error& e) {
    return e.what();
  }
  return "";
}

TEST(TempSpace, TheRunsDirectoryFromTheOptionNamesTheOption) {
  const test::temp_dir dir;
  const std::string path = dir.path("missing");
  const tmpdir_set_to tmpdir(dir.path(""));  // usable, but the option wins
  EXPECT_EQ(run_refusal(path), "cannot use temporary directory " + path +
                                   " (given by --temp-dir): No such file or directory; give "
                                   "--temp-dir a directory that exists and can be written, or "
                                   "leave it out");
  EXPECT_EQ(run_refusal(dir.path("")), "");
}

TEST(TempSpace, TheRunsDirectoryFromTmpdirNamesTheVariable) {
  const test::temp_dir dir;
  const std::string path = dir.path("missing");
  const tmpdir_set_to tmpdir(path);
  EXPECT_EQ(run_refusal(""), "cannot use temporary directory " + path +
                                 " (from $TMPDIR): No such file or directory; set TMPDIR to a "
                                 "directory that exists and can be written, or give --temp-dir "
                                 "DIR");
  const std::string file = dir.file("plain", "x");
  const tmpdir_set_to file_tmpdir(file);
  EXPECT_EQ(run_refusal(""), "cannot use temporary directory " + file +
                                 " (from $TMPDIR): not a directory; set TMPDIR to a directory "
                                 "that exists and can be written, or give --temp-dir DIR");
}

TEST(TempSpace, TheRunsDirectoryDefaultsToTmpWhenTmpdirIsUnsetOrEmpty) {
  // /tmp is usable wherever these tests run (test::temp_dir makes its directories there).
  {
    const tmpdir_set_to tmpdir(std::nullopt);
    EXPECT_EQ(run_refusal(""), "");
  }
  const tmpdir_set_to tmpdir(std::string(""));
  EXPECT_EQ(run_refusal(""), "");
}

TEST(TempSpace, FreeBytesAreWhatStatvfsLetsAnUnprivilegedProcessWrite) {
  const test::temp_dir dir;
  const std::string path = dir.path("");
  struct statvfs fs {};
  ASSERT_EQ(::statvfs(path.c_str(), &fs), 0);
  const std::uint64_t total = std::uint64_t{fs.f_blocks} * fs.f_frsize;
  const std::uint64_t available = free_bytes(path);
  EXPECT_LE(available, total);
  // Within what another process may have written or freed meanwhile (64 MiB).
  const std::uint64_t then = std::uint64_t{fs.f_bavail} * fs.f_frsize;
  EXPECT_LE(available > then ? available - then : then - available, std::uint64_t{64} << 20);
}

TEST(TempSpace, FreeBytesOfAMissingDirectoryIsAnIoError) {
  const test::temp_dir dir;
  EXPECT_THROW((void)free_bytes(dir.path("missing")), std::system_error);
}

TEST(TempSpace, AnEstimateThatFitsPasses) {
  const test::temp_dir dir;
  EXPECT_NO_THROW(check_free_space(dir.path(""), 0));
  EXPECT_NO_THROW(check_free_space(dir.path(""), 4096));
}

TEST(TempSpace, AnEstimatePastTheFreeSpaceIsRefusedWithBothSizes) {
  const test::temp_dir dir;
  const std::string path = dir.path("");
  try {
    check_free_space(path, std::numeric_limits<std::uint64_t>::max());
    FAIL() << "no error";
  } catch (const config_error& e) {
    const std::string message = e.what();
    EXPECT_TRUE(message.starts_with("cannot use temporary directory " + path +
                                    ": the run needs about 16.0 EiB of temporary files and it "
                                    "has "))
        << message;
    EXPECT_TRUE(message.ends_with(" free")) << message;
  }
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
