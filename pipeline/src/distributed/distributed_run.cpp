// The run over the ranks of an MPI job. Every rank goes through the same phases, and every
// collective operation is preceded by an agree() (failure_agreement.hpp), so that a rank that
// fails anywhere meets the others at the next agreement and all end together:
//   A. rank 0 probes the inputs and opens the final files (before anything is read);
//   B. each rank counts the lines of its partial ranges (input_split.hpp): line numbering;
//   C. each rank runs the phases of a run over its part (run_phases.hpp), its dedupe keys
//      going to their owners (distributed_dedupe.hpp; a job of one rank dedupes as one process
//      does); its files are prepared, not published;
//   D. rank 0 gathers the statistics and diagnostics and joins the parts of every file in rank
//      order (part_assembly.hpp);
//   E. rank 0 publishes, only once every rank has succeeded.

#include "fenbatch/pipeline/distributed_run.hpp"

#include <mpi.h>

#include <sched.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "distributed/communicator.hpp"
#include "distributed/distributed_dedupe.hpp"
#include "distributed/failure_agreement.hpp"
#include "distributed/global_origin.hpp"
#include "distributed/input_split.hpp"
#include "distributed/part_assembly.hpp"
#include "distributed/progress_relay.hpp"
#include "distributed/rank_agreement.hpp"
#include "distributed/rank_part.hpp"
#include "distributed/stats_wire.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/record_format.hpp"
#include "input/input_opening.hpp"
#include "input/input_source.hpp"
#include "memory/memory_budget.hpp"
#include "output/codec_choice.hpp"
#include "output/destination_check.hpp"
#include "output/output_transaction.hpp"
#include "plan/resolved_run.hpp"
#include "report/report_document.hpp"
#include "run/run_phases.hpp"
#include "spill/spill_file.hpp"
#include "stats/stats_document.hpp"
#include "uniqueness/uniqueness_counter.hpp"

namespace fenbatch::pipeline {
namespace detail {
namespace {

std::vector<output_file*> files_of(output_transaction& files) {
  std::vector<output_file*> out{files.output()};
  if (files.rejects() != nullptr) out.push_back(files.rejects());
  if (files.duplicates() != nullptr) out.push_back(files.duplicates());
  if (files.counts() != nullptr) out.push_back(files.counts());
  for (output_file* split : files.splits()) out.push_back(split);  // (the same list everywhere)
  return out;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) {
    text += line;
    text += '\n';
  }
  return text;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t from = 0;
  for (std::size_t at = text.find('\n'); at != std::string::npos; at = text.find('\n', from)) {
    lines.push_back(text.substr(from, at - from));
    from = at + 1;
  }
  return lines;
}

class distributed_run {
 public:
  explicit distributed_run(const run_config& asked) : run_(resolve_run(asked)) {}

  run_stats run() {
    refuse_what_cannot_be_split(run_, comm_);
    const bool show_progress = comm_.broadcast(run_.listeners.progress ? "1" : "0", 0) == "1";
    relay_.emplace(MPI_COMM_WORLD, show_progress, run_.listeners.progress);
    std::exception_ptr failure;
    first_header header;
    const std::vector<input_range> ranges = open_finals(failure, header);
    // B: line numbering.
    partial_line_counts counts{};
    held(failure, [&] {
      counts = count_partial_lines(run_.inputs.paths, ranges, run_.inputs.reading.record_ends);
    });
    agree(comm_, failure);
    const line_numbering numbering(run_.inputs.paths,
                                   decode_counts(comm_.all_gather(encode_counts(counts)),
                                                 static_cast<std::size_t>(comm_.size())));
    // C and D.
    std::string memory_source;
    resolved_run part =
        part_run(run_, comm_, temp_directory(run_.resources.temp_dir), diagnostics_, memory_source);
    if (show_progress) {
      part.listeners.progress = [this](const progress_info& p) { relay_->report(p); };
    }
    try {
      run_this_part(part, part_of(ranges, header, numbering), memory_source);
    } catch (const distributed_failure&) {
      throw;  // every rank knows
    } catch (...) {
      agree(comm_, std::current_exception());  // meets the others at their next agreement
    }
    return std::move(result_);
  }

 private:
  unsigned threads() const { return run_.resources.threads == 0 ? 1 : run_.resources.threads; }

  // A: rank 0 checks the destinations and the output codec, probes the inputs, finds the first
  // CSV/TSV header and opens the final files, before anything is read; every rank learns the
  // probes and the header, and its ranges of the inputs.
  std::vector<input_range> open_finals(std::exception_ptr& failure, first_header& header) {
    std::vector<input_probe> probes(run_.inputs.paths.size());
    if (comm_.rank() == 0) {
      held(failure, [&] {
        check_destinations(run_.outputs, run_.inputs, run_.references);
        for (std::size_t i = 0; i < probes.size(); ++i) {
          probes[i] = probe_input(run_.inputs.paths[i], run_.inputs.reading, run_.lines.format);
        }
        header = find_first_header(run_.inputs, run_.lines);
        finals_.emplace(
            run_.outputs, threads(), [this](std::string_view line) { run_.listeners.notice(line); },
            true);
      });
    }
    agree(comm_, failure);
    probes = decode_probes(comm_.broadcast(encode_probes(probes), 0), probes.size());
    header.text = comm_.broadcast(header.text, 0);
    header.input = std::stoull(comm_.broadcast(std::to_string(header.input), 0));
    return split_for_rank(probes, static_cast<std::size_t>(comm_.size()),
                          static_cast<std::size_t>(comm_.rank()));
  }

