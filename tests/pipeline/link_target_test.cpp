// link_target: where an output's name leads through symbolic links, checked on links made here.
#include "output/link_target.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace {

namespace fs = std::filesystem;
using fenbatch::pipeline::detail::link_target;

class LinkTarget : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("link_target_test." + std::to_string(::getpid()));
    fs::create_directories(dir_ / "sub");
    std::ofstream(dir_ / "sub" / "data.fen") << "x\n";
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string at(const std::string& name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

TEST_F(LinkTarget, APlainFileOrAMissingNameIsItself) {
  EXPECT_EQ(link_target(at("sub/data.fen")), at("sub/data.fen"));
  EXPECT_EQ(link_target(at("missing.fen")), at("missing.fen"));
  EXPECT_EQ(link_target("relative.fen"), "relative.fen");
}

TEST_F(LinkTarget, ARelativeTargetIsReadAgainstTheLinksDirectory) {
  fs::create_symlink("sub/data.fen", at("link.fen"));
  EXPECT_EQ(link_target(at("link.fen")), at("sub/data.fen"));
}

TEST_F(LinkTarget, AChainOfLinksIsFollowedToTheEnd) {
  fs::create_symlink("data.fen", at("sub/inner.fen"));
  fs::create_symlink("sub/inner.fen", at("outer.fen"));
  fs::create_symlink(at("outer.fen"), at("absolute.fen"));
  EXPECT_EQ(link_target(at("absolute.fen")), at("sub/data.fen"));
}

TEST_F(LinkTarget, ADanglingLinkLeadsToTheNameItWouldCreate) {
  fs::create_symlink("sub/new.fen", at("dangling.fen"));
  EXPECT_EQ(link_target(at("dangling.fen")), at("sub/new.fen"));
}

TEST_F(LinkTarget, ALoopIsAnErrorAfterFortyLinks) {
  fs::create_symlink("b", at("a"));
  fs::create_symlink("a", at("b"));
  try {
    (void)link_target(at("a"));
    FAIL() << "no error for a loop of links";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), ELOOP);
  }
}

}  // namespace
