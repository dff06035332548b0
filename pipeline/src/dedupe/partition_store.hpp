// Partitions as the dedupe's store, past the memory budget: the last dedupe stage hands them
// each deferred chunk whole, in input order (pass 1); they decide every key (pass 2) and give
// the replayed chunks their decisions (pass 3). The partitions themselves are this machine's
// (local_partitions.hpp) or a distributed run's owner ranks (key_partitions.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "dedupe/key_partitions.hpp"
#include "dedupe/key_store.hpp"

namespace fenbatch::pipeline::detail {

class partition_store final : public key_store {
 public:
  // finals_in_decisions: decide() also gives each line its key's final count (chunk::finals).
  partition_store(std::unique_ptr<key_partitions> partitions, bool with_origins,
                  bool finals_in_decisions = false);

  // A whole chunk: `first` and `last` span every shard.
  void add(chunk& c, std::size_t first, std::size_t last) override;
  // Partitions are the last store: nothing switches from them (std::logic_error).
  void hand_over(key_partitions& partitions) override;
  void resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress) override;
  void decide(chunk& c) override;

  [[nodiscard]] std::uint64_t unique() const noexcept override { return partitions_->unique(); }
  std::uint32_t final_count(const core::position_key& key) override {
    return partitions_->final_count(key);
  }
  [[nodiscard]] std::uint64_t partitions() const noexcept override {
    return partitions_->partitions();
  }
  [[nodiscard]] std::uint64_t temp_bytes_written() const noexcept override {
    return partitions_->temp_bytes_written();
  }

 private:
  std::unique_ptr<key_partitions> partitions_;
  bool with_origins_;
  bool finals_in_decisions_;
};

}  // namespace fenbatch::pipeline::detail
