# A room's library: catlayout_NAME from the SOURCES given, its alias catlayout::NAME (exported as
# NAME), the room's include/ as its public headers, C++23. Every room's CMakeLists.txt starts here.
function(catlayout_library name)
  add_library(catlayout_${name} ${ARGN})
  add_library(catlayout::${name} ALIAS catlayout_${name})
  set_target_properties(catlayout_${name} PROPERTIES EXPORT_NAME ${name} OUTPUT_NAME catlayout_${name})
  target_include_directories(catlayout_${name} PUBLIC
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  target_compile_features(catlayout_${name} PUBLIC cxx_std_23)
endfunction()

# CATLAYOUT_HAVE_<ENGINE> (PRIVATE) on TARGET for each named engine this build has: a room that
# serves an engine's ops where it exists (the wire, the checker) says "not implemented" otherwise.
function(catlayout_define_engines target)
  foreach(engine ${ARGN})
    if(TARGET catlayout_${engine})
      string(TOUPPER ${engine} ENGINE)
      target_compile_definitions(${target} PRIVATE CATLAYOUT_HAVE_${ENGINE})
    endif()
  endforeach()
endfunction()

# A room's test executable. Its own sources compile at CATLAYOUT_TEST_OPT (-O1 in Release builds):
# they assert and call the engines, which keep the build's optimisation, and -O3 costs these files
# about a third more compile time for nothing the suites need (the benchmarks are not tests).
if(CMAKE_BUILD_TYPE MATCHES "^(Release|RelWithDebInfo)$")
  set(CATLAYOUT_TEST_OPT "-O1" CACHE STRING "Optimisation of the test executables' own sources")
else()
  set(CATLAYOUT_TEST_OPT "" CACHE STRING "Optimisation of the test executables' own sources")
endif()
function(catlayout_test_executable name)
  add_executable(${name} ${ARGN})
  target_compile_options(${name} PRIVATE ${CATLAYOUT_TEST_OPT})
endfunction()
