// fenbatch.batches(): a run streamed (pipeline/record_stream.hpp) on a worker thread, its
// records gathered into batches of decoded positions on the caller's thread.

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <deque>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "column_table.hpp"
#include "command_arguments.hpp"
#include "fenbatch/pipeline/record_stream.hpp"
#include "fenbatch/pipeline/stats_json.hpp"
#include "worker_run.hpp"

namespace py = pybind11;

namespace fenbatch::python {
namespace {

// A block of streamed records, copied out of the run (its views live only during the call).
struct record_block {
  std::string text;
  std::vector<pipeline::streamed_record> records;
  std::size_t next = 0;  // the first record not yet taken
};

// Blocks queued between the run and the batches: with the chunks in flight, what bounds the
// memory of a stream besides the batch itself.
constexpr std::size_t queued_blocks = 2;

// One batch being gathered: the records' text, their positions and their sources.
struct batch_rows {
  std::string records;
  std::vector<std::size_t> record_ends;
  std::string positions;
  std::vector<std::size_t> position_ends;
  std::vector<std::int32_t> files;
  std::vector<std::uint64_t> lines;

  [[nodiscard]] std::size_t size() const noexcept { return record_ends.size(); }
  void add(const record_block& block, const pipeline::streamed_record& r) {
    records.append(block.text, r.text_offset, r.text_length);
    record_ends.push_back(records.size());
    positions.append(block.text, r.position_offset, r.position_length);
    position_ends.push_back(positions.size());
    files.push_back(static_cast<std::int32_t>(r.input));
    lines.push_back(r.line);
  }
};

template <class T>
py::array_t<T> array_of(const std::vector<T>& values) {
  py::array_t<T> out(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

class record_stream {
 public:
  record_stream(const std::vector<std::string>& arguments, std::size_t batch_size)
      : parsed_(parse_arguments(arguments)), batch_size_(batch_size) {
    if (batch_size_ == 0) throw py::value_error("batches: batch_size must be at least 1");
    pipeline::run_config& config = parsed_.config;
    options_ = {config.decode, config.write, config.key};
    threads_ = {config.threads};
    // The run's progress is where it can stop while no record is written (the read pass of a
    // partitioned dedupe, a filter that keeps nothing): without it, close(), Ctrl-C and the
    // garbage collector would wait for the next record.
    config.progress = [this](const pipeline::progress_info&) { worker_.checkpoint(); };
    worker_.start([this] { stats_ = pipeline::stream_run(parsed_.config, sink()); });
  }

  [[nodiscard]] py::tuple inputs() const { return py::cast(parsed_.config.inputs); }

  // (columns, positions store, records store, source files, source lines), or None at the end.
  py::object next_batch() {
    if (ended_) return py::none();
    batch_rows rows;
    while (rows.size() < batch_size_) {
      if (!worker_.wait([this] { return !queue_.empty(); })) {
        raise_after([this] { close(); });
      }
      const auto held = worker_.lock();
      if (queue_.empty()) break;  // the run finished
      take(rows);
    }
    if (rows.size() == 0) return finish();
    return batch_of(std::move(rows));
  }

  [[nodiscard]] py::object stats() const {
    return stats_json_ ? py::object(py::str(*stats_json_)) : py::object(py::none());
  }
  [[nodiscard]] int status() const noexcept { return status_; }

  void close() {
    if (closed_) return;
    closed_ = true;
    ended_ = true;
    worker_.cancel();
    worker_.join_and_rethrow();
  }

 private:
  pipeline::record_sink sink() {
    return [this](const pipeline::streamed_block& block) {
      worker_.checkpoint();
      record_block copy{std::string(block.text), {block.records.begin(), block.records.end()}};
      worker_.block_until([this] { return queue_.size() < queued_blocks; });
      {
        const auto held = worker_.lock();
        queue_.push_back(std::move(copy));
      }
      worker_.notify();
    };
  }

  // Moves records from the queue into `rows` (the lock held).
  void take(batch_rows& rows) {
    while (!queue_.empty() && rows.size() < batch_size_) {
      record_block& front = queue_.front();
      while (front.next < front.records.size() && rows.size() < batch_size_) {
        rows.add(front, front.records[front.next++]);
      }
      if (front.next == front.records.size()) queue_.pop_front();
    }
    worker_.notify();
  }

  py::object finish() {
    ended_ = true;
    closed_ = true;
    worker_.join_and_rethrow();
    // (no statistics when close() on another thread cancelled the run)
    if (stats_ && !stats_json_) {
      stats_json_ = pipeline::to_json(*stats_, parsed_.config);
      status_ = exit_status(parsed_, *stats_);
    }
    return py::none();
  }

  py::object batch_of(batch_rows rows) {
    line_input positions = line_input::owning(std::move(rows.positions), rows.position_ends);
    const py::dict columns = decode_table(positions.lines(), options_, threads_);
    py::object position_store = py::cast(line_store(std::move(positions), options_, threads_));
    py::object record_store = py::cast(line_store(
        line_input::owning(std::move(rows.records), rows.record_ends), options_, threads_));
    return py::make_tuple(columns, position_store, record_store, array_of(rows.files),
                          array_of(rows.lines));
  }

  app::command_line parsed_;
  std::size_t batch_size_;
  core::row_options options_;
  pipeline::table_threads threads_;
  std::deque<record_block> queue_;
  std::optional<pipeline::run_stats> stats_;
  std::optional<std::string> stats_json_;
  int status_ = 0;  // the command line's exit status, once the stream has ended
  bool ended_ = false;
  bool closed_ = false;
  worker_run worker_;  // last: joined first when destroyed, while the rest still exists
};

}  // namespace

void bind_stream(py::module_& m) {
  py::class_<record_stream>(m, "Stream", "A streamed run; use fenbatch.batches().")
      .def(py::init<const std::vector<std::string>&, std::size_t>(), py::arg("arguments"),
           py::arg("batch_size"))
      .def("next_batch", &record_stream::next_batch,
           "(columns, positions, records, source files, source lines) or None at the end")
      .def_property_readonly("inputs", &record_stream::inputs)
      .def("stats", &record_stream::stats, "The statistics JSON once the stream has ended")
      .def_property_readonly("status", &record_stream::status,
                             "The command line's exit status once the stream has ended")
      .def("close", &record_stream::close, "Stops the run; nothing is published");
}

}  // namespace fenbatch::python
