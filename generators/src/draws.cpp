// The draws every seeded generator is made of (seeded.hpp).
#include "catlayout/generators/seeded.hpp"

namespace catlayout::generators {

Int uniform(Rng& g, Int lo, Int hi) { return std::uniform_int_distribution<Int>(lo, hi)(g); }
bool coin(Rng& g, int one_in) { return uniform(g, 1, one_in) == 1; }
bool chance(Rng& g, double p) { return std::uniform_real_distribution<double>(0, 1)(g) < p; }

}  // namespace catlayout::generators
