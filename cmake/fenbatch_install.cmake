# What `cmake --install` puts where (GNUInstallDirs), and what consumers find there: the
# libraries in the export set fenbatchTargets (as fenbatch::NAME), the programs with their man
# pages and bash completion, the CMake package files, fenbatch.pc and the LICENSE. The same
# package files, with the export set exported, make the build tree a package too
# (fenbatch_DIR=<build dir>). All of it only with FENBATCH_INSTALL, ON when fenbatch is the
# top-level project: a project that includes fenbatch links its ALIAS targets instead.
include(CMakePackageConfigHelpers)

set(FENBATCH_PACKAGE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/fenbatch")
# A 0.x version promises no stable interface: any minor release may change it, so the shared
# libraries' soname carries the minor version (libfenbatch_core.so.0.1), as does the package's
# compatibility (SameMinorVersion below).
set(FENBATCH_SOVERSION "${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR}")

# Installs a library into the export set, consumers seeing it as fenbatch::EXPORT_NAME. Its
# public headers are installed by its own directory (fenbatch_install_headers).
function(fenbatch_install_library target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "EXPORT_NAME" "")
  set_target_properties(${target} PROPERTIES
    EXPORT_NAME ${arg_EXPORT_NAME}
    VERSION ${PROJECT_VERSION}
    SOVERSION ${FENBATCH_SOVERSION})
  # A shared library finds the others beside it (libfenbatch_pipeline.so needs
  # libfenbatch_core.so): a program's RUNPATH serves only the libraries it needs itself.
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "SHARED_LIBRARY")
    set_target_properties(${target} PROPERTIES
      INSTALL_RPATH "$ORIGIN" INSTALL_RPATH_USE_LINK_PATH ON)
  endif()
  if(FENBATCH_INSTALL)
    install(TARGETS ${target} EXPORT fenbatchTargets)
    set_property(GLOBAL APPEND PROPERTY FENBATCH_EXPORTED_LIBRARIES ${target})
  endif()
endfunction()

# Installs the public headers (*.hpp) under the include folders given, relative to the calling
# directory, into include/.
function(fenbatch_install_headers)
  if(FENBATCH_INSTALL)
    install(DIRECTORY ${ARGN}
            DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}" FILES_MATCHING PATTERN "*.hpp"
            # (a .inc is a fragment that a header includes inside its namespace)
            PATTERN "*.inc")
  endif()
endfunction()

