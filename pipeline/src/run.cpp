// The run: a oneTBB parallel pipeline in the shape of the oneTBB `square` example.
//   1. serial, in order: cut the next chunk of whole lines from the inputs;
//   2. parallel: decode, validate, normalize, key and count every line of a chunk;
//   3. with --dedupe, one serial in-order stage per group of dedupe shards: add the chunk's
//      keys of those shards to the set;
//   4. with --dedupe, parallel: copy the chunk's first occurrences together;
//   5. serial, in order: write them, report invalid lines, merge statistics.
// Everything order-dependent happens in stages 3 and 5, which see chunks in input order, so
// output, rejects and statistics are byte-identical for any thread count and chunk size. The
// adds are the costly order-dependent part (a cache miss each): split by key into shards, each
// shard seeing its keys in input order, and the shards into stages that work on successive
// chunks at the same time, they run on as many threads as there are stages.

#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "chunk.hpp"
#include "dedupe_set.hpp"
#include "fenbatch/core/castling_class.hpp"
#include "fenbatch/core/line_limits.hpp"
#include "fenbatch/core/line_splitter.hpp"
#include "fenbatch/core/material.hpp"
#include "fenbatch/pipeline/output_file.hpp"
#include "fenbatch/pipeline/run.hpp"
#include "input_reader.hpp"
#include "tsan_annotations.hpp"

namespace fenbatch::pipeline {
namespace detail {
namespace {

using clock_type = std::chrono::steady_clock;

// Counting sort of the valid lines by dedupe shard, input order kept within each shard.
void group_by_shard(chunk& c, std::size_t shard_count) {
  const std::size_t n = c.valid.size();
  c.shard_begin.assign(shard_count + 1, 0);
  c.shard_position.resize(n);
  c.shard_keys.resize(n);
  // First pass: each line's shard (kept in shard_position until the second pass replaces it).
  for (std::size_t i = 0; i < n; ++i) {
    const auto shard =
        static_cast<std::uint32_t>(sharded_dedupe_set::shard_of(c.valid[i].key, shard_count));
    c.shard_position[i] = shard;
    ++c.shard_begin[shard + 1];
  }
  for (std::size_t s = 0; s < shard_count; ++s) c.shard_begin[s + 1] += c.shard_begin[s];
  std::array<std::uint32_t, sharded_dedupe_set::max_shards> next{};
  std::copy(c.shard_begin.begin(), c.shard_begin.end() - 1, next.begin());
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t position = next[c.shard_position[i]]++;
    c.shard_position[i] = position;
    c.shard_keys[position] = c.valid[i].key;
  }
}

// Stage 3: adds each chunk's keys to the dedupe set, one pipeline stage per group of shards
// (shards first..last-1 of group g). Each stage is serial and in input order, so every shard
// sees its keys in input order (first occurrences stay first); the stages run at once on
// successive chunks. The set is created by the first stage from the first chunk.
class dedupe_stages {
 public:
  dedupe_stages(const input_reader& inputs, std::size_t shard_count, std::size_t stage_count)
      : inputs_(inputs), shard_count_(shard_count), stage_tokens_(stage_count) {}

  [[nodiscard]] std::size_t stage_count() const noexcept { return stage_tokens_.size(); }
  // What TSan is told each stage's state (its shards) is handed over with.
  [[nodiscard]] const void* stage_token(std::size_t stage) const noexcept {
    return &stage_tokens_[stage];
  }
  [[nodiscard]] std::size_t unique() const noexcept { return set_ ? set_->size() : 0; }

