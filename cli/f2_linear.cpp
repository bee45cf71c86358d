// Maps linear over F2 at the command line: `catlayout swizzle B M S [OFFSET...]`, a swizzle's masks
// and its table on [0, 2^(M+|S|+B)) or on the offsets (exit 0, or 2 on bad input); `catlayout
// linear L`, L a layout or "Sw<B,M,S> o [OFFSET o] LAYOUT": its F2 basis and the CuTe form
// recovered from it (exit 0, 1 not representable, 2 bad input); `catlayout triton L`, L Triton's
// #ttg.linear<{...}> or LinearLayout's print (or, with --ins and --outs, a CuTe layout): the layout
// in both of Triton's forms and as a CuTe layout, or composed, inverted or pseudo-inverted first.
#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <iomanip>
#include <iostream>

#include "catlayout/core/f2_linear.hpp"
#include "catlayout/core/named_linear.hpp"
#include "catlayout/core/text.hpp"
#include "catlayout/core/swizzle.hpp"
#include "command.hpp"

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

int swizzle_command(Args const& a) {
  auto const& args = a.pos;
  if (args.size() < 3) return usage_line("swizzle B M S [OFFSET...]   e.g. catlayout swizzle 3 4 3");
  Int p[3];
  for (int i = 0; i < 3; ++i)
    if (!parse_int(args[static_cast<std::size_t>(i)], p[i]) || p[i] < -1000 || p[i] > 1000) {
      std::cerr << "catlayout: invalid_input: argument " << i + 1 << " '" << args[static_cast<std::size_t>(i)]
          << "' is not a small integer\n";
      return 2;
    }
  auto sw = Swizzle::make(static_cast<int>(p[0]), static_cast<int>(p[1]), static_cast<int>(p[2]));
  if (!sw) return report_error(sw.error());
  std::vector<Int> xs;
  for (std::size_t i = 3; i < args.size(); ++i) {
    Int x;
    if (!parse_int(args[i], x)) {
      std::cerr << "catlayout: invalid_input: offset '" << args[i] << "' is not an integer\n";
      return 2;
    }
    xs.push_back(x);
  }
  int n = sw->span_bits();
  if (xs.empty() && n > 16) {
    std::cerr << "catlayout: invalid_input: the table of " << to_string(*sw) << " has 2^" << n
        << " entries; give the offsets to print\n";
    return 2;
  }
  std::cout << to_string(*sw) << "  (B = " << sw->bits << " bits, M = " << sw->base << ", S = " << sw->shift << ")\n";
  std::cout << "yyy_mask = " << binary(sw->yyy_mask(), n) << " (" << sw->yyy_mask() << ")\n";
  std::cout << "zzz_mask = " << binary(sw->zzz_mask(), n) << " (" << sw->zzz_mask() << ")\n";
  std::cout << "sw(x) = x ^ ((x & yyy_mask) " << (sw->shift >= 0 ? ">> " : "<< ") << std::abs(sw->shift)
      << "): a bijection on [0, " << (Int{1} << n) << ") and its own inverse\n";
  if (xs.empty())
    for (Int x = 0; x < (Int{1} << n); ++x) xs.push_back(x);
  for (Int x : xs) std::cout << std::setw(8) << x << " -> " << std::setw(8) << (*sw)(x) << "\n";
  return 0;
}

int linear_command(Args const& a) {
  auto const& args = a.pos;
  if (args.size() != 1) return usage_line("linear LAYOUT   e.g. catlayout linear 'Sw<3,4,3> o (8,64):(64,1)'");
  auto c = parse_composed_layout(args[0]);
  if (!c) return report_error(c.error());
  auto f = to_linear(*c);
  if (!f) return report_error(f.error());
  std::cout << "layout: " << (is_plain(*c) ? to_string(c->layout) : to_string(*c)) << "\n";
  std::cout << "F2 map: " << f->in_bits() << " input bits -> " << f->out_bits() << " output bits\n";
  for (int k = 0; k < f->in_bits(); ++k) {
    auto b = static_cast<Int>(f->bases()[static_cast<std::size_t>(k)]);
    std::cout << "  bit " << std::setw(2) << k << " -> " << binary(b, f->out_bits()) << " (" << b << ")\n";
  }
  auto back = to_cute(*f);
  if (!back) return report_error(back.error());
  std::cout << "cute: " << (is_plain(*back) ? to_string(back->layout) : to_string(*back)) << "\n";
  return 0;
}

