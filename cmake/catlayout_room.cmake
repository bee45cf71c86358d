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
