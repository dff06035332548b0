#include "output/output_transaction.hpp"

#include "output/codec_choice.hpp"
#include "output/publish_lock.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

namespace fenbatch::pipeline::detail {

namespace {

output_codec as_written() {
  return output_codec{compression::none, 0, 0};
}

}  // namespace

output_transaction::output_transaction(const output_options& outputs, unsigned threads,
                                       const std::function<void(std::string_view)>& notice,
                                       bool encoded_parts)
    : notice_(notice) {
  if (!outputs.streamed) {
    output_.emplace(outputs.output, notice,
                    encoded_parts ? as_written() : output_codec_of(outputs, threads));
  }
  const auto open = [&](std::optional<output_file>& file, const std::string& path, bool part) {
    if (path.empty()) return;
    file.emplace(path, notice,
                 part && encoded_parts ? as_written() : side_file_codec(path, threads));
  };
  open(rejects_, outputs.rejects, true);
  open(stats_json_, outputs.stats_json, false);
  open(report_, outputs.report, false);
  open(duplicates_, outputs.duplicates, true);
  open(counts_, outputs.counts, true);
  for (const split_output& split : outputs.splits) {
    splits_.push_back(std::make_unique<output_file>(
        split.path, notice, encoded_parts ? as_written() : side_file_codec(split.path, threads)));
  }
}

std::vector<output_file*> output_transaction::splits() {
  std::vector<output_file*> files;
  for (const std::unique_ptr<output_file>& file : splits_) files.push_back(file.get());
  return files;
}

void output_transaction::commit(std::string_view stats_json, std::string_view report) {
  prepare(stats_json, report);
  publish();
}

void output_transaction::prepare(std::string_view stats_json, std::string_view report,
                                 bool durable) {
  // Prepare all: every file durable before any is published.
  if (output_) output_->prepare(durable);
  if (rejects_) rejects_->prepare(durable);
  if (duplicates_) duplicates_->prepare(durable);
  if (counts_) counts_->prepare(durable);
  for (const std::unique_ptr<output_file>& split : splits_) split->prepare(durable);
  if (stats_json_) {
    stats_json_->write(stats_json);
    stats_json_->prepare(durable);
  }
  if (report_) {
    report_->write(report);
    report_->prepare(durable);
  }
}

void output_transaction::publish() {
  // Publish all, the output last; on failure roll back those renamed (and the one that
  // failed, which may have been renamed), latest first.
  std::vector<output_file*> files;
  if (rejects_) files.push_back(&*rejects_);
  if (stats_json_) files.push_back(&*stats_json_);
  if (report_) files.push_back(&*report_);
  if (duplicates_) files.push_back(&*duplicates_);
  if (counts_) files.push_back(&*counts_);
  for (const std::unique_ptr<output_file>& split : splits_) files.push_back(split.get());
  if (output_) files.push_back(&*output_);
  // Against another run publishing the same files: one run's whole set, then the other's.
  std::vector<std::string> directories;
  for (const output_file* file : files) {
    if (!file->directory().empty()) directories.push_back(file->directory());
  }
  const publish_lock locked(directories, notice_);
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
