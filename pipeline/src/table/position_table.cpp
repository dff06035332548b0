#include "fenbatch/pipeline/position_table.hpp"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/tsan_annotations.hpp"
#include "fenbatch/core/line_splitter.hpp"

namespace fenbatch::pipeline {
namespace {

// Rows per task: a row costs about 100 ns to decode, so a few thousand rows keep the
// scheduling cost (about a microsecond a task) under 1%.
constexpr std::size_t decode_grain = 4096;
// A row of planes is 768 values (3 KB as float): fewer rows make a task as long.
constexpr std::size_t planes_grain = 1024;

// `body(begin, end)` over [0, rows), in chunks of at least `grain` rows, on `threads`; a run
// that one thread would do anyway (one thread asked, or a single chunk) runs on the caller's
// thread without an arena.
template <class Body>
void for_rows(std::size_t rows, std::size_t grain, table_threads threads, const Body& body) {
  if (rows == 0) return;
  if (threads.threads == 1 || rows <= grain) {
    body(std::size_t{0}, rows);
    return;
  }
  const int concurrency =
      threads.threads == 0 ? tbb::task_arena::automatic : static_cast<int>(threads.threads);
  tbb::task_arena arena(concurrency);
  // The caller's state is seen by each task, and each task's writes by the caller after the
  // loop: oneTBB orders both inside libtbb, where TSan cannot see it (base/tsan_annotations.hpp).
  const char started = 0;
  const char finished = 0;
  detail::happens_before(&started);
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, rows, grain),
                      [&](const tbb::blocked_range<std::size_t>& range) {
                        detail::happens_after(&started);
                        const detail::publish_on_exit done(&finished);
                        body(range.begin(), range.end());
                      });
  });
  detail::happens_after(&finished);
}

// Text shorter than this is split on one thread.
constexpr std::size_t split_piece_bytes = std::size_t{1} << 20;

// `text` cut after LFs into pieces of about a quarter of a thread's share (at least
// split_piece_bytes), so that each piece's lines are whole lines of the text; one piece when
// one thread splits it.
std::vector<std::string_view> split_pieces(std::string_view text, table_threads threads) {
  const std::size_t workers =
      threads.threads != 0 ? threads.threads
                           : static_cast<std::size_t>(tbb::this_task_arena::max_concurrency());
  if (workers <= 1 || text.size() < 2 * split_piece_bytes) return {text};
  const std::size_t target = std::max(split_piece_bytes, text.size() / (4 * workers));
  std::vector<std::string_view> pieces;
  while (!text.empty()) {
    std::size_t end = text.size();
    if (text.size() > target) {
      const std::size_t lf = text.find('\n', target);
      if (lf != std::string_view::npos) end = lf + 1;
    }
    pieces.push_back(text.substr(0, end));
    text.remove_prefix(end);
  }
  return pieces;
}

// The lines line_splitter finds in a piece: one per LF, and one more for text after the last.
std::size_t lines_in(std::string_view piece) {
  const auto lfs = static_cast<std::size_t>(std::count(piece.begin(), piece.end(), '\n'));
  return lfs + (piece.empty() || piece.back() == '\n' ? 0 : 1);
}

// The 8 values of each byte of a bitboard, bit 0 first: a row's 768 values are 96 copies of
// 8 values, with no branch per bit.
template <class Value>
struct byte_values {
  std::array<std::array<Value, 8>, 256> of{};
  constexpr byte_values() {
    for (std::size_t byte = 0; byte < 256; ++byte) {
      for (std::size_t bit = 0; bit < 8; ++bit) {
        of[byte][bit] = static_cast<Value>((byte >> bit) & 1U);
      }
    }
  }
};

// Writes the 8 values of each byte of `words` bitboards from `table` to `out`.
template <class Value>
void copy_plane_bytes(const byte_values<Value>& table, const std::uint64_t* word, std::size_t words,
                      Value* out) noexcept {
  for (; words != 0; --words, ++word) {
    std::uint64_t bits = *word;
    for (int byte = 0; byte < 8; ++byte, bits >>= 8, out += 8) {
      std::memcpy(out, table.of[bits & 0xFFU].data(), 8 * sizeof(Value));
    }
  }
}

