// The run over the ranks of an MPI job. Every rank goes through the same phases, and every
// collective operation is preceded by an agree() (failure_agreement.hpp), so that a rank that
// fails anywhere meets the others at the next agreement and all end together:
//   A. rank 0 probes the inputs and opens the final files (before anything is read);
//   B. each rank counts the lines of its partial ranges (input_split.hpp): line numbering;
//   C. each rank runs the pipeline over its part (run_part.hpp), its dedupe keys going to
//      their owners (distributed_dedupe.hpp); its files are prepared, not published;
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
#include "fenbatch/pipeline/html_report.hpp"
#include "fenbatch/pipeline/record_format.hpp"
#include "fenbatch/pipeline/stats_json.hpp"
#include "input/input_opening.hpp"
#include "input/input_source.hpp"
#include "memory/memory_budget.hpp"
#include "output/codec_choice.hpp"
#include "output/destination_check.hpp"
#include "output/output_transaction.hpp"
#include "run_part.hpp"
#include "spill/spill_file.hpp"

namespace fenbatch::pipeline {
namespace detail {
namespace {

std::vector<output_file*> files_of(output_transaction& files) {
  std::vector<output_file*> out{&files.output()};
  if (files.rejects() != nullptr) out.push_back(files.rejects());
  if (files.duplicates() != nullptr) out.push_back(files.duplicates());
  if (files.counts() != nullptr) out.push_back(files.counts());
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
  explicit distributed_run(const run_config& asked) : config_(asked) {
    if (!config_.counts_path.empty() || !config_.duplicates_path.empty()) config_.dedupe = true;
  }

  run_stats run() {
    refuse_what_cannot_be_split(config_, comm_);
    const bool show_progress = comm_.broadcast(config_.progress ? "1" : "0", 0) == "1";
    relay_.emplace(MPI_COMM_WORLD, show_progress, config_.progress);
    // A: rank 0 checks the destinations and the output codec, probes the inputs and opens the
    // final files, before anything is read.
    std::exception_ptr failure;
    std::vector<input_probe> probes(config_.inputs.size());
    first_header header;
    if (comm_.rank() == 0) {
      held(failure, [&] {
        check_destinations(config_);
        for (std::size_t i = 0; i < probes.size(); ++i) {
          probes[i] = probe_input(config_.inputs[i], config_);
        }
        header = find_first_header(config_);
        finals_.emplace(config_, threads(), notice(), true);
      });
    }
    agree(comm_, failure);
    probes = decode_probes(comm_.broadcast(encode_probes(probes), 0), probes.size());
    header.text = comm_.broadcast(header.text, 0);
    header.input = std::stoull(comm_.broadcast(std::to_string(header.input), 0));
    const std::vector<input_range> ranges = split_for_rank(
        probes, static_cast<std::size_t>(comm_.size()), static_cast<std::size_t>(comm_.rank()));

    // B: line numbering.
    partial_line_counts counts{};
    held(failure, [&] { counts = count_partial_lines(config_.inputs, ranges); });
    agree(comm_, failure);
    const line_numbering numbering(config_.inputs,
                                   decode_counts(comm_.all_gather(encode_counts(counts)),
                                                 static_cast<std::size_t>(comm_.size())));

    // C and D (inside hand_over, while the part's files exist).
    std::string memory_source;
    run_config part = part_config(config_, comm_, temp_directory(config_.temp_dir), diagnostics_);
    part.memory_limit = rank_memory_limit(config_, comm_, memory_source);
    part.threads = rank_threads(config_, comm_);
    if (show_progress) part.progress = [this](const progress_info& p) { relay_->report(p); };
    part_of_run plan;
    plan.ranges = ranges;
    if (header.input < ranges.size() &&
        !(ranges[header.input].read && ranges[header.input].begin == 0)) {
      plan.first_header.emplace(header.text, config_.inputs[header.input]);
    }
    plan.line_base = numbering.line_base(static_cast<std::size_t>(comm_.rank()));
    plan.append_global_place = [&numbering](std::string& out, std::uint64_t origin) {
      numbering.append_place(out, origin);
    };
    if (config_.dedupe) {
      plan.partitions = [this](const partitioned_dedupe_options& options) {
        distributed_dedupe_options o;
        o.partitions = options;
        o.agree = [this](const std::exception_ptr& f) { agree(comm_, f); };
        auto made = std::make_unique<distributed_dedupe>(comm_, o);
        dedupe_ = made.get();
        return std::unique_ptr<key_partitions>(std::move(made));
      };
    }
    plan.opened = [this] { agree(comm_, nullptr); };
    plan.finished = [this] { agree(comm_, nullptr); };
    plan.hand_over = [this, &memory_source](output_transaction& files, run_stats& stats) {
      stats.memory.limit_source = memory_source;
      // Every chunk of a distributed run is deferred; "partitioned" says whether this rank's
      // share of the keys outgrew its budget and went to partitions on its disk.
      stats.memory.partitioned = dedupe_ != nullptr && dedupe_->partitions() > 0;
      join(files, stats);
    };
    try {
      run_part(part, plan);
    } catch (const distributed_failure&) {
      throw;  // every rank knows
    } catch (...) {
      agree(comm_, std::current_exception());  // meets the others at their next agreement
    }
    return std::move(result_);
  }

 private:
  unsigned threads() const { return config_.threads == 0 ? 1 : config_.threads; }

  std::function<void(std::string_view)> notice() const {
    return [this](std::string_view line) {
      if (config_.diagnostic) config_.diagnostic(line);
    };
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
        result_ = merge_rank_stats(all, config_.samples_per_reason);
        result_.distribution = {static_cast<std::uint64_t>(comm_.size()), exchanged, joined};
        result_.wall_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
        if (config_.diagnostic) {
          for (const std::string& line :
               merge_rank_diagnostics(all_lines, all, config_.samples_per_reason)) {
            config_.diagnostic(line);
          }
        }
        finals_->prepare(finals_->has_stats_json() ? to_json(result_, config_) : std::string(),
                         finals_->has_report()
                             ? to_html_report(result_, config_, std::chrono::system_clock::now())
                             : std::string());
      });
    } else {
      result_ = stats;
    }
    agree(comm_, failure);  // every part joined, every final file durable
    if (comm_.rank() == 0) held(failure, [&] { finals_->publish(); });
    agree(comm_, failure);
  }

  run_config config_;
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
