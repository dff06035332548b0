#include "dedupe/local_partitions.hpp"

namespace fenbatch::pipeline::detail {
namespace {

class local_partitions final : public key_partitions {
 public:
  explicit local_partitions(const partitioned_dedupe_options& options) : partitions_(options) {}

  void add_decided(const core::position_key& key, std::uint32_t count,
                   std::uint64_t first_origin) override {
    partitions_.add_decided(key, count, first_origin);
  }
  void add_chunk(const chunk& c, bool with_origins) override {
    for (std::size_t i = 0; i < c.valid.size(); ++i) {
      partitions_.add(c.valid[i].key, with_origins ? line_origin(c.sequence, c.sources[i].line) : 0,
                      c.ranked ? c.standings[i] : 0);
    }
  }
  void resolve(const std::function<void(std::uint64_t, std::uint64_t)>& progress) override {
    partitions_.resolve(progress);
  }
  partition_decision next(const core::position_key& key) override { return partitions_.next(key); }
  std::uint32_t final_count(const core::position_key& key) override {
    return partitions_.final_count(key);
  }
  [[nodiscard]] std::uint64_t unique() const noexcept override { return partitions_.unique(); }
  [[nodiscard]] std::uint64_t partitions() const noexcept override {
    return partitions_.partitions();
  }
  [[nodiscard]] std::uint64_t temp_bytes_written() const noexcept override {
    return partitions_.temp_bytes_written();
  }

 private:
  partitioned_dedupe partitions_;
};

}  // namespace

std::unique_ptr<key_partitions> make_local_partitions(const partitioned_dedupe_options& options) {
  return std::make_unique<local_partitions>(options);
}

}  // namespace fenbatch::pipeline::detail
