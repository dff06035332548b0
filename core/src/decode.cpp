// The public entry points of reading a line (record.hpp): decode with the implementation
// selected for this process, and parse_record, decode then validate.

#include "fenbatch/core/record.hpp"
#include "simd/kernels.hpp"

namespace fenbatch::core {

fen_status decode(std::string_view line, const decode_options& options, record& out) noexcept {
  return simd::active_kernels().decode(line, options, out);
}

fen_status parse_record(std::string_view line, const decode_options& options,
                        record& out) noexcept {
  const fen_status s = decode(line, options, out);
  if (!s.ok()) return s;
  return validate(out, options);
}

std::string_view decoder_name() noexcept {
  return simd::active_kernels().name;
}

}  // namespace fenbatch::core