  // Each line's count goes to its place in shard_keys: stages write disjoint ranges.
  void add(chunk& c, std::size_t stage) {
    if (stage == 0 && !set_) create_set(c);  // stage 0 sees the first chunk first
    sharded_dedupe_set& set = *set_;
    const std::size_t first = stage * shard_count_ / stage_count();
    const std::size_t last = (stage + 1) * shard_count_ / stage_count();
    // Prefetch a fixed distance ahead across the stage's shards (the set is far larger than
    // the cache), following the shard boundaries with a second cursor.
    constexpr std::size_t prefetch_distance = 16;
    const std::size_t end = c.shard_begin[last];
    std::size_t ahead_shard = first;
    for (std::size_t s = first; s < last; ++s) {
      dedupe_set& shard = set.shard(s);
      for (std::size_t j = c.shard_begin[s]; j < c.shard_begin[s + 1]; ++j) {
        const std::size_t ahead = j + prefetch_distance;
        if (ahead < end) {
          while (ahead >= c.shard_begin[ahead_shard + 1]) ++ahead_shard;
          set.shard(ahead_shard).prefetch(c.shard_keys[ahead]);
        }
        c.occurrences[j] = shard.add(c.shard_keys[j]);
      }
    }
  }

 private:
  // Total input bytes times the first chunk's lines per byte estimates the line count (every
  // line unique at worst). A larger table costs page faults on first touch, so a good estimate
  // matters.
  void create_set(const chunk& c) {
    constexpr std::size_t unknown_size_keys = 1 << 20;  // pipes, stdin: grow from here
    std::size_t expected = unknown_size_keys;
    if (inputs_.total_bytes() != 0 && c.input.text_bytes != 0 && c.counts.lines != 0) {
      expected = static_cast<std::size_t>(static_cast<double>(inputs_.total_bytes()) *
                                          static_cast<double>(c.counts.lines) /
                                          static_cast<double>(c.input.text_bytes));
    }
    set_.emplace(expected, shard_count_);
  }

  const input_reader& inputs_;
  std::size_t shard_count_;
  std::vector<char> stage_tokens_;
  std::optional<sharded_dedupe_set> set_;
};

void process(chunk& c, const run_config& config, std::size_t shard_count) {
  c.text.clear();
  c.valid.clear();
  c.invalid.clear();
  c.material.clear();
  c.counts = chunk_counts{};
  chunk_counts& n = c.counts;
  const bool keyed = config.dedupe;
  // Most canonical lines are no longer than their input; reserve once, grow rarely.
  c.text.reserve_more(c.input.data.size() + c.input.data.size() / 4 + 256);

  core::record rec;
  core::line_splitter lines(c.input.data);
  std::uint32_t index = 0;
  for (core::line_span line; lines.next(line); ++index) {
    n.crlf_lines += line.crlf ? 1 : 0;
    const core::fen_status status = core::parse_record(line.text, config.decode, rec);
    if (status.code != core::fen_errc::ok) {
      if (status.code == core::fen_errc::skipped_blank) {
        ++n.skipped_blank;
      } else if (status.code == core::fen_errc::skipped_comment) {
        ++n.skipped_comment;
      } else {
        ++n.invalid;
        ++n.invalid_by_reason[static_cast<std::size_t>(status.code)];
        c.invalid.push_back({index, status.column, status.code, line.text});
      }
      continue;
    }
    ++n.valid;
    c.text.reserve_more(core::max_written_size(line.text.size()) + 1);
    char* out = c.text.end();
    const std::size_t length = core::write_record(rec, line.text, config.write, out);
    out[length] = '\n';
    c.valid.push_back({keyed ? core::make_key(rec, config.key) : core::position_key{},
                       static_cast<std::uint32_t>(c.text.size()),
                       static_cast<std::uint32_t>(length + 1)});
    c.text.grow_by(length + 1);

    // Most lines have no repair and many no note: skip those counters then.
    if (rec.repairs != 0) {
      for (int k = 0; k < core::repair_kind_count; ++k) {
        n.repairs[static_cast<std::size_t>(k)] += (rec.repairs >> k) & 1U;
      }
    }
    if (rec.notes != 0) {
      n.fullmove_zero += rec.has(core::record_note::fullmove_zero) ? 1 : 0;
      n.epd_records += rec.has(core::record_note::epd_form) ? 1 : 0;
      n.with_operations += rec.has(core::record_note::has_operations) ? 1 : 0;
      n.whitespace_normalized += rec.has(core::record_note::whitespace_normalized) ? 1 : 0;
      n.counters_inconsistent += rec.has(core::record_note::counters_inconsistent) ? 1 : 0;
    }
    const core::position& pos = rec.pos;
    n.white_to_move += pos.side_to_move == core::color::white ? 1 : 0;
    switch (core::classify_castling(pos)) {
      case core::castling_class::none: ++n.castling_none; break;
      case core::castling_class::standard: ++n.castling_standard; break;
      case core::castling_class::chess960: ++n.castling_chess960; break;
    }
    n.legal_ep += rec.legal_ep != core::no_square ? 1 : 0;
    n.in_check += rec.in_check ? 1 : 0;
    ++n.piece_count[static_cast<std::size_t>(core::popcount(pos.occupied()))];
    c.material.add(core::material_signature(pos));
  }
  n.lines = index;
  if (keyed) {
    group_by_shard(c, shard_count);
    c.occurrences.resize(c.valid.size());
  }
}

// With --dedupe, once every dedupe stage has seen the chunk: the indices of its duplicates
// and, if there are any, its text without them (the text holds exactly the valid lines, back
// to back). In parallel: the in-order stage then writes one piece.
void keep_first_occurrences(chunk& c) {
  c.duplicates.clear();
  c.kept.clear();
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    if (c.occurrences[c.shard_position[i]] != 1)
      c.duplicates.push_back(static_cast<std::uint32_t>(i));
  }
  if (c.duplicates.empty()) return;  // the text as it is
  c.kept.reserve_more(c.text.size());
  std::size_t from = 0;
  const auto copy_to = [&c, &from](std::size_t to) {
    if (to == from) return;  // (memcpy wants real pointers even for no bytes)
    std::memcpy(c.kept.end(), c.text.view(from, 0).data(), to - from);
    c.kept.grow_by(to - from);
  };
  for (const std::uint32_t i : c.duplicates) {
    const chunk::valid_line& line = c.valid[i];
    copy_to(line.text_offset);
    from = line.text_offset + line.text_length;
  }
  copy_to(c.text.size());
}

// Printable ASCII as is; everything else as \xNN, so raw bytes never reach a terminal.
std::string escape_for_terminal(std::string_view text, std::size_t limit) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (out.size() >= limit) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      out += "\\\\";
    } else if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      static constexpr char hex[] = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

