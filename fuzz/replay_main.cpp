// A fuzz target without libFuzzer: each file named on the command line (or each file of a named
// folder) goes once through the target's LLVMFuzzerTestOneInput, whose property checks trap on a
// violation (common.hpp). The test build replays the committed regressions and seeds this way,
// with g++; fuzzing itself is fuzz/build.sh and fuzz/run.sh (clang, libFuzzer).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(std::uint8_t const* data, std::size_t size);

namespace {

// Every regular file under `p` (or `p` itself), in name order: a replay that can be repeated.
std::vector<std::filesystem::path> inputs(std::filesystem::path const& p) {
  std::vector<std::filesystem::path> out;
  if (!std::filesystem::is_directory(p)) return {p};
  for (auto const& e : std::filesystem::recursive_directory_iterator(p))
    if (e.is_regular_file() && e.path().filename() != "README.md") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = 0;
  for (int i = 1; i < argc; ++i) {
    if (!std::filesystem::exists(argv[i])) {
      std::fprintf(stderr, "replay: no such file or folder: %s\n", argv[i]);
      return 2;
    }
    for (auto const& f : inputs(argv[i])) {
      std::ifstream in(f, std::ios::binary);
      std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      std::fprintf(stderr, "replay: %s\n", f.c_str());  // the last one named is the one that failed
      LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
      ++n;
    }
  }
  std::printf("replay: %zu inputs, no property violated\n", n);
  return n > 0 ? 0 : 2;
}
