// Compressed destinations: what output_file writes under a codec is checked by the codecs' own
// command-line tools (zstd, gzip, xz, bzip2: `-t`, then decompressed and compared byte for byte
// with the plain text), across several buffers and frames; levels out of range are refused
// before anything is created; failures leave no temporary and publish nothing.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/output_file.hpp"

namespace fenbatch::pipeline {
namespace {

namespace fs = std::filesystem;

struct codec_case {
  compression codec;
  const char* suffix;
  const char* tool;
};

constexpr codec_case codecs[] = {
    {compression::zstd, ".zst", "zstd"},
    {compression::gzip, ".gz", "gzip"},
    {compression::xz, ".xz", "xz"},
    {compression::bzip2, ".bz2", "bzip2"},
};

class CompressedOutput : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/fenbatch-compressed-XXXXXX";
    dir_ = ::mkdtemp(pattern);
  }
  void TearDown() override { fs::remove_all(dir_); }
  [[nodiscard]] std::string path(const std::string& name) const { return dir_ + "/" + name; }
  [[nodiscard]] int entries() const {
    return static_cast<int>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator{}));
  }
  static std::string read(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  // The exit status of a shell command.
  static int shell(const std::string& command) {
    const int status = std::system(command.c_str());  // NOLINT(cert-env33-c): the test's own tools
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  // What the codec's own tool makes of `compressed` (after `TOOL -t` accepts it).
  [[nodiscard]] std::string decompressed(const codec_case& c, const std::string& compressed) const {
    EXPECT_EQ(shell(std::string(c.tool) + " -t -q " + compressed), 0) << c.tool << " -t";
    const std::string plain = path("decompressed.txt");
    EXPECT_EQ(shell(std::string(c.tool) + " -d -c " + compressed + " >" + plain), 0);
    std::string text = read(plain);
    fs::remove(plain);
    return text;
  }
  std::string dir_;
};

// Lines of FEN-like text, varied enough that the codecs cannot shrink them to nothing.
std::string sample_text(std::size_t lines) {
  std::string text;
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  for (std::size_t i = 0; i < lines; ++i) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    text += "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 " +
            std::to_string(state % 100000) + "\n";
  }
  return text;
}

TEST_F(CompressedOutput, EachCodecWritesWhatItsToolDecompressesToThePlainText) {
  // ~6 MB: several of output_file's 1 MiB buffers, large pieces written past the buffer, and
  // single characters.
  const std::string text = sample_text(100000);
  for (const codec_case& c : codecs) {
    const std::string out = path(std::string("out.fen") + c.suffix);
    {
      output_file f(out);  // automatic: by the name
      EXPECT_EQ(f.codec(), c.codec);
      f.write(std::string_view(text).substr(0, 1000));
      f.write(std::string_view(text).substr(1000, 3 << 20));
      for (char ch : std::string_view(text).substr(1000 + (3 << 20), 100)) f.put(ch);
      f.write(std::string_view(text).substr(1000 + (3 << 20) + 100));
      f.prepare();
      f.publish();
    }
    EXPECT_LT(fs::file_size(out), text.size() / 2) << c.tool;
    EXPECT_EQ(decompressed(c, out), text) << c.tool;
    fs::remove(out);
  }
  EXPECT_EQ(entries(), 0);  // no temporary left
}

TEST_F(CompressedOutput, AnEmptyCompressedFileIsAValidEmptyStream) {
  for (const codec_case& c : codecs) {
    const std::string out = path(std::string("empty.fen") + c.suffix);
    {
      output_file f(out);
      f.prepare();
      f.publish();
    }
    EXPECT_GT(fs::file_size(out), 0U) << c.tool;  // a header, not nothing
    EXPECT_EQ(decompressed(c, out), "") << c.tool;
    fs::remove(out);
  }
}

TEST_F(CompressedOutput, ACodecGivenOverridesTheName) {
  const std::string out = path("named-plain.fen");
  {
    output_file f(out, {}, {compression::gzip, 0, 0});
    f.write("startpos\n");
    f.prepare();
    f.publish();
  }
  EXPECT_EQ(decompressed(codecs[1], out), "startpos\n");
  const std::string plain = path("named.fen.zst");
  {
    output_file f(plain, {}, {compression::none, 0, 0});
    f.write("startpos\n");
    f.prepare();
    f.publish();
  }
  EXPECT_EQ(read(plain), "startpos\n");
}

