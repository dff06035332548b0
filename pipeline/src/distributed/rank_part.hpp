// How one rank's part of a distributed run is set up from the job's configuration: what a
// distributed run refuses, what rank 0 learns before anything is read (the inputs' probes, the
// first CSV/TSV header) and how it travels, the line counts every rank shares, and the part's
// own configuration (its files in the temporary directory, its budget, its threads).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "distributed/communicator.hpp"
#include "distributed/input_split.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

// The same refusals on every rank: standard input or a descriptor's name as an input or
// reference, standard output ("-") or a descriptor's name (descriptor_name.hpp) as the output
// or a side file, --max-bytes, more inputs or ranks than global origins can name. Throws
// config_error where every rank refuses alike, else distributed_failure (failure_agreement.hpp)
// on every rank. A collective operation.
void refuse_what_cannot_be_split(const resolved_run& run, const communicator& comm);

// Rank 0: the first line of the first CSV/TSV input that has one (the header a single process
// writes), with that input's index; none (input UINT64_MAX) for other formats.
struct first_header {
  std::string text;
  std::uint64_t input = UINT64_MAX;
};
[[nodiscard]] first_header find_first_header(const input_slice& inputs, const line_options& lines);

[[nodiscard]] std::string encode_probes(const std::vector<input_probe>& probes);
[[nodiscard]] std::vector<input_probe> decode_probes(const std::string& bytes, std::size_t count);
[[nodiscard]] std::vector<std::uint64_t> encode_counts(const partial_line_counts& counts);
[[nodiscard]] std::vector<partial_line_counts> decode_counts(
    const std::vector<std::uint64_t>& words, std::size_t ranks);

// The memory budget of each rank: --memory-limit as given, else the default share of this
// machine's memory divided among the ranks on it; `source` says which limit it is a share of.
[[nodiscard]] std::uint64_t rank_memory_limit(const resource_options& resources,
                                              const communicator& comm, std::string& source);
// Threads per rank: -j as given, else the CPUs this rank may use shared among the ranks on
// its machine.
[[nodiscard]] unsigned rank_threads(const resource_options& resources, const communicator& comm);

// This rank's part of the run: its files in `temp_dir` (named after the final files, whose
// suffixes say how side files are compressed; the output compressed as the final one), no
// statistics file or report, diagnostics kept in `diagnostics` for rank 0, no progress
// listener, and its own memory budget (`memory_source`: what it is a share of) and threads.
[[nodiscard]] resolved_run part_run(const resolved_run& run, const communicator& comm,
                                    const std::string& temp_dir,
                                    std::vector<std::string>& diagnostics,
                                    std::string& memory_source);

}  // namespace fenbatch::pipeline::detail
