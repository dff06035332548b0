#include "stages/ordered_stage.hpp"

#include <string>
#include <string_view>
#include <utility>

#include "fenbatch/core/position_key.hpp"
#include "formats/field_records.hpp"

namespace fenbatch::pipeline::detail {

ordered_stage::ordered_stage(const run_config& config, const input_reader& inputs,
                             output_file& output, output_file* rejects, const dedupe_stages& dedupe)
    : config_(config),
      inputs_(inputs),
      output_(output),
      dedupe_(dedupe),
      rejects_(config, inputs, rejects),
      started_(clock_type::now()) {
  for (const std::string& path : config.inputs) stats_.inputs.push_back({path, {}});
}

void ordered_stage::consume(chunk& c) {
  if (c.input.file_index != file_index_) {
    file_index_ = c.input.file_index;
    line_base_ = 0;
  }
  stats_.merge(c.counts);
  stats_.inputs[c.input.file_index].counts.merge(c.counts);
  c.material.add_to(stats_.material);
  write_valid(c);
  rejects_.report(c, line_base_, stats_.invalid_samples);
  line_base_ += c.counts.lines;
  report_progress(false);
}

run_stats ordered_stage::finish() {
  report_progress(true);
  if (config_.dedupe) stats_.unique = dedupe_.unique();
  stats_.most_repeated = repeated_.top();
  return std::move(stats_);  // (called once, at the end)
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
  config_.progress({stats_.input_bytes, inputs_.total_bytes(),
                    std::chrono::duration<double>(now - started_).count()});
}

}  // namespace fenbatch::pipeline::detail
