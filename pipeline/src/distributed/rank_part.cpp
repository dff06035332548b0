#include "distributed/rank_part.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <optional>
#include <string>

#include "distributed/failure_agreement.hpp"
#include "distributed/global_origin.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "fenbatch/pipeline/record_format.hpp"
#include "formats/record_headers.hpp"
#include "input/chunk_input.hpp"
#include "input/input_opening.hpp"
#include "input/input_source.hpp"
#include "memory/memory_budget.hpp"
#include "output/codec_choice.hpp"
#include "output/descriptor_name.hpp"
#include "spill/temp_space.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// A rank's part of a file: in the temporary directory, named after the final file (its
// suffix says how side files are compressed).
std::string part_path(const std::string& temp_dir, int rank, const char* kind,
                      const std::string& final_path) {
  const std::size_t slash = final_path.rfind('/');
  const std::string base = slash == std::string::npos ? final_path : final_path.substr(slash + 1);
  return temp_dir + "/fenbatch-mpi-" + std::to_string(::getpid()) + "-r" + std::to_string(rank) +
         "-" + kind + "-" + (base == "-" ? std::string("stdout") : base);
}

// Standard output ("-") or a descriptor's name as a file fenbatch-mpi writes.
void refuse_written_stream(const std::string& path, const std::string& role) {
  if (path.empty()) return;
  if (path == "-") {
    throw config_error(role +
                       " cannot be standard output ('-'): under mpirun no rank can see where "
                       "its standard output is forwarded (it may be an input); give a file name");
  }
  if (const std::optional<unsigned> fd = descriptor_behind(path)) {
    throw config_error(role + " cannot be " + quoted_name(path) + ", a name of descriptor " +
                       std::to_string(*fd) +
                       ": under mpirun no rank can see where its descriptors lead (standard "
                       "output may be an input); give a file name");
  }
}

// Standard input or a descriptor's name as a file fenbatch-mpi reads.
void refuse_read_stream(const std::string& path, const std::string& role) {
  if (is_stdin(path)) {
    throw config_error(
        "standard input cannot be shared among ranks: give fenbatch-mpi files (or run "
        "fenbatch)");
  }
  if (const std::optional<unsigned> fd = descriptor_behind(path)) {
    throw config_error(role + " cannot be " + quoted_name(path) + ", a name of descriptor " +
                       std::to_string(*fd) +
                       ": under mpirun a rank has none of the shell's descriptors, and standard "
                       "input cannot be shared among ranks; give a file name");
  }
}

// The refusals, as this rank sees the configuration's names.
void refuse_here(const resolved_run& run, const communicator& comm) {
  for (const std::string& path : run.inputs.paths) refuse_read_stream(path, "an input");
  for (const reference_input& reference : run.references) {
    const std::string& path = reference.path;
    refuse_read_stream(path, "an --exclude reference");
  }
  refuse_written_stream(run.outputs.output, "the output");
  refuse_written_stream(run.outputs.rejects, "the --rejects file");
  refuse_written_stream(run.outputs.duplicates, "the --duplicates file");
  refuse_written_stream(run.outputs.counts, "the --counts file");
  refuse_written_stream(run.outputs.stats_json, "the --stats-json file");
  refuse_written_stream(run.outputs.report, "the --report file");
  for (const split_output& split : run.outputs.splits) {
    std::string role = "the --split ";
    role.append(split.name).append(" file");
    refuse_written_stream(split.path, role);
  }
  if (run.inputs.reading.max_bytes != 0) {
    throw config_error("--max-bytes is not supported by fenbatch-mpi (run fenbatch)");
  }
  if (run.inputs.paths.size() >= max_global_origin_inputs) {
    throw config_error("fenbatch-mpi reads at most " +
                       std::to_string(max_global_origin_inputs - 1) + " inputs");
  }
  if (static_cast<std::uint64_t>(comm.size()) > max_global_origin_ranks) {
    throw config_error("fenbatch-mpi runs on at most " + std::to_string(max_global_origin_ranks) +
                       " ranks");
  }
  // Every rank writes its part to a temporary file there: checked now, not after the inputs
  // were probed and counted.
  check_run_temp_dir(run.resources.temp_dir);
}

}  // namespace

// The ranks agreed on their configuration (rank_agreement.hpp), so they usually refuse alike:
// each then throws its own refusal, as fenbatch would. Where they do not (a name that leads to
// a descriptor on one machine only), every rank fails with the first refusing rank's message,
// so that none waits for the others.
void refuse_what_cannot_be_split(const resolved_run& run, const communicator& comm) {
  std::exception_ptr refusal;
  held(refusal, [&] { refuse_here(run, comm); });
  const std::string mine = refusal ? failure_message(refusal) : std::string();
  const std::string zeros = comm.broadcast(mine, 0);
  if (comm.min(mine == zeros ? 1 : 0) == 1) {
    if (refusal) std::rethrow_exception(refusal);
    return;
  }
  agree(comm, refusal);
}

