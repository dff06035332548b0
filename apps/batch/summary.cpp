#include "summary.hpp"

#include <array>
#include <cstdio>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/board_kind.hpp"
#include "fenbatch/pipeline/binary_size.hpp"
#include "fenbatch/pipeline/quoted_name.hpp"
#include "fenbatch/pipeline/run_counters.hpp"

namespace fenbatch::app {
namespace {

using pipeline::binary_size;
using pipeline::counter;
using pipeline::counter_info;
using pipeline::describe;
using pipeline::run_config;
using pipeline::run_stats;

// A counter's name for people: "legal ep" for legal_ep.
std::string label(std::string_view name) {
  std::string text(name);
  for (char& c : text) c = c == '_' ? ' ' : c;
  return text;
}

// One line of counters: "group: name N, name N; name: N", a group being a nested object of
// the JSON document.
void print_counter_line(const run_stats& s, std::span<const counter> counters) {
  std::string line = " ";
  std::string_view group;
  for (const counter c : counters) {
    const counter_info& info = describe(c);
    const std::string value = with_commas(info.value(s));
    if (!info.group().empty() && info.group() == group) {
      line += ", " + label(info.name()) + " " + value;
      continue;
    }
    line += line.size() == 1 ? " " : "; ";
    group = info.group();
    line += group.empty() ? label(info.name()) + ": " + value
                          : label(group) + ": " + label(info.name()) + " " + value;
  }
  std::fprintf(stderr, "%s\n", line.c_str());
}

void print_counter_line(const run_stats& s, std::initializer_list<counter> counters) {
  print_counter_line(s, std::span<const counter>(counters.begin(), counters.size()));
}

// Side to move and castling of the lines written, where they differ from the valid lines'
// (dedupe and --exclude drop lines; without them the two are the same).
void print_written_positions(const run_stats& s) {
  const bool differ = s.written_white_to_move != s.white_to_move ||
                      s.written_black_to_move != s.black_to_move ||
                      s.written_castling_none != s.castling_none ||
                      s.written_castling_standard != s.castling_standard ||
                      s.written_castling_chess960 != s.castling_chess960;
  if (!differ) return;
  const std::string line = "  written: side to move: white " +
                           with_commas(s.written_white_to_move) + ", black " +
                           with_commas(s.written_black_to_move) + "; castling: none " +
                           with_commas(s.written_castling_none) + ", standard " +
                           with_commas(s.written_castling_standard) + ", chess960 " +
                           with_commas(s.written_castling_chess960);
  std::fprintf(stderr, "%s\n", line.c_str());
}

// The outcomes a run can have beyond written, duplicates and invalid: each shown only where an
// option makes it possible, so that the summary of other runs stays as it was.
struct shown_outcomes {
  bool excluded;   // --exclude
  bool filtered;   // --where
  bool unsampled;  // --sample
  bool rare;       // --min-count
};
shown_outcomes shown_outcomes_of(const run_config& config) {
  return {!config.exclude_paths.empty(), !config.where.empty(), config.sample.has_value(),
          config.min_count > 1};
}

// "   8x8: lines 10, valid 8, invalid 2, duplicates 1, written 7" and the same for 10x8, once
// a 10x8 line was seen (an 8x8 corpus's summary stays as it was); "excluded N" with --exclude
// and "filtered N" with --where, "unsampled N" with --sample, "rare N" with --min-count before
// "written".
void print_boards(const run_stats& s, const shown_outcomes& shown_if) {
  if (s.ten_by_eight_lines == 0) return;
  using board_counters = std::array<counter, 9>;
  for (const board_counters& board :
       {board_counters{counter::eight_by_eight_lines, counter::eight_by_eight_valid,
                       counter::eight_by_eight_invalid, counter::eight_by_eight_duplicates,
                       counter::eight_by_eight_excluded, counter::eight_by_eight_filtered,
                       counter::eight_by_eight_unsampled, counter::eight_by_eight_rare,
                       counter::eight_by_eight_written},
        board_counters{counter::ten_by_eight_lines, counter::ten_by_eight_valid,
                       counter::ten_by_eight_invalid, counter::ten_by_eight_duplicates,
                       counter::ten_by_eight_excluded, counter::ten_by_eight_filtered,
                       counter::ten_by_eight_unsampled, counter::ten_by_eight_rare,
                       counter::ten_by_eight_written}}) {
    std::vector<counter> shown(board.begin(), board.begin() + 4);
    if (shown_if.excluded) shown.push_back(board[4]);
    if (shown_if.filtered) shown.push_back(board[5]);
    if (shown_if.unsampled) shown.push_back(board[6]);
    if (shown_if.rare) shown.push_back(board[7]);
    shown.push_back(board[8]);
    print_counter_line(s, shown);
  }
}

// "  where 'pieces >= 16': filtered 12": each --where with the lines it filtered (each line
// under the first that did not hold), and ", 3 with a field missing" when some of them lacked
// a `$NAME` field it reads (a typo in a name shows here).
void print_filtered_by_where(const run_stats& s, const std::vector<std::string>& where) {
  for (std::size_t i = 0; i < where.size(); ++i) {
    const std::uint64_t n = i < s.filtered_by_where.size() ? s.filtered_by_where[i] : 0;
    const std::uint64_t missing = i < s.missing_by_where.size() ? s.missing_by_where[i] : 0;
    std::string missing_text;
    if (missing != 0) {
      missing_text = ", ";
      missing_text.append(with_commas(missing));
      missing_text.append(" with a field missing");
    }
    std::fprintf(stderr, "  where '%s': filtered %s%s\n", where[i].c_str(), with_commas(n).c_str(),
                 missing_text.c_str());
  }
}

// "  split test (10%) test.fen: written 12" for each --split, then "  output out.fen: written
// 100": where the written lines went.
void print_splits(const run_stats& s, const run_config& config) {
  if (config.splits.empty()) return;
  std::uint64_t to_splits = 0;
  for (std::size_t i = 0; i < config.splits.size(); ++i) {
    const pipeline::split_request& split = config.splits[i];
    const std::uint64_t n = i < s.written_by_split.size() ? s.written_by_split[i] : 0;
    to_splits += n;
    std::fprintf(stderr, "  split %s (%s) %s: written %s\n", split.name.c_str(),
                 split.fraction_text.c_str(), pipeline::quoted_name(split.path).c_str(),
                 with_commas(n).c_str());
  }
  std::fprintf(stderr, "  output %s: written %s\n", pipeline::quoted_name(config.output).c_str(),
               with_commas(s.written - to_splits).c_str());
}

// "  input a.fen: lines 10, valid 8, invalid 1, skipped 1, duplicates 2, written 6", and
// "excluded N" before "written" with --exclude, "filtered N" with --where, "unsampled N" with
// --sample, "rare N" with --min-count. The name quoted as ls quotes it where needed.
void print_input(const pipeline::input_stats& input, const shown_outcomes& shown_if) {
  const pipeline::run_counters& c = input.counts;
  const std::string name = pipeline::quoted_name(input.path);
  std::string dropped;
  if (shown_if.excluded) dropped.append(", excluded ").append(with_commas(c.excluded));
  if (shown_if.filtered) dropped.append(", filtered ").append(with_commas(c.filtered));
  if (shown_if.unsampled) dropped.append(", unsampled ").append(with_commas(c.unsampled));
  if (shown_if.rare) dropped.append(", rare ").append(with_commas(c.rare));
  std::fprintf(
      stderr,
      "  input %s: lines %s, valid %s, invalid %s, skipped %s, duplicates %s%s, written %s\n",
      name.c_str(), with_commas(c.lines).c_str(), with_commas(c.valid).c_str(),
      with_commas(c.invalid).c_str(), with_commas(c.skipped()).c_str(),
      with_commas(c.duplicates).c_str(), dropped.c_str(), with_commas(c.written).c_str());
}

}  // namespace

std::string with_commas(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// "fenbatch: 7 invalid lines (rank_width 5, field_count 2)": the reasons that occurred.
void print_invalid_summary(const run_stats& s) {
  const counter_info& reasons = describe(counter::invalid_by_reason);
  const std::span<const std::uint64_t> counts = reasons.values(s);
  std::string by_reason;
  for (std::size_t e = 0; e < counts.size(); ++e) {
    if (counts[e] == 0) continue;
    by_reason += by_reason.empty() ? "" : ", ";
    by_reason += reasons.element_name(e) + " " + with_commas(counts[e]);
  }
  std::fprintf(stderr, "fenbatch: %s invalid line%s (%s)\n", with_commas(s.invalid).c_str(),
               s.invalid == 1 ? "" : "s", by_reason.c_str());
}

std::string memory_summary(const pipeline::memory_stats& m) {
  std::string line = "memory: " + binary_size(m.limit_bytes) + " budget (" + m.limit_source + "); ";
  if (!m.partitioned) return line + "dedupe in memory";
  return line +
         (m.lines_before_switch == 0
              ? "partitioned from the start"
              : "partitioned after " + with_commas(m.lines_before_switch) + " lines") +
         ", " + with_commas(m.partitions) + (m.partitions == 1 ? " partition, " : " partitions, ") +
         binary_size(m.temp_bytes) + " temporary";
}

std::string distribution_summary(const pipeline::distribution_stats& d, std::uint64_t lines) {
  char per_line[32];
  std::snprintf(
      per_line, sizeof per_line, "%.1f",
      lines == 0 ? 0.0 : static_cast<double>(d.bytes_exchanged) / static_cast<double>(lines));
  return "ranks: " + with_commas(d.ranks) + "; " + binary_size(d.bytes_exchanged) +
         " exchanged for dedupe (" + per_line + " bytes per line), " + binary_size(d.bytes_joined) +
         " of parts joined on rank 0";
}

// --uniqueness: "  distinct position        1,234", "~1,234 (estimate, +-0.41%)" past the
// identity's memory share and in a distributed run.
void print_uniqueness(const run_stats& s) {
  if (!s.uniqueness) return;
  for (std::size_t i = 0; i < pipeline::identity_count; ++i) {
    const pipeline::identity_distinct& counted = s.uniqueness->identities[i];
    const std::string name(pipeline::identity_name(static_cast<pipeline::identity>(i)));
    std::fprintf(stderr, "  distinct %-19s %s%s%s\n", name.c_str(), counted.exact ? "" : "~",
                 with_commas(counted.distinct).c_str(),
                 counted.exact ? "" : " (estimate, +-0.41%)");
  }
}

void print_stats(const run_stats& s, const run_config& config) {
  const double seconds = s.wall_seconds > 0 ? s.wall_seconds : 1e-9;
  std::fprintf(stderr,
               "fenbatch: %s lines, %.1f MB in %.3f s (%.1f MB/s, %.2f M lines/s, %u threads)\n",
               with_commas(s.lines).c_str(), static_cast<double>(s.bytes) / 1e6, s.wall_seconds,
               static_cast<double>(s.bytes) / 1e6 / seconds,
               static_cast<double>(s.lines) / 1e6 / seconds, s.threads);
  // Set by every run; absent only from statistics built by hand.
  if (s.memory.limit_bytes != 0) std::fprintf(stderr, "  %s\n", memory_summary(s.memory).c_str());
  if (s.distribution.ranks != 0) {
    std::fprintf(stderr, "  %s\n", distribution_summary(s.distribution, s.lines).c_str());
  }
  for (const counter c :
       {counter::valid, counter::invalid, counter::skipped_blank, counter::skipped_comment,
        counter::skipped_header, counter::skipped_record_lines, counter::written,
        counter::duplicates, counter::unique, counter::excluded, counter::filtered,
        counter::unsampled, counter::rare}) {
    const counter_info& info = describe(c);
    if (info.reported == pipeline::counter_reported::with_dedupe && !config.dedupe) {
      continue;
    }
    // Lines that only CSV/TSV inputs and --exclude produce.
    if (c == counter::skipped_header && info.value(s) == 0) continue;
    if (c == counter::skipped_record_lines && info.value(s) == 0) continue;
    if (c == counter::excluded && config.exclude_paths.empty()) continue;
    if (c == counter::filtered && config.where.empty()) continue;
    if (c == counter::unsampled && !config.sample) continue;
    if (c == counter::rare && config.min_count == 1) continue;
    std::fprintf(stderr, "  %-12s %15s\n", label(info.name()).c_str(),
                 with_commas(info.value(s)).c_str());
  }
  const counter_info& repairs = describe(counter::repairs);
  const std::span<const std::uint64_t> repaired = repairs.values(s);
  for (std::size_t k = 0; k < repaired.size(); ++k) {
    if (repaired[k] != 0) {
      std::fprintf(stderr, "  repaired %-16s %s\n", repairs.element_name(k).c_str(),
                   with_commas(repaired[k]).c_str());
    }
  }
  print_filtered_by_where(s, config.where);
  print_splits(s, config);
  // "filtered" only with --where, "unsampled" only with --sample, "rare" only with --min-count,
  // so that the summary of other runs stays as it was.
  const shown_outcomes shown_if = shown_outcomes_of(config);
  std::fprintf(stderr,
               "  reconciliation: lines %s = written + duplicates + excluded + %s%s%sinvalid + "
               "skipped: %s\n",
               with_commas(s.lines).c_str(), config.where.empty() ? "" : "filtered + ",
               config.sample ? "unsampled + " : "", shown_if.rare ? "rare + " : "",
               s.reconciles() ? "ok" : "MISMATCH");
  print_boards(s, shown_if);
  print_counter_line(s, {counter::white_to_move, counter::black_to_move, counter::castling_none,
                         counter::castling_standard, counter::castling_chess960});
  print_counter_line(s, {counter::legal_ep, counter::in_check});
  print_written_positions(s);
  print_uniqueness(s);
  if (s.inputs.size() > 1) {
    for (const pipeline::input_stats& input : s.inputs) {
      print_input(input, shown_if);
    }
  }
  if (!config.exclude_paths.empty()) {
    const pipeline::reference_stats& r = s.reference;
    std::fprintf(stderr, "  reference: %s files, %s lines, %s valid, %s invalid, %s positions\n",
                 with_commas(r.files).c_str(), with_commas(r.lines).c_str(),
                 with_commas(r.valid).c_str(), with_commas(r.invalid).c_str(),
                 with_commas(r.positions).c_str());
  }
  const std::vector<pipeline::counted_material> material = s.top_material();
  for (std::size_t i = 0; i < material.size() && i < 5; ++i) {
    // The board only for 10x8 signatures: "KvK" alone stays the 8x8 one.
    const bool ten_files = material[i].board == core::board_kind::ten_by_eight;
    std::fprintf(stderr, "  material #%zu: %s%s %s\n", i + 1, material[i].text.c_str(),
                 ten_files ? " (10x8)" : "", with_commas(material[i].count).c_str());
  }
  for (std::size_t i = 0; i < s.most_repeated.size() && i < 5; ++i) {
    std::fprintf(stderr, "  repeated #%zu: %s x%s\n", i + 1, s.most_repeated[i].text.c_str(),
                 with_commas(s.most_repeated[i].count).c_str());
  }
}

std::string progress_text(const pipeline::progress_info& p) {
  std::array<char, 160> text{};
  const double done = static_cast<double>(p.bytes_done);
  const double total = static_cast<double>(p.bytes_total);
  const char* phase = !p.partitioned                                  ? ""
                      : p.phase == pipeline::run_phase::reading       ? "pass 1/3 reading, "
                      : p.phase == pipeline::run_phase::deduplicating ? "pass 2/3 "
                                                                      : "pass 3/3 writing, ";
  if (p.partitioned && p.phase == pipeline::run_phase::deduplicating) {
    // Partitions, not bytes: each is read, deduplicated and written back whole.
    std::snprintf(text.data(), text.size(), "fenbatch: %sdeduplicating partitions %llu/%llu", phase,
                  static_cast<unsigned long long>(p.bytes_done),
                  static_cast<unsigned long long>(p.bytes_total));
  } else if (p.bytes_total != 0) {
    const double rate = p.seconds > 0 ? done / 1e6 / p.seconds : 0;
    const double eta = rate > 0 ? (total - done) / 1e6 / rate : 0;
    std::snprintf(text.data(), text.size(),
                  "fenbatch: %s%.0f / %.0f MB (%.1f%%), %.0f MB/s, ETA %.0f s", phase, done / 1e6,
                  total / 1e6, 100.0 * done / (total > 0 ? total : 1), rate, eta);
  } else {
    const double rate = p.seconds > 0 ? done / 1e6 / p.seconds : 0;
    std::snprintf(text.data(), text.size(), "fenbatch: %s%.0f MB, %.0f MB/s", phase, done / 1e6,
                  rate);
  }
  std::string line = text.data();
  // Padded over what a longer line of an earlier phase left on the terminal; fenbatch clears
  // this many columns at the end.
  if (line.size() < progress_columns) line.append(progress_columns - line.size(), ' ');
  return line;
}

void show_progress(const pipeline::progress_info& p) {
  std::fprintf(stderr, "\r%s", progress_text(p).c_str());
}

}  // namespace fenbatch::app
