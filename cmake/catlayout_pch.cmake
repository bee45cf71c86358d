# CATLAYOUT_PCH: each of this project's targets with three or more C++ sources precompiles, once, the
# library headers its files would otherwise each parse again: the standard library's, nlohmann_json's
# where the target links it (the wire's and the gpu room's public headers carry it), gtest's in a test
# executable. g++ spends about half of a small file's compile time parsing them (a 75-line test file
# preprocesses to 165,000 lines). scripts/test.sh and scripts/sanitize.sh turn it on; a plain build
# (pip, scripts/run.sh, a user's) leaves it off, and so still proves that every file includes what it
# uses. Each target gets its own precompiled header, built with that target's flags: g++ must not
# load one made with other options (an -O1 header in an -O3 compile crashed g++ 12).
option(CATLAYOUT_PCH "Precompile the standard library, JSON and gtest headers per target" OFF)

set(CATLAYOUT_PCH_STD
  <algorithm> <array> <bit> <charconv> <cstddef> <cstdint> <cstdio> <cstdlib> <expected> <fstream>
  <functional> <iostream> <map> <memory> <numeric> <optional> <random> <set> <span> <sstream>
  <stdexcept> <string> <string_view> <tuple> <unordered_map> <unordered_set> <utility> <variant>
  <vector>)

# OUT: TRUE when TARGET links nlohmann_json, directly or through a catlayout library it links.
function(_catlayout_links_json target out)
  set(${out} FALSE PARENT_SCOPE)
  get_target_property(aliased ${target} ALIASED_TARGET)
  if(aliased)
    set(target ${aliased})
  endif()
  get_target_property(libs ${target} LINK_LIBRARIES)
  get_target_property(ilibs ${target} INTERFACE_LINK_LIBRARIES)
  foreach(lib IN LISTS libs ilibs)
    if(lib STREQUAL "nlohmann_json::nlohmann_json")
      set(${out} TRUE PARENT_SCOPE)
      return()
    elseif(lib MATCHES "^catlayout(::|_)" AND TARGET ${lib})
      _catlayout_links_json(${lib} found)
      if(found)
        set(${out} TRUE PARENT_SCOPE)
        return()
      endif()
    endif()
  endforeach()
endfunction()

function(_catlayout_targets_under dir out)
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    _catlayout_targets_under(${sub} more)
    list(APPEND targets ${more})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

# Called once, after every room is added.
function(catlayout_precompile_headers)
  if(NOT CATLAYOUT_PCH)
    return()
  endif()
  _catlayout_targets_under(${PROJECT_SOURCE_DIR} targets)
  foreach(t IN LISTS targets)
    get_target_property(type ${t} TYPE)
    if(NOT type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY|EXECUTABLE)$" OR t MATCHES "^nanobind")
      continue()
    endif()
    get_target_property(sources ${t} SOURCES)
    list(FILTER sources INCLUDE REGEX "\\.cpp$")
    list(LENGTH sources n)
    if(n LESS 3)  # the header costs about what two files' parsing saves
      continue()
    endif()
    set(headers ${CATLAYOUT_PCH_STD})
    _catlayout_links_json(${t} json)
    if(json)
      list(APPEND headers <nlohmann/json.hpp>)
    endif()
    get_target_property(libs ${t} LINK_LIBRARIES)
    if(libs MATCHES "GTest::")
      list(APPEND headers <gtest/gtest.h>)
    endif()
    target_precompile_headers(${t} PRIVATE ${headers})
  endforeach()
endfunction()
