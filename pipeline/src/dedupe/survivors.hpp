// The keep stage under a survivor policy other than plain dedupe (issue 28): each valid line's
// fate from its occurrence and, when the policy needs it, its key's final count.
#pragma once

#include "chunks/chunk.hpp"
#include "dedupe/survivor_policy.hpp"

namespace fenbatch::pipeline::detail {

// Once the chunk's lines have their occurrences (and, for a policy that needs_final_count(),
// their final counts): the indices of its duplicates and of its dropped lines, its written,
// duplicate and unique-by-board counts (a key's line with occurrence 1 is its one unique line,
// whether written or not), and the text of its kept lines in `kept` (`compacted`) when any is
// dropped. keep_first_occurrences (dedupe_stages.hpp) does the same for the plain policy.
void keep_survivors(chunk& c, const survivor_policy& policy);

}  // namespace fenbatch::pipeline::detail
