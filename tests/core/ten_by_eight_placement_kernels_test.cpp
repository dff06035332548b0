// Every 10x8 placement kernel this CPU runs (placement_kernels.hpp: the portable one, and the
// AVX-512 one where the CPU has it, whichever decoder the process uses) against the precise
// reader (decode_precise, placement.cpp's byte walk): on hand-written edge cases, generated
// placements and their single-byte mutations, each alone on its line (so the field ends where
// the line does) and followed by a tail. A kernel takes exactly the placements the precise
// reader accepts, ends where it does, and places the same pieces.
#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fenbatch/core/ten_by_eight/record.hpp"
#include "ten_by_eight/line_reader.hpp"
#include "ten_by_eight/placement_kernels.hpp"
#include "ten_by_eight_random_placement.hpp"

namespace fenbatch::core::ten_by_eight {
namespace {

struct named_kernel {
  std::string_view name;
  detail::placement_kernel run;
};

std::vector<named_kernel> kernels_here() {
  std::vector<named_kernel> kernels = {{"portable", &detail::portable_placement}};
  if (detail::avx512_placement_runs_here())
    kernels.push_back({"avx512", &detail::avx512_placement});
  return kernels;
}

const std::vector<std::string> hand_written = {
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
    "k9/10/10/10/10/10/10/9K",
    "10/10/10/10/10/10/10/10",
    "pppppppppp/PPPPPPPPPP/aaaaaaaaaa/AAAAAAAAAA/cccccccccc/CCCCCCCCCC/nbrqkNBRQK/nbrqkNBRQK",
    "1k1p1p1p1p/1p1p1p1p1p/1p1p1p1p1p/1p1p1p1p1p/1P1P1P1P1P/1P1P1P1P1P/1P1P1P1P1P/1K1P1P1P1P",
    "1k1p1p1p1p/1p1p1p1p1p/1p1p1p1p1p/1p1p1p1p1p/1P1P1P1P1P/1P1P1P1P1P/1P1P1P1P1P/1K1P1P1P1Pp",
    "9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p9p1p/10/10/10/10/10/5k/4K1",
    "9p/10/10/10/10/10/10/10",
    "10/10/10/10/10/10/10/10/",
    "/10/10/10/10/10/10/10/10",
    "10/10/10/10/10/10/10//10",
    "10/10/10/10/10/10/10",
    "10/10/10/10/10/10/10/10/10",
    "010/10/10/10/10/10/10/10",
    "100/10/10/10/10/10/10/10",
    "55/10/10/10/10/10/10/10",
    "91/10/10/10/10/10/10/10",
    "k8/10/10/10/10/10/10/10K",
    "k9/10/10/10/10/10/10/9K ",
    "k9/10/10/10/10/10/10/9K\t",
    "k9/10/10/10/10/10/10/9x",
    "k9/10/10/10/10/10/10/9\x8b",
    "K9/11/10/10/10/10/10/8k",
    "k9/10/10/10/10/10/10/9K9",
};

std::vector<std::string> generated_placements(std::size_t count) {
  std::mt19937_64 rng(80);
  std::vector<std::string> out;
  for (std::size_t n = 0; n < count; ++n) out.push_back(test::random_ten_by_eight_placement(rng));
  return out;
}

// Appends why a kernel reads `line` (placement and whatever follows) unlike the precise
// reader reads the placement with a plain tail.
void compare(const named_kernel& kernel, const std::string& line,
             std::vector<std::string>& differences) {
  const std::string placement = line.substr(0, line.find_first_of(" \t"));
  record precise;
  const bool expected = detail::decode_precise(placement + " w - - 0 1", {}, precise).ok();
  // The line in a buffer of its own size, so that a read past it is a read past the buffer.
  const auto copy = std::make_unique<char[]>(line.size());
  line.copy(copy.get(), line.size());
  position got;
  const char* const end = kernel.run(copy.get(), copy.get() + line.size(), got);
  const auto why = [&](std::string_view what) {
    differences.push_back(std::string(kernel.name) + " on \"" + line + "\": " + std::string(what));
  };
  if ((end != nullptr) != expected) return why(expected ? "declined" : "accepted");
  if (end == nullptr) return;
  if (end != copy.get() + placement.size()) return why("wrong end");
  if (got.by_color != precise.pos.by_color || got.by_type != precise.pos.by_type) {
    why("other pieces");
  }
}

void compare_with_mutations(const named_kernel& kernel, const std::string& placement,
                            std::vector<std::string>& differences) {
  static constexpr std::string_view replacements = "0123456789/ \tpPkKaAcCxX~";
  for (const std::string& tail : {std::string(), std::string(" w - - 0 1")}) {
    compare(kernel, placement + tail, differences);
    for (std::size_t i = 0; i < placement.size(); ++i) {
      std::string changed = placement;
      for (const char c : replacements) {
        changed[i] = c;
        compare(kernel, changed + tail, differences);
      }
      compare(kernel, std::string(placement).erase(i, 1) + tail, differences);
      compare(kernel, std::string(placement).insert(i, 1, placement[i]) + tail, differences);
    }
  }
}

void expect_no_differences(const std::vector<std::string>& differences) {
  EXPECT_TRUE(differences.empty())
      << differences.size()
      << " differences, the first: " << (differences.empty() ? "" : differences.front());
}

TEST(TenByEightPlacementKernels, HandWrittenPlacementsAndMutations) {
  for (const named_kernel& kernel : kernels_here()) {
    std::vector<std::string> differences;
    for (const std::string& placement : hand_written) {
      compare_with_mutations(kernel, placement, differences);
    }
    expect_no_differences(differences);
  }
}

TEST(TenByEightPlacementKernels, GeneratedPlacements) {
  const std::vector<std::string> placements = generated_placements(20000);
  for (const named_kernel& kernel : kernels_here()) {
    std::vector<std::string> differences;
    std::size_t accepted = 0;
    for (const std::string& placement : placements) {
      position pos;
      if (kernel.run(placement.data(), placement.data() + placement.size(), pos) != nullptr) {
        ++accepted;
      }
      compare(kernel, placement, differences);
      compare(kernel, placement + " b - - 3 40", differences);
    }
    expect_no_differences(differences);
    EXPECT_GT(accepted, 5000U) << kernel.name;  // acceptances are compared too
  }
}

TEST(TenByEightPlacementKernels, MutatedGeneratedPlacements) {
  for (const named_kernel& kernel : kernels_here()) {
    std::vector<std::string> differences;
    for (const std::string& placement : generated_placements(60)) {
      compare_with_mutations(kernel, placement, differences);
    }
    expect_no_differences(differences);
  }
}

}  // namespace
}  // namespace fenbatch::core::ten_by_eight