TEST_F(CompressedOutput, LevelsAndWorkerThreadsChangeNothingButTheSize) {
  const std::string text = sample_text(50000);
  struct level_case {
    codec_case c;
    int level;
    unsigned threads;
  };
  const level_case cases[] = {{codecs[0], 1, 0}, {codecs[0], 19, 2}, {codecs[0], 22, 0},
                              {codecs[1], 1, 0}, {codecs[1], 9, 0},  {codecs[2], 1, 2},
                              {codecs[3], 1, 0}};
  for (const level_case& lc : cases) {
    const std::string out = path(std::string("level.fen") + lc.c.suffix);
    {
      output_file f(out, {}, {compression::automatic, lc.level, lc.threads});
      f.write(text);
      f.prepare();
      f.publish();
    }
    EXPECT_EQ(decompressed(lc.c, out), text) << lc.c.tool << " level " << lc.level;
    fs::remove(out);
  }
}

// Level 0 inside the pipeline (run_config::compression_level when no --level was given) is the
// codec's default as docs/usage.md gives it: zstd 3, gzip 6, xz 6, bzip2 9, byte for byte (one
// thread: the codecs are deterministic).
TEST_F(CompressedOutput, LevelZeroIsEachCodecsDocumentedDefault) {
  const std::string text = sample_text(20000);
  const int documented_defaults[] = {3, 6, 6, 9};
  for (std::size_t i = 0; i < std::size(codecs); ++i) {
    const auto written = [&](int level) {
      const std::string out = path("default" + std::to_string(level) + codecs[i].suffix);
      {
        output_file f(out, {}, {compression::automatic, level, 0});
        f.write(text);
        f.prepare();
        f.publish();
      }
      std::string bytes = read(out);
      fs::remove(out);
      return bytes;
    };
    EXPECT_EQ(written(0), written(documented_defaults[i])) << codecs[i].tool;
    EXPECT_NE(written(0), written(1)) << codecs[i].tool << ": level 1 is not the default";
  }
}

TEST_F(CompressedOutput, LevelOutOfRangeIsAConfigErrorNamingTheRangeAndCreatesNothing) {
  struct bad {
    const char* name;
    int level;
    const char* range;
  };
  const bad cases[] = {
      {"o.zst", 23, "zstd levels are 1..22"}, {"o.zst", -1, "zstd levels are 1..22"},
      {"o.gz", -1, "gzip levels are 1..9"},   {"o.xz", -1, "xz levels are 1..9"},
      {"o.bz2", -1, "bzip2 levels are 1..9"}, {"o.gz", 10, "gzip levels are 1..9"},
      {"o.xz", 10, "xz levels are 1..9"},     {"o.bz2", 10, "bzip2 levels are 1..9"}};
  for (const bad& b : cases) {
    try {
      output_file f(path(b.name), {}, {compression::automatic, b.level, 0});
      ADD_FAILURE() << b.name << " level " << b.level << " accepted";
    } catch (const config_error& e) {
      EXPECT_NE(std::string(e.what()).find(b.range), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(path(b.name)), std::string::npos) << e.what();
    }
  }
  EXPECT_EQ(entries(), 0);
}

TEST_F(CompressedOutput, AbandonedCompressedOutputLeavesTheOldFileAndNoTemporary) {
  const std::string out = path("out.fen.zst");
  std::ofstream(out) << "old\n";
  {
    output_file f(out);
    f.write(sample_text(60000));  // several MB: compressed bytes really reach the temporary
    EXPECT_EQ(entries(), 1);      // unnamed while written (issue 16)
  }
  EXPECT_EQ(read(out), "old\n");
  EXPECT_EQ(entries(), 1);
}

TEST_F(CompressedOutput, WriteErrorUnderACodecIsASystemErrorNamingThePath) {
  for (const compression codec :
       {compression::zstd, compression::gzip, compression::xz, compression::bzip2}) {
    try {
      output_file f("/dev/full", {}, {codec, 0, 0});
      f.write("8/8/8/8/8/8/8/K6k w - - 0 1\n");
      f.prepare();  // ends the stream: its bytes reach /dev/full
      ADD_FAILURE() << to_string(codec) << ": no error";
    } catch (const std::system_error& e) {
      EXPECT_EQ(e.code().value(), ENOSPC) << e.what();
      EXPECT_NE(std::string(e.what()).find("write: /dev/full"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace fenbatch::pipeline
