// What every decoder implementation must reproduce of the precise parser's record, field by
// field: all of it but plain_tail (a hint of the fast path, not a decoding result). Shared by
// the differential test and the differential fuzzer.
#pragma once

#include "fenbatch/core/record.hpp"

namespace fenbatch::test {

inline bool same_decoding(const core::record& a, const core::record& b) noexcept {
  return a.pos == b.pos && a.legal_ep == b.legal_ep && a.pseudo_legal_ep == b.pseudo_legal_ep &&
         a.in_check == b.in_check && a.repairs == b.repairs && a.notes == b.notes &&
         a.operations_begin == b.operations_begin && a.operations_end == b.operations_end &&
         a.placement_column == b.placement_column && a.placement_length == b.placement_length &&
         a.side_column == b.side_column && a.ep_column == b.ep_column &&
         a.stale_castling_column == b.stale_castling_column;
}

}  // namespace fenbatch::test
