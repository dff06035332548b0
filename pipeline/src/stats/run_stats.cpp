// How the statistics of parts combine (the rules are in run_stats.hpp).

#include "fenbatch/pipeline/run_stats.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace fenbatch::pipeline {

std::vector<counted_material> run_stats::top_material() const {
  return pipeline::top_material(material, top);
}

std::vector<counted_material> run_stats::top_written_material() const {
  return pipeline::top_material(written_material, top);
}

void add_index_wise(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
  if (into.size() < from.size()) into.resize(from.size(), 0);
  for (std::size_t i = 0; i < from.size(); ++i) into[i] += from[i];
}

void run_stats::merge(const run_stats& later, unsigned samples_per_reason) {
  run_counters::merge(later);

  for (std::size_t i = 0; i < later.inputs.size(); ++i) {
    if (i < inputs.size()) {
      inputs[i].counts.merge(later.inputs[i].counts);
    } else {
      inputs.push_back(later.inputs[i]);
    }
  }
  reference.files += later.reference.files;
  reference.lines += later.reference.lines;
  reference.valid += later.reference.valid;
  reference.invalid += later.reference.invalid;
  reference.positions += later.reference.positions;

  inputs_changed.insert(inputs_changed.end(), later.inputs_changed.begin(),
                        later.inputs_changed.end());
  stopped_at_max_bytes = stopped_at_max_bytes || later.stopped_at_max_bytes;
  add_index_wise(filtered_by_where, later.filtered_by_where);
  add_index_wise(missing_by_where, later.missing_by_where);
  add_index_wise(written_by_split, later.written_by_split);

  for (const auto& [signature, count] : later.material) material[signature] += count;
  for (const auto& [signature, count] : later.written_material) {
    written_material[signature] += count;
  }
  top = std::min(top, later.top);

  std::map<core::position_key, std::size_t> place;
  for (std::size_t i = 0; i < most_repeated.size(); ++i) place[most_repeated[i].key] = i;
  for (const repeated_position& entry : later.most_repeated) {
    const auto it = place.find(entry.key);
    if (it != place.end()) {
      most_repeated[it->second].count += entry.count;
    } else {
      most_repeated.push_back(entry);
    }
  }
  rank_most_repeated(most_repeated, top);

  const unsigned kept_per_reason = samples_kept_per_reason(samples_per_reason);
  std::array<std::size_t, core::fen_errc_count> samples{};
  for (const invalid_sample& sample : invalid_samples)
    ++samples[static_cast<std::size_t>(sample.reason)];
  for (const invalid_sample& sample : later.invalid_samples) {
    std::size_t& taken = samples[static_cast<std::size_t>(sample.reason)];
    if (taken >= kept_per_reason) continue;
    ++taken;
    invalid_samples.push_back(sample);
  }

  wall_seconds = std::max(wall_seconds, later.wall_seconds);
  threads = std::max(threads, later.threads);
}

}  // namespace fenbatch::pipeline
