// SHA-256 (FIPS 180-4), for digests that anyone can recompute with `sha256sum`: the signature
// test's expected values.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace fenbatch::test {

class sha256 {
 public:
  sha256& update(std::string_view bytes);
  // The digest as 64 lower-case hex digits; the object is spent afterwards.
  [[nodiscard]] std::string hex_digest();

 private:
  void compress(const unsigned char* block);

  std::array<std::uint32_t, 8> state_{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::array<unsigned char, 64> block_{};
  std::size_t block_used_ = 0;
  std::uint64_t total_bytes_ = 0;
};

[[nodiscard]] inline std::string sha256_hex(std::string_view bytes) {
  return sha256().update(bytes).hex_digest();
}

}  // namespace fenbatch::test