first_header find_first_header(const input_slice& inputs, const line_options& line_reading) {
  for (std::size_t i = 0; i < inputs.paths.size(); ++i) {
    const input_format format =
        line_reading.format ? *line_reading.format : infer_input_format(inputs.paths[i]);
    if (format != input_format::csv && format != input_format::tsv) return {};
    const auto source = make_source(
        inputs.paths[i], {inputs.reading.use_mmap, inputs.reading.allow_special_files, 0});
    chunk_input in;
    if (!source->next(in, std::size_t{1} << 16)) continue;
    core::line_splitter lines(in.data);
    core::line_span line;
    if (lines.next(line)) return {first_header_text(line.text, format, line_reading), i};
  }
  return {};
}

std::string encode_probes(const std::vector<input_probe>& probes) {
  std::string bytes;
  for (const input_probe& p : probes) {
    const std::uint64_t words[2] = {p.size, p.splittable ? 1U : 0U};
    bytes.append(reinterpret_cast<const char*>(words), sizeof words);
  }
  return bytes;
}

std::vector<input_probe> decode_probes(const std::string& bytes, std::size_t count) {
  std::vector<input_probe> probes(count);
  for (std::size_t i = 0; i < count && (i + 1) * 16 <= bytes.size(); ++i) {
    std::uint64_t words[2] = {};
    std::memcpy(words, bytes.data() + i * 16, sizeof words);
    probes[i] = {words[0], words[1] != 0};
  }
  return probes;
}

std::vector<std::uint64_t> encode_counts(const partial_line_counts& counts) {
  std::vector<std::uint64_t> words;
  for (const partial_lines& p : counts) {
    words.push_back(p.input);
    words.push_back(p.lines);
  }
  return words;
}

std::vector<partial_line_counts> decode_counts(const std::vector<std::uint64_t>& words,
                                               std::size_t ranks) {
  std::vector<partial_line_counts> all(ranks);
  std::size_t at = 0;
  for (partial_line_counts& counts : all) {
    for (partial_lines& p : counts) {
      p.input = words[at++];
      p.lines = words[at++];
    }
  }
  return all;
}

// The memory budget of each rank: --memory-limit as given, else the default share of this
// machine's memory divided among the ranks on it.
std::uint64_t rank_memory_limit(const resource_options& resources, const communicator& comm,
                                std::string& source) {
  if (resources.memory_limit != 0) {
    source = "--memory-limit";
    return resources.memory_limit;
  }
  const memory_budget budget = choose_memory_budget(0, read_memory_limits(), 0);
  const auto ranks = static_cast<std::uint64_t>(comm.ranks_on_this_machine());
  source = budget.source;  // (its share, divided among the ranks on this machine)
  return std::max(budget.bytes / ranks, min_memory_limit);
}

// Threads per rank: -j as given, else the CPUs this rank may use shared among the ranks on
// its machine (mpirun usually binds each rank to its own cores; when it does not, as with
// --oversubscribe, the ranks would otherwise each start a thread per CPU).
unsigned rank_threads(const resource_options& resources, const communicator& comm) {
  if (resources.threads != 0) return resources.threads;
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  const int usable = ::sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;
  return static_cast<unsigned>(std::max(1, usable / comm.ranks_on_this_machine()));
}

resolved_run part_run(const resolved_run& run, const communicator& comm,
                      const std::string& temp_dir, std::vector<std::string>& diagnostics,
                      std::string& memory_source) {
  resolved_run part = run;
  output_options& files = part.outputs;
  files.output = part_path(temp_dir, comm.rank(), "output", run.outputs.output);
  // The parts are compressed as the final output is, whatever their names.
  const output_codec codec = output_codec_of(run.outputs, 1);
  files.codec = codec.codec;
  files.level = codec.level;
  const auto side = [&](std::string& path, const char* kind) {
    if (!path.empty()) path = part_path(temp_dir, comm.rank(), kind, path);
  };
  side(files.rejects, "rejects");
  side(files.duplicates, "duplicates");
  side(files.counts, "counts");
  for (std::size_t i = 0; i < files.splits.size(); ++i) {
    const std::string kind = "split" + std::to_string(i);
    side(files.splits[i].path, kind.c_str());
  }
  files.stats_json.clear();
  files.report.clear();
  part.listeners.diagnostic = [&diagnostics](std::string_view line) {
    diagnostics.emplace_back(line);
  };
  part.listeners.progress = nullptr;  // (the run sets its relay's)
  part.resources.memory_limit = rank_memory_limit(run.resources, comm, memory_source);
  part.resources.threads = rank_threads(run.resources, comm);
  return part;
}

}  // namespace fenbatch::pipeline::detail