// The positions counted most often among duplicates, kept exactly (see the argument in
// record_duplicate): candidates enter when their count reaches the current 20th largest.
class most_repeated_tracker {
 public:
  static constexpr std::size_t reported = 20;

  // `text_of` gives the text to report; called only when the key becomes a candidate (cutting
  // the position fields out of every duplicate line cost most of the in-order stage).
  template <class TextOf>
  void record_duplicate(const core::position_key& key, std::uint32_t count, TextOf text_of) {
    // A key whose final count ranks in the top 20 had, at its last increment, a count at least
    // the 20th largest count seen so far among candidates, so it is inserted or refreshed
    // then; counts below that threshold may leave a candidate's count stale (low), which can
    // only make pruning drop keys that are not in the final top 20 either. Pruning keeps the
    // top 20 by (count, key), so it never drops a final top-20 key.
    if (candidates_.size() >= reported && count < threshold_) return;
    auto it = candidates_.find(key);
    if (it != candidates_.end()) {
      it->second.count = count;
      return;
    }
    candidates_.emplace(key, counted_text{std::string(text_of()), count});
    if (candidates_.size() > 4 * reported) prune();
  }

  [[nodiscard]] std::vector<counted_text> top() {
    prune();
    std::vector<std::pair<core::position_key, counted_text>> sorted(candidates_.begin(),
                                                                    candidates_.end());
    std::sort(sorted.begin(), sorted.end(), ranks_before);
    std::vector<counted_text> out;
    for (auto& [key, entry] : sorted) out.push_back(std::move(entry));
    return out;
  }

