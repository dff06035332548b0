# Warnings and sanitizers travel on one INTERFACE target that every fenbatch target links
# privately, so consumers of the libraries never inherit them.
add_library(fenbatch_options INTERFACE)

target_compile_options(fenbatch_options INTERFACE
  -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Wnon-virtual-dtor
  -Wold-style-cast -Wcast-align -Woverloaded-virtual -Wimplicit-fallthrough)
# x86-64-v2 (SSE4.2, POPCNT; every x86-64 CPU since 2009) by default: without it std::popcount
# becomes a libgcc call, which cost about 290 instructions per position in validation.
# Set FENBATCH_X86_ARCH=x86-64 for the plain baseline.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(FENBATCH_X86_ARCH "x86-64-v2" CACHE STRING "-march level for x86-64 builds")
  target_compile_options(fenbatch_options INTERFACE -march=${FENBATCH_X86_ARCH})
endif()

# Position-independent code (for the Python module) without interposition: calls inside the
# libraries stay direct, as in position-independent executables.
if(CMAKE_POSITION_INDEPENDENT_CODE)
  target_compile_options(fenbatch_options INTERFACE -fno-semantic-interposition)
endif()

if(FENBATCH_WERROR)
  target_compile_options(fenbatch_options INTERFACE -Werror)
endif()

if(FENBATCH_SANITIZE)
  list(JOIN FENBATCH_SANITIZE "," _fenbatch_sanitizers)
  target_compile_options(fenbatch_options INTERFACE
    -fsanitize=${_fenbatch_sanitizers} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(fenbatch_options INTERFACE -fsanitize=${_fenbatch_sanitizers})
  # Invariant checks stay on in every sanitizer build.
  target_compile_definitions(fenbatch_options INTERFACE FENBATCH_ENABLE_ASSERTS=1)
endif()

# Profile-guided optimisation (GCC): a build with FENBATCH_PGO=generate writes profiles when it
# runs (counters updated atomically: the pipeline is threaded); the same build directory
# reconfigured with FENBATCH_PGO=use compiles with them (profile file names follow the object
# paths). Code the training run never reached keeps its usual optimisation. The build does not
# depend on the profile files: after retraining, change the flags (as the script does) or
# rebuild from clean.
if(NOT FENBATCH_PGO STREQUAL "" AND NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(FATAL_ERROR "FENBATCH_PGO needs GCC (clang's profiles take another tool chain)")
endif()
if(FENBATCH_PGO STREQUAL "generate")
  target_compile_options(fenbatch_options INTERFACE
    -fprofile-generate=${FENBATCH_PGO_DIR} -fprofile-update=atomic)
  target_link_options(fenbatch_options INTERFACE -fprofile-generate=${FENBATCH_PGO_DIR})
elseif(FENBATCH_PGO STREQUAL "use")
  target_compile_options(fenbatch_options INTERFACE
    -fprofile-use=${FENBATCH_PGO_DIR} -fprofile-partial-training -Wno-missing-profile)
elseif(NOT FENBATCH_PGO STREQUAL "")
  message(FATAL_ERROR "FENBATCH_PGO must be empty, generate or use, not '${FENBATCH_PGO}'")
endif()
