#include "output/destination_check.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/pipeline/config_error.hpp"
#include "input/decompression.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// What a path names: the file where one exists, else the name it would be created under.
struct file_identity {
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  mode_t mode = 0;
  std::string resolved;  // where no file exists: the directory's real path + "/" + base name
};

file_identity identity_of(const struct stat& st) {
  return {true, st.st_dev, st.st_ino, st.st_mode, {}};
}

// The name a new file at `path` gets: its directory through realpath (symlinked directories,
// "./x" and "x", "d/../x"), then the base name. A missing directory: the path made absolute
// and normalized lexically (opening it fails later, with its own message).
std::string resolved_name(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path name(path);
  const fs::path base = name.filename();
  std::error_code error;
  const fs::path directory =
      fs::canonical(name.has_parent_path() ? name.parent_path() : ".", error);
  if (!error && !base.empty() && base != "." && base != "..") return (directory / base).string();
  return fs::absolute(name, error).lexically_normal().string();
}

file_identity identify_path(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) return identity_of(st);
  file_identity missing;
  missing.resolved = resolved_name(path);
  return missing;
}

// "-": the descriptor the run reads or writes (a regular file behind `>>` or `<` is an input
// or a destination like any other).
file_identity identify_descriptor(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) == 0) return identity_of(st);
  return {};  // closed: nothing to clash with
}

bool same_file(const file_identity& a, const file_identity& b) {
  if (a.exists != b.exists) return false;
  if (a.exists) return a.device == b.device && a.inode == b.inode;
  return !a.resolved.empty() && a.resolved == b.resolved;
}

// /dev/null or a terminal: writing replaces nothing, and several streams into /dev/null are a
// common wish. Regular files, FIFOs and pipes clash.
bool may_clash(const file_identity& f) {
  return !(f.exists && S_ISCHR(f.mode));
}

struct named_path {
  std::string role;  // "the output", "--rejects", "an input", "an --exclude reference"
  const std::string* path;
  file_identity identity;
  bool input = false;  // one of run_config::inputs (not a reference)
};

std::string shown(const std::string& written_path) {
  return written_path == "-" ? "standard output" : written_path;
}

std::vector<named_path> written_paths(const run_config& config) {
  std::vector<named_path> written;
  const auto add = [&written](const char* role, const std::string& path) {
    if (path.empty()) return;
    written.push_back(
        {role, &path, path == "-" ? identify_descriptor(STDOUT_FILENO) : identify_path(path)});
  };
  add("the output", config.output);
  add("--rejects", config.rejects_path);
  add("--stats-json", config.stats_json_path);
  add("--report", config.report_path);
  add("--duplicates", config.duplicates_path);
  add("--counts", config.counts_path);
  return written;
}

std::vector<named_path> read_paths(const run_config& config) {
  std::vector<named_path> read;
  const auto identify = [](const std::string& path) {
    return path == "-" ? identify_descriptor(STDIN_FILENO) : identify_path(path);
  };
  for (const std::string& path : config.inputs) {
    read.push_back({"an input", &path, identify(path), true});
  }
  for (const std::string& path : config.exclude_paths) {
    read.push_back({"an --exclude reference", &path, identify(path), false});
  }
  return read;
}

void check_standard_output(const std::vector<named_path>& written) {
  const named_path* first = nullptr;
  for (const named_path& w : written) {
    if (*w.path != "-") continue;
    if (first != nullptr) {
      throw config_error(first->role + " and " + w.role +
                         " both write to standard output; give one of them a file");
    }
    first = &w;
  }
}

// "--stats-json in.fen", "the output out.fen", "standard output", "--rejects - (standard output)".
std::string described(const named_path& w) {
  if (*w.path == "-") {
    return w.role == "the output" ? "standard output" : w.role + " - (standard output)";
  }
  return w.role + " " + *w.path;
}

void check_against_inputs(const run_config& config, const named_path& w,
                          const std::vector<named_path>& read) {
  const bool is_output = w.role == "the output";
  const bool to_stdout = *w.path == "-";
  for (const named_path& r : read) {
    if (!may_clash(w.identity) || !same_file(w.identity, r.identity)) continue;
    // In place: the output replaces the single input through a temporary and a rename, after
    // the whole input was read. Standard output is written as the input is read: never.
    if (is_output && r.input && config.inputs.size() == 1 && !to_stdout) continue;
    if (to_stdout) throw config_error(described(w) + " is also " + r.role + ", " + *r.path);
    std::string what = described(w) + " is also " + r.role;
    if (*r.path != *w.path) what += " (" + *r.path + ")";
    if (is_output && r.input) {
      what += ": only a single input can be rewritten in place; write several to another file";
    }
    throw config_error(what);
  }
}

