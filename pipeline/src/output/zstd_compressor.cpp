#include "output/zstd_compressor.hpp"

#include <signal.h>
#include <zstd.h>

#include <new>

namespace fenbatch::pipeline::detail {

zstd_compressor::zstd_compressor(int level, unsigned threads, compressed_sink sink,
                                 std::string path)
    : compressor(std::move(sink), std::move(path)), context_(ZSTD_createCCtx()) {
  if (context_ == nullptr) throw std::bad_alloc();
  const auto set = [this](ZSTD_cParameter parameter, int value) {
    const std::size_t result = ZSTD_CCtx_setParameter(context_.get(), parameter, value);
    if (ZSTD_isError(result) != 0) codec_failed("zstd", ZSTD_getErrorName(result));
  };
  set(ZSTD_c_compressionLevel, level);
  set(ZSTD_c_checksumFlag, 1);
  // A libzstd built without threads refuses workers: compress in this thread then.
  if (threads > 0 && ZSTD_isError(ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_nbWorkers,
                                                         static_cast<int>(threads))) == 0) {
    start_workers();
  }
}

void zstd_compressor::start_workers() {
  // libzstd starts its workers in the first call, and they inherit this thread's signal mask:
  // with the interrupting signals blocked there, the cleanup handler runs on one of fenbatch's
  // own threads, as soon as one can take it (liblzma blocks signals in its threads itself).
  sigset_t interrupting;
  sigset_t previous;
  sigemptyset(&interrupting);
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&interrupting, s);
  pthread_sigmask(SIG_BLOCK, &interrupting, &previous);
  ZSTD_inBuffer in{nullptr, 0, 0};
  ZSTD_outBuffer out{room(), room_size(), 0};
  const std::size_t result = ZSTD_compressStream2(context_.get(), &out, &in, ZSTD_e_continue);
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (ZSTD_isError(result) != 0) codec_failed("zstd", ZSTD_getErrorName(result));
  produced(out.pos);
}

void zstd_compressor::context_deleter::operator()(ZSTD_CCtx* context) const noexcept {
  ZSTD_freeCCtx(context);
}

std::size_t zstd_compressor::step(const char*& data, std::size_t& size, int directive) {
  ZSTD_inBuffer in{data, size, 0};
  const std::size_t room = room_size();
  ZSTD_outBuffer out{this->room(), room, 0};
  const std::size_t hint =
      ZSTD_compressStream2(context_.get(), &out, &in, static_cast<ZSTD_EndDirective>(directive));
  if (ZSTD_isError(hint) != 0) codec_failed("zstd", ZSTD_getErrorName(hint));
  produced(out.pos);
  data += in.pos;
  size -= in.pos;
  return hint;
}

void zstd_compressor::write(std::string_view text) {
  const char* data = text.data();
  std::size_t size = text.size();
  while (size > 0) step(data, size, ZSTD_e_continue);
}

void zstd_compressor::finish() {
  const char* data = nullptr;
  std::size_t size = 0;
  while (step(data, size, ZSTD_e_end) != 0) {
  }
  drain();
}

}  // namespace fenbatch::pipeline::detail
