#pragma once
// Shared by the fuzz targets: a violated property prints what was violated and traps, so that
// libFuzzer records the input as a crash (fuzz/README.md).
#include <cstdio>
#include <string>

namespace fuzz {

[[noreturn]] inline void violation(std::string const& what) {
  std::fprintf(stderr, "\n*** catlayout fuzz property violated: %s\n", what.c_str());
  std::fflush(stderr);
  __builtin_trap();
}

#define FUZZ_REQUIRE(cond, msg)                                                  \
  do {                                                                           \
    if (!(cond)) ::fuzz::violation(std::string(#cond) + " -- " + (msg));         \
  } while (0)

}  // namespace fuzz
