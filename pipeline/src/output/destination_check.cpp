#include "output/destination_check.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "output/descriptor_name.hpp"
#include "output/destination_identity.hpp"
#include "output/side_file_kinds.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// /dev/null or a terminal: writing replaces nothing, and several streams into /dev/null are a
// common wish. Regular files, FIFOs and pipes clash.
bool may_clash(const file_identity& f) {
  return !(f.exists && S_ISCHR(f.mode));
}

struct named_path {
  std::string role;  // "the output", "--rejects", "an input", "an --exclude reference"
  const std::string* path;
  file_identity identity;
  bool input = false;                  // one of the inputs (not a reference)
  bool through_descriptor = false;     // "-", /dev/fd/N...: used as it is, never opened anew
  std::optional<side_file_kind> kind;  // a side file's
};

std::vector<named_path> written_paths(const output_options& outputs) {
  std::vector<named_path> written;
  const auto add = [&written](std::string role, const std::string& path,
                              std::optional<side_file_kind> kind) {
    if (path.empty()) return;  // (a side file not asked for; an empty output is refused first)
    written.push_back({std::move(role), &path, identify(path, STDOUT_FILENO), false,
                       path == "-" || descriptor_behind(path), kind});
  };
  if (!outputs.streamed) add("the output", outputs.output, std::nullopt);
  add("--rejects", outputs.rejects, side_file_kind::rejects);
  add("--stats-json", outputs.stats_json, side_file_kind::statistics);
  add("--report", outputs.report, side_file_kind::report);
  add("--duplicates", outputs.duplicates, side_file_kind::duplicates);
  add("--counts", outputs.counts, side_file_kind::counts);
  // A split file is a part of the output: it may replace any file but one the run reads or
  // writes otherwise (its records have the inputs' shape, CSV/TSV/JSON too, so no side-file
  // kind could recognise it).
  for (const split_output& split : outputs.splits) {
    std::string role = "--split ";
    role.append(split.name);
    add(std::move(role), split.path, std::nullopt);
  }
  return written;
}

std::vector<named_path> read_paths(const input_slice& inputs,
                                   const std::vector<reference_input>& references) {
  std::vector<named_path> read;
  const auto add = [&read](const char* role, const std::string& path, bool input) {
    read.push_back({role, &path, identify(path, STDIN_FILENO), input,
                    path == "-" || descriptor_behind(path), std::nullopt});
  };
  for (const std::string& path : inputs.paths) add("an input", path, true);
  for (const reference_input& r : references) add("an --exclude reference", r.path, false);
  return read;
}

// An empty output name would fail only at the rename, after the whole run; empty input and
// reference names are refused with it, by what they are. (A side file's empty name in
// the options means "none".)
void check_names_given(const output_options& outputs, const input_slice& inputs,
                       const std::vector<reference_input>& references) {
  if (outputs.output.empty() && !outputs.streamed) {
    throw config_error("the output's name is empty; name a file, or - for standard output");
  }
  for (const std::string& path : inputs.paths) {
    if (path.empty()) throw config_error("an input's name is empty");
  }
  for (const reference_input& r : references) {
    if (r.path.empty()) throw config_error("an --exclude reference's name is empty");
  }
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
  return w.role + " " + quoted_name(*w.path);
}

std::string shown(const std::string& written_path) {
  return written_path == "-" ? "standard output" : quoted_name(written_path);
}

bool is_null_device(const file_identity& f) {
  struct stat st {};
  return f.exists && S_ISCHR(f.mode) && ::stat("/dev/null", &st) == 0 && st.st_dev == f.device &&
         st.st_ino == f.inode;
}

// A stream (standard input, a pipe, a FIFO, a socket, a terminal) is consumed by its first
// reader: named twice, as inputs or references, the second read finds what the first left,
// usually nothing. A regular file read twice through descriptors (standard input behind <,
// /dev/fd/N) is refused too: "-" and /dev/stdin share one offset, and a descriptor read twice
// is a slip, not a plan. Two reads of one regular file by name are fine: each opens its own.
void check_streams_read_once(const std::vector<named_path>& read) {
  const file_identity standard_input = identify("-", STDIN_FILENO);
  for (std::size_t a = 0; a < read.size(); ++a) {
    for (std::size_t b = a + 1; b < read.size(); ++b) {
      const named_path& first = read[a];
      const named_path& second = read[b];
      const file_identity& f = first.identity;
      if (!f.exists || !same_file(f, second.identity) || is_null_device(f)) continue;
      const bool stream = !S_ISREG(f.mode);
      if (!stream && !(first.through_descriptor && second.through_descriptor)) continue;
      std::string what = first.role + " " + quoted_name(*first.path) + " and " + second.role + " " +
                         quoted_name(*second.path) + " both read ";
      what += same_file(f, standard_input) ? "standard input" : stream ? "one stream" : "one file";
      what += stream ? ", which can be read only once; save it to a file and name that"
                     : " through descriptors; read it once, or name the file itself";
      throw config_error(what);
    }
  }
}

void check_against_inputs(const input_slice& inputs, const named_path& w,
                          const std::vector<named_path>& read) {
  const bool is_output = w.role == "the output";
  const bool to_stdout = *w.path == "-";
  // In place: the output replaces the single input through a temporary and a rename, after the
  // whole input was read. A descriptor (standard output, /dev/fd/N) or a FIFO is written as the
  // input is read: never.
  const bool replaced_by_rename = !w.through_descriptor && S_ISREG(w.identity.mode);
  for (const named_path& r : read) {
    if (!may_clash(w.identity) || !same_file(w.identity, r.identity)) continue;
    const std::string also = " (" + quoted_name(*r.path) + ")";
    const bool in_place = is_output && r.input && inputs.paths.size() == 1;
    if (in_place && replaced_by_rename) {
      if (inputs.reading.max_bytes == 0) continue;
      throw config_error(described(w) + " is also an input" + (*r.path != *w.path ? also : "") +
                         ", and --max-bytes would cut it to its first bytes; write to another "
                         "file");
    }
    if (to_stdout) {
      throw config_error(described(w) + " is also " + r.role + ", " + quoted_name(*r.path));
    }
    std::string what = described(w) + " is also " + r.role;
    if (*r.path != *w.path) what += also;
    if (in_place && w.through_descriptor) {
      what +=
          ": a descriptor is written as the input is read; name the file itself to rewrite "
          "it in place";
    } else if (is_output && r.input && inputs.paths.size() > 1) {
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

// A side file replaces only an empty file or one of its own kind (side_file_kinds.hpp),
// however it is reached (a name, a link, a descriptor, standard output redirected with >>).
// Non-regular destinations (/dev/null, FIFOs, terminals) replace nothing.
void check_side_file_contents(const named_path& w) {
  if (!w.kind || !w.identity.exists || !S_ISREG(w.identity.mode)) return;
  const std::string why = refusal_to_replace(*w.path == "-" ? "/proc/self/fd/1" : *w.path, *w.kind);
  if (!why.empty()) throw config_error(described(w) + " " + why);
}

}  // namespace

void check_destinations(const output_options& outputs, const input_slice& inputs,
                        const std::vector<reference_input>& references) {
  check_names_given(outputs, inputs, references);
  const std::vector<named_path> written = written_paths(outputs);
  const std::vector<named_path> read = read_paths(inputs, references);
  check_standard_output(written);
  check_streams_read_once(read);
  for (const named_path& w : written) check_against_inputs(inputs, w, read);
  check_against_each_other(written);
  for (const named_path& w : written) check_side_file_contents(w);
}

}  // namespace fenbatch::pipeline::detail