 private:
  static bool ranks_before(const std::pair<core::position_key, counted_text>& a,
                           const std::pair<core::position_key, counted_text>& b) {
    if (a.second.count != b.second.count) return a.second.count > b.second.count;
    return a.first < b.first;
  }
  void prune() {
    if (candidates_.size() <= reported) return;
    std::vector<std::pair<core::position_key, counted_text>> sorted(candidates_.begin(),
                                                                    candidates_.end());
    std::sort(sorted.begin(), sorted.end(), ranks_before);
    sorted.resize(reported);
    threshold_ = static_cast<std::uint32_t>(sorted.back().second.count);
    candidates_ = {sorted.begin(), sorted.end()};
  }

  std::map<core::position_key, counted_text> candidates_;
  std::uint32_t threshold_ = 0;
};

// The first four fields of a canonical line: the position without counters or operations.
std::string_view position_fields(std::string_view line) {
  std::size_t spaces = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == ' ' && ++spaces == 4) return line.substr(0, i);
    if (line[i] == '\n') return line.substr(0, i);
  }
  return line;
}

std::string display_name(const std::string& path) {
  return path == "-" ? "<stdin>" : path;
}

void append_number(std::string& out, std::uint64_t value) {
  char digits[24];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
}

// Stage 5: everything else that must happen in input order.
class ordered_stage {
 public:
  ordered_stage(const run_config& config, const input_reader& inputs, output_file& output,
                output_file* rejects, const dedupe_stages& dedupe)
      : config_(config),
        inputs_(inputs),
        output_(output),
        rejects_(rejects),
        dedupe_(dedupe),
        started_(clock_type::now()) {
    samples_.fill(0);
  }

  void consume(chunk& c) {
    if (c.input.file_index != file_index_) {
      file_index_ = c.input.file_index;
      line_base_ = 0;
    }
    merge_counts(c);
    write_valid(c);
    report_invalid(c);
    line_base_ += c.counts.lines;
    input_bytes_ += c.input.input_bytes;
    report_progress(false);
  }

  [[nodiscard]] std::uint64_t lines_so_far() const noexcept { return stats_.lines; }
  // Written so far: the dedupe stages run ahead of this one, so the set may hold more.
  [[nodiscard]] std::uint64_t unique_so_far() const noexcept { return stats_.written; }

