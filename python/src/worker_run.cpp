#include "worker_run.hpp"

#include <chrono>
#include <utility>

namespace py = pybind11;

namespace fenbatch::python {

worker_run::~worker_run() {
  cancel();
  if (PyGILState_Check() != 0) {
    const py::gil_scoped_release unlocked;
    join_once();
  } else {
    join_once();
  }
}

void worker_run::start(std::function<void()> work) {
  thread_ = std::thread([this, work = std::move(work)] {
    std::exception_ptr error;
    try {
      work();
    } catch (...) {
      error = std::current_exception();
    }
    {
      const std::lock_guard held(mutex_);
      error_ = error;
      finished_ = true;
    }
    condition_.notify_all();
  });
}

void worker_run::block_until(const std::function<bool()>& ready) {
  std::unique_lock held(mutex_);
  condition_.wait(held, [&] { return cancelled_.load() || ready(); });
  if (cancelled_.load()) throw run_cancelled();
}

bool worker_run::wait(const std::function<bool()>& ready) {
  for (;;) {
    {
      const py::gil_scoped_release unlocked;
      std::unique_lock held(mutex_);
      if (condition_.wait_for(held, std::chrono::milliseconds(50),
                              [&] { return finished_ || ready(); })) {
        return true;
      }
    }
    if (PyErr_CheckSignals() != 0) return false;
  }
}

void worker_run::cancel() noexcept {
  {
    const std::lock_guard held(mutex_);
    cancelled_.store(true);
  }
  condition_.notify_all();
}

void worker_run::join_once() {
  std::call_once(joined_, [this] {
    if (thread_.joinable()) thread_.join();
  });
}

void worker_run::join() {
  const py::gil_scoped_release unlocked;
  join_once();
}

void worker_run::join_and_rethrow() {
  join();
  if (!error_) return;
  try {
    std::rethrow_exception(error_);
  } catch (const run_cancelled&) {
  }
}

void raise_after(const std::function<void()>& body) {
  py::error_already_set pending;  // takes the exception aside
  body();
  throw pending;
}

}  // namespace fenbatch::python
