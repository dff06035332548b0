#include "stages/reject_report.hpp"

#include <cstddef>
#include <string>
#include <string_view>

#include "chunks/line_places.hpp"
#include "fenbatch/core/line_limits.hpp"
#include "formats/plain_records.hpp"

namespace fenbatch::pipeline::detail {
namespace {

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

}  // namespace

void reject_reporter::note_cap() {
  if (cap_noted_) return;
  cap_noted_ = true;
  listeners_.notice("fenbatch: note: --samples " + std::to_string(samples_per_reason_) +
                    " is capped at " + std::to_string(max_samples_per_reason) +
                    " samples per reason (the statistics count those left out); --rejects "
                    "FILE lists every invalid line");
}

void reject_reporter::report(const chunk& c, std::uint64_t line_base,
                             std::vector<invalid_sample>& samples) {
  if (c.invalid.empty()) return;
  const std::string name = display_name(inputs_.name(c.input.file_index));
  std::string line;
  std::string record;  // a .plain record's lines on one line
  const unsigned kept_per_reason = samples_kept_per_reason(samples_per_reason_);
  for (const chunk::invalid_line& bad : c.invalid) {
    const std::size_t reason = static_cast<std::size_t>(bad.reason);
    const bool sample = sampled_[reason] < kept_per_reason;
    if (!sample && kept_per_reason < samples_per_reason_) note_cap();
    if (!sample && rejects_ == nullptr) continue;
    line.clear();
    line += name;
    line += ':';
    append_number(line, line_base + bad.line + 1);
    line += ':';
    append_number(line, bad.column);
    line += ": ";
    line += core::to_string(bad.reason);
    line += ": ";
    const std::size_t prefix = line.size();
    if (sample) {
      ++sampled_[reason];
      listeners_.notice(line + escape_for_terminal(record_on_one_line(bad.text, record), 200));
      samples.push_back(
          {name, line_base + bad.line + 1, bad.column,
           c.input.file_offset + static_cast<std::uint64_t>(bad.text.data() - c.input.data.data()),
           bad.reason});
    }
    if (rejects_ != nullptr) {
      line.resize(prefix);
      rejects_->write(line);
      // Verbatim, but for the one overlong-line rule.
      rejects_->write(core::overlong_line_prefix(record_on_one_line(bad.text, record)));
      rejects_->put('\n');
    }
  }
}

}  // namespace fenbatch::pipeline::detail
