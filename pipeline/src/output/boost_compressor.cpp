#include "output/boost_compressor.hpp"

#include <algorithm>
#include <boost/iostreams/categories.hpp>
#include <boost/iostreams/close.hpp>
#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/operations.hpp>
#include <ios>
#include <utility>

namespace fenbatch::pipeline::detail {
namespace {

namespace io = boost::iostreams;

// The filters' own buffers: larger than Boost's 4 KiB default, fewer calls into the codec.
constexpr std::streamsize filter_buffer_size = 1 << 16;
// liblzma's threaded encoder takes about 100 MiB per thread at the default preset.
constexpr unsigned max_xz_threads = 4;

template <class Filter>
class boost_compressor final : public compressor {
 public:
  boost_compressor(Filter filter, std::string_view codec, compressed_sink sink, std::string path)
      : compressor(std::move(sink), std::move(path)), filter_(std::move(filter)), codec_(codec) {}

  void write(std::string_view text) override {
    guarded([&] {
      sink_device device{this};
      io::write(filter_, device, text.data(), static_cast<std::streamsize>(text.size()));
    });
  }

  void finish() override {
    guarded([&] {
      sink_device device{this};
      io::close(filter_, device, std::ios_base::out);
    });
    drain();
  }

 private:
  // The Boost Sink the filter writes to: the gathering buffer.
  struct sink_device {
    using char_type = char;
    using category = io::sink_tag;
    boost_compressor* owner;
    std::streamsize write(const char* data, std::streamsize size) {
      owner->emit(data, static_cast<std::size_t>(size));
      return size;
    }
  };

  // The codecs report failures as ios_base::failure (zlib_error, lzma_error, bzip2_error);
  // the sink's own errors (std::system_error, not a failure) pass through unchanged.
  template <class Work>
  void guarded(Work work) {
    try {
      work();
    } catch (const std::ios_base::failure& e) {
      codec_failed(codec_, e.what());
    }
  }

  Filter filter_;
  std::string_view codec_;
};

template <class Filter>
std::unique_ptr<compressor> make(Filter filter, std::string_view codec, compressed_sink sink,
                                 std::string path) {
  return std::make_unique<boost_compressor<Filter>>(std::move(filter), codec, std::move(sink),
                                                    std::move(path));
}

}  // namespace

std::unique_ptr<compressor> make_boost_compressor(pipeline::compression codec, int level,
                                                  unsigned threads, compressed_sink sink,
                                                  std::string path) {
  switch (codec) {
    case pipeline::compression::gzip:
      return make(io::gzip_compressor(io::gzip_params(level), filter_buffer_size), "gzip",
                  std::move(sink), std::move(path));
    case pipeline::compression::xz:
      return make(io::lzma_compressor(io::lzma_params(static_cast<std::uint32_t>(level),
                                                      std::clamp(threads, 1U, max_xz_threads)),
                                      filter_buffer_size),
                  "xz", std::move(sink), std::move(path));
    case pipeline::compression::bzip2:
      // bzip2's level is its block size in units of 100 kB.
      return make(io::bzip2_compressor(io::bzip2_params(level), filter_buffer_size), "bzip2",
                  std::move(sink), std::move(path));
    default: throw std::logic_error("make_boost_compressor: not a Boost codec");
  }
}

}  // namespace fenbatch::pipeline::detail
