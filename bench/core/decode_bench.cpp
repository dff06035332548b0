// Per-FEN cost of the core path over a realistic mix: every 16th line of the 20 shared
// corpora concatenated (standard and Chess960, FEN and EPD, CRLF, ep squares), about 174 k
// lines. Report: ns/FEN = 1e9 / items_per_second; MB/s from bytes_per_second.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/position_key.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"
#include "shared_data.hpp"

namespace {

using namespace fenbatch::core;

// The lines sit back to back in one buffer, as in a mapped file (separate strings would add a
// pointer chase and a cache miss per line that the pipeline never pays).
struct corpus_mix {
  std::string text;                     // the lines, each with its LF
  std::vector<std::string_view> lines;  // views into text, without the LF
  std::size_t bytes = 0;                // line bytes plus one terminator each, as in a file
};

const corpus_mix& mix() {
  static const corpus_mix m = [] {
    corpus_mix out;
    const auto shared = fenbatch::test::shared_dir();
    if (!shared) return out;
    std::size_t index = 0;
    std::vector<std::size_t> lengths;
    for (const auto& file : fenbatch::test::corpus_files(*shared)) {
      const std::string text = fenbatch::test::read_zst(file);
      line_splitter lines(text);
      for (line_span line; lines.next(line); ++index) {
        if (index % 16 != 0) continue;
        out.text.append(line.text);
        out.text += '\n';
        lengths.push_back(line.text.size());
      }
    }
    std::size_t at = 0;
    for (const std::size_t length : lengths) {
      out.lines.emplace_back(out.text.data() + at, length);
      at += length + 1;
    }
    out.bytes = out.text.size();
    return out;
  }();
  return m;
}

template <class Body>
void run_over_mix(benchmark::State& state, Body body) {
  const corpus_mix& m = mix();
  if (m.lines.empty()) {
    state.SkipWithError("../shared is absent: this benchmark needs shared/corpus");
    return;
  }
  // A forced decoder that cannot run would otherwise be measured as the default one.
  if (const decoder_selection& decoder = selected_decoder(); !decoder.ok()) {
    state.SkipWithError(decoder.message().c_str());
    return;
  }
  for (auto _ : state) {
    for (std::string_view line : m.lines) body(line);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(m.lines.size()));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(m.bytes));
}

void decode_only(benchmark::State& state) {
  record rec;
  run_over_mix(state, [&](std::string_view line) {
    benchmark::DoNotOptimize(decode(line, {}, rec));
    benchmark::DoNotOptimize(rec);
  });
}
BENCHMARK(decode_only);

void decode_validate(benchmark::State& state) {
  record rec;
  run_over_mix(state, [&](std::string_view line) {
    benchmark::DoNotOptimize(parse_record(line, {}, rec));
    benchmark::DoNotOptimize(rec);
  });
}
BENCHMARK(decode_validate);

void decode_validate_write_key(benchmark::State& state) {
  record rec;
  std::string out(max_written_size(max_line_length), '\0');
  run_over_mix(state, [&](std::string_view line) {
    if (parse_record(line, {}, rec).ok()) {
      benchmark::DoNotOptimize(write_record(rec, line, {}, out.data()));
      benchmark::DoNotOptimize(make_key(rec, key_kind::position));
    }
    benchmark::ClobberMemory();
  });
}
BENCHMARK(decode_validate_write_key);

void write_only(benchmark::State& state) {
  const corpus_mix& m = mix();
  std::vector<record> records(m.lines.size());
  for (std::size_t i = 0; i < m.lines.size(); ++i) (void)parse_record(m.lines[i], {}, records[i]);
  std::string out(max_written_size(max_line_length), '\0');
  std::size_t i = 0;
  run_over_mix(state, [&](std::string_view line) {
    benchmark::DoNotOptimize(write_record(records[i], line, {}, out.data()));
    i = i + 1 == records.size() ? 0 : i + 1;
  });
}
BENCHMARK(write_only);

void key_only(benchmark::State& state) {
  const corpus_mix& m = mix();
  std::vector<record> records(m.lines.size());
  for (std::size_t i = 0; i < m.lines.size(); ++i) (void)parse_record(m.lines[i], {}, records[i]);
  std::size_t i = 0;
  run_over_mix(state, [&](std::string_view) {
    benchmark::DoNotOptimize(make_key(records[i], key_kind::position));
    i = i + 1 == records.size() ? 0 : i + 1;
  });
}
BENCHMARK(key_only);

}  // namespace
