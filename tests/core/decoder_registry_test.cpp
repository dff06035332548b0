// The registry of decoder implementations against what the build says it contains
// (FENBATCH_BUILT_DECODERS, from core/CMakeLists.txt), and the messages of a failed selection.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <string>

#include "fenbatch/core/decoder_registry.hpp"

namespace fenbatch::core {
namespace {

std::string registry_names() {
  std::string names;
  for (const decoder_implementation& impl : decoder_implementations()) {
    if (!names.empty()) names += ',';
    names += impl.name;
  }
  return names;
}

TEST(DecoderRegistry, ListsWhatTheBuildContainsScalarFirst) {
  EXPECT_EQ(registry_names(), FENBATCH_BUILT_DECODERS);
  const decoder_implementation& scalar = decoder_implementations().front();
  EXPECT_EQ(scalar.name, "scalar");
  EXPECT_TRUE(scalar.cpu_needs.empty());
  EXPECT_TRUE(scalar.supported());
  EXPECT_TRUE(scalar.fast_here());
}

TEST(DecoderRegistry, FindsImplementationsByNameOnly) {
  for (const decoder_implementation& impl : decoder_implementations()) {
    EXPECT_EQ(find_decoder(impl.name), &impl);
  }
  EXPECT_EQ(find_decoder("avx9"), nullptr);
  EXPECT_EQ(find_decoder(""), nullptr);
  EXPECT_EQ(find_decoder("Scalar"), nullptr);
}

bool present() noexcept {
  return true;
}
bool absent() noexcept {
  return false;
}

TEST(DecoderRegistry, NamesTheMissingFeaturesOnly) {
  const std::array needs{cpu_feature{"AVX2", &present}, cpu_feature{"BMI1", &absent},
                         cpu_feature{"BMI2", &absent}};
  const decoder_implementation impl{"test", needs, &present, nullptr};
  EXPECT_FALSE(impl.supported());
  EXPECT_EQ(impl.missing_features(), "BMI1, BMI2");
  const decoder_implementation fine{"test", std::span(needs).first(1), &present, nullptr};
  EXPECT_TRUE(fine.supported());
  EXPECT_EQ(fine.missing_features(), "");
}

TEST(DecoderSelection, MessagesNameTheVariableAndTheProblem) {
  const std::array needs{cpu_feature{"AVX512_VBMI2", &absent}};
  const decoder_implementation lacking{"avx512", needs, &present, nullptr};
  const decoder_implementation* const scalar = &decoder_implementations().front();
  const decoder_selection unknown{scalar, nullptr, decoder_selection_errc::unknown_decoder, "avx9"};
  std::string built = FENBATCH_BUILT_DECODERS;
  for (std::size_t at = built.find(','); at != std::string::npos; at = built.find(',', at + 2)) {
    built.replace(at, 1, ", ");
  }
  EXPECT_EQ(unknown.message(),
            "FENBATCH_FORCE_IMPL=avx9: unknown decoder (built here: " + built + ")");
  const decoder_selection unsupported{scalar, &lacking, decoder_selection_errc::unsupported_cpu,
                                      "avx512"};
  EXPECT_EQ(unsupported.message(), "FENBATCH_FORCE_IMPL=avx512: this CPU lacks AVX512_VBMI2");
  const decoder_selection fine{scalar, scalar, decoder_selection_errc::ok, "scalar"};
  EXPECT_EQ(fine.message(), "");
}

// The suite runs with and without FENBATCH_FORCE_IMPL (core.impl.NAME): decode() uses the
// implementation it names (a failed selection never gets here: the environment stops it).
TEST(DecoderSelection, HonoursFenbatchForceImpl) {
  const decoder_selection& selection = selected_decoder();
  ASSERT_TRUE(selection.ok()) << selection.message();
  ASSERT_NE(selection.in_use, nullptr);
  EXPECT_TRUE(selection.in_use->supported());
  EXPECT_EQ(decoder_name(), selection.in_use->name);
  const char* const forced = std::getenv("FENBATCH_FORCE_IMPL");
  if (forced != nullptr && *forced != '\0') {
    EXPECT_EQ(selection.in_use->name, forced);
    EXPECT_EQ(selection.forced_name, forced);
  } else {
    EXPECT_EQ(selection.forced_name, "");
  }
}

}  // namespace
}  // namespace fenbatch::core
