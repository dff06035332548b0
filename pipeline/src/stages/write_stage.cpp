#include "stages/write_stage.hpp"

#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "fenbatch/core/position_key.hpp"
#include "formats/field_records.hpp"
#include "formats/plain_records.hpp"
#include "stages/duplicates_writer.hpp"

namespace fenbatch::pipeline::detail {

write_stage::write_stage(const report_options& report, const std::string& temp_dir,
                         const run_listeners& listeners, const input_reader& inputs,
                         written_files files)
    : output_(files.output),
      dedupe_(report.dedupe),
      survivors_(report.survivors),
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
  if (files.sink != nullptr) streamer_.emplace(*files.sink);
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
  place_line_base_ = line_base_;
  if (places_) places_->place_global_origins(std::move(append_global_place));
}

void write_stage::write(chunk& c) {
  if (c.deferred) {
    place_chunk(c);
    progress_.add(c.input.input_bytes, true);
    return;
  }
  if (!c.header_to_write.empty() && output_ != nullptr) {  // (a stream has no header line)
    // A split of a CSV/TSV corpus is a CSV/TSV file: each starts with the header too.
    output_->write(c.header_to_write);
    output_->put('\n');
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
  place_chunk(c);
  stats_.merge(c.counts);
  stats_.inputs[c.input.file_index].counts.merge(c.counts);
  add_index_wise(stats_.filtered_by_where, c.filtered_by_where);
  add_index_wise(stats_.missing_by_where, c.missing_by_where);
  c.material.add_to(stats_.material);
  count_dropped_material(c);
  write_valid(c);
  if (duplicates_ != nullptr) write_duplicates(c, *places_, *duplicates_);
  if (counts_) counts_->record(c, *places_, survivors_);
  rejects_.report(c, line_base_, stats_.invalid_samples);
  line_base_ += c.counts.lines;
  progress_.add(c.counts.input_bytes, false);
}

run_stats write_stage::finish(dedupe_stages* dedupe) {
  progress_.last();
  if (dedupe != nullptr) {
    stats_.unique = dedupe->unique();
    // Plain dedupe writes exactly each key's first occurrence, so unique by board is written
    // by board; keep_survivors counts first occurrences by board itself.
    if (survivors_.plain()) {
      stats_.eight_by_eight_unique = stats_.eight_by_eight_written;
      stats_.ten_by_eight_unique = stats_.ten_by_eight_written;
    }
  }
  if (counts_ && dedupe != nullptr) counts_->finish(*dedupe);
  stats_.most_repeated = repeated_.top();
  stats_.written_material = written_material();
  return std::move(stats_);  // (called once, at the end)
}

void write_stage::place_chunk(const chunk& c) {
  if (!places_ || c.sequence != places_->chunks()) return;  // (pass 3: placed in pass 1)
  if (c.input.file_index != place_file_index_) {
    place_file_index_ = c.input.file_index;
    place_line_base_ = first_line_base_.empty() ? 0 : first_line_base_[place_file_index_];
  }
  places_->add_chunk(c.sequence, c.input.file_index, place_line_base_);
  place_line_base_ += c.counts.lines;
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
  output_->write(c.kept.view(0, c.kept.size()));
  for (std::size_t s = 0; s < splits_.size(); ++s) {
    splits_[s]->write(c.split_text[s].view(0, c.split_text[s].size()));
  }
  add_index_wise(stats_.written_by_split, c.split_written);
}

void write_stage::stream(const chunk& c) {
  std::span<const std::uint32_t> dropped;
  if (dedupe_) dropped = survivors_.plain() ? c.duplicates : c.dropped;
  streamer_->stream(c, dropped, line_base_);
}

void write_stage::write_valid(const chunk& c) {
  if (streamer_) {
    stream(c);
  } else if (!splits_.empty()) {
    write_routed(c);
  } else {
    // The text as it is, unless the keep stage compacted it (dropped lines).
    const text_buffer& written = c.compacted ? c.kept : c.text;
    output_->write(written.view(0, written.size()));
  }
  if (!dedupe_) return;
  std::string scratch;
  if (survivors_.plain()) {
    for (const std::uint32_t i : c.duplicates) {
      record_repeated(c, i, c.occurrences[c.shard_position[i]], scratch);
    }
    return;
  }
  // A key's last line may be written: every repeated line is recorded (its count then); with
  // final counts, each key once, at its first line, with its final count.
  const bool with_finals = survivors_.needs_final_count();
  for (std::uint32_t i = 0; i < c.valid.size(); ++i) {
    const std::uint32_t place = c.shard_position[i];
    const std::uint32_t occurrence = c.occurrences[place];
    if (with_finals && occurrence == 1 && c.finals[place] >= 2) {
      record_repeated(c, i, c.finals[place], scratch);
    } else if (!with_finals && occurrence >= 2) {
      record_repeated(c, i, occurrence, scratch);
    }
  }
}

void write_stage::record_repeated(const chunk& c, std::uint32_t i, std::uint32_t count,
                                  std::string& scratch) {
  const chunk::valid_line& line = c.valid[i];
  repeated_.record_duplicate(line.key, count, [&] {
    std::string_view text = c.text.view(line.text_offset, line.text_length - 1);
    text = written_position_of(c, text, scratch);
    return key_ == core::key_kind::full ? text : position_fields(text);
  });
}

}  // namespace fenbatch::pipeline::detail
