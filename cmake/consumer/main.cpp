// A downstream program: composes two layouts through the installed library.
#include <catlayout/core.hpp>
#include <iostream>

int main() {
  auto r = catlayout::composition(catlayout::layout(catlayout::tup(6, 2), catlayout::tup(8, 2)),
                                  catlayout::layout(catlayout::tup(4, 3), catlayout::tup(3, 1)));
  if (!r) return 1;
  std::cout << catlayout::to_string(*r) << "\n";
  return catlayout::to_string(*r) == "((2,2),3):((24,2),8)" ? 0 : 1;
}
