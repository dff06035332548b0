// Compressed inputs are recognised by the magic numbers of their format specifications (gzip:
// RFC 1952; bzip2: "BZh"; xz: the .xz file format; zstd: RFC 8878, a skippable frame too),
// decompressed as read with the sniffed bytes replayed first; a cut-off stream, trailing
// garbage or a shrunk file is an error naming the path, the fault and its offset; zero padding
// is accepted where gzip and bzip2 accept it, and xz's stream padding (a multiple of 4 zeros).
// The compressed bytes below were made by gzip 1.12 (-n), bzip2 1.0.8, xz 5.4.1 and zstd
// 1.5.4; the expected offsets are counted from their sizes.
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

const unsigned char bzip2_bytes[] = {
    0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0x1a, 0x74, 0xa7, 0x35, 0x00,
    0x00, 0x12, 0xdd, 0x80, 0x00, 0x10, 0x40, 0x02, 0xed, 0x40, 0x00, 0x08, 0x10, 0x08, 0x00,
    0x80, 0x20, 0x00, 0x31, 0x00, 0x00, 0x04, 0x93, 0x51, 0xa4, 0x36, 0x29, 0x25, 0x64, 0x87,
    0x86, 0x7d, 0xe8, 0x58, 0x9c, 0x24, 0xc3, 0x37, 0x55, 0xa6, 0x27, 0x02, 0xb8, 0x9c, 0xd3,
    0xfc, 0x5d, 0xc9, 0x14, 0xe1, 0x42, 0x40, 0x69, 0xd2, 0x9c, 0xd4};
const unsigned char xz_bytes[] = {
    0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04, 0xe6, 0xd6, 0xb4, 0x46, 0x02, 0x00, 0x21, 0x01,
    0x16, 0x00, 0x00, 0x00, 0x74, 0x2f, 0xe5, 0xa3, 0xe0, 0x00, 0x39, 0x00, 0x21, 0x5d, 0x00, 0x1a,
    0x1a, 0xc2, 0x62, 0xf1, 0x34, 0x1c, 0x7d, 0x96, 0x70, 0xf9, 0xbb, 0x6b, 0x5e, 0xf2, 0xb3, 0x70,
    0xc0, 0x8b, 0xf8, 0xa1, 0x52, 0x7a, 0x4a, 0x5d, 0x7b, 0xc8, 0x6f, 0x19, 0xf4, 0x53, 0x33, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x0e, 0xb9, 0xd9, 0x85, 0x73, 0x05, 0xa7, 0x84, 0x00, 0x01, 0x3d, 0x3a,
    0x27, 0x24, 0x62, 0x8c, 0x1f, 0xb6, 0xf3, 0x7d, 0x01, 0x00, 0x00, 0x00, 0x00, 0x04, 0x59, 0x5a};
// A skippable frame (magic 0x184D2A53, 3 bytes of content).
const std::string skippable_frame(
    "\x53\x2a\x4d\x18\x03\x00\x00\x00"
    "abc",
    11);

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

TEST(Decompression, AZstdFileMayStartWithASkippableFrame) {
  for (const char low : {'\x50', '\x53', '\x5F'}) {
    EXPECT_EQ(sniff_compression(std::string(1, low) + "\x2A\x4D\x18\x00\x00\x00\x00"),
              compression::zstd);
  }
  EXPECT_EQ(sniff_compression("\x4F\x2A\x4D\x18"), compression::none);
  EXPECT_EQ(sniff_compression("\x60\x2A\x4D\x18"), compression::none);
  EXPECT_EQ(sniff_compression("\x50\x2A\x4D"), compression::none);
  const std::string zstd = as_string(zstd_bytes);
  EXPECT_EQ(decompress(skippable_frame + zstd, compression::zstd), text);
  EXPECT_EQ(decompress(skippable_frame + zstd + skippable_frame + zstd, compression::zstd, 6),
            text + text);
  EXPECT_EQ(decompress(skippable_frame + skippable_frame, compression::zstd), "");
}

