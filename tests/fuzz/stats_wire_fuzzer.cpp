// libFuzzer target: the statistics' wire format of fenbatch-mpi (pipeline/src/distributed/
// stats_wire): the bytes one rank sends rank 0.
//
// Input: any bytes, as decode_stats() receives them.
//
// Checks (any violation traps):
// - no crash, no hang, no huge allocation: bytes that are not an encoding throw
//   std::runtime_error, nothing else;
// - bytes that decode encode again to bytes that decode to the same statistics (every field);
// - the statistics decoded merge with themselves as two ranks' parts and with one rank's
//   diagnostics without a crash, and the statistics document is written.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "distributed/stats_wire.hpp"
#include "fenbatch/pipeline/stats_json.hpp"

namespace {

using fenbatch::pipeline::run_stats;

bool same(const run_stats& a, const run_stats& b) {
  return static_cast<const fenbatch::pipeline::run_counters&>(a) ==
             static_cast<const fenbatch::pipeline::run_counters&>(b) &&
         a.inputs == b.inputs && a.reference == b.reference &&
         a.inputs_changed == b.inputs_changed && a.stopped_at_max_bytes == b.stopped_at_max_bytes &&
         a.top == b.top && a.material == b.material && a.written_material == b.written_material &&
         a.most_repeated == b.most_repeated && a.invalid_samples == b.invalid_samples &&
         std::string_view(reinterpret_cast<const char*>(&a.wall_seconds), sizeof a.wall_seconds) ==
             std::string_view(reinterpret_cast<const char*>(&b.wall_seconds),
                              sizeof b.wall_seconds) &&
         a.threads == b.threads && a.memory == b.memory && a.distribution == b.distribution &&
         a.filtered_by_where == b.filtered_by_where && a.uniqueness == b.uniqueness &&
         a.written_by_split == b.written_by_split && a.missing_by_where == b.missing_by_where;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace detail = fenbatch::pipeline::detail;
  run_stats decoded;
  try {
    decoded = detail::decode_stats(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const std::runtime_error&) {
    return 0;  // not an encoding: refused, as it must be
  }
  const run_stats again = detail::decode_stats(detail::encode_stats(decoded));
  if (!same(decoded, again)) __builtin_trap();
  const std::vector<run_stats> parts{decoded, decoded};
  const run_stats merged = detail::merge_rank_stats(parts, 3);
  (void)detail::merge_rank_diagnostics({{"a"}, {"a", "b"}}, parts, 3);
  (void)fenbatch::pipeline::to_json(merged, {});
  return 0;
}