  // What this rank reads, where its lines are numbered from, and where its keys go.
  part_of_run part_of(const std::vector<input_range>& ranges, const first_header& header,
                      const line_numbering& numbering) {
    part_of_run part;
    part.ranges = ranges;
    if (header.input < ranges.size() &&
        !(ranges[header.input].read && ranges[header.input].begin == 0)) {
      part.first_header.emplace(header.text, run_.inputs.paths[header.input]);
    }
    part.line_base = numbering.line_base(static_cast<std::size_t>(comm_.rank()));
    part.append_global_place = [&numbering](std::string& out, std::uint64_t origin) {
      numbering.append_place(out, origin);
    };
    // One rank has no one to share its keys with: it dedupes as one process does (in memory,
    // past its budget in partitions on its disk), without deferring every chunk to pass 3.
    if (run_.dedupe.enabled && comm_.size() > 1) {
      part.partitions = [this](const partitioned_dedupe_options& options) {
        distributed_dedupe_options o;
        o.partitions = options;
        o.agree = [this](const std::exception_ptr& f) { agree(comm_, f); };
        auto made = std::make_unique<distributed_dedupe>(comm_, o);
        dedupe_ = made.get();
        return std::unique_ptr<key_partitions>(std::move(made));
      };
    }
    return part;
  }

  // C: the phases of this rank's part, with an agreement once everything is open and once
  // every pass is done; then its files prepared (complete, not published) and joined.
  void run_this_part(const resolved_run& part, const part_of_run& where,
                     const std::string& memory_source) {
    run_phases phases(part, where);
    agree(comm_, nullptr);
    phases.read_pass();
    if (phases.resolve_partitions()) phases.replay_deferred();
    run_stats stats = phases.finish();
    agree(comm_, nullptr);
    phases.files().prepare({}, {}, false);  // (read back at once, never published)
    stats.memory.limit_source = memory_source;
    // With other ranks every chunk is deferred; "partitioned" says whether this rank's share
    // of the keys outgrew its budget and went to partitions on its disk (alone: as one process).
    if (dedupe_ != nullptr) stats.memory.partitioned = dedupe_->partitions() > 0;
    join(phases.files(), stats);
  }

  // D and E.
  void join(output_transaction& parts, run_stats& stats) {
    agree(comm_, nullptr);  // every part is prepared
    const std::vector<std::string> encoded = comm_.gather(encode_stats(stats), 0);
    const std::vector<std::string> lines = comm_.gather(join_lines(diagnostics_), 0);
    std::exception_ptr failure;
    std::vector<std::string> paths;
    for (output_file* f : files_of(parts)) paths.push_back(f->prepared_path());
    std::vector<output_file*> finals;
    if (comm_.rank() == 0) finals = files_of(*finals_);
    // (For tests: the join through rank 0 also where the files are shared. Rank 0's choice:
    // ranks that joined differently would wait for each other forever.)
    const char* through_rank0 = std::getenv("FENBATCH_MPI_JOIN_THROUGH_RANK0");
    const bool at_offsets =
        comm_.broadcast(through_rank0 == nullptr || *through_rank0 == '\0' ? "1" : "0", 0) == "1";
    const join_report joined_parts = join_parts(comm_, paths, finals, at_offsets, failure);
    const std::uint64_t exchanged = comm_.sum(dedupe_ != nullptr ? dedupe_->bytes_sent() : 0);
    const std::uint64_t joined = comm_.sum(joined_parts.bytes_through_rank0);
    if (comm_.rank() == 0) {
      held(failure, [&] {
        std::vector<run_stats> all;
        std::vector<std::vector<std::string>> all_lines;
        for (std::size_t r = 0; r < encoded.size(); ++r) {
          all.push_back(decode_stats(encoded[r]));
          all_lines.push_back(split_lines(lines[r]));
        }
        result_ = merge_rank_stats(all, run_.report.samples_per_reason);
        if (result_.uniqueness) {  // --key's identity with dedupe: the run's unique, exact
          finish_uniqueness(*result_.uniqueness, run_.dedupe.enabled, run_.lines.key,
                            result_.unique);
        }
        result_.distribution = {static_cast<std::uint64_t>(comm_.size()), exchanged, joined};
        result_.wall_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        for (const std::string& line :
             merge_rank_diagnostics(all_lines, all, run_.report.samples_per_reason)) {
          run_.listeners.notice(line);
        }
        finals_->prepare(
            finals_->has_stats_json() ? stats_document(result_, run_.report) : std::string(),
            finals_->has_report()
                ? report_document(result_, run_.report, std::chrono::system_clock::now())
                : std::string());
      });
    } else {
      result_ = stats;
    }
    agree(comm_, failure);  // every part joined, every final file durable
    if (comm_.rank() == 0) held(failure, [&] { finals_->publish(); });
    agree(comm_, failure);
  }

  resolved_run run_;
  communicator comm_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::optional<output_transaction> finals_;  // rank 0
  std::vector<std::string> diagnostics_;
  distributed_dedupe* dedupe_ = nullptr;
  run_stats result_;
  std::optional<progress_relay> relay_;  // last: stopped first, once every rank is done
};

}  // namespace
}  // namespace detail

distributed_session::distributed_session(int& argc, char**& argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

distributed_session::~distributed_session() {
  MPI_Finalize();
}

void agree_on_start(const rank_start& start) {
  const detail::communicator comm;
  detail::agree_on_settings(comm, detail::describe_start(start));
}

run_stats run_distributed(const run_config& config) {
  return detail::distributed_run(config).run();
}

}  // namespace fenbatch::pipeline
