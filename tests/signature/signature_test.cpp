// The signature, as Stockfish's bench signature: one fixed input, one digest of what
// `fenbatch --dedupe` writes, the same under every decoder implementation and at one thread
// and several. ctest runs this program once per decoder the build contains
// (FENBATCH_FORCE_IMPL; skipped where the CPU lacks one) and once with the default choice.
//
// The input: the first 150 lines of each of the 20 shared corpora (LC_ALL=C name order), the
// positions of ../shared/vectors/fen-vectors.tsv (first column: valid and invalid lines from
// other libraries' tests) and the three EPD suites, in that order: 3,366 lines.
//
// The expected digests are `sha256sum` of the output and rejects files of
//   fenbatch --dedupe --rejects signature.rej signature.epd signature.fen
// at a991ef7 (before the seams of issue 13), under the scalar, AVX2 and AVX-512 decoders at one
// and two threads, and at the commit that added this test: the same bytes. They are not checked
// against an independent reference line by line; what grounds them is that at both commits the
// corpus tests check the counts of the whole corpora these lines come from against an
// independent reference (tests/core/corpus_test.cpp, tests/cli/cases/shared_corpus_*.sh), and
// fen_vectors_test the verdict and reason of every vector. A change that alters any byte
// written, under any decoder or thread count, changes the signature: if the change is meant,
// the new output must first pass those tests, then the digests here are updated with the reason
// in the commit.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "read_file.hpp"
#include "sha256.hpp"
#include "shared_data.hpp"
#include "temp_dir.hpp"

namespace fenbatch::test {
namespace {

constexpr std::size_t lines_per_corpus = 150;

std::string first_lines(const std::string& text, std::size_t count) {
  std::size_t end = 0;
  for (std::size_t n = 0; n < count && end < text.size(); ++n) {
    const std::size_t lf = text.find('\n', end);
    end = lf == std::string::npos ? text.size() : lf + 1;
  }
  std::string lines = text.substr(0, end);
  if (!lines.empty() && lines.back() != '\n') lines += '\n';
  return lines;
}

std::string signature_input(const std::filesystem::path& shared) {
  std::string input;
  for (const auto& file : corpus_files(shared)) {
    input += first_lines(read_zst(file), lines_per_corpus);
  }
  for (const std::string& line : read_lines(shared / "vectors" / "fen-vectors.tsv")) {
    input += line.substr(0, line.find('\t'));
    input += '\n';
  }
  for (const char* suite :
       {"epd-bratko_kopec_test.epd", "epd-ccr_one_hour_test.epd", "epd-win_at_chess_test.epd"}) {
    for (const std::string& line : read_lines(shared / "vectors" / suite)) {
      input += line;
      input += '\n';
    }
  }
  return input;
}

// Changes the working directory, and back at the end of the scope.
class current_directory_for_test {
 public:
  explicit current_directory_for_test(const std::filesystem::path& path)
      : previous_(std::filesystem::current_path()) {
    std::filesystem::current_path(path);
  }
  current_directory_for_test(const current_directory_for_test&) = delete;
  current_directory_for_test& operator=(const current_directory_for_test&) = delete;
  ~current_directory_for_test() { std::filesystem::current_path(previous_); }

 private:
  std::filesystem::path previous_;
};

TEST(Signature, DedupeOutputAndRejectsHaveTheFixedDigestsUnderEveryDecoderAndThreadCount) {
  FENBATCH_REQUIRE_SHARED(shared);
  const temp_dir dir;
  // Rejects name the input as given: run where it is, by its bare name, as the command above.
  const current_directory_for_test in_dir(dir.path(""));
  const std::string input = "signature.epd";
  dir.file(input, signature_input(shared));
  ASSERT_EQ(sha256_hex(read_file(input)),
            "c8bbfa7451b817b13a84adca931464ca3eb095fb3c85f97069cab2c73358a169")
      << "the signature input changed: ../shared is not the one this test was made with";

  struct variant {
    unsigned threads;
    std::size_t chunk_size;
    std::size_t dedupe_shards;
    std::size_t dedupe_stages;
    bool use_mmap;
  };
  // One thread with the whole input in one chunk; then many small chunks over several
  // threads, shards and dedupe stages, read as a stream.
  for (const variant v : {variant{1, 1 << 20, 0, 0, true}, variant{8, 4096, 16, 4, false}}) {
    SCOPED_TRACE(testing::Message() << "decoder " << core::decoder_name() << ", threads "
                                    << v.threads << ", chunk " << v.chunk_size);
    pipeline::run_config config;
    config.inputs = {input};
    config.output = "signature.fen";
    config.rejects_path = "signature.rej";
    config.dedupe = true;
    config.threads = v.threads;
    config.chunk_size = v.chunk_size;
    config.dedupe_shards = v.dedupe_shards;
    config.dedupe_stages = v.dedupe_stages;
    config.use_mmap = v.use_mmap;
    const pipeline::run_stats stats = pipeline::run(config);
    EXPECT_EQ(stats.lines, 3366U);
    EXPECT_EQ(sha256_hex(read_file(config.output)),
              "29a907c5ff79b0aae732f5871e558c43686e038a0beefb33826dcbaa22c3bddf");
    EXPECT_EQ(sha256_hex(read_file(config.rejects_path)),
              "746b7a862e5defcfcff3164d9b17941b54b1c35a1d0f4a452cb1e4939579fe73");
  }
}

// The digest function itself, against FIPS 180-2's examples.
TEST(Signature, Sha256GivesTheStandardsDigests) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  std::string million(1'000'000, 'a');
  EXPECT_EQ(sha256_hex(million),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

}  // namespace
}  // namespace fenbatch::test