TEST(Decompression, ReadsTheTextWithTheSniffedBytesReplayedFirst) {
  for (const std::size_t sniffed : {std::size_t{0}, std::size_t{1}, std::size_t{6}}) {
    SCOPED_TRACE(testing::Message() << "sniffed " << sniffed);
    std::uint64_t raw_bytes = 0;
    EXPECT_EQ(decompress(as_string(gzip_bytes), compression::gzip, sniffed, &raw_bytes), text);
    EXPECT_EQ(raw_bytes, sizeof gzip_bytes);
    EXPECT_EQ(decompress(as_string(bzip2_bytes), compression::bzip2, sniffed, &raw_bytes), text);
    EXPECT_EQ(raw_bytes, sizeof bzip2_bytes);
    EXPECT_EQ(decompress(as_string(xz_bytes), compression::xz, sniffed, &raw_bytes), text);
    EXPECT_EQ(raw_bytes, sizeof xz_bytes);
    EXPECT_EQ(decompress(as_string(zstd_bytes), compression::zstd, sniffed, &raw_bytes), text);
    EXPECT_EQ(raw_bytes, sizeof zstd_bytes);
    EXPECT_EQ(decompress(text, compression::none, sniffed, &raw_bytes), text);
    EXPECT_EQ(raw_bytes, text.size());
  }
}

TEST(Decompression, ConcatenatedMembersAndStreamsAreAllRead) {
  EXPECT_EQ(decompress(as_string(gzip_bytes) + as_string(gzip_bytes), compression::gzip),
            text + text);
  EXPECT_EQ(decompress(as_string(bzip2_bytes) + as_string(bzip2_bytes), compression::bzip2),
            text + text);
  EXPECT_EQ(decompress(as_string(xz_bytes) + as_string(xz_bytes), compression::xz), text + text);
  EXPECT_EQ(decompress(as_string(zstd_bytes) + as_string(zstd_bytes), compression::zstd),
            text + text);
}

TEST(Decompression, ZeroPaddingIsAcceptedWhereTheFormatsToolAcceptsIt) {
  const std::string zeros(1000, '\0');
  EXPECT_EQ(decompress(as_string(gzip_bytes) + zeros, compression::gzip), text);
  EXPECT_EQ(decompress(as_string(bzip2_bytes) + zeros, compression::bzip2), text);
  EXPECT_EQ(decompress(as_string(xz_bytes) + zeros, compression::xz), text);  // 4 * 250
  // Only in multiples of 4 for xz (stream padding); never for zstd (zstd -t refuses it).
  EXPECT_EQ(error_of(as_string(xz_bytes) + std::string(3, '\0'), compression::xz, UINT64_MAX),
            "read: in.fen: corrupt xz stream: compressed data is corrupt (or not xz data after a "
            "stream) at offset 99");
  EXPECT_EQ(
      error_of(as_string(zstd_bytes) + zeros, compression::zstd, UINT64_MAX),
      "read: in.fen: corrupt zstd stream: trailing garbage at offset 49 after the last frame");
}

TEST(Decompression, TrailingGarbageIsAnErrorAtItsOffset) {
  EXPECT_EQ(
      error_of(as_string(gzip_bytes) + "garbage\n", compression::gzip, UINT64_MAX),
      "read: in.fen: corrupt gzip stream: trailing garbage at offset 49 after the last member");
  // Zeros, then something else: not padding.
  EXPECT_EQ(
      error_of(as_string(gzip_bytes) + std::string(10, '\0') + "x", compression::gzip, UINT64_MAX),
      "read: in.fen: corrupt gzip stream: trailing garbage at offset 59 after the last member");
  EXPECT_EQ(
      error_of(as_string(bzip2_bytes) + "garbage\n", compression::bzip2, UINT64_MAX),
      "read: in.fen: corrupt bzip2 stream: trailing garbage at offset 71 after the last stream");
  EXPECT_EQ(
      error_of(as_string(zstd_bytes) + "garbage\n", compression::zstd, UINT64_MAX),
      "read: in.fen: corrupt zstd stream: trailing garbage at offset 49 after the last frame");
  EXPECT_TRUE(error_of(as_string(xz_bytes) + std::string(64, 'g'), compression::xz, UINT64_MAX)
                  .starts_with("read: in.fen: corrupt xz stream: compressed data is corrupt"));
}