#if defined(__SSE2__)
// The same with non-temporal stores, for outputs much larger than the caches (a million rows
// of float planes are 3 GB): the stores skip reading each line in first, which takes half the
// memory traffic away. `out` must be 16-byte aligned; two bytes of bits make 16 values, a
// multiple of 16 bytes for every element type.
template <class Value>
void stream_plane_bytes(const byte_values<Value>& table, const std::uint64_t* word,
                        std::size_t words, Value* out) noexcept {
  constexpr std::size_t vectors = 16 * sizeof(Value) / sizeof(__m128i);
  auto* o = reinterpret_cast<__m128i*>(out);
  for (; words != 0; --words, ++word) {
    std::uint64_t bits = *word;
    for (int pair = 0; pair < 4; ++pair, bits >>= 16, o += vectors) {
      alignas(16) Value values[16];
      std::memcpy(values, table.of[bits & 0xFFU].data(), 8 * sizeof(Value));
      std::memcpy(values + 8, table.of[(bits >> 8) & 0xFFU].data(), 8 * sizeof(Value));
      for (std::size_t v = 0; v < vectors; ++v) {
        _mm_stream_si128(o + v, _mm_load_si128(reinterpret_cast<const __m128i*>(values) + v));
      }
    }
  }
  _mm_sfence();  // the streamed stores are seen before the task is seen to end
}
#endif

// Outputs past this size bypass the caches (stream_plane_bytes).
constexpr std::size_t streamed_planes_bytes = std::size_t{8} << 20;

template <class Value>
void fill_planes_of(const std::uint64_t* bitboards, std::size_t rows, Value* out,
                    table_threads threads) {
  static constexpr byte_values<Value> table;
  constexpr std::size_t words = core::row_bitboards;
  constexpr std::size_t row_values = words * 64;
#if defined(__SSE2__)
  const bool streamed = rows * row_values * sizeof(Value) >= streamed_planes_bytes &&
                        reinterpret_cast<std::uintptr_t>(out) % alignof(__m128i) == 0;
#else
  constexpr bool streamed = false;
#endif
  for_rows(rows, planes_grain, threads, [&](std::size_t begin, std::size_t end) {
    const std::uint64_t* word = bitboards + begin * words;
    Value* o = out + begin * row_values;
    const std::size_t count = (end - begin) * words;
#if defined(__SSE2__)
    if (streamed) {
      stream_plane_bytes(table, word, count, o);
      return;
    }
#endif
    copy_plane_bytes(table, word, count, o);
  });
}

}  // namespace

void decode_rows(std::span<const std::string_view> lines, const core::row_options& options,
                 const core::row_columns& out, table_threads threads) {
  for_rows(lines.size(), decode_grain, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t row = begin; row < end; ++row) core::decode_row(lines[row], options, out, row);
  });
}

void split_lines(std::string_view text, std::vector<std::string_view>& lines,
                 table_threads threads) {
  text.remove_prefix(core::bom_length(text));
  const std::vector<std::string_view> pieces = split_pieces(text, threads);
  if (pieces.size() <= 1) {
    core::line_splitter splitter(text);
    for (core::line_span line; splitter.next(line);) lines.push_back(line.text);
    return;
  }
  // Each piece's lines are counted, then written in place: no piece's lines are copied twice.
  std::vector<std::size_t> first(pieces.size() + 1, lines.size());
  for_rows(pieces.size(), 1, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) first[i + 1] = lines_in(pieces[i]);
  });
  for (std::size_t i = 1; i < first.size(); ++i) first[i] += first[i - 1];
  lines.resize(first.back());
  for_rows(pieces.size(), 1, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      core::line_splitter splitter(pieces[i]);
      std::size_t row = first[i];
      for (core::line_span line; splitter.next(line);) lines[row++] = line.text;
    }
  });
}

void fill_planes(const std::uint64_t* bitboards, std::size_t rows, float* out,
                 table_threads threads) {
  fill_planes_of(bitboards, rows, out, threads);
}
void fill_planes(const std::uint64_t* bitboards, std::size_t rows, double* out,
                 table_threads threads) {
  fill_planes_of(bitboards, rows, out, threads);
}
void fill_planes(const std::uint64_t* bitboards, std::size_t rows, std::uint8_t* out,
                 table_threads threads) {
  fill_planes_of(bitboards, rows, out, threads);
}

void canonical_lines(std::span<const std::string_view> lines, const core::row_options& options,
                     std::vector<std::string>& canonical, std::vector<bool>& valid,
                     table_threads threads) {
  const std::size_t rows = lines.size();
  canonical.assign(rows, std::string());
  // vector<bool> packs bits: threads write bytes of their own, copied after.
  const auto written = std::make_unique<bool[]>(rows);
  for_rows(rows, decode_grain, threads, [&](std::size_t begin, std::size_t end) {
    for (std::size_t row = begin; row < end; ++row) {
      written[row] = core::append_canonical(lines[row], options, canonical[row]);
    }
  });
  valid.assign(written.get(), written.get() + rows);
}

}  // namespace fenbatch::pipeline