// "lane:32,warp:4": named sizes.
Result<std::vector<NamedDim>> named_dims(std::string const& text, std::string_view option) {
  std::vector<NamedDim> r;
  std::size_t b = 0;
  while (b <= text.size()) {
    auto e = std::min(text.find(',', b), text.size());
    auto item = text.substr(b, e - b);
    auto colon = item.find(':');
    NamedDim d;
    if (colon == std::string::npos || colon == 0 || !parse_int(item.substr(colon + 1), d.size))
      return fail(ErrorKind::invalid_input, option, " expects NAME:SIZE,...; found '", item, "'");
    d.name = item.substr(0, colon);
    r.push_back(std::move(d));
    b = e + 1;
  }
  return r;
}

Result<NamedLinearLayout> triton_operand(Args const& a) {
  if (!a.has("--ins") && !a.has("--outs")) return parse_named_linear(a.pos[0]);
  if (!a.has("--ins") || !a.has("--outs"))
    return fail(ErrorKind::invalid_input, "--ins and --outs go together: a CuTe layout's domain and values named");
  CL_TRY(l, parse_layout(a.pos[0]));
  CL_TRY(ins, named_dims(a.value("--ins"), "--ins"));
  CL_TRY(outs, named_dims(a.value("--outs"), "--outs"));
  return from_cute(l, ins, std::move(outs));
}

int triton_command(Args const& a) {
  if (a.pos.size() != 1)
    return usage_line("triton L [--compose M | --invert | --pseudoinvert] [--ins NAME:SIZE,... --outs NAME:SIZE,...]");
  auto f = triton_operand(a);
  if (!f) return report_error(f.error());
  int ops = a.has("--compose") + a.has("--invert") + a.has("--pseudoinvert");
  if (ops > 1) return usage_line("triton: one of --compose, --invert, --pseudoinvert");
  Result<NamedLinearLayout> r = *f;
  if (a.has("--compose")) {
    auto g = parse_named_linear(a.value("--compose"));
    if (!g) return report_error(g.error());
    r = compose(*f, *g);
  } else if (a.has("--invert")) {
    r = invert(*f);
  } else if (a.has("--pseudoinvert")) {
    r = pseudoinvert(*f);
  }
  if (!r) return report_error(r.error());
  auto printed = to_string(*r);  // Triton's str starts with a newline; a terminal needs none
  std::cout << (printed.starts_with('\n') ? printed.substr(1) : printed) << "\n";
  auto ttg = to_ttg_linear(*r);
  std::cout << (ttg ? *ttg : "#ttg.linear: none: " + ttg.error().message) << "\n";
  auto l = to_cute(*r);
  std::cout << "cute: " << (l ? to_string(*l, Notation::catlayout) : "none: " + l.error().message) << "\n";
  return 0;
}

}  // namespace

std::vector<Command> f2_linear_commands() {
  return {
      Command{"swizzle", "swizzle B M S [OFFSET...]", "Swizzle<B,M,S>: its masks and its table (XOR of bits [M+S,M+S+B) into [M,M+B))",
              "catlayout swizzle 3 4 3 0 128 256", {}, swizzle_command},
      Command{"linear", "linear L", "the F2 linear form of a power-of-two layout (or Sw<B,M,S> o L), and back",
              "catlayout linear 'Sw<3,3,3> o (8,64):(64,1)'", {}, linear_command},
      Command{"triton", "triton L [--compose M | --invert | --pseudoinvert] [--ins N:S,... --outs N:S,...]",
              "Triton's linear layout (#ttg.linear or LinearLayout's print, or a CuTe layout named): both forms and CuTe's",
              "catlayout triton '#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], "
              "[4, 0]], warp = [], block = []}>'",
              {{"--compose", 1}, {"--invert", 0}, {"--pseudoinvert", 0}, {"--ins", 1}, {"--outs", 1}}, triton_command},
  };
}

}  // namespace catlayout::cli
