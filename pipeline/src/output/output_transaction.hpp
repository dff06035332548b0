// The run's files as one transaction: the output, the --split files and the side files
// (rejects, statistics, report, duplicates, counts) appear together when the run succeeds, or not
// at all. Each is an output_file (a temporary file until published), compressed as codec_choice.hpp
// says.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "fenbatch/pipeline/output_file.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

class output_transaction {
 public:
  // Opens every destination `outputs` names (each may throw; a bad compression level
  // is a config_error before any is opened); `notice` receives their remarks. `threads`: the
  // compressors' own worker threads (the run's thread count).
  // `encoded_parts`: the output, splits, rejects, duplicates and counts are written as they come,
  // uncompressed whatever their names (a distributed run's rank 0 writes the ranks' parts,
  // each already compressed); the statistics file and the report are still compressed by their
  // names.
  output_transaction(const output_options& outputs, unsigned threads,
                     const std::function<void(std::string_view)>& notice,
                     bool encoded_parts = false);

  // The output; null for a stream (output_options::streamed), whose records go to its sink.
  [[nodiscard]] output_file* output() noexcept { return output_ ? &*output_ : nullptr; }
  [[nodiscard]] output_file* rejects() noexcept { return rejects_ ? &*rejects_ : nullptr; }
  [[nodiscard]] output_file* duplicates() noexcept { return duplicates_ ? &*duplicates_ : nullptr; }
  [[nodiscard]] output_file* counts() noexcept { return counts_ ? &*counts_ : nullptr; }
  // The --split files, in the order given (compressed by their names, as side files are).
  [[nodiscard]] std::vector<output_file*> splits();
  [[nodiscard]] bool has_stats_json() const noexcept { return stats_json_.has_value(); }
  [[nodiscard]] bool has_report() const noexcept { return report_.has_value(); }

  // Writes the documents made from the statistics (each where its file was asked for; the
  // other may be empty), makes every file durable before publishing any, then publishes them
  // in turn; if one fails, puts those already published back as they were and rethrows.
  // Publishing holds a lock on the files' directories (publish_lock.hpp): a run's set of files
  // is all or nothing against another fenbatch run too.
  void commit(std::string_view stats_json, std::string_view report);
  // commit() in two steps: every file written and durable (prepare), then published.
  // `durable` false: without fsync (parts read back at once, never published).
  void prepare(std::string_view stats_json, std::string_view report, bool durable = true);
  void publish();

 private:
  std::optional<output_file> output_;
  std::optional<output_file> rejects_;
  std::optional<output_file> stats_json_;
  std::optional<output_file> report_;
  std::optional<output_file> duplicates_;
  std::optional<output_file> counts_;
  std::vector<std::unique_ptr<output_file>> splits_;
  std::function<void(std::string_view)> notice_;
};

}  // namespace fenbatch::pipeline::detail
