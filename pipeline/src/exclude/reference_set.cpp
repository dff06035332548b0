#include "exclude/reference_set.hpp"

#include "formats/record_headers.hpp"
#include "input/input_reader.hpp"
#include "stages/chunk.hpp"
#include "stages/process_chunk.hpp"

namespace fenbatch::pipeline::detail {

std::unique_ptr<const dedupe_set> load_reference_set(const run_config& config,
                                                     reference_stats& stats) {
  stats = {};
  if (config.exclude_paths.empty()) return nullptr;
  // The run's options for reading and keying; none of its outputs.
  run_config reference = config;
  reference.inputs = config.exclude_paths;
  reference.dedupe = true;  // (keys every valid line)
  reference.counts_path.clear();
  reference.duplicates_path.clear();
  reference.exclude_paths.clear();
  input_reader reader(reference.inputs,
                      {config.use_mmap, config.allow_special_files, /*max_bytes=*/0});

  // References may be CSV, TSV or JSON lines too (one format for all of them).
  reference.format = std::nullopt;
  record_headers headers(reference);

  auto set = std::make_unique<dedupe_set>(0);
  chunk c;
  while (reader.next(c.input, config.chunk_size)) {
    headers.prepare(c, reader);
    process(c, reference, 1);
    for (const chunk::valid_line& line : c.valid) set->add(line.key);
    stats.lines += c.counts.lines;
    stats.valid += c.counts.valid;
    stats.invalid += c.counts.invalid;
    c.input.release();
  }
  stats.files = config.exclude_paths.size();
  stats.positions = set->size();
  return set;
}

}  // namespace fenbatch::pipeline::detail
