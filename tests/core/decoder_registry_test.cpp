// The registry of decoder implementations against what the build says it contains
// (FENBATCH_BUILT_DECODERS, from core/CMakeLists.txt), and the messages of a failed selection.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>

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
  EXPECT_EQ(scalar.cpu_needs, cpu_features{0});
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

constexpr cpu_features avx2 = feature_bit(cpu_feature::avx2);
constexpr cpu_features bmi1 = feature_bit(cpu_feature::bmi1);
constexpr cpu_features bmi2 = feature_bit(cpu_feature::bmi2);

TEST(DecoderRegistry, NamesTheMissingFeaturesOnly) {
  const decoder_implementation impl{"test", avx2 | bmi1 | bmi2, &present, nullptr};
  EXPECT_FALSE(impl.supported(avx2));
  EXPECT_EQ(impl.missing_features(avx2), "BMI1, BMI2");
  const decoder_implementation fine{"test", avx2, &present, nullptr};
  EXPECT_TRUE(fine.supported(avx2));
  EXPECT_EQ(fine.missing_features(avx2), "");
}

// The names as Intel's manuals write them, in the order messages list them (the order the
// implementations listed their needs in before the table).
TEST(CpuFeatures, NamesInTheTablesOrder) {
  EXPECT_EQ(to_string(cpu_feature::avx512_vbmi2), "AVX512_VBMI2");
  EXPECT_EQ(feature_names(~cpu_features{0}),
            "AVX2, AVX512F, AVX512BW, AVX512_VBMI, AVX512_VBMI2, BMI1, BMI2");
  EXPECT_EQ(feature_names(bmi2 | avx2), "AVX2, BMI2");
  EXPECT_EQ(feature_names(0), "");
  if (const decoder_implementation* avx512 = find_decoder("avx512")) {
    EXPECT_EQ(avx512->missing_features(0),
              "AVX512F, AVX512BW, AVX512_VBMI, AVX512_VBMI2, BMI1, BMI2");
  }
  if (const decoder_implementation* avx2_impl = find_decoder("avx2")) {
    EXPECT_EQ(avx2_impl->missing_features(0), "AVX2, BMI1, BMI2");
  }
}

// The probe against the kernel's view of this CPU (Linux's /proc/cpuinfo flags).
TEST(CpuFeatures, TheProbeAgreesWithProcCpuinfo) {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line) && !line.starts_with("flags")) {
  }
  if (!line.starts_with("flags")) GTEST_SKIP() << "no flags line in /proc/cpuinfo";
  std::set<std::string> flags;
  std::istringstream words(line.substr(line.find(':') + 1));
  for (std::string word; words >> word;) flags.insert(word);
  const std::array<std::pair<cpu_feature, const char*>, 7> kernel_names{
      {{cpu_feature::avx2, "avx2"},
       {cpu_feature::avx512f, "avx512f"},
       {cpu_feature::avx512bw, "avx512bw"},
       {cpu_feature::avx512_vbmi, "avx512vbmi"},
       {cpu_feature::avx512_vbmi2, "avx512_vbmi2"},
       {cpu_feature::bmi1, "bmi1"},
       {cpu_feature::bmi2, "bmi2"}}};
  const cpu_features here = cpu_features_here();
  for (const auto& [feature, flag] : kernel_names) {
    EXPECT_EQ((here & feature_bit(feature)) != 0, flags.count(flag) != 0) << flag;
  }
}

TEST(DecoderSelection, MessagesNameTheVariableAndTheProblem) {
  const decoder_implementation lacking{"avx512", feature_bit(cpu_feature::avx512_vbmi2), &present,
                                       nullptr};
  const decoder_implementation* const scalar = &decoder_implementations().front();
  const decoder_selection unknown{scalar, nullptr, decoder_selection_errc::unknown_decoder, "avx9"};
  std::string built = FENBATCH_BUILT_DECODERS;
  for (std::size_t at = built.find(','); at != std::string::npos; at = built.find(',', at + 2)) {
    built.replace(at, 1, ", ");
  }
  EXPECT_EQ(unknown.message(),
            "FENBATCH_FORCE_IMPL=avx9: unknown decoder (built here: " + built + ")");
  const decoder_selection unsupported{scalar, &lacking, decoder_selection_errc::unsupported_cpu,
                                      "avx512", lacking.cpu_needs};
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
