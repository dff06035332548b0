#include "base/signals.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "fenbatch/pipeline/signal_cleanup.hpp"

namespace fenbatch::pipeline {
namespace detail {
namespace {

// Fixed slots a signal handler can scan without locking: a registration claims a slot by
// compare-exchange, fills it, then marks it ready; the handler reads ready slots only.
template <class Entry, std::size_t Size>
class handler_registry {
 public:
  // Returns the slot, or -1 when all are taken (what it protects then just isn't protected).
  template <class Fill>
  int add(Fill fill) noexcept {
    for (std::size_t i = 0; i < Size; ++i) {
      slot& s = slots_[i];
      bool expected = false;
      if (!s.claimed.compare_exchange_strong(expected, true, std::memory_order_acq_rel)) continue;
      fill(s.entry);
      s.ready.store(true, std::memory_order_release);
      return static_cast<int>(i);
    }
    return -1;
  }
  void remove(int index) noexcept {
    if (index < 0) return;
    slot& s = slots_[static_cast<std::size_t>(index)];
    s.ready.store(false, std::memory_order_release);
    s.claimed.store(false, std::memory_order_release);
  }
  template <class Visit>
  void for_each_ready(Visit visit) const noexcept {
    for (const slot& s : slots_) {
      if (s.ready.load(std::memory_order_acquire)) visit(s.entry);
    }
  }

 private:
  struct slot {
    std::atomic<bool> claimed{false};
    std::atomic<bool> ready{false};
    Entry entry{};
  };
  std::array<slot, Size> slots_;
};

constexpr std::size_t max_path = 4096;
using path_text = std::array<char, max_path>;

void copy_path(path_text& to, const std::string& from) noexcept {
  std::memcpy(to.data(), from.c_str(), from.size() + 1);
}

struct rollback_entry {
  path_text destination;
  path_text previous;
  dev_t device;  // the new file's: tells whether it is at the destination yet
  ino_t inode;
};

// Atomic: the SIGBUS handler may read a slot while another thread refills it.
struct mapped_range {
  std::atomic<std::uintptr_t> begin{0};
  std::atomic<std::uintptr_t> end{0};
};

constinit handler_registry<path_text, 16> temp_files;  // six files: a temporary and a previous each
constinit handler_registry<rollback_entry, 8> rollbacks;
constinit handler_registry<mapped_range, 64> mappings;

// Destinations renamed before the run was wholly published go back first: their previous
// content is among the temporaries removed next, unless it could not be put back (it is then
// the only copy of the user's data, and stays for the next run to report).
void remove_temp_files() noexcept {
  std::array<const char*, 8> not_put_back{};
  std::size_t kept = 0;
  rollbacks.for_each_ready([&](const rollback_entry& r) {
    struct stat st {};
    if (::stat(r.destination.data(), &st) != 0 || st.st_dev != r.device || st.st_ino != r.inode) {
      return;  // not replaced yet: the destination holds its old content
    }
    if (::rename(r.previous.data(), r.destination.data()) == 0) return;
    if (errno == ENOENT) {
      ::unlink(r.destination.data());  // there was none before
    } else if (kept < not_put_back.size()) {
      not_put_back[kept++] = r.previous.data();
    }
  });
  temp_files.for_each_ready([&](const path_text& path) {
    for (std::size_t i = 0; i < kept; ++i) {
      if (std::strcmp(not_put_back[i], path.data()) == 0) return;
    }
    ::unlink(path.data());
  });
}

void say(const char* text) noexcept {
  const std::size_t n = std::strlen(text);
  [[maybe_unused]] const ssize_t ignored = ::write(STDERR_FILENO, text, n);
}

// The program's name and the handlers' messages with it, made once when the handlers are
// installed: a handler may not allocate.
std::string_view program = "fenbatch";
std::array<char, 48> program_copy{};
std::array<char, 128> interrupted_message{};
std::array<char, 128> input_changed_message{};

void compose(std::array<char, 128>& message, std::string_view text) {
  std::string composed(program);
  composed += ": ";
  composed += text;
  composed += '\n';
  message.fill('\0');
  std::memcpy(message.data(), composed.data(), std::min(composed.size(), message.size() - 1));
}

extern "C" void on_fatal_signal(int signal_number) {
  // The failed unlinks and renames below must not change errno for the interrupted code.
  const int saved_errno = errno;
  remove_temp_files();
  // A closed pipe ends the process quietly, as it ends `cat`; the others are interruptions.
  if (signal_number != SIGPIPE) say(interrupted_message.data());
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
  bool ours = false;
  mappings.for_each_ready([&](const mapped_range& m) {
    ours = ours || (address >= m.begin.load(std::memory_order_relaxed) &&
                    address < m.end.load(std::memory_order_relaxed));
  });
  if (ours) {
    remove_temp_files();
    say(input_changed_message.data());
    ::_exit(2);
  }
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

}  // namespace

std::string_view program_name() noexcept {
  return program;
}

int register_temp_file(const std::string& path) noexcept {
  if (path.size() >= max_path) return -1;
  return temp_files.add([&](path_text& entry) { copy_path(entry, path); });
}

void unregister_temp_file(int slot) noexcept {
  temp_files.remove(slot);
}

int register_rollback(const std::string& destination, const std::string& previous, dev_t device,
                      ino_t inode) noexcept {
  if (destination.size() >= max_path || previous.size() >= max_path) return -1;
  return rollbacks.add([&](rollback_entry& entry) {
    copy_path(entry.destination, destination);
    copy_path(entry.previous, previous);
    entry.device = device;
    entry.inode = inode;
  });
}

void unregister_rollback(int slot) noexcept {
  rollbacks.remove(slot);
}

int register_mapped_input(const void* begin, std::size_t size) noexcept {
  const auto first = reinterpret_cast<std::uintptr_t>(begin);
  return mappings.add([&](mapped_range& entry) {
    entry.begin.store(first, std::memory_order_relaxed);
    entry.end.store(first + size, std::memory_order_relaxed);
  });
}

void unregister_mapped_input(int slot) noexcept {
  mappings.remove(slot);
}

}  // namespace detail

void install_signal_cleanup(std::string_view program, bool quiet) {
  const std::size_t length = std::min(program.size(), detail::program_copy.size());
  std::memcpy(detail::program_copy.data(), program.data(), length);
  detail::program = std::string_view(detail::program_copy.data(), length);
  detail::compose(detail::interrupted_message, "interrupted");
  if (quiet) detail::interrupted_message.fill('\0');
  detail::compose(detail::input_changed_message,
                  "input changed while reading (truncated?); nothing was written");
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