# Installs a program, its man page and the bash completion under the program's name:
# bash-completion loads completions/NAME when NAME is first completed, and one file serves
# every fenbatch program.
function(fenbatch_install_program target)
  if(NOT FENBATCH_INSTALL)
    return()
  endif()
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "MAN_PAGE;COMPLETION" "")
  if(BUILD_SHARED_LIBS)
    # The libraries relative to the program, so that the installed tree can move.
    file(RELATIVE_PATH lib_from_bin "${CMAKE_INSTALL_FULL_BINDIR}" "${CMAKE_INSTALL_FULL_LIBDIR}")
    set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN/${lib_from_bin}")
  endif()
  # Dependencies outside the loader's directories (an MPI under /opt; Debian's Open MPI in
  # lib/x86_64-linux-gnu/openmpi/lib) stay found after installation, as in the build tree.
  set_target_properties(${target} PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
  install(TARGETS ${target})
  install(FILES ${arg_MAN_PAGE} DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
  install(FILES ${arg_COMPLETION} RENAME ${target}
          DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions")
endfunction()

# The package files, once every library has joined the export set: installed, and written into
# the build tree beside the exported targets, so that find_package(fenbatch) finds either.
function(fenbatch_install_package)
  if(NOT FENBATCH_INSTALL)
    return()
  endif()
  install(EXPORT fenbatchTargets NAMESPACE fenbatch:: DESTINATION "${FENBATCH_PACKAGE_DIR}")
  # The build tree's export keeps what install(EXPORT) drops with BUILD_INTERFACE: a static
  # library's private link to fenbatch_options, as a link-only dependency. So fenbatch_options
  # goes along (as fenbatch::build_options): a consumer links what the libraries need of it (a
  # sanitizer's runtime), and gets none of its compile options.
  get_property(libraries GLOBAL PROPERTY FENBATCH_EXPORTED_LIBRARIES)
  set_target_properties(fenbatch_options PROPERTIES EXPORT_NAME build_options)
  export(TARGETS ${libraries} fenbatch_options NAMESPACE fenbatch::
         FILE "${PROJECT_BINARY_DIR}/fenbatchTargets.cmake")

  # What fenbatchConfig.cmake needs to know of this build: static libraries bring their
  # dependencies to the consumer's link, shared ones do not.
  get_target_property(library_type fenbatch_pipeline TYPE)
  if(library_type STREQUAL "STATIC_LIBRARY")
    set(FENBATCH_STATIC_LIBRARIES ON)
  else()
    set(FENBATCH_STATIC_LIBRARIES OFF)
  endif()
  if(TARGET fenbatch_distributed)
    set(FENBATCH_DISTRIBUTED ON)
  else()
    set(FENBATCH_DISTRIBUTED OFF)
  endif()
  configure_package_config_file("${PROJECT_SOURCE_DIR}/cmake/fenbatchConfig.cmake.in"
    "${PROJECT_BINARY_DIR}/fenbatchConfig.cmake"
    INSTALL_DESTINATION "${FENBATCH_PACKAGE_DIR}")
  # SameMinorVersion: see FENBATCH_SOVERSION (0.1.x satisfies a request for 0.1, not 0.2).
  write_basic_package_version_file("${PROJECT_BINARY_DIR}/fenbatchConfigVersion.cmake"
    COMPATIBILITY SameMinorVersion)
  # Debian's xxHash and zstd ship no CMake package: the config finds them with these, beside it.
  set(find_modules "${PROJECT_SOURCE_DIR}/cmake/FindxxHash.cmake"
                   "${PROJECT_SOURCE_DIR}/cmake/Findzstd.cmake")
  foreach(module IN LISTS find_modules)
    configure_file("${module}" "${PROJECT_BINARY_DIR}" COPYONLY)
  endforeach()
  install(FILES
    "${PROJECT_BINARY_DIR}/fenbatchConfig.cmake"
    "${PROJECT_BINARY_DIR}/fenbatchConfigVersion.cmake"
    ${find_modules}
    DESTINATION "${FENBATCH_PACKAGE_DIR}")

  fenbatch_install_pkg_config()
  install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
endfunction()

# fenbatch.pc, for the installed package only (FENBATCH_STATIC_LIBRARIES: the caller's).
function(fenbatch_install_pkg_config)
  # fenbatch.pc locates the prefix from its own directory, so that `cmake --install --prefix`
  # anywhere gives a working file.
  file(RELATIVE_PATH prefix_from_pc_dir "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig"
       "${CMAKE_INSTALL_PREFIX}")
  string(REGEX REPLACE "/$" "" prefix_from_pc_dir "${prefix_from_pc_dir}")
  set(FENBATCH_PC_PREFIX "\${pcfiledir}/${prefix_from_pc_dir}")
  foreach(dir INCLUDEDIR LIBDIR)
    if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
      set(FENBATCH_PC_${dir} "${CMAKE_INSTALL_${dir}}")
    else()
      set(FENBATCH_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
    endif()
  endforeach()
  # A static library's dependencies are the consumer's to link: public fields then, so that
  # plain `pkg-config --libs` prints them. Boost.Iostreams has no .pc file.
  set(FENBATCH_PC_REQUIRES "libzstd >= 1.4, tbb, simdjson, libxxhash >= 0.8")
  set(FENBATCH_PC_LIBS "-lboost_iostreams -pthread")
  if(FENBATCH_STATIC_LIBRARIES)
    set(FENBATCH_PC_PUBLIC_REQUIRES "${FENBATCH_PC_REQUIRES}")
    set(FENBATCH_PC_PUBLIC_LIBS " ${FENBATCH_PC_LIBS}")
    set(FENBATCH_PC_PRIVATE_REQUIRES "")
    set(FENBATCH_PC_PRIVATE_LIBS "")
  else()
    set(FENBATCH_PC_PUBLIC_REQUIRES "")
    set(FENBATCH_PC_PUBLIC_LIBS "")
    set(FENBATCH_PC_PRIVATE_REQUIRES "${FENBATCH_PC_REQUIRES}")
    set(FENBATCH_PC_PRIVATE_LIBS "${FENBATCH_PC_LIBS}")
  endif()
  configure_file("${PROJECT_SOURCE_DIR}/cmake/fenbatch.pc.in" "${PROJECT_BINARY_DIR}/fenbatch.pc"
                 @ONLY)
  install(FILES "${PROJECT_BINARY_DIR}/fenbatch.pc"
          DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
endfunction()
