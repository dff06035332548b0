// Differential fuzzing of the decoder implementations: every one in the registry that this CPU
// runs (the scalar decoder with its fast paths, each vector one) must give the precise parser's
// status, column and record on any input, in strict and repair mode, and the same written line.
// Any difference traps. The input is placed at the very end of a readable page, so a kernel
// reading past the line end outside the allowed page would fault here.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "decoder/decode_with.hpp"
#include "fenbatch/core/decoder_registry.hpp"
#include "fenbatch/core/record.hpp"
#include "fenbatch/core/write.hpp"
#include "same_decoding.hpp"
#include "validate_precise.hpp"

namespace {

using namespace fenbatch::core;

// A page followed by an unreadable one, reused across inputs.
char* guarded_page_end() {
  static char* end = [] {
    const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    void* region =
        ::mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (region == MAP_FAILED) __builtin_trap();
    ::mprotect(static_cast<char*>(region) + page, page, PROT_NONE);
    return static_cast<char*>(region) + page;
  }();
  return end;
}

void compare(const decoder_implementation& impl, std::string_view text) {
  for (const bool repair : {false, true}) {
    const decode_options options{repair};
    record expected;
    record got;
    const fen_status s = decoder::decode_precise(text, options, expected);
    const fen_status t = impl.decode(text, options, got);
    if (s != t || (s.ok() && !fenbatch::test::same_decoding(expected, got))) {
      std::fprintf(stderr, "%.*s differs from the precise parser (%s mode): %s@%u vs %s@%u\n",
                   static_cast<int>(impl.name.size()), impl.name.data(),
                   repair ? "repair" : "strict", std::string(to_string(s.code)).c_str(), s.column,
                   std::string(to_string(t.code)).c_str(), t.column);
      __builtin_trap();
    }
    // validate()'s combined tests against the checks one by one (validate.cpp), on the fast
    // decoder's record: its hints (castling rights already clean) are what validate() trusts.
    if (s.ok()) {
      record fast = got;
      record precise = expected;
      if (validate(fast, options) != detail::validate_precise(precise, options) ||
          !fenbatch::test::same_decoding(fast, precise)) {
        std::fprintf(stderr, "validate differs from validate_precise (%s mode)\n",
                     repair ? "repair" : "strict");
        __builtin_trap();
      }
    }
    // The writer may copy the line for the fast record (its plain-tail hint), never for the
    // precise one: the bytes must be the same for every option combination.
    if (!s.ok() || !validate(expected, options).ok() || !validate(got, options).ok()) continue;
    for (const output_format format : {output_format::fen, output_format::epd}) {
      for (const castling_notation castling :
           {castling_notation::xfen, castling_notation::shredder}) {
        for (const ep_policy ep : {ep_policy::legal, ep_policy::pseudo, ep_policy::always}) {
          const write_options w{format, castling, ep};
          if (to_canonical(expected, text, w) != to_canonical(got, text, w)) {
            std::fprintf(stderr, "%.*s: the written line differs from the precise record's\n",
                         static_cast<int>(impl.name.size()), impl.name.data());
            __builtin_trap();
          }
        }
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  char* const line = guarded_page_end() - size;
  std::memcpy(line, data, size);
  const std::string_view text(line, size);
  for (const decoder_implementation& impl : decoder_implementations()) {
    if (impl.supported()) compare(impl, text);
  }
  return 0;
}
