// catlayout_prove: `catlayout prove` as its own program (see prove.hpp).
#include <iostream>

#include "catlayout/proofs/prove.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return catlayout::proofs::prove_main(args, std::cout, std::cerr);
}
