# Debian's libzstd-dev ships no CMake package file; this module finds the header and library
# and provides the imported target zstd::zstd.
find_path(zstd_INCLUDE_DIR NAMES zstd.h)
find_library(zstd_LIBRARY NAMES zstd)

if(zstd_INCLUDE_DIR AND EXISTS "${zstd_INCLUDE_DIR}/zstd.h")
  file(STRINGS "${zstd_INCLUDE_DIR}/zstd.h" _zstd_version_lines
       REGEX "#define ZSTD_VERSION_(MAJOR|MINOR|RELEASE) +[0-9]+")
  foreach(_part MAJOR MINOR RELEASE)
    string(REGEX REPLACE ".*#define ZSTD_VERSION_${_part} +([0-9]+).*" "\\1"
           _zstd_${_part} "${_zstd_version_lines}")
  endforeach()
  set(zstd_VERSION "${_zstd_MAJOR}.${_zstd_MINOR}.${_zstd_RELEASE}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(zstd
  REQUIRED_VARS zstd_LIBRARY zstd_INCLUDE_DIR
  VERSION_VAR zstd_VERSION)

if(zstd_FOUND AND NOT TARGET zstd::zstd)
  add_library(zstd::zstd UNKNOWN IMPORTED)
  set_target_properties(zstd::zstd PROPERTIES
    IMPORTED_LOCATION "${zstd_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${zstd_INCLUDE_DIR}")
endif()
mark_as_advanced(zstd_INCLUDE_DIR zstd_LIBRARY)
