# The Python module `fenbatch` (python/), built when an interpreter with NumPy, its headers and
# pybind11 are found; never in the sanitizer presets (an instrumented extension module needs the
# sanitizer's runtime preloaded into an interpreter that is not instrumented).
#
# Which interpreter: -DPython3_EXECUTABLE=... when given; otherwise the first of `python3` on
# PATH and /usr/bin/python3 in which NumPy imports and Python.h exists (a pyenv or virtual
# environment interpreter without NumPy comes first on PATH on many machines). The tests that
# need only the standard library use the same interpreter.
option(FENBATCH_BUILD_PYTHON "Build the Python module when its dependencies are found"
       ${PROJECT_IS_TOP_LEVEL})

set(FENBATCH_PYTHON_MISSING "")
function(fenbatch_python_usable exe out)
  execute_process(
    COMMAND "${exe}" -c
      "import os, sysconfig, numpy; assert os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h'))"
    RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

if(NOT FENBATCH_BUILD_PYTHON)
  set(FENBATCH_PYTHON_MISSING "FENBATCH_BUILD_PYTHON is OFF")
elseif(FENBATCH_SANITIZE)
  set(FENBATCH_PYTHON_MISSING "not in a sanitizer build")
else()
  if(NOT Python3_EXECUTABLE)
    find_program(_fenbatch_path_python python3 NO_CACHE)
    foreach(candidate IN ITEMS "${_fenbatch_path_python}" /usr/bin/python3)
      if(candidate AND EXISTS "${candidate}")
        fenbatch_python_usable("${candidate}" usable)
        if(usable)
          set(Python3_EXECUTABLE "${candidate}" CACHE FILEPATH
              "The Python interpreter the module is built for (one where NumPy imports)")
          break()
        endif()
      endif()
    endforeach()
  endif()
  if(NOT Python3_EXECUTABLE)
    set(FENBATCH_PYTHON_MISSING
        "no python3 with NumPy and Python.h (scripts/install-deps.sh installs python3-dev and python3-numpy)")
  else()
    find_package(Python3 COMPONENTS Interpreter Development.Module NumPy)
    find_package(pybind11 2.6 CONFIG QUIET)
    if(NOT Python3_Development.Module_FOUND OR NOT Python3_NumPy_FOUND)
      set(FENBATCH_PYTHON_MISSING "${Python3_EXECUTABLE} lacks NumPy or its headers")
    elseif(NOT pybind11_FOUND)
      set(FENBATCH_PYTHON_MISSING "pybind11 not found (the Debian package pybind11-dev)")
    endif()
  endif()
endif()

if(FENBATCH_PYTHON_MISSING STREQUAL "")
  set(FENBATCH_PYTHON ON)
  # The module links the static libraries into a shared object: position-independent code,
  # without interposition (so that calls inside the libraries stay direct and inlinable, as in
  # the programs).
  set(CMAKE_POSITION_INDEPENDENT_CODE ON)
  message(STATUS "fenbatch: the Python module is built for ${Python3_EXECUTABLE} (NumPy ${Python3_NumPy_VERSION})")
else()
  set(FENBATCH_PYTHON OFF)
  message(STATUS "fenbatch: the Python module is not built: ${FENBATCH_PYTHON_MISSING}")
endif()
