// zstd output through libzstd's streaming API: one frame with a content checksum, as the zstd
// tool writes by default, optionally compressed on worker threads of libzstd's own (the
// compression runs in the run's serial write stage, which would otherwise bound the run).
#pragma once

#include <memory>

#include "output/compressor.hpp"

typedef struct ZSTD_CCtx_s ZSTD_CCtx;  // NOLINT(modernize-use-using): as zstd.h declares it

namespace fenbatch::pipeline::detail {

class zstd_compressor final : public compressor {
 public:
  // level: 1..22 (effective_level); threads 0: no worker threads, or where libzstd has none.
  zstd_compressor(int level, unsigned threads, compressed_sink sink, std::string path);

  void write(std::string_view text) override;
  void finish() override;

 private:
  void start_workers();
  // One call of ZSTD_compressStream2; returns its hint (0: all flushed).
  std::size_t step(const char*& data, std::size_t& size, int directive);

  struct context_deleter {
    void operator()(ZSTD_CCtx* context) const noexcept;
  };
  std::unique_ptr<ZSTD_CCtx, context_deleter> context_;
};

}  // namespace fenbatch::pipeline::detail