  run_stats finish() {
    report_progress(true);
    stats_.input_bytes = input_bytes_;
    if (config_.dedupe) stats_.unique = dedupe_.unique();
    stats_.most_repeated = repeated_.top();
    std::vector<std::pair<std::uint64_t, std::uint64_t>> material(material_.begin(),
                                                                  material_.end());
    std::sort(material.begin(), material.end(), [](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    for (std::size_t i = 0; i < material.size() && i < 20; ++i) {
      stats_.top_material.push_back(
          {core::material_signature_text(material[i].first), material[i].second});
    }
    return stats_;
  }

 private:
  void merge_counts(const chunk& c) {
    const chunk_counts& n = c.counts;
    run_stats& s = stats_;
    s.bytes += c.input.text_bytes;
    s.lines += n.lines;
    s.skipped_blank += n.skipped_blank;
    s.skipped_comment += n.skipped_comment;
    s.valid += n.valid;
    s.invalid += n.invalid;
    for (std::size_t i = 0; i < n.invalid_by_reason.size(); ++i) {
      s.invalid_by_reason[i] += n.invalid_by_reason[i];
    }
    for (std::size_t i = 0; i < n.repairs.size(); ++i) s.repairs[i] += n.repairs[i];
    s.crlf_lines += n.crlf_lines + c.input.dropped_crlf_lines;
    s.bom_skipped += c.input.bom_skipped ? 1 : 0;
    s.fullmove_zero += n.fullmove_zero;
    s.epd_records += n.epd_records;
    s.with_operations += n.with_operations;
    s.whitespace_normalized += n.whitespace_normalized;
    s.counters_inconsistent += n.counters_inconsistent;
    s.white_to_move += n.white_to_move;
    s.black_to_move += n.valid - n.white_to_move;
    s.castling_none += n.castling_none;
    s.castling_standard += n.castling_standard;
    s.castling_chess960 += n.castling_chess960;
    s.legal_ep += n.legal_ep;
    s.in_check += n.in_check;
    for (std::size_t i = 0; i < n.piece_count.size(); ++i) s.piece_count[i] += n.piece_count[i];
    c.material.for_each(
        [this](std::uint64_t signature, std::uint64_t count) { material_[signature] += count; });
  }

  void write_valid(chunk& c) {
    if (!config_.dedupe) {
      output_.write(c.text.view(0, c.text.size()));
      stats_.written += c.valid.size();
      return;
    }
    const text_buffer& first_occurrences = c.duplicates.empty() ? c.text : c.kept;
    output_.write(first_occurrences.view(0, first_occurrences.size()));
    stats_.written += c.valid.size() - c.duplicates.size();
    stats_.duplicates += c.duplicates.size();
    for (const std::uint32_t i : c.duplicates) {
      const chunk::valid_line& line = c.valid[i];
      repeated_.record_duplicate(line.key, c.occurrences[c.shard_position[i]], [&] {
        const std::string_view text = c.text.view(line.text_offset, line.text_length - 1);
        return config_.key == core::key_kind::full ? text : position_fields(text);
      });
    }
  }

  void report_invalid(const chunk& c) {
    if (c.invalid.empty()) return;
    const std::string name = display_name(inputs_.name(c.input.file_index));
    std::string line;
    for (const chunk::invalid_line& bad : c.invalid) {
      const std::size_t reason = static_cast<std::size_t>(bad.reason);
      const bool sample = samples_[reason] < config_.samples_per_reason;
      if (!sample && rejects_ == nullptr) continue;
      line.clear();
      line += name;
      line += ':';
      append_number(line, line_base_ + bad.line + 1);
      line += ':';
      append_number(line, bad.column);
      line += ": ";
      line += core::to_string(bad.reason);
      line += ": ";
      const std::size_t prefix = line.size();
      if (sample) {
        ++samples_[reason];
        if (config_.diagnostic) config_.diagnostic(line + escape_for_terminal(bad.text, 200));
        stats_.invalid_samples.push_back(
            {name, line_base_ + bad.line + 1, bad.column,
             c.input.file_offset +
                 static_cast<std::uint64_t>(bad.text.data() - c.input.data.data()),
             bad.reason});
      }
      if (rejects_ != nullptr) {
        line.resize(prefix);
        rejects_->write(line);
        // Verbatim, but for the one overlong-line rule.
        rejects_->write(core::overlong_line_prefix(bad.text));
        rejects_->put('\n');
      }
    }
  }

  void report_progress(bool last) {
    if (!config_.progress) return;
    const auto now = clock_type::now();
    if (!last && now - last_progress_ < std::chrono::milliseconds(100)) return;
    last_progress_ = now;
    config_.progress({input_bytes_, inputs_.total_bytes(),
                      std::chrono::duration<double>(now - started_).count()});
  }

  const run_config& config_;
  const input_reader& inputs_;
  output_file& output_;
  output_file* rejects_;
  const dedupe_stages& dedupe_;
  most_repeated_tracker repeated_;
  std::unordered_map<std::uint64_t, std::uint64_t> material_;
  std::array<unsigned, core::fen_errc_count> samples_{};
  run_stats stats_;
  std::uint32_t file_index_ = 0;
  std::uint64_t line_base_ = 0;
  std::uint64_t input_bytes_ = 0;
  clock_type::time_point started_;
  clock_type::time_point last_progress_{};
};

}  // namespace
}  // namespace detail

