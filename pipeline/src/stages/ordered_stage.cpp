#include "stages/ordered_stage.hpp"

#include <string>
#include <string_view>
#include <utility>

#include "fenbatch/core/position_key.hpp"
#include "formats/field_records.hpp"
#include "stages/duplicates_writer.hpp"

namespace fenbatch::pipeline::detail {

ordered_stage::ordered_stage(const run_config& config, const input_reader& inputs,
                             output_file& output, output_file* rejects, dedupe_stages& dedupe,
                             output_file* duplicates, output_file* counts)
    : config_(config),
      inputs_(inputs),
      output_(output),
      dedupe_(dedupe),
      rejects_(config, inputs, rejects),
      duplicates_(duplicates),
      repeated_(config.top),
      started_(clock_type::now()) {
  stats_.top = config.top;
  for (const std::string& path : config.inputs) stats_.inputs.push_back({path, {}});
  if (duplicates != nullptr || counts != nullptr) places_.emplace(inputs);
  // The counts' spill waits beside the counts file (about the counts' size, on the disk that
  // will hold them); standard output and the like: the temporary directory.
  if (counts != nullptr) {
    counts_.emplace(*counts, counts->directory().empty() ? temp_directory(config.temp_dir)
                                                         : counts->directory());
  }
}

void ordered_stage::number_lines_from(
    std::vector<std::uint64_t> line_base,
    std::function<void(std::string&, std::uint64_t)> append_global_place) {
  first_line_base_ = std::move(line_base);
  line_base_ = first_line_base_.empty() ? 0 : first_line_base_[file_index_];
  if (places_) places_->place_global_origins(std::move(append_global_place));
}

void ordered_stage::consume(chunk& c) {
  if (c.input.file_index != file_index_) {
    file_index_ = c.input.file_index;
    line_base_ = first_line_base_.empty() ? 0 : first_line_base_[file_index_];
  }
  if (places_) places_->add_chunk(c.sequence, c.input.file_index, line_base_);
  stats_.merge(c.counts);
  stats_.inputs[c.input.file_index].counts.merge(c.counts);
  c.material.add_to(stats_.material);
  count_dropped_material(c);
  write_valid(c);
  if (duplicates_ != nullptr) write_duplicates(c, *places_, *duplicates_);
  if (counts_) counts_->record(c, *places_);
  rejects_.report(c, line_base_, stats_.invalid_samples);
  line_base_ += c.counts.lines;
  progress_bytes_ += c.counts.input_bytes;
  report_progress(false);
}

void ordered_stage::skip(const chunk& c) {
  switched_ = true;
  progress_bytes_ += c.input.input_bytes;
  report_progress(false);
}

void ordered_stage::begin_phase(run_phase phase, std::uint64_t bytes_done) {
  phase_ = phase;
  progress_bytes_ = bytes_done;
}

void ordered_stage::report_partitions(std::uint64_t done, std::uint64_t total) {
  if (!config_.progress) return;
  const auto now = clock_type::now();
  if (done != total && now - last_progress_ < std::chrono::milliseconds(100)) return;
  last_progress_ = now;
  config_.progress({done, total, std::chrono::duration<double>(now - started_).count(),
                    run_phase::deduplicating, true});
}

run_stats ordered_stage::finish() {
  report_progress(true);
  if (config_.dedupe) {
    stats_.unique = dedupe_.unique();
    // Every written line is its key's first occurrence, so unique by board is written by board.
    stats_.eight_by_eight_unique = stats_.eight_by_eight_written;
    stats_.ten_by_eight_unique = stats_.ten_by_eight_written;
  }
  if (counts_) counts_->finish(dedupe_);
  stats_.most_repeated = repeated_.top();
  stats_.written_material = written_material();
  return std::move(stats_);  // (called once, at the end)
}

void ordered_stage::count_dropped_material(const chunk& c) {
  c.dropped_material.add_to(dropped_material_);
}

std::unordered_map<std::uint64_t, std::uint64_t> ordered_stage::written_material() const {
  std::unordered_map<std::uint64_t, std::uint64_t> written = stats_.material;
  for (const auto& [signature, dropped] : dropped_material_) {
    const auto entry = written.find(signature);
    if ((entry->second -= dropped) == 0) written.erase(entry);
  }
  return written;
}

void ordered_stage::write_valid(const chunk& c) {
  if (!config_.dedupe) {
    output_.write(c.text.view(0, c.text.size()));
    return;
  }
  const text_buffer& first_occurrences = c.duplicates.empty() ? c.text : c.kept;
  output_.write(first_occurrences.view(0, first_occurrences.size()));
  std::string scratch;
  for (const std::uint32_t i : c.duplicates) {
    const chunk::valid_line& line = c.valid[i];
    repeated_.record_duplicate(line.key, c.occurrences[c.shard_position[i]], [&] {
      std::string_view text = c.text.view(line.text_offset, line.text_length - 1);
      if (c.layout != nullptr) text = written_position(*c.layout, text, scratch);
      return config_.key == core::key_kind::full ? text : position_fields(text);
    });
  }
}

void ordered_stage::report_progress(bool last) {
  if (!config_.progress) return;
  const auto now = clock_type::now();
  if (!last && now - last_progress_ < std::chrono::milliseconds(100)) return;
  last_progress_ = now;
  config_.progress({progress_bytes_, inputs_.total_bytes(),
                    std::chrono::duration<double>(now - started_).count(), phase_, switched_});
}

}  // namespace fenbatch::pipeline::detail
