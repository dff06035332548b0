#include "dedupe/partition_store.hpp"

#include <stdexcept>
#include <utility>

namespace fenbatch::pipeline::detail {

partition_store::partition_store(std::unique_ptr<key_partitions> partitions, bool with_origins,
                                 bool finals_in_decisions)
    : partitions_(std::move(partitions)),
      with_origins_(with_origins),
      finals_in_decisions_(finals_in_decisions) {}

void partition_store::add(chunk& c, std::size_t /*first*/, std::size_t /*last*/) {
  partitions_->add_chunk(c, with_origins_);
}

void partition_store::hand_over(key_partitions& /*partitions*/) {
  throw std::logic_error("partitioned dedupe: the partitions hand no keys over");
}

void partition_store::resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  partitions_->resolve(progress);
}

void partition_store::decide(chunk& c) {
  if (finals_in_decisions_) c.finals.resize(c.occurrences.size());
  for (std::size_t i = 0; i < c.valid.size(); ++i) {
    const partition_decision d = partitions_->next(c.valid[i].key);
    const std::uint32_t place = c.shard_position[i];
    c.occurrences[place] = d.occurrence;
    if (with_origins_) c.shard_origins[place] = d.first_origin;
    if (finals_in_decisions_) c.finals[place] = d.final_count;
  }
}

}  // namespace fenbatch::pipeline::detail