void check_against_each_other(const std::vector<named_path>& written) {
  for (std::size_t a = 0; a < written.size(); ++a) {
    for (std::size_t b = a + 1; b < written.size(); ++b) {
      const named_path& first = written[a];
      const named_path& second = written[b];
      if (*first.path == "-" && *second.path == "-") continue;  // (check_standard_output)
      if (!may_clash(first.identity) || !same_file(first.identity, second.identity)) continue;
      std::string what = first.role + " and " + second.role + " both write " + shown(*first.path);
      if (*first.path != *second.path) what += " (as " + shown(*second.path) + ")";
      throw config_error(what);
    }
  }
}

// The start of an existing regular file (empty when it cannot be read: opening it for writing
// will tell).
// The first few KiB of a file's text, decompressed when the file is compressed (a side file's
// own earlier output may be, and so may an input named by a forgotten argument); empty when
// unreadable or corrupt: nothing to judge by.
std::string first_bytes(const std::string& path) {
  std::array<char, 4096> buffer{};
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) return {};
  std::string head;
  const ssize_t n = ::read(fd, buffer.data(), buffer.size());
  if (n > 0) head.assign(buffer.data(), static_cast<std::size_t>(n));
  const compression kind = sniff_compression(head);
  if (kind != compression::none) {
    try {
      raw_input raw{fd, path, head, 0, UINT64_MAX};
      decompressed_stream text(std::move(raw), kind);
      const std::size_t got = text.read(buffer.data(), buffer.size());
      head.assign(buffer.data(), got);
    } catch (const std::exception&) {
      head.clear();
    }
  }
  ::close(fd);
  return head;
}

// Whether the first record (not blank, not a comment) of `text` is a FEN/EPD position: its
// fields decode, whatever follows them (labels of training data, odd EPD operations).
bool starts_with_position(std::string_view text) {
  using core::fen_errc;
  text.remove_prefix(core::bom_length(text));
  core::line_splitter lines(text);
  core::line_span line;
  core::decode_options options;
  options.payload = true;
  core::record record;
  while (lines.next(line)) {
    const fen_errc code = core::decode(line.text, options, record).code;
    if (core::is_skipped(code)) continue;
    return code == fen_errc::ok || code == fen_errc::trailing_garbage ||
           code == fen_errc::bad_epd_operation || code == fen_errc::counter_conflict;
  }
  return false;
}

bool starts_with_json_object(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first == std::string_view::npos || text[first] == '{';
}

// Whether `text` begins as an HTML document does (after a byte order mark and white space):
// "<!DOCTYPE html" or "<html", in any case. Blank is no evidence either way.
bool starts_as_html_document(std::string_view text) {
  text.remove_prefix(core::bom_length(text));
  const std::size_t first = text.find_first_not_of(" \t\r\n\f");
  if (first == std::string_view::npos) return true;
  text.remove_prefix(first);
  const auto starts_with = [text](std::string_view prefix) {
    if (text.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      const char c = text[i];
      const char lower = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
      if (lower != prefix[i]) return false;
    }
    return true;
  };
  return starts_with("<!doctype html") || starts_with("<html");
}

// Whether a side file's own document could start as `start` does (FEN/EPD positions are no
// side file's: see check_side_file_contents).
bool is_own_document(const named_path& w, std::string_view start) {
  if (w.role == "--stats-json") return starts_with_json_object(start);
  if (w.role == "--report") return starts_as_html_document(start);
  return true;
}

// A side file about to replace an existing file that it plainly never wrote.
void check_side_file_contents(const named_path& w) {
  if (w.role == "the output" || *w.path == "-" || !w.identity.exists || !S_ISREG(w.identity.mode)) {
    return;
  }
  const std::string start = first_bytes(*w.path);
  if (start.empty()) return;
  const bool positions = starts_with_position(start);
  if (positions || !is_own_document(w, start)) {
    const char* holds = positions              ? "holds FEN/EPD positions"
                        : w.role == "--report" ? "is not an HTML document"
                                               : "is not a statistics document";
    throw config_error(w.role + " " + *w.path + " " + holds +
                       "; refusing to replace it (was the option's file argument forgotten?)");
  }
}

}  // namespace

void check_destinations(const run_config& config) {
  const std::vector<named_path> written = written_paths(config);
  const std::vector<named_path> read = read_paths(config);
  check_standard_output(written);
  for (const named_path& w : written) check_against_inputs(config, w, read);
  check_against_each_other(written);
  for (const named_path& w : written) check_side_file_contents(w);
}

}  // namespace fenbatch::pipeline::detail
