// The statistics document, described by docs/stats.schema.json (schema_version 1). Key names
// are stable; every reason and repair kind is always present (with 0) at the top level, so
// consumers never have to guess; per input only the reasons that occurred are listed (a
// thousand inputs times every reason would drown the document). The counters' names come from
// their list (run_counters.hpp); this file decides where each section goes. Every string is
// valid UTF-8 JSON (json_writer.hpp); a name that is not UTF-8 gets its bytes in a "_quoted"
// sibling (name_member).

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "chunks/line_places.hpp"
#include "fenbatch/core/board_kind.hpp"
#include "fenbatch/core/option_names.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "fenbatch/pipeline/stats_json.hpp"
#include "fenbatch/version.hpp"
#include "stats/json_writer.hpp"
#include "stats/stats_document.hpp"

namespace fenbatch::pipeline {
namespace {

using detail::report_options;

using detail::display_name;
using detail::is_utf8;
using detail::json_writer;

// Bumped when a member changes meaning or goes away; new members do not bump it.
constexpr std::uint64_t schema_version = 1;

// The counters of one section in the order of their list, a group's in a nested object.
void write_counters(json_writer& w, const run_counters& s, counter_section section, bool dedupe) {
  std::string_view open_group;
  for (const counter_info& info : counter_infos()) {
    if (info.section != section) continue;
    if (info.group() != open_group) {
      if (!open_group.empty()) w.end_object();
      open_group = info.group();
      if (!open_group.empty()) {
        w.key(open_group);
        w.begin_object();
      }
    }
    w.key(info.name());
    if (info.element_name != nullptr) {
      const std::span<const std::uint64_t> values = info.values(s);
      w.begin_object();
      for (std::size_t i = 0; i < values.size(); ++i) {
        const std::string name = info.element_name(i);
        if (!name.empty()) w.member(name, values[i]);
      }
      w.end_object();
    } else if (info.reported == counter_reported::with_dedupe && !dedupe) {
      w.null();
    } else {
      w.value(info.value(s));
    }
  }
  if (!open_group.empty()) w.end_object();
}

// A file name, or another string given from outside (--fen-field): as is when it is UTF-8
// (control characters escaped, so exact); else with U+FFFD for what is not UTF-8, followed by
// the member `<key>_quoted`: the name as quoted_name() writes it (and the diagnostics print
// it), which bash reads back byte for byte (eval). Documents of plain names are unchanged.
void name_member(json_writer& w, std::string_view key, std::string_view name) {
  w.member(key, name);
  if (!is_utf8(name)) w.member(std::string(key) + "_quoted", std::string_view(quoted_name(name)));
}

// An array of names, and `<key>_quoted` (every name quoted, in the same order) when one of
// them is not UTF-8.
void names_member(json_writer& w, std::string_view key, std::span<const std::string> names) {
  w.key(key);
  w.begin_array();
  for (const std::string& name : names) w.value(std::string_view(name));
  w.end_array();
  if (std::all_of(names.begin(), names.end(), [](const std::string& n) { return is_utf8(n); })) {
    return;
  }
  w.key(std::string(key) + "_quoted");
  w.begin_array();
  for (const std::string& name : names) w.value(std::string_view(quoted_name(name)));
  w.end_array();
}

// A path, or null where the option is not given.
void optional_path(json_writer& w, std::string_view name, const std::string& path) {
  if (path.empty()) {
    w.key(name);
    w.null();
  } else {
    name_member(w, name, path);
  }
}

// --split (each as given), --split-seed, --sample (null: none), --sample-seed.
void write_selection_options(json_writer& w, const report_options& asked) {
  w.key("splits");
  w.begin_array();
  for (const detail::split_output& split : asked.outputs.splits) {
    w.begin_object();
    w.member("name", std::string_view(split.name));
    w.member("fraction", std::string_view(split.fraction));
    name_member(w, "file", split.path);
    w.end_object();
  }
  w.end_array();
  w.member("split_seed", asked.split_seed);
  w.key("sample");
  if (asked.sample.empty()) {
    w.null();
  } else {
    w.value(std::string_view(asked.sample));
  }
  w.member("sample_seed", asked.sample_seed);
}

// Which occurrence survives (the defaults: first, 1, 1 are plain dedupe).
void write_survivor_options(json_writer& w, const detail::survivor_policy& survivors) {
  w.member("keep", std::string_view(survivors.keep_text()));
  w.member("max_per_position", std::uint64_t{survivors.max_per_position});
  w.member("min_count", std::uint64_t{survivors.min_count});
}

// --apply-moves, --exclude-apply-moves and --check-move as given; null where not given.
void write_move_options(json_writer& w, const report_options& asked) {
  optional_path(w, "apply_moves", to_string(asked.lines.moves.apply));
  optional_path(w, "exclude_apply_moves", to_string(asked.exclude_moves));
  optional_path(w, "check_move", asked.lines.moves.check_field);
}

void write_options(json_writer& w, const report_options& asked) {
  w.key("options");
  w.begin_object();
  w.member("dedupe", asked.dedupe);
  w.member("key", core::to_string(asked.lines.key));
  w.member("format", asked.lines.plain_output ? std::string_view("plain")
                                              : core::to_string(asked.lines.write.format));
  w.member("castling", core::to_string(asked.lines.write.castling));
  w.member("ep", core::to_string(asked.lines.write.ep));
  w.member("repair", asked.lines.decode.repair);
  w.member("payload", asked.lines.decode.payload);
  w.key("input_format");  // null: inferred from each input's name
  if (asked.lines.format) {
    w.value(to_string(*asked.lines.format));
  } else {
    w.null();
  }
  optional_path(w, "fen_field", asked.lines.fen_field);  // null: the column or key "fen"
  w.member("header", to_string(asked.lines.header));
  w.key("columns");  // --columns, in order; [] without it
  w.begin_array();
  for (const std::string& name : asked.lines.columns) w.value(std::string_view(name));
  w.end_array();
  w.member("compress", to_string(asked.outputs.codec));
  w.member("level", static_cast<std::uint64_t>(asked.outputs.level));  // 0: the default
  w.member("top", std::uint64_t{asked.top});
  names_member(w, "exclude", asked.references);
  w.key("where");  // each --where, as given
  w.begin_array();
  for (const std::string& text : asked.where) w.value(std::string_view(text));
  w.end_array();
  w.member("uniqueness", asked.uniqueness);
  write_selection_options(w, asked);
  write_survivor_options(w, asked.survivors);
  write_move_options(w, asked);
  optional_path(w, "duplicates", asked.outputs.duplicates);
  optional_path(w, "counts", asked.outputs.counts);
  optional_path(w, "report", asked.outputs.report);
  w.end_object();
}

void write_material(json_writer& w, const std::vector<counted_material>& ranked) {
  w.key("top_material");
  w.begin_array();
  for (const counted_material& m : ranked) {
    w.begin_object();
    w.member("signature", std::string_view(m.text));
    w.member("board", core::board_kind_name(m.board));
    w.member("count", m.count);
    w.end_object();
  }
  w.end_array();
}

// Each input's share of the counters; reasons that did not occur are left out.
void write_per_input(json_writer& w, const run_stats& s) {
  const counter_info& reasons = describe(counter::invalid_by_reason);
  w.key("per_input");
  w.begin_array();
  for (const input_stats& input : s.inputs) {
    const run_counters& c = input.counts;
    w.begin_object();
    name_member(w, "path", input.path);
    w.member("lines", c.lines);
    w.member("valid", c.valid);
    w.member("invalid", c.invalid);
    w.key("invalid_by_reason");
    w.begin_object();
    const std::span<const std::uint64_t> by_reason = reasons.values(c);
    for (std::size_t i = 0; i < by_reason.size(); ++i) {
      if (by_reason[i] != 0) w.member(reasons.element_name(i), by_reason[i]);
    }
    w.end_object();
    w.key("skipped");
    w.begin_object();
    w.member("blank", c.skipped_blank);
    w.member("comment", c.skipped_comment);
    w.member("header", c.skipped_header);
    w.member("record_lines", c.skipped_record_lines);
    w.end_object();
    w.member("duplicates", c.duplicates);
    w.member("excluded", c.excluded);
    w.member("filtered", c.filtered);
    w.member("unsampled", c.unsampled);
    w.member("rare", c.rare);
    w.member("written", c.written);
    w.end_object();
  }
  w.end_array();
}

// Each --where with the lines it filtered (each line under the first that did not hold) and, of
// those, the lines with a field it reads missing; [] without --where.
void write_filtered_by_where(json_writer& w, const run_stats& s, const report_options& asked) {
  w.key("filtered_by_where");
  w.begin_array();
  for (std::size_t i = 0; i < asked.where.size(); ++i) {
    w.begin_object();
    w.member("where", std::string_view(asked.where[i]));
    w.member("filtered", i < s.filtered_by_where.size() ? s.filtered_by_where[i] : 0);
    w.member("missing", i < s.missing_by_where.size() ? s.missing_by_where[i] : 0);
    w.end_object();
  }
  w.end_array();
}

// --uniqueness: per identity its distinct positions, whether exact, and the relative standard
// error of an estimate (0 when exact); null without the option.
void write_uniqueness(json_writer& w, const run_stats& s) {
  w.key("uniqueness");
  if (!s.uniqueness) {
    w.null();
    return;
  }
  w.begin_object();
  for (std::size_t i = 0; i < identity_count; ++i) {
    const identity_distinct& counted = s.uniqueness->identities[i];
    w.key(identity_name(static_cast<identity>(i)));
    w.begin_object();
    w.member("distinct", counted.distinct);
    w.member("exact", counted.exact);
    w.member("relative_standard_error", counted.exact ? 0.0 : sketch_relative_standard_error);
    w.end_object();
  }
  w.end_object();
}

// Each --split with the lines written to its file, and the lines written to the output itself
// (`written` counts both); [] and `written` without --split.
void write_splits(json_writer& w, const run_stats& s, const report_options& asked) {
  w.key("splits");
  w.begin_array();
  std::uint64_t to_splits = 0;
  for (std::size_t i = 0; i < asked.outputs.splits.size(); ++i) {
    const detail::split_output& split = asked.outputs.splits[i];
    const std::uint64_t written = i < s.written_by_split.size() ? s.written_by_split[i] : 0;
    to_splits += written;
    w.begin_object();
    w.member("name", std::string_view(split.name));
    name_member(w, "file", split.path);
    w.member("fraction", std::string_view(split.fraction));
    w.member("share", split.share);
    w.member("written", written);
    w.end_object();
  }
  w.end_array();
  w.member("written_to_output", s.written - to_splits);
}

// null without --exclude.
void write_reference(json_writer& w, const run_stats& s, const report_options& asked) {
  w.key("reference");
  if (asked.references.empty()) {
    w.null();
    return;
  }
  w.begin_object();
  w.member("files", s.reference.files);
  w.member("lines", s.reference.lines);
  w.member("valid", s.reference.valid);
  w.member("invalid", s.reference.invalid);
  w.member("positions", s.reference.positions);
  w.end_object();
}

// "samples": what --samples asked for, the cap, the samples listed and those the cap left out
// (lines --samples asked for that are not listed: from the counts by reason, so exact for a
// merged run too); then "invalid_samples", each sample's file as given ("<stdin>" for
// standard input), not as the messages quote it.
void write_samples(json_writer& w, const run_stats& s, const report_options& asked) {
  const unsigned kept = samples_kept_per_reason(asked.samples_per_reason);
  const std::span<const std::uint64_t> by_reason = describe(counter::invalid_by_reason).values(s);
  std::uint64_t dropped = 0;
  for (const std::uint64_t invalid : by_reason) {
    dropped += std::min<std::uint64_t>(invalid, asked.samples_per_reason) -
               std::min<std::uint64_t>(invalid, kept);
  }
  w.key("samples");
  w.begin_object();
  w.member("asked_per_reason", std::uint64_t{asked.samples_per_reason});
  w.member("cap_per_reason", std::uint64_t{max_samples_per_reason});
  w.member("per_reason", std::uint64_t{kept});
  w.member("listed", std::uint64_t{s.invalid_samples.size()});
  w.member("dropped", dropped);
  w.end_object();

  // A sample names its file as display_name() does; back to the name given.
  std::unordered_map<std::string, std::string_view> given;
  for (const std::string& input : asked.inputs) given.emplace(display_name(input), input);
  w.key("invalid_samples");
  w.begin_array();
  for (const invalid_sample& sample : s.invalid_samples) {
    const auto it = given.find(sample.file);
    const std::string_view file =
        it == given.end() || it->second == "-" ? std::string_view(sample.file) : it->second;
    w.begin_object();
    name_member(w, "file", file);
    w.member("line", sample.line);
    w.member("column", std::uint64_t{sample.column});
    w.member("offset", sample.offset);
    w.member("reason", core::to_string(sample.reason));
    w.end_object();
  }
  w.end_array();
}

// The budget and how dedupe kept to it; the last three are 0 for a run in memory.
void write_memory(json_writer& w, const memory_stats& m) {
  w.key("memory");
  w.begin_object();
  w.member("limit_bytes", m.limit_bytes);
  w.member("limit_source", std::string_view(m.limit_source));
  w.member("dedupe", std::string_view(m.partitioned ? "partitioned" : "memory"));
  w.member("lines_before_switch", m.partitioned ? m.lines_before_switch : 0);
  w.member("partitions", m.partitioned ? m.partitions : 0);
  w.member("temp_bytes", m.partitioned ? m.temp_bytes : 0);
  w.end_object();
}

// Only for a distributed run (fenbatch-mpi).
void write_distribution(json_writer& w, const distribution_stats& d) {
  if (d.ranks == 0) return;
  w.key("distribution");
  w.begin_object();
  w.member("ranks", d.ranks);
  w.member("bytes_exchanged", d.bytes_exchanged);
  w.member("bytes_joined", d.bytes_joined);
  w.end_object();
}

}  // namespace

namespace detail {

std::string stats_document(const run_stats& s, const report_options& asked) {
  json_writer w;
  w.begin_object();
  w.member("schema_version", schema_version);
  w.member("fenbatch_version", std::string_view(FENBATCH_VERSION_STRING));

  names_member(w, "inputs", asked.inputs);
  name_member(w, "output", asked.outputs.output);
  write_options(w, asked);
  w.member("key_hash", std::string_view("xxh3-128"));
  w.member("dedupe_mode", std::string_view(asked.dedupe ? "probabilistic-128" : "none"));

  write_counters(w, s, counter_section::input, asked.dedupe);
  names_member(w, "inputs_changed", s.inputs_changed);
  w.member("stopped_at_max_bytes", s.stopped_at_max_bytes);
  write_counters(w, s, counter_section::output, asked.dedupe);
  write_filtered_by_where(w, s, asked);
  write_uniqueness(w, s);
  write_splits(w, s, asked);

  w.key("reconciliation");
  w.begin_object();
  w.member("lines", s.lines);
  w.member("written", s.written);
  w.member("duplicates", s.duplicates);
  w.member("excluded", s.excluded);
  w.member("filtered", s.filtered);
  w.member("unsampled", s.unsampled);
  w.member("rare", s.rare);
  w.member("invalid", s.invalid);
  w.member("skipped", s.skipped());
  w.member("balanced", s.reconciles());
  w.end_object();

  w.key("boards");
  w.begin_object();
  write_counters(w, s, counter_section::boards, asked.dedupe);
  w.end_object();

  w.key("positions");
  w.begin_object();
  write_counters(w, s, counter_section::positions, asked.dedupe);
  write_material(w, s.top_material());
  w.end_object();

  w.key("written_positions");
  w.begin_object();
  write_counters(w, s, counter_section::written_positions, asked.dedupe);
  write_material(w, s.top_written_material());
  w.end_object();

  write_per_input(w, s);
  write_reference(w, s, asked);

  write_samples(w, s, asked);

  w.key("most_repeated");
  w.begin_array();
  for (const repeated_position& m : s.most_repeated) {
    w.begin_object();
    w.member("position", std::string_view(m.text));
    w.member("count", m.count);
    w.end_object();
  }
  w.end_array();

  const double seconds = s.wall_seconds > 0 ? s.wall_seconds : 1e-9;
  w.member("wall_seconds", s.wall_seconds);
  w.member("threads", std::uint64_t{s.threads});
  write_memory(w, s.memory);
  write_distribution(w, s.distribution);
  w.member("mb_per_second", static_cast<double>(s.bytes) / 1e6 / seconds);
  w.member("positions_per_second", static_cast<double>(s.lines) / seconds);
  w.end_object();
  std::string text = w.take();
  text += '\n';
  return text;
}

}  // namespace detail

std::string to_json(const run_stats& stats, const run_config& config) {
  // As the run's --stats-json file has it: with dedupe where the options imply it.
  detail::report_options report = detail::describe_run(config);
  report.dedupe = detail::dedupes(config);
  return detail::stats_document(stats, report);
}

}  // namespace fenbatch::pipeline
