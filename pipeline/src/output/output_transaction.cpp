#include "output/output_transaction.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace fenbatch::pipeline::detail {

output_transaction::output_transaction(const run_config& config,
                                       const std::function<void(std::string_view)>& notice)
    : output_(config.output, notice) {
  if (!config.rejects_path.empty()) rejects_.emplace(config.rejects_path, notice);
  if (!config.stats_json_path.empty()) stats_json_.emplace(config.stats_json_path, notice);
  if (!config.duplicates_path.empty()) duplicates_.emplace(config.duplicates_path, notice);
  if (!config.counts_path.empty()) counts_.emplace(config.counts_path, notice);
}

void output_transaction::commit(std::string_view stats_json) {
  // Prepare all: every file durable before any is published.
  output_.prepare();
  if (rejects_) rejects_->prepare();
  if (duplicates_) duplicates_->prepare();
  if (counts_) counts_->prepare();
  if (stats_json_) {
    stats_json_->write(stats_json);
    stats_json_->prepare();
  }
  // Publish all, the output last; on failure roll back those renamed (and the one that
  // failed, which may have been renamed), latest first.
  std::vector<output_file*> files;
  if (rejects_) files.push_back(&*rejects_);
  if (stats_json_) files.push_back(&*stats_json_);
  if (duplicates_) files.push_back(&*duplicates_);
  if (counts_) files.push_back(&*counts_);
  files.push_back(&output_);
  std::size_t published = 0;
  try {
    for (output_file* file : files) {
      file->publish();
      ++published;
    }
  } catch (...) {
    for (std::size_t i = std::min(published + 1, files.size()); i-- > 0;) files[i]->roll_back();
    throw;
  }
  // Keep all, then forget the previous contents (see output_file: keep every file first).
  for (output_file* file : files) file->keep_published();
  for (output_file* file : files) file->forget_previous();
}

}  // namespace fenbatch::pipeline::detail
