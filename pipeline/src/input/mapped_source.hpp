// A regular file read through a memory mapping: each chunk is a view into the mapping, cut at a
// line end, so the text is never copied; pages behind consumed chunks are dropped so resident
// memory stays flat. Overlong lines need no cutting here: the whole line is a view.
#pragma once

#include <sys/stat.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "input/input_range.hpp"
#include "input/input_source.hpp"

namespace fenbatch::pipeline::detail {

class mapped_source final : public input_source {
 public:
  // Takes ownership of `fd` and of the mapping [data, data + size); serves the lines of `range`.
  // record_ends (.plain inputs): chunks and the range's ends fall after `e` lines
  // (record_ends.hpp).
  mapped_source(int fd, const struct stat& st, const char* data, std::size_t size,
                const input_range& range = {}, bool record_ends = false);
  ~mapped_source() override;

  // Released pages come back from the file when read again.
  [[nodiscard]] bool rereadable() const noexcept override { return true; }
  void release(std::string_view data) noexcept override;
  bool next(chunk_input& out, std::size_t target) override;
  // The run's --max-bytes, less what earlier inputs took: whole lines (read_limit.hpp).
  void limit_to(std::uint64_t bytes) noexcept override;

 private:
  const char* data_;
  std::size_t size_;
  std::size_t end_;  // where the range's lines end
  std::size_t position_ = 0;
  std::size_t reported_ = 0;  // bytes accounted to chunks so far
  bool bom_ = false;
  bool record_ends_;
  int mapping_slot_;
};

}  // namespace fenbatch::pipeline::detail