run_stats run(const run_config& config) {
  using namespace detail;
  const auto started = clock_type::now();
  // At most the CPUs this process may run on (its affinity mask, as oneTBB reads it): more
  // threads than that only add chunks in flight (four per thread) and contention.
  const auto available = static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
  const unsigned threads = config.threads != 0 ? std::min(config.threads, available) : available;

  // One shard per worker would leave threads idle at the join when shards differ in size.
  const std::size_t shard_count =
      config.dedupe_shards != 0 ? config.dedupe_shards
      : threads == 1
          ? 1
          : std::min(sharded_dedupe_set::max_shards, std::bit_ceil(std::size_t{4} * threads));
  sharded_dedupe_set::check_shard_count(shard_count);  // before any file is opened
  if (config.dedupe && config.dedupe_shards != 0 && config.dedupe_stages > shard_count) {
    throw std::invalid_argument("dedupe stages (" + std::to_string(config.dedupe_stages) +
                                ") must not outnumber the shards (" + std::to_string(shard_count) +
                                ")");
  }
  // Each dedupe stage is one more serial stage that runs beside the others: one per thread
  // keeps every thread able to add keys (at one thread, one stage of one shard).
  const std::size_t dedupe_stage_count =
      !config.dedupe ? 0
                     : std::min(shard_count, config.dedupe_stages != 0 ? config.dedupe_stages
                                                                       : std::size_t{threads});

  // Open everything that can fail before reading a byte: inputs, then every destination.
  input_reader inputs(config.inputs,
                      {config.use_mmap, config.allow_special_files, config.max_bytes});
  const auto notice = [&config](std::string_view text) {
    if (config.diagnostic) config.diagnostic(text);
  };
  output_file output(config.output, notice);
  std::optional<output_file> rejects;
  if (!config.rejects_path.empty()) rejects.emplace(config.rejects_path, notice);
  std::optional<output_file> stats_json;
  if (!config.stats_json_path.empty()) stats_json.emplace(config.stats_json_path, notice);

  dedupe_stages dedupe(inputs, shard_count, dedupe_stage_count);
  ordered_stage ordered(config, inputs, output, rejects ? &*rejects : nullptr, dedupe);

  // Offsets inside a chunk are 32-bit; chunks far beyond a few MiB buy nothing anyway.
  const std::size_t chunk_size = std::clamp<std::size_t>(config.chunk_size, 1, 256 << 20);
  const std::size_t tokens = 4 * static_cast<std::size_t>(threads);
  // Chunks in flight are bounded by the token count; finished ones are reused, keeping their
  // buffers. The ordered stage returns them and the input stage takes them: a mutex is plenty.
  std::vector<std::unique_ptr<chunk>> pool;
  std::vector<chunk*> free_chunks;
  std::mutex free_chunks_mutex;
  const auto take_chunk = [&]() -> chunk* {
    const std::lock_guard lock(free_chunks_mutex);
    if (free_chunks.empty()) {
      pool.push_back(std::make_unique<chunk>());
      return pool.back().get();
    }
    chunk* c = free_chunks.back();
    free_chunks.pop_back();
    return c;
  };
  const auto return_chunk = [&](chunk* c) {
    const std::lock_guard lock(free_chunks_mutex);
    free_chunks.push_back(c);
  };

  // Stage 1: the next chunk of whole lines, in input order.
  const auto read_stage = [&](tbb::flow_control& flow) -> chunk* {
    happens_after(&inputs);
    chunk* c = nullptr;
    bool more = false;
    {
      const publish_on_exit published(&inputs);
      c = take_chunk();
      more = inputs.next(c->input, chunk_size);
    }
    if (!more) {
      return_chunk(c);
      flow.stop();
      return nullptr;
    }
    happens_before(c);
    return c;
  };
  // Stage 2, in parallel: decode, validate, normalize, key and count.
  const auto process_stage = [&](chunk* c) {
    happens_after(c);
    process(*c, config, shard_count);
    happens_before(c);
    return c;
  };
  // Stage 3: add the keys of one group of shards to the dedupe set, in input order.
  const auto dedupe_stage_body = [&dedupe](std::size_t stage) {
    return [&dedupe, stage](chunk* c) {
      happens_after(c);
      happens_after(dedupe.stage_token(stage));
      {
        const publish_on_exit published(dedupe.stage_token(stage));
        dedupe.add(*c, stage);
      }
      happens_before(c);
      return c;
    };
  };
  // Stage 4, in parallel: the first occurrences' text, for one write.
  const auto keep_stage = [](chunk* c) {
    happens_after(c);
    keep_first_occurrences(*c);
    happens_before(c);
    return c;
  };
  // Stage 5: write and report, in input order.
  const auto ordered_stage_body = [&](chunk* c) {
    happens_after(c);
    happens_after(&ordered);
    {
      const publish_on_exit published(&ordered);
      ordered.consume(*c);
      c->input.release();  // pages behind it, and a finished input's mapping
    }
    return_chunk(c);
  };

  // Afterwards, also when a stage threw, the chunks the workers filled are this thread's again.
  const auto acquire_chunks = [&] {
    const std::lock_guard lock(free_chunks_mutex);
    for (const auto& c : pool) happens_after(c.get());
    for (std::size_t s = 0; s < dedupe.stage_count(); ++s) happens_after(dedupe.stage_token(s));
  };
  tbb::task_arena arena(static_cast<int>(threads));
  {
    const scope_exit chunks_acquired(acquire_chunks);
    // The stages' state is this thread's again afterwards, also when a stage threw.
    const acquire_on_exit acquired(&inputs, &ordered);
    try {
      arena.execute([&] {
        tbb::filter<void, chunk*> stages =
            tbb::make_filter<void, chunk*>(tbb::filter_mode::serial_in_order,
                                           filter_body(read_stage)) &
            tbb::make_filter<chunk*, chunk*>(tbb::filter_mode::parallel,
                                             filter_body(process_stage));
        for (std::size_t s = 0; s < dedupe.stage_count(); ++s) {
          stages = stages & tbb::make_filter<chunk*, chunk*>(tbb::filter_mode::serial_in_order,
                                                             filter_body(dedupe_stage_body(s)));
        }
        if (config.dedupe) {
          stages = stages & tbb::make_filter<chunk*, chunk*>(tbb::filter_mode::parallel,
                                                             filter_body(keep_stage));
        }
        tbb::parallel_pipeline(
            tokens, stages & tbb::make_filter<chunk*, void>(tbb::filter_mode::serial_in_order,
                                                            filter_body(ordered_stage_body)));
      });
    } catch (const std::bad_alloc&) {
      happens_after(&ordered);
      throw std::runtime_error("out of memory after " + std::to_string(ordered.lines_so_far()) +
                               " lines (" + std::to_string(ordered.unique_so_far()) +
                               " unique positions); nothing was written");
    }
  }

  run_stats stats = ordered.finish();
  stats.inputs_changed = inputs.changed_inputs();
  stats.stopped_at_max_bytes = inputs.stopped_at_max_bytes();
  for (const std::string& path : stats.inputs_changed) {
    notice("fenbatch: warning: " + path +
           " changed while it was read (size or modification time); its lines may be a mix");
  }
  if (stats.stopped_at_max_bytes) {
    notice("fenbatch: stopped reading after --max-bytes " + std::to_string(config.max_bytes) +
           " bytes");
  }
  stats.threads = threads;
  stats.wall_seconds = std::chrono::duration<double>(clock_type::now() - started).count();

  // Make every file durable before publishing any of them.
  output.prepare();
  if (rejects) rejects->prepare();
  if (stats_json) {
    stats_json->write(to_json(stats, config));
    stats_json->prepare();
  }
  // Publish in turn; if one fails, put the ones already renamed back as they were.
  std::vector<output_file*> files;
  if (rejects) files.push_back(&*rejects);
  if (stats_json) files.push_back(&*stats_json);
  files.push_back(&output);
  std::size_t published = 0;
  try {
    for (output_file* file : files) {
      file->publish();
      ++published;
    }
  } catch (...) {
    for (std::size_t i = std::min(published + 1, files.size()); i-- > 0;) files[i]->roll_back();
    throw;
  }
  for (output_file* file : files) file->keep_published();
  for (output_file* file : files) file->forget_previous();
  return stats;
}

}  // namespace fenbatch::pipeline
