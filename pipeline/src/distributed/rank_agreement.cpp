#include "distributed/rank_agreement.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "fenbatch/core/option_names.hpp"
#include "fenbatch/pipeline/compression.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "fenbatch/pipeline/record_format.hpp"
#include "output/descriptor_name.hpp"
#include "plan/resolved_run.hpp"

namespace fenbatch::pipeline::detail {

std::string what_is_at(const std::string& path) {
  if (path == "-" || path == "/dev/stdin") return "standard input";
  if (const std::optional<unsigned> fd = descriptor_behind(path)) {
    return "descriptor " + std::to_string(*fd);
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return std::string("unreachable (") + std::strerror(errno) + ")";
  if (S_ISREG(st.st_mode)) return "a regular file of " + std::to_string(st.st_size) + " bytes";
  if (S_ISDIR(st.st_mode)) return "a directory";
  if (S_ISCHR(st.st_mode)) return "a character device";
  if (S_ISBLK(st.st_mode)) return "a block device";
  if (S_ISFIFO(st.st_mode)) return "a FIFO";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  return "a special file";
}

namespace {

std::string flag(bool set) {
  return set ? "set" : "not set";
}

std::string file_name(const std::string& path) {
  return path.empty() ? "not set" : quoted_name(path);
}

// "the number of inputs", then "input 1" (its name) and "input 1 (a.fen)" (what is there).
void describe_files(start_settings& out, const std::string& what, const char* plural,
                    const std::vector<std::string>& paths) {
  out.push_back({std::string("the number of ") + plural, std::to_string(paths.size())});
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const std::string name = what + " " + std::to_string(i + 1);
    const std::string quoted = quoted_name(paths[i]);
    out.push_back({name, quoted});
    out.push_back({name + " (" + quoted + ")", what_is_at(paths[i])});
  }
}

// Which occurrence survives: every rank decides its lines' fates by the same rule.
void describe_survivors(start_settings& out, const survivor_policy& survivors) {
  out.push_back({"--keep", survivors.keep_text()});
  out.push_back({"--max-per-position", std::to_string(survivors.max_per_position)});
  out.push_back({"--min-count", std::to_string(survivors.min_count)});
}

void describe_options(start_settings& out, const report_options& c, const input_options& reading) {
  out.push_back({"--dedupe", flag(c.dedupe)});
  out.push_back({"--key", std::string(core::to_string(c.lines.key))});
  out.push_back({"--input-format", c.lines.format ? std::string(to_string(*c.lines.format))
                                                  : "by the inputs' names"});
  out.push_back(
      {"--fen-field", c.lines.fen_field.empty() ? "not set" : quoted_name(c.lines.fen_field)});
  out.push_back({"--header", std::string(to_string(c.lines.header))});
  std::string columns = c.lines.columns.empty() ? "not set" : "";
  for (const std::string& name : c.lines.columns) {
    columns.append(columns.empty() ? "" : ",").append(quoted_name(name));
  }
  out.push_back({"--columns", columns});
  out.push_back({"--payload", flag(c.lines.decode.payload)});
  out.push_back({"--repair", flag(c.lines.decode.repair)});
  // Each expression by its text, in order: the order decides which one a line is counted under.
  out.push_back({"the number of --where expressions", std::to_string(c.where.size())});
  for (std::size_t i = 0; i < c.where.size(); ++i) {
    out.push_back({"--where " + std::to_string(i + 1), c.where[i]});
  }
  out.push_back({"--uniqueness", flag(c.uniqueness)});
  // Each split by name, fraction and file, in order (the order decides which positions each
  // takes); the seeds and the sample.
  out.push_back({"the number of --split options", std::to_string(c.outputs.splits.size())});
  for (std::size_t i = 0; i < c.outputs.splits.size(); ++i) {
    const split_output& split = c.outputs.splits[i];
    out.push_back({"--split " + std::to_string(i + 1),
                   split.name + "=" + split.fraction + ":" + quoted_name(split.path)});
  }
  out.push_back({"--split-seed", std::to_string(c.split_seed)});
  out.push_back({"--sample", c.sample.empty() ? "not set" : c.sample});
  out.push_back({"--sample-seed", std::to_string(c.sample_seed)});
  describe_survivors(out, c.survivors);
  // Moves played and checked (issue 29): every rank reads the same position from a record.
  for (const auto& [option, moves] : {std::pair{"--apply-moves", c.lines.moves.apply},
                                      std::pair{"--exclude-apply-moves", c.exclude_moves}}) {
    out.push_back({option, moves.field.empty() ? "not set" : quoted_name(to_string(moves))});
  }
  out.push_back({"--check-move", file_name(c.lines.moves.check_field)});
  out.push_back({"--no-mmap", flag(!reading.use_mmap)});
  out.push_back({"--allow-special", flag(reading.allow_special_files)});
  out.push_back({"--max-bytes", std::to_string(reading.max_bytes)});
  out.push_back({"--format", std::string(core::to_string(c.lines.write.format))});
  out.push_back({"--castling", std::string(core::to_string(c.lines.write.castling))});
  out.push_back({"--ep", std::string(core::to_string(c.lines.write.ep))});
  out.push_back({"--compress", std::string(to_string(c.outputs.codec))});
  out.push_back(
      {"--level", c.outputs.level == 0 ? "the codec's default" : std::to_string(c.outputs.level)});
  out.push_back({"--samples", std::to_string(c.samples_per_reason)});
  out.push_back({"--top", std::to_string(c.top)});
}

}  // namespace

start_settings describe_start(const rank_start& start) {
  start_settings out;
  out.push_back({"the command line", start.config != nullptr ? "a run" : start.instead});
  if (start.config == nullptr) return out;
  const report_options c = describe_run(*start.config);
  describe_files(out, "input", "inputs", c.inputs);
  out.push_back({"the output", quoted_name(c.outputs.output)});
  out.push_back({"--rejects", file_name(c.outputs.rejects)});
  out.push_back({"--duplicates", file_name(c.outputs.duplicates)});
  out.push_back({"--counts", file_name(c.outputs.counts)});
  out.push_back({"--stats-json", file_name(c.outputs.stats_json)});
  out.push_back({"--report", file_name(c.outputs.report)});
  describe_files(out, "--exclude reference", "--exclude references", c.references);
  describe_options(out, c, resolve_run(*start.config).inputs.reading);
  for (const auto& [name, value] : start.program_settings) out.push_back({name, value});
  return out;
}

std::string encode_settings(const start_settings& settings) {
  std::string bytes;
  for (const start_setting& s : settings) {
    for (const std::string* text : {&s.name, &s.value}) {
      bytes += std::to_string(text->size());
      bytes += ':';
      bytes += *text;
    }
  }
  return bytes;
}

start_settings decode_settings(const std::string& bytes) {
  start_settings settings;
  std::size_t at = 0;
  const auto next = [&](std::string& text) {
    const std::size_t colon = bytes.find(':', at);
    if (colon == std::string::npos) return false;
    const std::size_t size = std::stoul(bytes.substr(at, colon - at));
    text = bytes.substr(colon + 1, size);
    at = colon + 1 + size;
    return true;
  };
  start_setting s;
  while (at < bytes.size() && next(s.name) && next(s.value)) settings.push_back(s);
  return settings;
}

std::string first_difference(const std::vector<start_settings>& by_rank) {
  if (by_rank.empty()) return {};
  const start_settings& zero = by_rank.front();
  std::size_t longest = 0;
  for (const start_settings& s : by_rank) longest = std::max(longest, s.size());
  for (std::size_t i = 0; i < longest; ++i) {
    for (std::size_t r = 1; r < by_rank.size(); ++r) {
      const start_setting* mine = i < zero.size() ? &zero[i] : nullptr;
      const start_setting* theirs = i < by_rank[r].size() ? &by_rank[r][i] : nullptr;
      if (mine != nullptr && theirs != nullptr && mine->name == theirs->name &&
          mine->value == theirs->value) {
        continue;
      }
      const std::string name = mine != nullptr ? mine->name : theirs->name;
      return "ranks disagree: " + name + " is " + (mine != nullptr ? mine->value : "absent") +
             " on rank 0 and " + (theirs != nullptr ? theirs->value : "absent") + " on rank " +
             std::to_string(r) + " (every rank must be given the same options and inputs)";
    }
  }
  return {};
}

void agree_on_settings(const communicator& comm, const start_settings& mine) {
  const std::string encoded = encode_settings(mine);
  const std::string zeros = comm.broadcast(encoded, 0);
  if (comm.min(encoded == zeros ? 1 : 0) == 1) return;
  const std::vector<std::string> all = comm.gather(encoded, 0);
  std::string message;
  if (comm.rank() == 0) {
    std::vector<start_settings> by_rank;
    for (const std::string& bytes : all) by_rank.push_back(decode_settings(bytes));
    message = first_difference(by_rank);
    if (message.empty()) message = "ranks disagree on their options or inputs";
  }
  throw std::runtime_error(comm.broadcast(message, 0));
}

}  // namespace fenbatch::pipeline::detail
