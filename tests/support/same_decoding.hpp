// What every decoder implementation must reproduce of the precise parser's record, field by
// field: all of it but plain_tail (a hint of the fast path, not a decoding result). Shared by
// the differential tests (8x8 and 10x8: the records share their members) and the differential
// fuzzer.
#pragma once

#include "fenbatch/core/record.hpp"

namespace fenbatch::test {

template <class Record>
bool same_decoding(const Record& a, const Record& b) noexcept {
  return a.pos == b.pos && a.legal_ep == b.legal_ep && a.pseudo_legal_ep == b.pseudo_legal_ep &&
         a.in_check == b.in_check && a.repairs == b.repairs && a.notes == b.notes &&
         a.operations_begin == b.operations_begin && a.operations_end == b.operations_end &&
         a.payload_begin == b.payload_begin && a.payload_end == b.payload_end &&
         a.placement_column == b.placement_column && a.placement_length == b.placement_length &&
         a.side_column == b.side_column && a.ep_column == b.ep_column &&
         a.stale_castling_column == b.stale_castling_column;
}

}  // namespace fenbatch::test
