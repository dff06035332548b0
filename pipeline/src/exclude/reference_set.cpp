#include "exclude/reference_set.hpp"

#include <cstddef>
#include <string>
#include <string_view>

#include "chunks/chunk.hpp"
#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "fenbatch/pipeline/record_format.hpp"
#include "stages/read_lines.hpp"

namespace fenbatch::pipeline::detail {

namespace {

// "field_count": the reason most of a file's invalid lines have.
std::string_view most_common_reason(const run_counters& counts) {
  std::size_t best = 0;
  for (std::size_t r = 1; r < counts.invalid_by_reason.size(); ++r) {
    if (counts.invalid_by_reason[r] > counts.invalid_by_reason[best]) best = r;
  }
  return core::to_string(static_cast<core::fen_errc>(best));
}

// One reference file's keys into `set`; returns its counts. The whole file (no --max-bytes).
run_counters add_reference(const reference_input& reference, input_options reading,
                           std::size_t chunk_size, dedupe_set& set) {
  reading.max_bytes = 0;
  reading.record_ends = infer_input_format(reference.path) == input_format::plain;
  run_counters total;
  read_lines({reference.path}, reading, chunk_size, reference.lines, [&](const chunk& c) {
    for (const chunk::valid_line& line : c.valid) set.add(line.key);
    total.merge(c.counts);
  });
  return total;
}

}  // namespace

std::unique_ptr<const dedupe_set> load_reference_set(const std::vector<reference_input>& references,
                                                     const input_options& reading,
                                                     std::size_t chunk_size,
                                                     const run_listeners& listeners,
                                                     reference_stats& stats) {
  stats = {};
  if (references.empty()) return nullptr;
  auto set = std::make_unique<dedupe_set>(0);
  for (const reference_input& reference : references) {
    const run_counters counts = add_reference(reference, reading, chunk_size, *set);
    stats.lines += counts.lines;
    stats.valid += counts.valid;
    stats.invalid += counts.invalid;
    // A reference that excludes nothing because it is not what it was taken for.
    if (counts.valid == 0 && counts.invalid != 0) {
      listeners.notice("fenbatch: warning: --exclude " + quoted_name(reference.path) +
                       ": no valid position in " + std::to_string(counts.invalid) +
                       " lines (most common: " + std::string(most_common_reason(counts)) +
                       "); it excludes nothing. Is this a FEN/EPD file?");
    }
  }
  stats.files = references.size();
  stats.positions = set->size();
  return set;
}

}  // namespace fenbatch::pipeline::detail
