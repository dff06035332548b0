// fenbatch's work on a thread of its own while the Python thread that started it waits with the
// GIL released: Ctrl-C still works (Python runs signal handlers only on its main thread, and
// only when the waiter wakes to let it), and Python callbacks run on the caller's thread.
// Cancelling makes the work's next checkpoint throw run_cancelled, which unwinds the run as any
// failure does: nothing published, no temporary left.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace fenbatch::python {

struct run_cancelled : std::exception {
  [[nodiscard]] const char* what() const noexcept override { return "cancelled"; }
};

class worker_run {
 public:
  worker_run() = default;
  worker_run(const worker_run&) = delete;
  worker_run& operator=(const worker_run&) = delete;
  ~worker_run();  // cancels and joins

  void start(std::function<void()> work);

  // The work's side. Throws run_cancelled once cancel() was called.
  void checkpoint() const {
    if (cancelled_.load(std::memory_order_relaxed)) throw run_cancelled();
  }
  // Blocks until `ready()` holds (under the lock); throws run_cancelled when cancelled.
  void block_until(const std::function<bool()>& ready);

  // The caller's side (GIL held). Waits, the GIL released, until `ready()` (under the lock) or
  // the work finished; every 50 ms it runs Python's signal handlers. False: a Python exception
  // is pending (Ctrl-C): cancel(), then raise it.
  [[nodiscard]] bool wait(const std::function<bool()>& ready);
  void cancel() noexcept;
  // Joins (the GIL released) and rethrows the work's exception, if any but run_cancelled.
  void join_and_rethrow();

  // Shared state between both sides is guarded by this lock; notify() after changing it.
  [[nodiscard]] std::unique_lock<std::mutex> lock() { return std::unique_lock(mutex_); }
  void notify() { condition_.notify_all(); }
  [[nodiscard]] bool finished() const noexcept { return finished_; }  // (under the lock)

 private:
  // Joins once: close() on one thread and the end of the stream on another both join, and
  // two joins of one std::thread are undefined (in practice one of them never returns).
  void join_once();
  void join();

  std::thread thread_;
  std::once_flag joined_;
  std::mutex mutex_;
  std::condition_variable condition_;
  bool finished_ = false;
  std::exception_ptr error_;
  std::atomic<bool> cancelled_{false};
};

// Runs `body` as the owner of a pending Python exception would: the exception is taken aside,
// `body` runs (the work joined), then the exception is raised again.
[[noreturn]] void raise_after(const std::function<void()>& body);

}  // namespace fenbatch::python
