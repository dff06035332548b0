// The names of an output's temporaries: ".STEM.fenbatch-PID-RAND.tmp" beside the destination
// (its content until the rename) and that name + ".previous" (the destination's previous
// content, kept until the whole run is published). STEM is the destination's base name,
// shortened where the names would pass NAME_MAX, so that every legal name can be written; the
// process number lets a later run tell a dead run's leftovers from a live run's work.
#pragma once

#include <optional>
#include <random>
#include <string>
#include <string_view>

namespace fenbatch::pipeline::detail {

// The base name itself when the longest temporary name (".previous", a 10-digit process
// number) fits in 255 bytes; else its beginning (cut at a UTF-8 character boundary), "~" and
// 8 hex digits of a hash of the whole name: the same for every run, so leftovers are found.
[[nodiscard]] std::string temporary_stem(std::string_view base);

// A fresh name for the temporary of `base` in `dir`: "DIR/.STEM.fenbatch-PID-RAND.tmp".
[[nodiscard]] std::string temporary_name(const std::string& dir, std::string_view base,
                                         std::random_device& entropy);

// What a directory entry is, if it is a temporary of the destination with stem `stem`.
struct temporary_entry {
  long pid = 0;
  bool previous = false;  // ".tmp.previous": a destination's previous content
};
[[nodiscard]] std::optional<temporary_entry> parse_temporary(std::string_view entry,
                                                             std::string_view stem);

}  // namespace fenbatch::pipeline::detail
