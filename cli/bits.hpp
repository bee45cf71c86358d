#pragma once
// `catlayout swizzle B M S [OFFSET...]`: the masks and the table on [0, 2^(M+|S|+B)) or on the
// offsets; exit 0, or 2 on bad input. `catlayout linear L`: L a layout or
// "Sw<B,M,S> o [OFFSET o] LAYOUT"; prints the F2 basis and the recovered CuTe form; exit 0,
// 1 (not representable), 2 (bad input). `args` are the words after the command name.
#include <ostream>
#include <string>
#include <vector>

namespace catlayout::cli {

int swizzle_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);
int linear_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);

}  // namespace catlayout::cli
