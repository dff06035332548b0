#include "output/leftovers.hpp"

#include <dirent.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "base/signals.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "output/temporary_name.hpp"

namespace fenbatch::pipeline::detail {
namespace {

bool process_is_gone(long pid) {
  return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

std::string said(std::string_view text) {
  return std::string(program_name()) + ": " + std::string(text);
}

void report_previous(const std::string& path, const std::string& destination, long pid,
                     const std::function<void(std::string_view)>& notice) {
  const std::string shown = quoted_name(destination);
  notice(said("warning: " + quoted_name(path) + " holds the previous content of " + shown +
              ", left by a run that was killed while publishing or could not remove it (process " +
              std::to_string(pid) + "); rename it back over " + shown +
              " to restore that content, or remove it"));
}

}  // namespace

void handle_leftovers(const std::string& dir, const std::string& base,
                      const std::function<void(std::string_view)>& notice) {
  const std::string stem = temporary_stem(base);
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return;
  while (const dirent* entry = ::readdir(d)) {
    const std::string_view name(entry->d_name);
    const std::optional<temporary_entry> found = parse_temporary(name, stem);
    if (!found) continue;
    const std::string path = dir + "/" + std::string(name);
    const std::string pid = std::to_string(found->pid);
    if (!process_is_gone(found->pid)) {
      if (notice) {
        notice(said("note: " + quoted_name(path) + " belongs to running process " + pid));
      }
    } else if (found->previous) {
      if (notice) report_previous(path, dir + "/" + base, found->pid, notice);
    } else if (::unlink(path.c_str()) == 0 && notice) {
      notice(said("removed " + quoted_name(path) + ", left by an interrupted run (process " + pid +
                  ")"));
    }
  }
  ::closedir(d);
}

}  // namespace fenbatch::pipeline::detail
