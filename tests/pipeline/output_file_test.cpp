// The atomic-output contract: nothing appears at the destination until publish(); an existing
// file is untouched until then; an abandoned temporary is removed.
#include "fenbatch/pipeline/output_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace fenbatch::pipeline {
namespace {

namespace fs = std::filesystem;

class OutputFile : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/fenbatch-out-XXXXXX";
    dir_ = ::mkdtemp(pattern);
  }
  void TearDown() override { fs::remove_all(dir_); }
  [[nodiscard]] std::string path(const std::string& name) const { return dir_ + "/" + name; }
  static std::string read(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  [[nodiscard]] int entries() const {
    return static_cast<int>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator{}));
  }
  std::string dir_;
};

TEST_F(OutputFile, NothingAppearsBeforePublish) {
  const std::string out = path("out.fen");
  {
    output_file f(out);
    f.write("data\n");
    f.prepare();
    EXPECT_FALSE(fs::exists(out));
    f.publish();
  }
  EXPECT_EQ(read(out), "data\n");
  EXPECT_EQ(entries(), 1);  // no temporary left
}

TEST_F(OutputFile, AbandonedOutputLeavesTheOldFileAndNoTemporary) {
  const std::string out = path("out.fen");
  std::ofstream(out) << "old\n";
  {
    output_file f(out);
    f.write(std::string(3 << 20, 'x'));  // beyond the buffer: really written to the temporary
    EXPECT_EQ(entries(), 1);  // unnamed while written (issue 16: even SIGKILL leaves nothing)
  }
  EXPECT_EQ(read(out), "old\n");
  EXPECT_EQ(entries(), 1);
}

TEST_F(OutputFile, TheTemporaryIsNamedOnlyWhenPrepared) {
  const std::string out = path("out.fen");
  std::ofstream(out) << "old\n";
  output_file f(out);
  f.write(std::string(3 << 20, 'x'));
  EXPECT_EQ(entries(), 1);
  f.prepare();
  // Complete and synced, it now has the recognisable name publish() renames.
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir_)) {
    names.push_back(entry.path().filename().string());
  }
  ASSERT_EQ(names.size(), 2U);
  const std::string temp = names[0] == "out.fen" ? names[1] : names[0];
  EXPECT_TRUE(temp.starts_with(".out.fen.fenbatch-" + std::to_string(::getpid()) + "-")) << temp;
  EXPECT_TRUE(temp.ends_with(".tmp")) << temp;
  EXPECT_EQ(read(path(temp)).size(), std::size_t{3} << 20);
  EXPECT_EQ(read(out), "old\n");
  f.publish();
  EXPECT_EQ(read(out).size(), std::size_t{3} << 20);
  EXPECT_EQ(entries(), 2);  // out.fen and the old content's link, until forget_previous()
  f.forget_previous();
  EXPECT_EQ(entries(), 1);
}

TEST_F(OutputFile, APreparedButUnpublishedTemporaryIsRemoved) {
  const std::string out = path("out.fen");
  {
    output_file f(out);
    f.write("data\n");
    f.prepare();
    EXPECT_EQ(entries(), 1);  // the named temporary
  }
  EXPECT_FALSE(fs::exists(out));
  EXPECT_EQ(entries(), 0);
}

TEST_F(OutputFile, PublishReplacesAndKeepsTheExistingMode) {
  const std::string out = path("out.fen");
  std::ofstream(out) << "old\n";
  ::chmod(out.c_str(), 0640);
  {
    output_file f(out);
    f.write("new\n");
    f.prepare();
    f.publish();
  }
  EXPECT_EQ(read(out), "new\n");
  struct stat st {};
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640U);
}

TEST_F(OutputFile, NewFileGetsTheUmaskMode) {
  const mode_t old_mask = ::umask(027);
  const std::string out = path("fresh.fen");
  {
    output_file f(out);
    f.put('x');
    f.prepare();
    f.publish();
  }
  ::umask(old_mask);
  struct stat st {};
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640U);
}

TEST_F(OutputFile, MissingDirectoryFailsAtOnceNamingTheDestination) {
  try {
    output_file f(path("no/such/dir/out.fen"));
    FAIL() << "expected an error";
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find("create: " + path("no/such/dir/out.fen")),
              std::string::npos)
        << e.what();
  }
}

TEST_F(OutputFile, WriteErrorIsReported) {
  output_file f("/dev/full");
  f.write("x\n");
  EXPECT_THROW(f.prepare(), std::system_error);
}

TEST_F(OutputFile, DirectoryIsRefused) {
  EXPECT_THROW(output_file f(dir_), std::system_error);
}

}  // namespace
}  // namespace fenbatch::pipeline
