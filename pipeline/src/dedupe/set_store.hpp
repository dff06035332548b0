// The in-memory set as the dedupe's store: each dedupe stage adds its shards' keys of a chunk
// and decides them at once, so nothing is left for passes 2 and 3. It tells the budget switch
// the duplicates it finds (the bound on its growth).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

#include "dedupe/budget_switch.hpp"
#include "dedupe/dedupe_set.hpp"
#include "dedupe/key_store.hpp"

namespace fenbatch::pipeline::detail {

class set_store final : public key_store {
 public:
  set_store(std::size_t expected_keys, std::size_t shard_count, bool with_origins,
            budget_switch& budget);

  void add(chunk& c, std::size_t first, std::size_t last) override;
  void hand_over(key_partitions& partitions) override;
  // Every key was decided as it was added.
  void resolve(const std::function<void(std::uint64_t, std::uint64_t)>& /*progress*/) override {}
  void decide(chunk& /*c*/) override {}

  [[nodiscard]] std::uint64_t unique() const noexcept override { return set_.size(); }
  std::uint32_t final_count(const core::position_key& key) override { return set_.count(key); }
  [[nodiscard]] std::uint64_t partitions() const noexcept override { return 0; }
  [[nodiscard]] std::uint64_t temp_bytes_written() const noexcept override { return 0; }

  [[nodiscard]] const sharded_dedupe_set& set() const noexcept { return set_; }

 private:
  void add_with_origins(chunk& c, std::size_t first, std::size_t last);

  sharded_dedupe_set set_;
  bool with_origins_;
  budget_switch& budget_;
};

}  // namespace fenbatch::pipeline::detail
