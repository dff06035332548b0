// The atomic-output contract: nothing appears at the destination until publish(); an existing
// file is untouched until then; an abandoned temporary is removed. Symbolic links are written
// through; replaced files keep their owner; temporaries' names fit NAME_MAX (issue 26).
#include "fenbatch/pipeline/output_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/temporary_name.hpp"

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

TEST_F(OutputFile, ASymbolicLinkIsWrittenThroughAndStays) {
  fs::create_directory(path("data"));
  std::ofstream(path("data/set.fen")) << "old\n";
  fs::create_symlink("data/set.fen", path("link.fen"));
  {
    output_file f(path("link.fen"));
    f.write("new\n");
    f.prepare();
    f.publish();
  }
  EXPECT_TRUE(fs::is_symlink(path("link.fen")));
  EXPECT_EQ(fs::read_symlink(path("link.fen")), "data/set.fen");
  EXPECT_EQ(read(path("data/set.fen")), "new\n");
  EXPECT_EQ(entries(), 2);  // data/ and the link: no temporary beside the link
  EXPECT_EQ(std::distance(fs::directory_iterator(path("data")), fs::directory_iterator{}), 1);
}

TEST_F(OutputFile, ADanglingLinksTargetIsCreated) {
  fs::create_symlink("target.fen", path("link.fen"));
  {
    output_file f(path("link.fen"));
    f.write("new\n");
    f.prepare();
    f.publish();
  }
  EXPECT_TRUE(fs::is_symlink(path("link.fen")));
  EXPECT_EQ(read(path("target.fen")), "new\n");
}

TEST_F(OutputFile, RollBackPutsTheLinksTargetBack) {
  std::ofstream(path("set.fen")) << "old\n";
  fs::create_symlink("set.fen", path("link.fen"));
  output_file f(path("link.fen"));
  f.write("new\n");
  f.prepare();
  f.publish();
  EXPECT_EQ(read(path("set.fen")), "new\n");
  f.roll_back();
  EXPECT_EQ(read(path("set.fen")), "old\n");
  EXPECT_TRUE(fs::is_symlink(path("link.fen")));
  EXPECT_EQ(entries(), 2);
}

TEST_F(OutputFile, AReplacedFileKeepsItsOwnerAndGroupWherePermitted) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to give a file to another user";
  const std::string out = path("out.fen");
  std::ofstream(out) << "old\n";
  ASSERT_EQ(::chown(out.c_str(), 65534, 65534), 0);
  ::chmod(out.c_str(), 0604);
  std::vector<std::string> notes;
  {
    output_file f(out, [&notes](std::string_view n) { notes.emplace_back(n); });
    f.write("new\n");
    f.prepare();
    f.publish();
  }
  struct stat st {};
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, 65534U);
  EXPECT_EQ(st.st_gid, 65534U);
  EXPECT_EQ(st.st_mode & 07777, 0604U);
  EXPECT_TRUE(notes.empty()) << notes.front();
}

// NAME_MAX is 255: the longest name a destination may have, and 255 - 43 = 212 bytes, the
// longest stem that leaves room for ".", ".fenbatch-", a 10-digit process number, "-", 8 hex
// digits, ".tmp" and ".previous".
TEST_F(OutputFile, ANameOfNameMaxBytesCanBeWritten) {
  const std::string out = path(std::string(255, 'n'));
  {
    output_file f(out);
    f.write("data\n");
    f.prepare();
    f.publish();
  }
  EXPECT_EQ(read(out), "data\n");
  EXPECT_EQ(entries(), 1);
}

TEST(TemporaryName, ShortNamesAreKeptWhole) {
  EXPECT_EQ(detail::temporary_stem("out.fen"), "out.fen");
  EXPECT_EQ(detail::temporary_stem(std::string(212, 'a')), std::string(212, 'a'));
}

TEST(TemporaryName, LongNamesAreShortenedRecognisablyAndApart) {
  const std::string a = std::string(213, 'a');
  const std::string b = std::string(212, 'a') + "b";
  const std::string stem = detail::temporary_stem(a);
  EXPECT_EQ(stem.size(), 212U);
  EXPECT_EQ(stem.substr(0, 203), std::string(203, 'a'));
  EXPECT_EQ(stem[203], '~');
  EXPECT_EQ(detail::temporary_stem(a), stem);  // the same in every run
  EXPECT_NE(detail::temporary_stem(b), stem);
}

TEST(TemporaryName, AShortenedNameIsNotCutInsideAUtf8Character) {
  std::string name;
  for (int i = 0; i < 120; ++i) name += "\xc3\xa9";  // é, 2 bytes: 240 bytes
  const std::string stem = detail::temporary_stem(name);
  const std::size_t tilde = stem.rfind('~');
  ASSERT_NE(tilde, std::string::npos);
  EXPECT_EQ(tilde % 2, 0U);  // whole characters before it
  EXPECT_EQ(stem.substr(0, tilde), name.substr(0, tilde));
  EXPECT_LE(stem.size(), 212U);
}

TEST(TemporaryName, LeftoversAreRecognisedByStemAndProcess) {
  using detail::parse_temporary;
  const auto t = parse_temporary(".out.fen.fenbatch-123-0badc0de.tmp", "out.fen");
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->pid, 123);
  EXPECT_FALSE(t->previous);
  const auto p = parse_temporary(".out.fen.fenbatch-45-0badc0de.tmp.previous", "out.fen");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->pid, 45);
  EXPECT_TRUE(p->previous);
  EXPECT_FALSE(parse_temporary(".other.fen.fenbatch-123-0badc0de.tmp", "out.fen"));
  EXPECT_FALSE(parse_temporary(".out.fen.fenbatch-x.tmp", "out.fen"));
  EXPECT_FALSE(parse_temporary(".out.fen.fenbatch-123-1.bak", "out.fen"));
  EXPECT_FALSE(parse_temporary(".out.fen.fenbatch-123.tmp", "out.fen"));
  EXPECT_FALSE(parse_temporary("out.fen.fenbatch-123-0badc0de.tmp", "out.fen"));
}

}  // namespace
}  // namespace fenbatch::pipeline
