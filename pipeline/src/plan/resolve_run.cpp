#include "plan/resolved_run.hpp"

#include <cmath>
#include <optional>
#include <span>

#include "fenbatch/pipeline/config_error.hpp"
#include "fenbatch/pipeline/run_config.hpp"
#include "fenbatch/pipeline/where_check.hpp"
#include "uniqueness/identity_keys.hpp"

namespace fenbatch::pipeline::detail {
namespace {

// The inputs' format: the one asked, else the first input's by its name (a run's inputs share
// one format: record_headers refuses a mix).
input_format inputs_format(const run_config& config) {
  if (config.format) return *config.format;
  return config.inputs.empty() ? input_format::fen : infer_input_format(config.inputs.front());
}

// Each reference has its own format (by its name); --fen-field names the inputs' field, so it
// applies to references of the inputs' format only, others use the default (the column or key
// "fen"). Every valid line of a reference is keyed; no origins.
std::vector<reference_input> references_of(const run_config& config, const line_options& lines) {
  std::vector<reference_input> references;
  const input_format format = inputs_format(config);
  for (const std::string& path : config.exclude_paths) {
    reference_input reference{path, lines};
    reference.lines.format = std::nullopt;
    reference.lines.keyed = true;
    reference.lines.with_origins = false;
    reference.lines.with_source_text = false;
    reference.lines.with_sources = false;
    // A reference's positions are excluded whatever --where says of them: --where chooses among
    // the inputs' lines, and a test set's position must not leak back into training data
    // because the filter would have dropped it from the test set.
    reference.lines.where.clear();
    reference.lines.where_needs = 0;
    reference.lines.where_fields.clear();
    reference.lines.identities = 0;
    reference.lines.sample_threshold.reset();
    reference.lines.keys_for_splits = false;
    reference.lines.ranking_field.clear();
    reference.lines.plain_output = false;
    reference.lines.moves = {config.exclude_apply_moves, {}};
    if (infer_input_format(path) != format) {
      reference.lines.fen_field.clear();
      reference.lines.header = header_mode::automatic;
      reference.lines.columns.clear();
    }
    references.push_back(std::move(reference));
  }
  return references;
}

// --format plain writes a position and NAME VALUE lines: JSON values have no such lines (nested
// values, quoting), and a --payload has no names.
void refuse_plain_output(const run_config& config, input_format format) {
  if (!config.plain_output) return;
  if (format == input_format::jsonl) {
    throw config_error("--format plain: JSON-lines records cannot be written as .plain");
  }
  if (config.decode.payload) {
    throw config_error("--format plain: a --payload has no field names to write in .plain");
  }
}

// Every valid line is keyed with dedupe (`keyed`); --exclude keys lines without it.
line_options lines_of(const run_config& config, bool keyed) {
  const bool with_origins = !config.counts_path.empty() || !config.duplicates_path.empty();
  return {config.format,
          config.fen_field,
          config.decode,
          config.write,
          config.key,
          keyed,
          with_origins,
          !config.duplicates_path.empty(),
          {},
          0,
          0,
          std::nullopt,
          1,
          false,
          config.header,
          config.columns,
          config.moves,
          {},
          config.plain_output,
          config.keep == keep_occurrence::max_value || config.keep == keep_occurrence::min_value
              ? config.keep_field
              : std::string(),
          config.keep != keep_occurrence::min_value,
          false};
}

// Each --where compiled, in the order given, and what they read together.
void compile_where(const run_config& config, line_options& lines) {
  for (const std::string& text : config.where) {
    core::where_program& program = lines.where.emplace_back();
    if (!core::compile_where(text, program, lines.where_fields).ok()) {
      throw config_error(where_refusal(text));
    }
    lines.where_needs = static_cast<core::where_needs>(lines.where_needs | program.needs());
  }
}

// The --split files, for the destinations and the statistics.
std::vector<split_output> split_outputs_of(const run_config& config) {
  std::vector<split_output> splits;
  for (const split_request& split : config.splits) {
    const double share = static_cast<double>(split.fraction.units) /
                         std::pow(10.0, static_cast<double>(split.fraction.decimals));
    splits.push_back({split.name, split.fraction_text, split.path, share});
  }
  return splits;
}

// --split and --sample: their exact thresholds (core/selection_hash.hpp); a config_error for
// fractions that add up to more than 1 (the command line refuses them first).
void resolve_selection(const run_config& config, resolved_run& run) {
  std::vector<core::decimal_fraction> cumulative;
  for (const split_request& split : config.splits) {
    cumulative.push_back(split.fraction);
    const std::optional<std::uint64_t> threshold = core::selection_threshold(cumulative);
    if (!threshold) throw config_error("the --split fractions add up to more than 1");
    run.splits.thresholds.push_back(*threshold);
  }
  run.splits.seed = config.split_seed;
  run.lines.keys_for_splits = !run.splits.empty() && !run.dedupe.enabled;
  if (config.sample) {
    const std::optional<std::uint64_t> threshold =
        core::selection_threshold(std::span(&*config.sample, 1));
    if (!threshold) throw config_error("the --sample fraction is more than 1");
    run.lines.sample_threshold = *threshold;
    run.lines.sample_seed = config.sample_seed;
  }
}

// --keep, --max-per-position, --min-count; a count of 0 is a config_error (the command line
// refuses it first).
survivor_policy survivors_of(const run_config& config) {
  if (config.max_per_position == 0) throw config_error("max_per_position must be at least 1");
  if (config.min_count == 0) throw config_error("min_count must be at least 1");
  const bool ranked =
      config.keep == keep_occurrence::max_value || config.keep == keep_occurrence::min_value;
  if (ranked && config.keep_field.empty()) throw config_error("--keep max/min needs a field");
  return {config.keep, config.max_per_position, config.min_count,
          ranked ? config.keep_field : std::string()};
}

output_options outputs_of(const run_config& config) {
  return {config.output,
          config.rejects_path,
          config.stats_json_path,
          config.report_path,
          config.duplicates_path,
          config.counts_path,
          config.output_compression,
          config.compression_level,
          config.inputs.size() == 1 ? config.inputs.front() : std::string(),
          split_outputs_of(config),
          false};
}

}  // namespace

// Counting needs the set, and the duplicates are the lines dedupe drops.
bool dedupes(const run_config& config) {
  return config.dedupe || !config.counts_path.empty() || !config.duplicates_path.empty() ||
         !survivors_of(config).plain();
}

report_options describe_run(const run_config& config) {
  report_options asked{config.inputs,
                       config.exclude_paths,
                       outputs_of(config),
                       lines_of(config, config.dedupe),
                       config.dedupe,
                       config.top,
                       config.samples_per_reason,
                       config.threads,
                       config.chunk_size,
                       config.max_bytes,
                       config.where,
                       config.split_seed,
                       config.sample ? config.sample_text : std::string(),
                       config.sample_seed,
                       survivors_of(config)};
  asked.uniqueness = config.uniqueness;
  asked.exclude_moves = config.exclude_apply_moves;
  return asked;
}

resolved_run resolve_run(const run_config& config) {
  resolved_run run;
  const bool with_origins = !config.counts_path.empty() || !config.duplicates_path.empty();
  const survivor_policy survivors = survivors_of(config);
  // A policy that needs final counts has them with every decision: --counts writes at once.
  run.dedupe = {dedupes(config), with_origins,
                !config.counts_path.empty() && !survivors.needs_final_count(), survivors};

  run.inputs = {config.inputs,
                {config.use_mmap, config.allow_special_files, config.max_bytes,
                 inputs_format(config) == input_format::plain},
                config.chunk_size};
  run.lines = lines_of(config, run.dedupe.enabled);
  run.lines.plain_output = config.plain_output;
  refuse_plain_output(config, inputs_format(config));
  compile_where(config, run.lines);
  if (config.uniqueness) run.lines.identities = counted_identities(run.dedupe.enabled, config.key);
  resolve_selection(config, run);
  run.references = references_of(config, run.lines);
  run.resources = {config.threads,
                   config.dedupe_shards,
                   config.dedupe_stages,
                   config.memory_limit,
                   config.dedupe_memory_bytes,
                   config.temp_dir,
                   run.dedupe.enabled || !config.temp_dir.empty()};
  run.outputs = outputs_of(config);
  run.report = describe_run(config);
  run.report.dedupe = run.dedupe.enabled;
  run.listeners = {config.diagnostic, config.progress};
  return run;
}

}  // namespace fenbatch::pipeline::detail
