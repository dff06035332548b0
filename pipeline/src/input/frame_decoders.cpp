#include "input/frame_decoders.hpp"

#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filter/zlib.hpp>
#include <cstddef>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include <zstd.h>

namespace fenbatch::pipeline::detail {
namespace {

namespace io = boost::iostreams;

// Whether `head` agrees with `magic` as far as both go.
[[nodiscard]] bool agrees(std::string_view head, std::string_view magic) noexcept {
  return magic.starts_with(head.substr(0, magic.size()));
}

// gzip (RFC 1952): zlib with window bits 15 + 16 reads a member's header, data and trailer,
// CRC-32 and length checked.
class gzip_frames final : public frame_decoder, private io::detail::zlib_base {
 public:
  gzip_frames() {
    init(io::zlib_params(io::zlib::default_compression, io::zlib::deflated, 15 + 16,
                         io::zlib::default_mem_level, io::zlib::default_strategy, false, false),
         false, allocator_);
  }
  ~gzip_frames() override { reset(false, false); }
  gzip_frames(const gzip_frames&) = delete;
  gzip_frames& operator=(const gzip_frames&) = delete;

  [[nodiscard]] bool could_start_frame(std::string_view head) const noexcept override {
    return agrees(head, "\x1F\x8B");
  }
  [[nodiscard]] std::size_t magic_size() const noexcept override { return 2; }
  [[nodiscard]] bool zero_padding() const noexcept override { return true; }
  void start_frame() override {
    if (started_) reset(false, true);
    started_ = true;
  }
  frame_step decode(const char*& in, const char* in_end, char*& out, char* out_end,
                    bool /*input_ended*/) override {
    before(in, in_end, out, out_end);
    const int result = xinflate(io::zlib::no_flush);
    after(in, out, false);
    if (result == io::zlib::stream_end) return {true, nullptr};
    if (result == io::zlib::okay || result == io::zlib::buf_error) return {};
    if (result == io::zlib::data_error) return {false, "invalid compressed data"};
    if (result == io::zlib::mem_error) return {false, "out of memory"};
    return {false, "zlib error"};
  }

 private:
  io::detail::zlib_allocator<std::allocator<char>> allocator_;
  bool started_ = false;
};

// bzip2: one stream ("BZh" and a block size digit) at a time.
class bzip2_frames final : public frame_decoder, private io::detail::bzip2_base {
 public:
  bzip2_frames() : bzip2_base(io::bzip2_params(false)) {}
  ~bzip2_frames() override {
    if (ready_) end(false, std::nothrow);
  }
  bzip2_frames(const bzip2_frames&) = delete;
  bzip2_frames& operator=(const bzip2_frames&) = delete;

  [[nodiscard]] bool could_start_frame(std::string_view head) const noexcept override {
    return agrees(head, "BZh") && (head.size() < 4 || (head[3] >= '1' && head[3] <= '9'));
  }
  [[nodiscard]] std::size_t magic_size() const noexcept override { return 4; }
  [[nodiscard]] bool zero_padding() const noexcept override { return true; }
  void start_frame() override {
    if (ready_) end(false);
    ready_ = false;
    init(false, allocator_);
    ready_ = true;
  }
  frame_step decode(const char*& in, const char* in_end, char*& out, char* out_end,
                    bool /*input_ended*/) override {
    before(in, in_end, out, out_end);
    const int result = decompress();
    after(in, out);
    if (result == io::bzip2::stream_end) return {true, nullptr};
    if (result == io::bzip2::ok) return {};
    if (result == io::bzip2::data_error) return {false, "data integrity error (CRC)"};
    if (result == io::bzip2::data_error_magic) return {false, "not bzip2 data"};
    if (result == io::bzip2::mem_error) return {false, "out of memory"};
    return {false, "libbz2 error"};
  }

 private:
  io::detail::bzip2_allocator<std::allocator<char>> allocator_;
  bool ready_ = false;
};

// xz: liblzma (as Boost sets it up: concatenated streams and their padding read as one) ends
// only at the end of the input, where it is told so.
class xz_frames final : public frame_decoder, private io::detail::lzma_base {
 public:
  xz_frames() { init(io::lzma_params(), false, allocator_); }
  ~xz_frames() override { reset(false, false); }
  xz_frames(const xz_frames&) = delete;
  xz_frames& operator=(const xz_frames&) = delete;

  [[nodiscard]] bool could_start_frame(std::string_view head) const noexcept override {
    return agrees(head, std::string_view("\xFD"
                                         "7zXZ\x00",
                                         6));
  }
  [[nodiscard]] std::size_t magic_size() const noexcept override { return 6; }
  void start_frame() override {
    if (started_) reset(false, true);
    started_ = true;
  }
  frame_step decode(const char*& in, const char* in_end, char*& out, char* out_end,
                    bool input_ended) override {
    before(in, in_end, out, out_end);
    const int result = inflate(input_ended ? io::lzma::finish : io::lzma::run);
    after(in, out, false);
    if (result == io::lzma::stream_end) return {true, nullptr};
    if (result == io::lzma::okay || result == io::lzma::buf_error) return {};
    if (result == io::lzma::data_error) {
      return {false, "compressed data is corrupt (or not xz data after a stream)"};
    }
    if (result == io::lzma::mem_error) return {false, "out of memory"};
    if (result == io::lzma::options_error) return {false, "unsupported options"};
    return {false, "liblzma error"};
  }

 private:
  io::detail::lzma_allocator<std::allocator<char>> allocator_;
  bool started_ = false;
};

// zstd (RFC 8878): a frame, or a skippable frame (magic 0x184D2A50..5F, little-endian), which
// libzstd skips.
class zstd_frames final : public frame_decoder {
 public:
  [[nodiscard]] bool could_start_frame(std::string_view head) const noexcept override {
    if (head.empty()) return true;
    if (head[0] == '\x28') return agrees(head, "\x28\xB5\x2F\xFD");
    return (static_cast<unsigned char>(head[0]) & 0xF0) == 0x50 &&
           agrees(head.substr(1), "\x2A\x4D\x18");
  }
  [[nodiscard]] std::size_t magic_size() const noexcept override { return 4; }
  void start_frame() override {}
  frame_step decode(const char*& in, const char* in_end, char*& out, char* out_end,
                    bool /*input_ended*/) override {
    ZSTD_inBuffer input{in, static_cast<std::size_t>(in_end - in), 0};
    ZSTD_outBuffer output{out, static_cast<std::size_t>(out_end - out), 0};
    const std::size_t hint = ZSTD_decompressStream(stream_.get(), &output, &input);
    in += input.pos;
    out += output.pos;
    if (ZSTD_isError(hint) != 0) return {false, ZSTD_getErrorName(hint)};
    return {hint == 0, nullptr};
  }

 private:
  std::unique_ptr<ZSTD_DStream, std::size_t (*)(ZSTD_DStream*)> stream_{ZSTD_createDStream(),
                                                                        ZSTD_freeDStream};
};

}  // namespace

std::unique_ptr<frame_decoder> make_frame_decoder(compression kind) {
  switch (kind) {
    case compression::gzip: return std::make_unique<gzip_frames>();
    case compression::bzip2: return std::make_unique<bzip2_frames>();
    case compression::xz: return std::make_unique<xz_frames>();
    case compression::zstd: return std::make_unique<zstd_frames>();
    case compression::none: break;
  }
  return nullptr;
}

}  // namespace fenbatch::pipeline::detail
