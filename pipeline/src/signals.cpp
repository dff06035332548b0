#include "signals.hpp"

#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>

#include "fenbatch/pipeline/run.hpp"

namespace fenbatch::pipeline {
namespace detail {
namespace {

constexpr std::size_t max_temp_files = 8;
constexpr std::size_t max_temp_path = 4096;
struct temp_slot {
  std::atomic<bool> claimed{false};  // taken by a registration
  std::atomic<bool> ready{false};    // path written: the handler may use it
  std::array<char, max_temp_path> path{};
};
std::array<temp_slot, max_temp_files> temp_files;

struct rollback_slot {
  std::atomic<bool> claimed{false};
  std::atomic<bool> ready{false};
  std::array<char, max_temp_path> destination{};
  std::array<char, max_temp_path> previous{};  // empty: the destination did not exist
};
std::array<rollback_slot, max_temp_files> rollbacks;

constexpr std::size_t max_mappings = 64;
struct mapping_slot {
  std::atomic<bool> used{false};
  std::atomic<std::uintptr_t> begin{0};
  std::atomic<std::uintptr_t> end{0};
};
std::array<mapping_slot, max_mappings> mappings;

// Destinations renamed before the run was wholly published go back first: their previous
// content is among the temporaries removed next.
void remove_temp_files() noexcept {
  for (rollback_slot& slot : rollbacks) {
    if (!slot.ready.load(std::memory_order_acquire)) continue;
    if (slot.previous[0] != '\0') {
      ::rename(slot.previous.data(), slot.destination.data());
    } else {
      ::unlink(slot.destination.data());
    }
  }
  for (temp_slot& slot : temp_files) {
    if (slot.ready.load(std::memory_order_acquire)) ::unlink(slot.path.data());
  }
}

void say(const char* text) noexcept {
  const std::size_t n = std::strlen(text);
  [[maybe_unused]] const ssize_t ignored = ::write(STDERR_FILENO, text, n);
}

extern "C" void on_fatal_signal(int signal_number) {
  // The failed unlinks and renames below must not change errno for the interrupted code.
  const int saved_errno = errno;
  remove_temp_files();
  // A closed pipe ends the process quietly, as it ends `cat`; the others are interruptions.
  if (signal_number != SIGPIPE) say("fenbatch: interrupted\n");
  std::signal(signal_number, SIG_DFL);
  errno = saved_errno;
  std::raise(signal_number);
  // Not reached, unless a runtime defers the raised signal until this handler returns (TSan
  // does); the run must still end here, with the status the signal would have given.
  ::_exit(128 + signal_number);
}

// A file mapped for reading that is truncated behind our back raises SIGBUS on the next touch
// of a page past its new end. The run cannot go on (and must publish nothing), so: clean up,
// say why, exit 2. A SIGBUS anywhere else is not ours to explain: default action.
extern "C" void on_bus_error(int signal_number, siginfo_t* info, void*) {
  const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  for (const mapping_slot& m : mappings) {
    if (m.used.load(std::memory_order_acquire) && address >= m.begin.load() &&
        address < m.end.load()) {
      remove_temp_files();
      say("fenbatch: input changed while reading (truncated?); nothing was written\n");
      ::_exit(2);
    }
  }
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

}  // namespace

int register_temp_file(const std::string& path) noexcept {
  if (path.size() >= max_temp_path) return -1;
  for (std::size_t i = 0; i < temp_files.size(); ++i) {
    temp_slot& slot = temp_files[i];
    bool expected = false;
    if (!slot.claimed.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) {
      continue;
    }
    std::memcpy(slot.path.data(), path.c_str(), path.size() + 1);
    slot.ready.store(true, std::memory_order_release);
    return static_cast<int>(i);
  }
  return -1;
}

void unregister_temp_file(int slot) noexcept {
  if (slot < 0) return;
  temp_slot& s = temp_files[static_cast<std::size_t>(slot)];
  s.ready.store(false, std::memory_order_release);
  s.claimed.store(false, std::memory_order_release);
}

int register_rollback(const std::string& destination, const std::string& previous) noexcept {
  if (destination.size() >= max_temp_path || previous.size() >= max_temp_path) return -1;
  for (std::size_t i = 0; i < rollbacks.size(); ++i) {
    rollback_slot& slot = rollbacks[i];
    bool expected = false;
    if (!slot.claimed.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) {
      continue;
    }
    std::memcpy(slot.destination.data(), destination.c_str(), destination.size() + 1);
    std::memcpy(slot.previous.data(), previous.c_str(), previous.size() + 1);
    slot.ready.store(true, std::memory_order_release);
    return static_cast<int>(i);
  }
  return -1;
}

void unregister_rollback(int slot) noexcept {
  if (slot < 0) return;
  rollback_slot& s = rollbacks[static_cast<std::size_t>(slot)];
  s.ready.store(false, std::memory_order_release);
  s.claimed.store(false, std::memory_order_release);
}

int register_mapped_input(const void* begin, std::size_t size) noexcept {
  for (std::size_t i = 0; i < mappings.size(); ++i) {
    mapping_slot& m = mappings[i];
    bool expected = false;
    if (!m.used.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) continue;
    m.begin.store(reinterpret_cast<std::uintptr_t>(begin));
    m.end.store(reinterpret_cast<std::uintptr_t>(begin) + size);
    return static_cast<int>(i);
  }
  return -1;
}

void unregister_mapped_input(int slot) noexcept {
  if (slot >= 0) {
    mappings[static_cast<std::size_t>(slot)].used.store(false, std::memory_order_release);
  }
}

}  // namespace detail

void install_signal_cleanup() {
  struct sigaction fatal {};
  fatal.sa_handler = detail::on_fatal_signal;
  sigemptyset(&fatal.sa_mask);
  for (const int s : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) ::sigaction(s, &fatal, nullptr);
  struct sigaction bus {};
  bus.sa_sigaction = detail::on_bus_error;
  bus.sa_flags = SA_SIGINFO;
  sigemptyset(&bus.sa_mask);
  ::sigaction(SIGBUS, &bus, nullptr);
  std::signal(SIGXFSZ, SIG_IGN);
}

}  // namespace fenbatch::pipeline
