#include "stages/write_stage.hpp"

#include <string>
#include <string_view>
#include <utility>

#include "fenbatch/core/position_key.hpp"
#include "formats/field_records.hpp"
#include "stages/duplicates_writer.hpp"

namespace fenbatch::pipeline::detail {

write_stage::write_stage(const report_options& report, const std::string& temp_dir,
                         const run_listeners& listeners, const input_reader& inputs,
                         written_files files)
    : output_(files.output),
      dedupe_(report.dedupe),
      key_(report.lines.key),
      rejects_(report.samples_per_reason, listeners, inputs, files.rejects),
      duplicates_(files.duplicates),
      splits_(std::move(files.splits)),
      repeated_(report.top),
      progress_(listeners.progress, inputs.total_bytes()) {
  stats_.top = report.top;
  stats_.written_by_split.assign(splits_.size(), 0);
  for (const std::string& path : report.inputs) stats_.inputs.push_back({path, {}});
  if (files.duplicates != nullptr || files.counts != nullptr) places_.emplace(inputs);
  // The counts' spill waits beside the counts file (about the counts' size, on the disk that
  // will hold them); standard output and the like: the temporary directory.
  if (files.counts != nullptr) {
    counts_.emplace(*files.counts, files.counts->directory().empty() ? temp_directory(temp_dir)
                                                                     : files.counts->directory());
  }
}

void write_stage::number_lines_from(
    std::vector<std::uint64_t> line_base,
    std::function<void(std::string&, std::uint64_t)> append_global_place) {
  first_line_base_ = std::move(line_base);
  line_base_ = first_line_base_.empty() ? 0 : first_line_base_[file_index_];
  if (places_) places_->place_global_origins(std::move(append_global_place));
}

void write_stage::write(chunk& c) {
  if (c.deferred) {
    progress_.add(c.input.input_bytes, true);
    return;
  }
  if (!c.header_to_write.empty()) {
    // A split of a CSV/TSV corpus is a CSV/TSV file: each starts with the header too.
    output_.write(c.header_to_write);
    output_.put('\n');
    for (output_file* split : splits_) {
      split->write(c.header_to_write);
      split->put('\n');
    }
  }
  consume(c);
}

void write_stage::consume(chunk& c) {
  if (c.input.file_index != file_index_) {
    file_index_ = c.input.file_index;
    line_base_ = first_line_base_.empty() ? 0 : first_line_base_[file_index_];
  }
  if (places_) places_->add_chunk(c.sequence, c.input.file_index, line_base_);
  stats_.merge(c.counts);
  stats_.inputs[c.input.file_index].counts.merge(c.counts);
  add_index_wise(stats_.filtered_by_where, c.filtered_by_where);
  c.material.add_to(stats_.material);
  count_dropped_material(c);
  write_valid(c);
  if (duplicates_ != nullptr) write_duplicates(c, *places_, *duplicates_);
  if (counts_) counts_->record(c, *places_);
  rejects_.report(c, line_base_, stats_.invalid_samples);
  line_base_ += c.counts.lines;
  progress_.add(c.counts.input_bytes, false);
}

run_stats write_stage::finish(dedupe_stages* dedupe) {
  progress_.last();
  if (dedupe != nullptr) {
    stats_.unique = dedupe->unique();
    // Every written line is its key's first occurrence, so unique by board is written by board.
    stats_.eight_by_eight_unique = stats_.eight_by_eight_written;
    stats_.ten_by_eight_unique = stats_.ten_by_eight_written;
  }
  if (counts_ && dedupe != nullptr) counts_->finish(*dedupe);
  stats_.most_repeated = repeated_.top();
  stats_.written_material = written_material();
  return std::move(stats_);  // (called once, at the end)
}

void write_stage::count_dropped_material(const chunk& c) {
  c.dropped_material.add_to(dropped_material_);
}

std::unordered_map<std::uint64_t, std::uint64_t> write_stage::written_material() const {
  std::unordered_map<std::uint64_t, std::uint64_t> written = stats_.material;
  for (const auto& [signature, dropped] : dropped_material_) {
    const auto entry = written.find(signature);
    if ((entry->second -= dropped) == 0) written.erase(entry);
  }
  return written;
}

void write_stage::write_routed(const chunk& c) {
  output_.write(c.kept.view(0, c.kept.size()));
  for (std::size_t s = 0; s < splits_.size(); ++s) {
    splits_[s]->write(c.split_text[s].view(0, c.split_text[s].size()));
  }
  add_index_wise(stats_.written_by_split, c.split_written);
}

void write_stage::write_valid(const chunk& c) {
  if (!splits_.empty()) {
    write_routed(c);
  } else {
    // Without dedupe, or a chunk without duplicates: the text as it is.
    const text_buffer& written = !dedupe_ || c.duplicates.empty() ? c.text : c.kept;
    output_.write(written.view(0, written.size()));
  }
  if (!dedupe_) return;
  std::string scratch;
  for (const std::uint32_t i : c.duplicates) {
    const chunk::valid_line& line = c.valid[i];
    repeated_.record_duplicate(line.key, c.occurrences[c.shard_position[i]], [&] {
      std::string_view text = c.text.view(line.text_offset, line.text_length - 1);
      if (c.layout != nullptr) text = written_position(*c.layout, text, scratch);
      return key_ == core::key_kind::full ? text : position_fields(text);
    });
  }
}

}  // namespace fenbatch::pipeline::detail
