// fenbatch.run(): the command line's run, its statistics as the JSON --stats-json writes.

#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "batch/no_valid_line.hpp"
#include "bindings.hpp"
#include "command_arguments.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "worker_run.hpp"

namespace py = pybind11;

namespace fenbatch::python {
namespace {

const char* phase_name(pipeline::run_phase phase) {
  switch (phase) {
    case pipeline::run_phase::reading: return "reading";
    case pipeline::run_phase::deduplicating: return "deduplicating";
    case pipeline::run_phase::writing: return "writing";
  }
  return "reading";
}

py::dict progress_dict(const pipeline::progress_info& p) {
  py::dict d;
  d["bytes_done"] = p.bytes_done;
  d["bytes_total"] = p.bytes_total;
  d["seconds"] = p.seconds;
  d["phase"] = phase_name(p.phase);
  d["partitioned"] = p.partitioned;
  return d;
}

// The run on a worker thread; progress reaches `progress` (None: nobody) on this thread.
pipeline::run_stats run_interruptibly(pipeline::run_config& config, const py::object& progress) {
  std::optional<pipeline::progress_info> latest;
  std::optional<pipeline::run_stats> stats;
  // Last: an exception leaving this function joins the run before what it writes is destroyed.
  worker_run worker;
  config.progress = [&](const pipeline::progress_info& p) {
    worker.checkpoint();
    {
      const auto held = worker.lock();
      latest = p;
    }
    worker.notify();
  };
  worker.start([&] { stats = pipeline::run(config); });
  for (;;) {
    if (!worker.wait([&] { return latest.has_value(); })) {
      raise_after([&] {
        worker.cancel();
        worker.join_and_rethrow();
      });
    }
    std::optional<pipeline::progress_info> fresh;
    bool finished = false;
    {
      const auto held = worker.lock();
      fresh.swap(latest);
      finished = worker.finished();
    }
    if (fresh && !progress.is_none()) {
      try {
        progress(progress_dict(*fresh));
      } catch (py::error_already_set& e) {
        e.restore();
        raise_after([&] {
          worker.cancel();
          worker.join_and_rethrow();
        });
      }
    }
    if (finished) break;
  }
  worker.join_and_rethrow();
  return std::move(*stats);
}

// (statistics JSON, exit status as the command line's: 0, or 1 for --max-invalid exceeded or an
// input without a valid line)
py::tuple run_arguments(const std::vector<std::string>& arguments, const py::object& progress) {
  app::command_line parsed = parse_arguments(arguments);
  pipeline::run_config& config = parsed.config;
  const pipeline::run_stats stats = run_interruptibly(config, progress);
  return py::make_tuple(pipeline::to_json(stats, config), exit_status(parsed, stats));
}

}  // namespace

int exit_status(const app::command_line& parsed, const pipeline::run_stats& stats) {
  const bool nothing_valid = app::report_inputs_without_valid_lines(stats, false);
  const bool too_many = parsed.max_invalid && stats.invalid > *parsed.max_invalid;
  return too_many || nothing_valid ? 1 : 0;
}

app::command_line parse_arguments(const std::vector<std::string>& arguments) {
  std::vector<std::string> words{"fenbatch"};
  words.insert(words.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  argv.reserve(words.size() + 1);
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  std::optional<app::command_line> parsed =
      app::parse_command_line(static_cast<int>(words.size()), argv.data(), false, "fenbatch");
  if (!parsed) throw app::usage_error("nothing to run (help, version or list_reasons)");
  parsed->config.diagnostic = {};
  return std::move(*parsed);
}

void bind_run(py::module_& m) {
  m.def("run", &run_arguments, py::arg("arguments"), py::arg("progress") = py::none(),
        "Runs the command line `fenbatch ARGUMENTS...` (without printing); returns "
        "(statistics JSON, exit status). Use fenbatch.run().");
}

}  // namespace fenbatch::python
