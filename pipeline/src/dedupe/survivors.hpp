// The keep stage under a survivor policy other than plain dedupe (issue 28): each valid line's
// fate from its occurrence and, when the policy needs it, its key's final count (a rare
// line's position occurs fewer than --min-count times: none of its lines is written).
#pragma once

#include "chunks/chunk.hpp"
#include "dedupe/dedupe_stages.hpp"
#include "dedupe/survivor_policy.hpp"

namespace fenbatch::pipeline::detail {

// Once the chunk's lines have their occurrences (and, for a policy that needs_final_count(),
// their final counts): the indices of its duplicates and of its dropped lines, its written,
// duplicate and unique-by-board counts (a key's line with occurrence 1 is its one unique line,
// whether written or not), and, when any is dropped and `text` says so, the text of its kept
// lines in `kept` (`compacted`). keep_first_occurrences (dedupe_stages.hpp) does the same for
// the plain policy.
void keep_survivors(chunk& c, const survivor_policy& policy, kept_text text = kept_text::compacted);

// Whether a line (its occurrence, and its key's final count where the policy needs it) is the
// first written line of its key (ranked: its best line): where --counts lists the key.
[[nodiscard]] bool first_written_line(const survivor_policy& policy, std::uint32_t occurrence,
                                      std::uint32_t final_count) noexcept;

}  // namespace fenbatch::pipeline::detail
