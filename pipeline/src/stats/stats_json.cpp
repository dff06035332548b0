// The statistics document. Key names are stable and documented in README.md; every reason and
// repair kind is always present (with 0), so consumers never have to guess. The counters'
// names come from their list (run_counters.hpp); this file decides where each section goes.

#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "fenbatch/core/option_names.hpp"
#include "fenbatch/pipeline/stats_json.hpp"

namespace fenbatch::pipeline {
namespace {

class json_writer {
 public:
  std::string take() { return std::move(out_); }

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  void key(std::string_view name) {
    separate();
    string(name);
    out_ += ": ";
    after_key_ = true;
  }
  void value(std::uint64_t v) {
    separate();
    out_ += std::to_string(v);
  }
  void value(double v) {
    separate();
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", v);
    out_ += text;
  }
  void value(bool v) {
    separate();
    out_ += v ? "true" : "false";
  }
  void value(std::string_view v) {
    separate();
    string(v);
  }
  void null() {
    separate();
    out_ += "null";
  }
  template <class T>
  void member(std::string_view name, const T& v) {
    key(name);
    value(v);
  }

 private:
  void open(char c) {
    separate();
    out_ += c;
    first_ = true;
    ++depth_;
  }
  void close(char c) {
    --depth_;
    if (!first_) newline();
    out_ += c;
    first_ = false;
  }
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ == 0) return;
    if (!first_) out_ += ',';
    newline();
    first_ = false;
  }
  void newline() {
    out_ += '\n';
    out_.append(static_cast<std::size_t>(2 * depth_), ' ');
  }
  void string(std::string_view s) {
    out_ += '"';
    for (const char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += ch;
      } else if (c < 0x20 || c == 0x7F) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
        out_ += escaped;
      } else {
        out_ += ch;
      }
    }
    out_ += '"';
  }

  std::string out_;
  int depth_ = 0;
  bool first_ = true;
  bool after_key_ = false;
};

// The counters of one section in the order of their list, a group's in a nested object.
void write_counters(json_writer& w, const run_stats& s, counter_section section, bool dedupe) {
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

}  // namespace

std::string to_json(const run_stats& s, const run_config& config) {
  json_writer w;
  w.begin_object();
  w.member("fenbatch_version", std::string_view(FENBATCH_VERSION));

  w.key("inputs");
  w.begin_array();
  for (const std::string& input : config.inputs) w.value(std::string_view(input));
  w.end_array();
  w.member("output", std::string_view(config.output));

  w.key("options");
  w.begin_object();
  w.member("dedupe", config.dedupe);
  w.member("key", core::to_string(config.key));
  w.member("format", core::to_string(config.write.format));
  w.member("castling", core::to_string(config.write.castling));
  w.member("ep", core::to_string(config.write.ep));
  w.member("repair", config.decode.repair);
  w.end_object();
  w.member("key_hash", std::string_view("xxh3-128"));
  w.member("dedupe_mode", std::string_view(config.dedupe ? "probabilistic-128" : "none"));

  write_counters(w, s, counter_section::input, config.dedupe);
  w.key("inputs_changed");
  w.begin_array();
  for (const std::string& path : s.inputs_changed) w.value(std::string_view(path));
  w.end_array();
  w.member("stopped_at_max_bytes", s.stopped_at_max_bytes);
  write_counters(w, s, counter_section::output, config.dedupe);

  w.key("reconciliation");
  w.begin_object();
  w.member("lines", s.lines);
  w.member("written", s.written);
  w.member("duplicates", s.duplicates);
  w.member("invalid", s.invalid);
  w.member("skipped", s.skipped());
  w.member("balanced", s.reconciles());
  w.end_object();

  w.key("positions");
  w.begin_object();
  write_counters(w, s, counter_section::positions, config.dedupe);
  w.key("top_material");
  w.begin_array();
  for (const counted_text& m : s.top_material()) {
    w.begin_object();
    w.member("signature", std::string_view(m.text));
    w.member("count", m.count);
    w.end_object();
  }
  w.end_array();
  w.end_object();

  w.key("invalid_samples");
  w.begin_array();
  for (const invalid_sample& sample : s.invalid_samples) {
    w.begin_object();
    w.member("file", std::string_view(sample.file));
    w.member("line", sample.line);
    w.member("column", std::uint64_t{sample.column});
    w.member("offset", sample.offset);
    w.member("reason", core::to_string(sample.reason));
    w.end_object();
  }
  w.end_array();

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
  w.member("mb_per_second", static_cast<double>(s.bytes) / 1e6 / seconds);
  w.member("positions_per_second", static_cast<double>(s.lines) / seconds);
  w.end_object();
  std::string text = w.take();
  text += '\n';
  return text;
}

}  // namespace fenbatch::pipeline
