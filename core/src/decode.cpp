// The public entry points of reading a line (record.hpp): decode with the implementation
// selected for this process (decoder_registry.hpp), and parse_record, decode then validate.

#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/core/record.hpp"

namespace fenbatch::core {

fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept {
  // The entry point itself, read once: decode runs once per line.
  static const decode_function selected = selected_decoder().in_use->decode;
  return selected(line, options, out);
}

fen_status parse_record(std::string_view line, const decode_options& options,
                        record& out) noexcept {
  const fen_status s = decode(line, options, out);
  if (!s.ok()) return s;
  return validate(out, options);
}

}  // namespace fenbatch::core
