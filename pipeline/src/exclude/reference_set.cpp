#include "exclude/reference_set.hpp"

#include <cstddef>
#include <string>
#include <string_view>

#include "fenbatch/core/fen_errc.hpp"
#include "fenbatch/pipeline/record_format.hpp"

#include "fenbatch/pipeline/quoted_name.hpp"
#include "formats/record_headers.hpp"
#include "input/input_reader.hpp"
#include "stages/chunk.hpp"
#include "stages/process_chunk.hpp"

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

// One reference file's keys into `set`; returns its counts.
run_counters add_reference(const run_config& config, const std::string& path, dedupe_set& set) {
  // The run's options for reading and keying; none of its outputs. Each reference has its own
  // format (by its name); --fen-field names the inputs' field, so it applies to references of
  // the inputs' format only, others use the default (the column or key "fen").
  run_config reference = config;
  reference.inputs = {path};
  reference.dedupe = true;  // (keys every valid line)
  reference.counts_path.clear();
  reference.duplicates_path.clear();
  reference.exclude_paths.clear();
  reference.format = std::nullopt;
  const input_format inputs_format = config.format.value_or(
      config.inputs.empty() ? input_format::fen : infer_input_format(config.inputs.front()));
  if (infer_input_format(path) != inputs_format) reference.fen_field.clear();
  input_reader reader(reference.inputs,
                      {config.use_mmap, config.allow_special_files, /*max_bytes=*/0});
  record_headers headers(reference);

  run_counters total;
  chunk c;
  while (reader.next(c.input, config.chunk_size)) {
    headers.prepare(c, reader);
    process(c, reference, 1);
    for (const chunk::valid_line& line : c.valid) set.add(line.key);
    total.merge(c.counts);
    c.input.release();
  }
  return total;
}

}  // namespace

std::unique_ptr<const dedupe_set> load_reference_set(const run_config& config,
                                                     reference_stats& stats) {
  stats = {};
  if (config.exclude_paths.empty()) return nullptr;
  auto set = std::make_unique<dedupe_set>(0);
  for (const std::string& path : config.exclude_paths) {
    const run_counters counts = add_reference(config, path, *set);
    stats.lines += counts.lines;
    stats.valid += counts.valid;
    stats.invalid += counts.invalid;
    // A reference that excludes nothing because it is not what it was taken for.
    if (counts.valid == 0 && counts.invalid != 0 && config.diagnostic) {
      config.diagnostic("fenbatch: warning: --exclude " + quoted_name(path) +
                        ": no valid position in " + std::to_string(counts.invalid) +
                        " lines (most common: " + std::string(most_common_reason(counts)) +
                        "); it excludes nothing. Is this a FEN/EPD file?");
    }
  }
  stats.files = config.exclude_paths.size();
  stats.positions = set->size();
  return set;
}

}  // namespace fenbatch::pipeline::detail
