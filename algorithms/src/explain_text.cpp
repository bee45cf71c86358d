// The explanations as text: what `catlayout explain` prints and Python's explain() returns.
#include "catlayout/algorithms/explain_text.hpp"

#include <sstream>

namespace catlayout::algorithms {
namespace {

std::string verdict(Result<Layout> const& r) { return r ? to_string(*r) : r.error().what(); }

std::string table_string(std::vector<Int> const& t) {
  std::string s = "[";
  for (std::size_t i = 0; i < t.size(); ++i) {
    s += i ? "," : "";
    s += std::to_string(t[i]);
  }
  return s + "]";
}

}  // namespace

std::string to_text(FragmentExplanation const& x) {
  std::ostringstream out;
  out << x.operation << "\n"
      << "  complement of:           " << to_string(x.operand) << " against " << x.target << "\n"
      << "  categorical fragment:    "
      << (x.fragment.n_complementable ? "inside (Def. 2.1.6.24)"
          : x.fragment.complementable  ? "complementable, N is not a multiple of its extent: " + x.fragment.why
                                       : "outside: " + x.fragment.why)
      << "\n"
      << "  CuTe's complement:       " << verdict(x.complement) << "\n"
      << "  check by tabulation:     " << x.check << "\n"
      << "  CuTe (core):             " << verdict(x.cute) << "\n"
      << "  categorical (--strict):  " << verdict(x.categorical) << "\n"
      << "  " << x.reason << "\n";
  return out.str();
}

std::string to_text(CompositionExplanation const& x, Layout const& a, Layout const& b) {
  std::ostringstream out;
  out << "A o B for A = " << to_string(a) << ", B = " << to_string(b) << "\n"
      << "  core composition:        " << verdict(x.core) << "\n"
      << "  categorical (Alg 4.1.2): " << verdict(x.categorical) << "\n"
      << "  rational (4.1.5):        " << verdict(x.rational) << "\n"
      << "  A(B(i)):                 " << (x.table ? table_string(*x.table) : "-") << "\n"
      << "  representable:           " << (x.representable ? to_string(*x.representable) : "no") << "\n"
      << "  " << x.reason << "\n";
  return out.str();
}

}  // namespace catlayout::algorithms
