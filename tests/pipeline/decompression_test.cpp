// Compressed inputs are recognised by the magic numbers of their format specifications (gzip:
// RFC 1952; bzip2: "BZh"; xz: the .xz file format; zstd: RFC 8878), decompressed as read with
// the sniffed bytes replayed first, and a cut-off stream or a shrunk file is an error naming
// the path. The compressed bytes below were made by gzip 1.12 (-n) and zstd 1.5.4.
#include "input/decompression.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {
namespace {

const std::string text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8/8/8/8/8/8/K6k b - - 0 1\n";

const unsigned char gzip_bytes[] = {0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
                                    0x33, 0xc9, 0x36, 0xd6, 0xb7, 0x40, 0x82, 0x26, 0xde, 0xc6,
                                    0x0a, 0xe5, 0x0a, 0xba, 0x40, 0x68, 0xa0, 0x60, 0xc8, 0x65,
                                    0x81, 0x22, 0xe7, 0x6d, 0x96, 0xad, 0x90, 0x04, 0x97, 0x03,
                                    0x00, 0x34, 0x26, 0xcc, 0x5f, 0x3a, 0x00, 0x00, 0x00};
const unsigned char zstd_bytes[] = {0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x3a, 0x25, 0x01, 0x00, 0xc0,
                                    0x34, 0x6b, 0x33, 0x2f, 0x38, 0x34, 0x4b, 0x33, 0x20, 0x77,
                                    0x20, 0x2d, 0x20, 0x2d, 0x20, 0x30, 0x20, 0x31, 0x0a, 0x4b,
                                    0x36, 0x6b, 0x20, 0x62, 0x04, 0x00, 0x3f, 0x4b, 0x41, 0x08,
                                    0x76, 0x6e, 0x95, 0xe1, 0xb4, 0xea, 0x2e, 0x2b, 0x49};

template <std::size_t N>
std::string as_string(const unsigned char (&b)[N]) {
  return {reinterpret_cast<const char*>(b), N};
}

// A pipe holding `bytes` with its writer closed: reads see them, then end of input.
class filled_pipe {
 public:
  explicit filled_pipe(std::string_view bytes) {
    int fds[2];
    EXPECT_EQ(::pipe(fds), 0);
    EXPECT_EQ(::write(fds[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
    ::close(fds[1]);
    fd_ = fds[0];
  }
  ~filled_pipe() { ::close(fd_); }
  filled_pipe(const filled_pipe&) = delete;
  filled_pipe& operator=(const filled_pipe&) = delete;
  [[nodiscard]] int fd() const noexcept { return fd_; }

 private:
  int fd_ = -1;
};

// Reads the whole stream in small steps.
std::string read_all(decompressed_stream& stream) {
  std::string out;
  char buffer[7];
  for (std::size_t got; (got = stream.read(buffer, sizeof buffer)) != 0;) out.append(buffer, got);
  return out;
}

// `bytes` as read from a pipe after `sniffed` of them were taken to sniff the format.
std::string decompress(const std::string& bytes, compression kind, std::size_t sniffed = 0,
                       std::uint64_t* raw_bytes = nullptr) {
  filled_pipe pipe(bytes.substr(sniffed));
  raw_input raw;
  raw.fd = pipe.fd();
  raw.path = "in.fen";
  raw.replay = bytes.substr(0, sniffed);
  raw.bytes_read = sniffed;
  decompressed_stream stream(std::move(raw), kind);
  std::string out = read_all(stream);
  if (raw_bytes != nullptr) *raw_bytes = stream.raw_bytes_read();
  return out;
}

std::string error_of(const std::string& bytes, compression kind, std::uint64_t size_at_open) {
  filled_pipe pipe(bytes);
  raw_input raw;
  raw.fd = pipe.fd();
  raw.path = "in.fen";
  raw.size_at_open = size_at_open;
  decompressed_stream stream(std::move(raw), kind);
  try {
    read_all(stream);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "no error";
}

TEST(Decompression, FormatsAreRecognisedByTheirMagicNumbers) {
  EXPECT_EQ(sniff_compression("\x1F\x8B\x08"), compression::gzip);
  EXPECT_EQ(sniff_compression("BZh91AY&SY"), compression::bzip2);
  EXPECT_EQ(sniff_compression(std::string_view("\xFD\x37\x7A\x58\x5A\x00", 6)), compression::xz);
  EXPECT_EQ(sniff_compression("\x28\xB5\x2F\xFD"), compression::zstd);
  EXPECT_EQ(sniff_compression(text), compression::none);
  EXPECT_EQ(sniff_compression("\xFD\x37\x7A\x58\x5A"), compression::none);  // xz magic cut short
  EXPECT_EQ(sniff_compression(""), compression::none);
  EXPECT_GE(compression_magic_size, 6U);
}

TEST(Decompression, ReadsTheTextWithTheSniffedBytesReplayedFirst) {
  for (const std::size_t sniffed : {std::size_t{0}, std::size_t{1}, std::size_t{6}}) {
    SCOPED_TRACE(testing::Message() << "sniffed " << sniffed);
    std::uint64_t raw_bytes = 0;
    EXPECT_EQ(decompress(as_string(gzip_bytes), compression::gzip, sniffed, &raw_bytes), text);
    EXPECT_EQ(raw_bytes, sizeof gzip_bytes);
    EXPECT_EQ(decompress(as_string(zstd_bytes), compression::zstd, sniffed, &raw_bytes), text);
    EXPECT_EQ(raw_bytes, sizeof zstd_bytes);
    EXPECT_EQ(decompress(text, compression::none, sniffed, &raw_bytes), text);
    EXPECT_EQ(raw_bytes, text.size());
  }
}

TEST(Decompression, ACutOffStreamIsAnErrorNamingThePathAndFormat) {
  const std::string gzip = as_string(gzip_bytes);
  const std::string zstd = as_string(zstd_bytes);
  EXPECT_TRUE(error_of(gzip.substr(0, gzip.size() - 4), compression::gzip, UINT64_MAX)
                  .starts_with("read: in.fen: corrupt gzip stream: "));
  EXPECT_EQ(error_of(zstd.substr(0, zstd.size() - 4), compression::zstd, UINT64_MAX),
            "read: in.fen: corrupt zstd stream: truncated");
}

TEST(Decompression, AFileEndingBeforeItsSizeAtOpenIsAnError) {
  EXPECT_EQ(error_of(text, compression::none, text.size() + 1),
            "read: in.fen: input changed while reading (truncated?)");
  EXPECT_EQ(error_of(text, compression::none, text.size()), "no error");
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
