// `catlayout swizzle` and `catlayout linear`: a swizzle's masks and table, a layout's F2 basis.
#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iomanip>
#include <ostream>

#include "bits.hpp"
#include "catlayout/core/f2_linear.hpp"
#include "catlayout/core/swizzle.hpp"

namespace catlayout::cli {

namespace {

bool parse_int(std::string const& s, Int& v) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size();
}

std::string binary(Int x, int width) {
  std::string s;
  for (int k = std::max(width, 1) - 1; k >= 0; --k) s += (x >> k & 1) ? '1' : '0';
  return "0b" + s;
}

int report(Error const& e, std::ostream& err) {
  err << "catlayout: " << e.what() << "\n";
  return e.kind == ErrorKind::invalid_input ? 2 : 1;
}

}  // namespace

int swizzle_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err) {
  if (args.size() < 3) {
    err << "usage: catlayout swizzle B M S [OFFSET...]   e.g. catlayout swizzle 3 4 3\n";
    return 2;
  }
  Int p[3];
  for (int i = 0; i < 3; ++i)
    if (!parse_int(args[static_cast<std::size_t>(i)], p[i]) || p[i] < -1000 || p[i] > 1000) {
      err << "catlayout: invalid_input: argument " << i + 1 << " '" << args[static_cast<std::size_t>(i)]
          << "' is not a small integer\n";
      return 2;
    }
  auto sw = Swizzle::make(static_cast<int>(p[0]), static_cast<int>(p[1]), static_cast<int>(p[2]));
  if (!sw) return report(sw.error(), err);
  std::vector<Int> xs;
  for (std::size_t i = 3; i < args.size(); ++i) {
    Int x;
    if (!parse_int(args[i], x)) {
      err << "catlayout: invalid_input: offset '" << args[i] << "' is not an integer\n";
      return 2;
    }
    xs.push_back(x);
  }
  int n = sw->span_bits();
  if (xs.empty() && n > 16) {
    err << "catlayout: invalid_input: the table of " << to_string(*sw) << " has 2^" << n
        << " entries; give the offsets to print\n";
    return 2;
  }
  out << to_string(*sw) << "  (B = " << sw->bits << " bits, M = " << sw->base << ", S = " << sw->shift << ")\n";
  out << "yyy_mask = " << binary(sw->yyy_mask(), n) << " (" << sw->yyy_mask() << ")\n";
  out << "zzz_mask = " << binary(sw->zzz_mask(), n) << " (" << sw->zzz_mask() << ")\n";
  out << "sw(x) = x ^ ((x & yyy_mask) " << (sw->shift >= 0 ? ">> " : "<< ") << std::abs(sw->shift)
      << "): a bijection on [0, " << (Int{1} << n) << ") and its own inverse\n";
  if (xs.empty())
    for (Int x = 0; x < (Int{1} << n); ++x) xs.push_back(x);
  for (Int x : xs) out << std::setw(8) << x << " -> " << std::setw(8) << (*sw)(x) << "\n";
  return 0;
}

int linear_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1) {
    err << "usage: catlayout linear LAYOUT   e.g. catlayout linear 'Sw<3,4,3> o (8,64):(64,1)'\n";
    return 2;
  }
  auto c = parse_composed_layout(args[0]);
  if (!c) return report(c.error(), err);
  auto f = to_linear(*c);
  if (!f) return report(f.error(), err);
  out << "layout: " << (is_plain(*c) ? to_string(c->layout) : to_string(*c)) << "\n";
  out << "F2 map: " << f->in_bits() << " input bits -> " << f->out_bits() << " output bits\n";
  for (int k = 0; k < f->in_bits(); ++k) {
    auto b = static_cast<Int>(f->bases()[static_cast<std::size_t>(k)]);
    out << "  bit " << std::setw(2) << k << " -> " << binary(b, f->out_bits()) << " (" << b << ")\n";
  }
  auto back = to_cute(*f);
  if (!back) return report(back.error(), err);
  out << "cute: " << (is_plain(*back) ? to_string(back->layout) : to_string(*back)) << "\n";
  return 0;
}

}  // namespace catlayout::cli