TEST(Decompression, ACutOffStreamIsAnErrorNamingThePathFormatAndOffset) {
  const std::string gzip = as_string(gzip_bytes);
  const std::string zstd = as_string(zstd_bytes);
  EXPECT_EQ(error_of(gzip.substr(0, gzip.size() - 4), compression::gzip, UINT64_MAX),
            "read: in.fen: corrupt gzip stream: truncated at offset 45 (the input ends inside a "
            "member)");
  EXPECT_EQ(error_of(gzip.substr(0, 2), compression::gzip, UINT64_MAX),
            "read: in.fen: corrupt gzip stream: truncated at offset 2 (the input ends inside a "
            "member)");
  EXPECT_EQ(error_of(gzip + "\x1F", compression::gzip, UINT64_MAX),
            "read: in.fen: corrupt gzip stream: truncated at offset 50 (the input ends in a "
            "member's header)");
  EXPECT_EQ(error_of(zstd.substr(0, zstd.size() - 4), compression::zstd, UINT64_MAX),
            "read: in.fen: corrupt zstd stream: truncated at offset 45 (the input ends inside a "
            "frame)");
  EXPECT_EQ(error_of(skippable_frame.substr(0, 9), compression::zstd, UINT64_MAX),
            "read: in.fen: corrupt zstd stream: truncated at offset 9 (the input ends inside a "
            "frame)");
  const std::string bzip2 = as_string(bzip2_bytes);
  EXPECT_EQ(error_of(bzip2.substr(0, 40), compression::bzip2, UINT64_MAX),
            "read: in.fen: corrupt bzip2 stream: truncated at offset 40 (the input ends inside a "
            "stream)");
  const std::string xz = as_string(xz_bytes);
  EXPECT_EQ(error_of(xz.substr(0, 6), compression::xz, UINT64_MAX),
            "read: in.fen: corrupt xz stream: truncated at offset 6 (the input ends inside a "
            "stream)");
}

TEST(Decompression, CorruptDataIsAnErrorNamingTheFault) {
  std::string gzip = as_string(gzip_bytes);
  gzip[gzip.size() - 6] ^= 0x01;  // in the CRC-32 of the trailer
  EXPECT_TRUE(
      error_of(gzip, compression::gzip, UINT64_MAX)
          .starts_with("read: in.fen: corrupt gzip stream: invalid compressed data at offset "));
  std::string bzip2 = as_string(bzip2_bytes);
  bzip2[20] ^= 0x10;
  EXPECT_TRUE(error_of(bzip2, compression::bzip2, UINT64_MAX)
                  .starts_with("read: in.fen: corrupt bzip2 stream: "));
}

TEST(Decompression, PeekedTextIsReadAgain) {
  filled_pipe pipe(as_string(gzip_bytes));
  raw_input raw;
  raw.fd = pipe.fd();
  raw.path = "in.fen";
  decompressed_stream stream(std::move(raw), compression::gzip);
  EXPECT_EQ(stream.peek(5), text.substr(0, 5));
  EXPECT_EQ(stream.peek(1000), text);
  EXPECT_EQ(read_all(stream), text);
}

TEST(Decompression, AFileEndingBeforeItsSizeAtOpenIsAnError) {
  EXPECT_EQ(error_of(text, compression::none, text.size() + 1),
            "read: in.fen: input changed while reading (truncated?)");
  EXPECT_EQ(error_of(text, compression::none, text.size()), "no error");
}

}  // namespace
}  // namespace fenbatch::pipeline::detail
