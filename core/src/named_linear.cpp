// Triton's linear layouts with named dimensions (named_linear.hpp).
#include "catlayout/core/named_linear.hpp"

#include <bit>
#include <cctype>
#include <algorithm>
#include <charconv>
#include <optional>

#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/limits.hpp"
#include "catlayout/core/quote.hpp"

namespace catlayout {

namespace {

int log2_of(Int size) { return std::countr_zero(static_cast<std::uint64_t>(size)); }

Result<void> unique_names(std::vector<std::string> const& names, std::string_view what) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i].empty()) return fail(ErrorKind::invalid_input, what, " dimension ", i, " has an empty name");
    for (std::size_t j = 0; j < i; ++j)
      if (names[i] == names[j])
        return fail(ErrorKind::invalid_input, what, " dimension '", shortened(names[i]), "' is named twice");
  }
  return {};
}

// Where each output dimension's bits start in the flat output.
std::vector<int> out_offsets(std::vector<NamedDim> const& outs) {
  std::vector<int> off;
  int at = 0;
  for (auto const& d : outs) {
    off.push_back(at);
    at += log2_of(d.size);
  }
  return off;
}

std::uint64_t pack(std::vector<Int> const& v, std::vector<int> const& off) {
  std::uint64_t r = 0;
  for (std::size_t d = 0; d < v.size(); ++d) r |= static_cast<std::uint64_t>(v[d]) << off[d];
  return r;
}

std::vector<Int> unpack(std::uint64_t x, std::vector<NamedDim> const& outs) {
  std::vector<Int> v;
  for (auto const& d : outs) {
    v.push_back(static_cast<Int>(x & static_cast<std::uint64_t>(d.size - 1)));
    x >>= log2_of(d.size);
  }
  return v;
}

// Flat input bit k as (dimension, bit within it), for messages.
std::string in_bit_name(NamedLinearLayout const& f, int k) {
  for (auto const& d : f.ins()) {
    if (k < static_cast<int>(d.bases.size())) return d.name + " bit " + std::to_string(k);
    k -= static_cast<int>(d.bases.size());
  }
  return "bit " + std::to_string(k);
}

std::string out_bit_name(std::vector<NamedDim> const& outs, int k) {
  for (auto const& d : outs) {
    if (k < log2_of(d.size)) return d.name + " bit " + std::to_string(k);
    k -= log2_of(d.size);
  }
  return "bit " + std::to_string(k);
}

// The flat images split back into input dimensions of the given sizes, each image unpacked over outs.
std::vector<InDim> split(std::vector<std::uint64_t> const& images, std::vector<NamedDim> const& ins,
                         std::vector<NamedDim> const& outs) {
  std::vector<InDim> r;
  std::size_t k = 0;
  for (auto const& d : ins) {
    InDim in{d.name, {}};
    for (int j = 0; j < log2_of(d.size); ++j) in.bases.push_back(unpack(images[k++], outs));
    r.push_back(std::move(in));
  }
  return r;
}

std::vector<NamedDim> as_outs(std::vector<InDim> const& ins) {
  std::vector<NamedDim> r;
  for (auto const& d : ins) r.push_back({d.name, d.size()});
  return r;
}

}  // namespace

Result<NamedLinearLayout> NamedLinearLayout::make(std::vector<InDim> ins, std::vector<NamedDim> outs) {
  std::vector<std::string> in_names, out_names;
  for (auto const& d : ins) in_names.push_back(d.name);
  for (auto const& d : outs) out_names.push_back(d.name);
  CL_CHECK(unique_names(in_names, "input"));
  CL_CHECK(unique_names(out_names, "output"));
  int out_bits = 0, in_bits = 0;
  for (auto const& d : outs) {
    if (d.size < 1 || !std::has_single_bit(static_cast<std::uint64_t>(d.size)))
      return fail(ErrorKind::invalid_input, "the size ", d.size, " of output dimension '", shortened(d.name),
                  "' is not a power of two");
    out_bits += log2_of(d.size);
  }
  for (auto const& d : ins) in_bits += static_cast<int>(d.bases.size());
  if (out_bits > LinearLayout::max_bits || in_bits > LinearLayout::max_bits)
    return fail(ErrorKind::invalid_input, "a linear layout of ", in_bits, " input and ", out_bits,
                " output bits exceeds the limit of ", LinearLayout::max_bits, " bits each");
  auto off = out_offsets(outs);
  std::vector<std::uint64_t> flat;
  for (auto const& d : ins)
    for (std::size_t k = 0; k < d.bases.size(); ++k) {
      auto const& b = d.bases[k];
      if (b.size() != outs.size())
        return fail(ErrorKind::invalid_input, "basis ", k, " of input dimension '", shortened(d.name), "' has ",
                    b.size(), " entries for ", outs.size(), " output dimensions");
      for (std::size_t o = 0; o < b.size(); ++o)
        if (b[o] < 0 || b[o] >= outs[o].size)
          return fail(ErrorKind::invalid_input, "basis ", k, " of input dimension '", shortened(d.name), "' maps to ",
                      b[o], " in output dimension '", shortened(outs[o].name), "' of size ", outs[o].size);
      flat.push_back(pack(b, off));
    }
  CL_TRY(f, LinearLayout::make(std::move(flat), out_bits));
  NamedLinearLayout r;
  r.ins_ = std::move(ins);
  r.outs_ = std::move(outs);
  r.flat_ = std::move(f);
  return r;
}

Result<NamedLinearLayout> NamedLinearLayout::make_inferred(std::vector<InDim> ins, std::vector<std::string> out_names,
                                                           bool require_surjective) {
  std::vector<NamedDim> outs;
  for (auto& n : out_names) outs.push_back({std::move(n), 1});
  for (auto const& d : ins)
    for (std::size_t k = 0; k < d.bases.size(); ++k) {
      if (d.bases[k].size() != outs.size())
        return fail(ErrorKind::invalid_input, "basis ", k, " of input dimension '", shortened(d.name), "' has ",
                    d.bases[k].size(), " entries for ", outs.size(), " output dimensions");
      for (std::size_t o = 0; o < outs.size(); ++o) {
        Int v = d.bases[k][o];
        if (v < 0 || v >= (Int{1} << LinearLayout::max_bits))
          return fail(ErrorKind::invalid_input, "basis ", k, " of input dimension '", shortened(d.name), "' maps to ",
                      v, " in output dimension ", o, ", outside [0, 2^", LinearLayout::max_bits, ")");
        outs[o].size = std::max(outs[o].size, static_cast<Int>(std::bit_floor(static_cast<std::uint64_t>(v)) << 1));
      }
    }
  CL_TRY(f, make(std::move(ins), std::move(outs)));
  if (require_surjective && !f.surjective()) {
    std::string sizes;
    for (auto const& d : f.outs()) sizes += (sizes.empty() ? "" : ", ") + d.name + " " + std::to_string(d.size);
    return fail(ErrorKind::invalid_input, "the layout is not surjective onto the output sizes it infers (", sizes,
                "): its bases span ", row_reduce(f.flat()).rank(), " of ", f.flat().out_bits(), " output bits");
  }
  return f;
}

bool NamedLinearLayout::injective() const { return row_reduce(flat_).rank() == flat_.in_bits(); }
bool NamedLinearLayout::surjective() const { return row_reduce(flat_).rank() == flat_.out_bits(); }

Result<std::vector<Int>> evaluate(NamedLinearLayout const& f, std::vector<std::pair<std::string, Int>> const& inputs) {
  std::vector<bool> seen(f.ins().size(), false);
  std::uint64_t x = 0;
  int at = 0;
  std::vector<int> in_off;
  for (auto const& d : f.ins()) {
    in_off.push_back(at);
    at += static_cast<int>(d.bases.size());
  }
  for (auto const& [name, v] : inputs) {
    std::size_t i = 0;
    while (i < f.ins().size() && f.ins()[i].name != name) ++i;
    if (i == f.ins().size())
      return fail(ErrorKind::invalid_input, "'", shortened(name), "' is not an input dimension of the layout");
    if (seen[i]) return fail(ErrorKind::invalid_input, "input dimension '", shortened(name), "' is given twice");
    seen[i] = true;
    if (v < 0 || v >= f.ins()[i].size())
      return fail(ErrorKind::invalid_input, "the value ", v, " of input dimension '", shortened(name),
                  "' is outside [0, ", f.ins()[i].size(), ")");
    x |= static_cast<std::uint64_t>(v) << in_off[i];
  }
  for (std::size_t i = 0; i < seen.size(); ++i)
    if (!seen[i]) return fail(ErrorKind::invalid_input, "no value for input dimension '", f.ins()[i].name, "'");
  return unpack(f.flat()(x), f.outs());
}

Result<NamedLinearLayout> compose(NamedLinearLayout const& first, NamedLinearLayout const& second) {
  auto const& mid = first.outs();
  auto const& into = second.ins();
  auto names = [](auto const& dims) {
    std::string s;
    for (auto const& d : dims) s += (s.empty() ? "" : ", ") + d.name;
    return "[" + s + "]";
  };
  // Triton matches the dimensions by name, in any order.
  bool same = mid.size() == into.size();
  for (std::size_t d = 0; same && d < mid.size(); ++d) {
    auto it = std::find_if(into.begin(), into.end(), [&](InDim const& x) { return x.name == mid[d].name; });
    same = it != into.end();
    if (same && mid[d].size > it->size())
      return fail(ErrorKind::inadmissible, "output dimension '", mid[d].name, "' of the first layout has size ",
                  mid[d].size, ", larger than the second's input dimension of size ", it->size());
  }
  if (!same)
    return fail(ErrorKind::inadmissible, "the first layout's output dimensions ", names(mid),
                " are not the second's input dimensions ", names(into));
  std::vector<InDim> ins;
  for (auto const& d : first.ins()) {
    InDim r{d.name, {}};
    for (auto const& b : d.bases) {
      std::vector<std::pair<std::string, Int>> at;
      for (std::size_t o = 0; o < mid.size(); ++o) at.emplace_back(mid[o].name, b[o]);
      CL_TRY(y, evaluate(second, at));
      r.bases.push_back(std::move(y));
    }
    ins.push_back(std::move(r));
  }
  return NamedLinearLayout::make(std::move(ins), second.outs());
}

Result<NamedLinearLayout> invert(NamedLinearLayout const& f) {
  if (f.flat().in_bits() != f.flat().out_bits() || !f.injective())
    return fail(ErrorKind::inadmissible, "not invertible: the layout maps ", f.in_size(), " inputs onto ",
                f.out_size(), " outputs ", f.injective() ? "injectively but not onto them" : "not injectively");
  CL_TRY(g, inverse(f.flat()));
  return NamedLinearLayout::make(split(g.bases(), f.outs(), as_outs(f.ins())), as_outs(f.ins()));
}

Result<NamedLinearLayout> pseudoinvert(NamedLinearLayout const& f) {
  if (!f.surjective())
    return fail(ErrorKind::inadmissible, "no pseudo-inverse: the layout reaches ", Int{1} << row_reduce(f.flat()).rank(),
                " of its ", f.out_size(), " outputs, and Triton's pseudoinvert is defined for layouts onto their "
                "outputs");
  // The inputs taken in flat order, the ones left free are the later ones, set to 0: each preimage is
  // the smallest flat index reaching it (Triton's choice). Reduced, each pivot row's image has its
  // pivot as lowest bit and no other pivot bit, so y is the XOR of the rows at y's pivot bits:
  // P(2^j) = preimage[j] (every output bit is a pivot, f being onto).
  auto images = row_reduce(f.flat()).preimage;
  return NamedLinearLayout::make(split(images, f.outs(), as_outs(f.ins())), as_outs(f.ins()));
}

namespace {

bool hardware(std::string const& n) { return n == "register" || n == "lane" || n == "warp" || n == "block"; }

// Mode of the given flat images: (2,...,2):(b_0,...) coalesced; 1:0 for none.
Layout mode_of(std::vector<std::uint64_t> const& images) {
  if (images.empty()) return Layout();
  std::vector<IntTuple> s, d;
  for (auto b : images) {
    s.emplace_back(Int{2});
    d.emplace_back(static_cast<Int>(b));
  }
  return coalesce(*Layout::make(IntTuple(std::move(s)), IntTuple(std::move(d))));
}

std::vector<std::uint64_t> images_of(NamedLinearLayout const& f, std::string_view name) {
  std::vector<std::uint64_t> r;
  std::size_t k = 0;
  for (auto const& d : f.ins()) {
    for (std::size_t j = 0; j < d.bases.size(); ++j, ++k)
      if (d.name == name) r.push_back(f.flat().bases()[k]);
  }
  return r;
}

}  // namespace

Result<AnyLayout> to_cute(NamedLinearLayout const& f) {
  auto const& flat = f.flat().bases();
  std::uint64_t seen = 0;
  for (std::size_t k = 0; k < flat.size(); ++k) {
    if (!(flat[k] & seen)) {
      seen |= flat[k];
      continue;
    }
    auto swizzled = to_cute(f.flat());
    if (swizzled) return AnyLayout{std::move(*swizzled)};
    for (std::size_t j = 0; j < k; ++j)
      if (flat[j] & flat[k])
        return fail(ErrorKind::not_representable, in_bit_name(f, static_cast<int>(j)), " and ",
                    in_bit_name(f, static_cast<int>(k)), " both reach ",
                    out_bit_name(f.outs(), std::countr_zero(flat[j] & flat[k])),
                    ": the integer sum of their images is not the XOR, and no swizzle Sw<B,M,S> (B <= 5, M <= 8, "
                    "|S| <= 12) of a layout gives the map");
  }
  std::vector<Layout> modes;
  bool tv = !f.ins().empty();
  for (auto const& d : f.ins()) tv = tv && hardware(d.name);
  if (tv) {
    std::vector<std::uint64_t> thread;
    for (auto name : {"lane", "warp", "block"})
      for (auto b : images_of(f, name)) thread.push_back(b);
    modes.push_back(mode_of(thread));
    modes.push_back(mode_of(images_of(f, "register")));
  } else {
    for (auto const& d : f.ins()) modes.push_back(mode_of(images_of(f, d.name)));
  }
  if (modes.size() == 1) return AnyLayout{std::move(modes[0])};
  std::vector<IntTuple> s, d;
  for (auto& m : modes) {
    s.push_back(m.shape());
    d.push_back(m.stride());
  }
  CL_TRY(l, Layout::make(IntTuple(std::move(s)), IntTuple(std::move(d))));
  return AnyLayout{std::move(l)};
}

Result<NamedLinearLayout> from_cute(Layout const& l, std::vector<NamedDim> const& ins, std::vector<NamedDim> outs) {
  Int total = 1;
  for (auto const& d : ins) {
    if (d.size < 1 || !std::has_single_bit(static_cast<std::uint64_t>(d.size)))
      return fail(ErrorKind::invalid_input, "the size ", d.size, " of input dimension '", shortened(d.name),
                  "' is not a power of two");
    if (d.size > l.size() / total)  // checked before the product, which could overflow
      return fail(ErrorKind::invalid_input, "the input dimensions' sizes multiply past the size ", l.size(), " of ",
                  to_string(l), " at '", shortened(d.name), "'");
    total *= d.size;
  }
  if (total != l.size())
    return fail(ErrorKind::invalid_input, "the input dimensions' sizes multiply to ", total, ", not the size ",
                l.size(), " of ", to_string(l));
  CL_TRY(g, to_linear(l));
  int out_bits = 0;
  for (auto const& d : outs) {
    if (d.size < 1 || !std::has_single_bit(static_cast<std::uint64_t>(d.size)))
      return fail(ErrorKind::invalid_input, "the size ", d.size, " of output dimension '", shortened(d.name),
                  "' is not a power of two");
    out_bits += log2_of(d.size);
    if (out_bits > LinearLayout::max_bits)
      return fail(ErrorKind::invalid_input, "the output dimensions' sizes multiply past 2^", LinearLayout::max_bits,
                  " at '", shortened(d.name), "'");
  }
  if (g.out_bits() > out_bits)
    return fail(ErrorKind::not_representable, "the values of ", to_string(l), " reach bit ", g.out_bits() - 1,
                ", outside the output dimensions' ", Int{1} << out_bits, " values");
  auto dims = split(g.bases(), ins, outs);
  return NamedLinearLayout::make(std::move(dims), std::move(outs));
}

// -- text ---------------------------------------------------------------------------------------

std::string to_string(NamedLinearLayout const& f) {
  auto vec = [](std::vector<Int> const& v) {
    std::string s = "(";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + ")";
  };
  auto outs = [&f] {
    std::string s;
    for (std::size_t o = 0; o < f.outs().size(); ++o)
      s += (o ? ", " : "") + f.outs()[o].name + " (size " + std::to_string(f.outs()[o].size) + ")";
    return "[" + s + "]";
  };
  if (f.ins().empty()) return f.outs().empty() ? "\n(empty layout)" : "\n(empty layout with out-dims " + outs() + ")";
  std::string s = "\n";
  for (auto const& d : f.ins()) {
    if (d.bases.empty()) {
      s += " - " + d.name + " is a size 1 dimension\n";
      continue;
    }
    for (std::size_t k = 0; k < d.bases.size(); ++k)
      s += std::string(k ? "   " : " - ") + d.name + "=" + std::to_string(Int{1} << k) + " -> " + vec(d.bases[k]) + "\n";
  }
  return s + "where out dims are: " + outs();
}

namespace {

constexpr std::string_view ttg_dims[] = {"register", "lane", "warp", "block"};

std::vector<std::string> dim_names(std::size_t rank) {
  std::vector<std::string> r;
  for (std::size_t i = 0; i < rank; ++i) r.push_back("dim" + std::to_string(i));
  return r;
}

// TritonGPU's verifier of LinearEncodingAttr: with the zero bases left out, every basis is one power of
// two in one output dimension, no two alike ("a permutation matrix layout after removing broadcast
// bases"); the attribute takes no other layout.
Result<void> permutation_after_broadcast(NamedLinearLayout const& f) {
  std::uint64_t seen = 0;
  std::size_t k = 0;
  for (auto const& d : f.ins())
    for (std::size_t j = 0; j < d.bases.size(); ++j, ++k) {
      auto b = f.flat().bases()[k];
      if (b == 0) continue;
      if (!std::has_single_bit(b) || (b & seen))
        return fail(ErrorKind::invalid_input, "#ttg.linear takes a permutation matrix layout after removing broadcast "
                    "bases (TritonGPU's verifier): ", d.name, "=", Int{1} << j, " maps to ", b & seen ? "an image "
                    "another basis has" : "more than one output bit", "; LinearLayout's print takes any layout");
      seen |= b;
    }
  return {};
}

}  // namespace

Result<std::string> to_ttg_linear(NamedLinearLayout const& f) {
  bool ok = f.ins().size() == 4;
  for (std::size_t i = 0; ok && i < 4; ++i) ok = f.ins()[i].name == ttg_dims[i];
  if (!ok)
    return fail(ErrorKind::invalid_input, "#ttg.linear names the input dimensions register, lane, warp, block in "
                "that order; this layout's are not those");
  auto names = dim_names(f.outs().size());
  auto inferred = NamedLinearLayout::make_inferred(f.ins(), names, true);
  if (!inferred || !(*inferred == f))
    return fail(ErrorKind::invalid_input, "#ttg.linear's output dimensions are dim0, dim1, ... with the sizes its "
                "bases reach, onto; this layout's output dimensions are not");
  CL_CHECK(permutation_after_broadcast(f));
  std::string s = "#ttg.linear<{";
  for (std::size_t i = 0; i < 4; ++i) {
    s += (i ? ", " : "") + f.ins()[i].name + " = [";
    for (std::size_t k = 0; k < f.ins()[i].bases.size(); ++k) {
      s += k ? ", [" : "[";
      auto const& b = f.ins()[i].bases[k];
      for (std::size_t o = 0; o < b.size(); ++o) s += (o ? ", " : "") + std::to_string(b[o]);
      s += "]";
    }
    s += "]";
  }
  return s + "}>";
}

namespace {

// A small cursor over text for the two forms.
struct Cursor {
  std::string_view t;
  std::size_t p = 0;
  void space() {
    while (p < t.size() && std::isspace(static_cast<unsigned char>(t[p]))) ++p;
  }
  bool eat(std::string_view s) {
    space();
    if (t.substr(p).starts_with(s)) {
      p += s.size();
      return true;
    }
    return false;
  }
  std::string word() {
    space();
    std::size_t b = p;
    while (p < t.size() && (std::isalnum(static_cast<unsigned char>(t[p])) || t[p] == '_' || t[p] == '.')) ++p;
    return std::string(t.substr(b, p - b));
  }
  Result<Int> integer() {
    space();
    Int v = 0;
    auto [end, ec] = std::from_chars(t.data() + p, t.data() + t.size(), v);
    if (ec == std::errc::result_out_of_range)
      return fail(ErrorKind::invalid_input, "an integer at character ", p, " overflows int64");
    if (ec != std::errc() || v < 0)
      return fail(ErrorKind::invalid_input, "expected a non-negative integer at character ", p, ", found '",
                  shortened(t.substr(p, 12)), "'");
    p = static_cast<std::size_t>(end - t.data());
    return v;
  }
  Result<void> expect(std::string_view s) {
    if (eat(s)) return {};
    return fail(ErrorKind::invalid_input, "expected '", s, "' at character ", p, ", found '",
                shortened(t.substr(p, 12)), "'");
  }
};

// [a, b, ...] or (a, b, ...)
Result<std::vector<Int>> vector_at(Cursor& c, char open, char close) {
  CL_CHECK(c.expect(std::string_view(&open, 1)));
  std::vector<Int> v;
  if (c.eat(std::string_view(&close, 1))) return v;
  do {
    CL_TRY(x, c.integer());
    v.push_back(x);
  } while (c.eat(","));
  CL_CHECK(c.expect(std::string_view(&close, 1)));
  return v;
}

// TritonGPU's LinearEncodingAttr::parse: a dictionary, so in any order, of the four input dimensions, all
// required (an extra key is refused here, where Triton ignores it); they become register, lane, warp,
// block in that order. The rank is the length of the first basis; outputs dim0, dim1, ... with the
// sizes the bases reach, onto (Triton's inference); then the verifier's rule.
Result<NamedLinearLayout> parse_ttg(std::string_view text, std::size_t prefix) {
  Cursor c{text, prefix};
  std::vector<std::optional<InDim>> found(4);
  if (!c.eat("}")) {
    do {
      std::string name = c.word();
      auto slot = std::find(std::begin(ttg_dims), std::end(ttg_dims), name) - std::begin(ttg_dims);
      if (name.empty())
        return fail(ErrorKind::invalid_input, "#ttg.linear: expected an input dimension's name at character ", c.p);
      if (slot == 4)
        return fail(ErrorKind::invalid_input, "#ttg.linear: '", shortened(name), "' is not one of its input "
                    "dimensions register, lane, warp, block");
      if (found[static_cast<std::size_t>(slot)])
        return fail(ErrorKind::invalid_input, "#ttg.linear: '", name, "' is given twice");
      CL_CHECK(c.expect("="));
      CL_CHECK(c.expect("["));
      InDim d{name, {}};
      if (!c.eat("]")) {
        do {
          CL_TRY(v, vector_at(c, '[', ']'));
          d.bases.push_back(std::move(v));
        } while (c.eat(","));
        CL_CHECK(c.expect("]"));
      }
      found[static_cast<std::size_t>(slot)] = std::move(d);
    } while (c.eat(","));
    CL_CHECK(c.expect("}"));
  }
  CL_CHECK(c.expect(">"));
  c.space();
  if (c.p != text.size())
    return fail(ErrorKind::invalid_input, "#ttg.linear: text after the attribute at character ", c.p, ": '",
                shortened(text.substr(c.p)), "'");
  std::vector<InDim> ins;
  std::optional<std::size_t> rank;
  for (std::size_t i = 0; i < 4; ++i) {
    if (!found[i])
      return fail(ErrorKind::invalid_input, "#ttg.linear: expected basis of '", ttg_dims[i], "' not found");
    for (auto const& b : found[i]->bases)
      if (!rank) rank = b.size();
    ins.push_back(std::move(*found[i]));
  }
  if (!rank || *rank == 0)
    return fail(ErrorKind::invalid_input, "#ttg.linear: an empty layout (no basis gives the rank): '",
                shortened(text), "'");
  CL_TRY(f, NamedLinearLayout::make_inferred(std::move(ins), dim_names(*rank), true));
  CL_CHECK(permutation_after_broadcast(f));
  return f;
}

// [dim0 (size 16), dim1 (size 8)]
Result<std::vector<NamedDim>> out_dims_at(Cursor& c) {
  std::vector<NamedDim> outs;
  CL_CHECK(c.expect("["));
  if (c.eat("]")) return outs;
  do {
    std::string name = c.word();
    CL_CHECK(c.expect("("));
    CL_CHECK(c.expect("size"));
    CL_TRY(s, c.integer());
    CL_CHECK(c.expect(")"));
    outs.push_back({name, s});
  } while (c.eat(","));
  CL_CHECK(c.expect("]"));
  return outs;
}

// LinearLayout's print: lines " - NAME=V -> (..)", "   NAME=V -> (..)", " - NAME is a size 1 dimension",
// and "where out dims are: [NAME (size S), ...]".
Result<NamedLinearLayout> parse_printed(std::string_view text) {
  std::vector<InDim> ins;
  std::vector<NamedDim> outs;
  if (text == "(empty layout)") return NamedLinearLayout::make({}, {});
  if (text.starts_with("(empty layout with out-dims ") && text.ends_with(")")) {
    Cursor c{text.substr(0, text.size() - 1), std::string_view("(empty layout with out-dims ").size()};
    CL_TRY(o, out_dims_at(c));
    outs = std::move(o);
    return NamedLinearLayout::make({}, std::move(outs));
  }
  bool closed = false;
  std::size_t line_no = 0;
  for (std::size_t b = 0; b <= text.size();) {
    std::size_t e = text.find('\n', b);
    if (e == std::string_view::npos) e = text.size();
    std::string_view line = text.substr(b, e - b);
    b = e + 1;
    ++line_no;
    Cursor c{line};
    c.space();
    if (c.p == line.size()) continue;
    if (closed)
      return fail(ErrorKind::invalid_input, "LinearLayout: line ", line_no, " follows the out dims: '",
                  shortened(line), "'");
    if (c.eat("where out dims are:")) {
      CL_TRY(o, out_dims_at(c));
      outs = std::move(o);
      closed = true;
      continue;
    }
    bool first = c.eat("-");
    std::string name = c.word();
    if (name.empty())
      return fail(ErrorKind::invalid_input, "LinearLayout: line ", line_no, " names no input dimension: '",
                  shortened(line), "'");
    if (c.eat("is a size 1 dimension")) {
      ins.push_back({name, {}});
      continue;
    }
    if (first || ins.empty() || ins.back().name != name) ins.push_back({name, {}});
    CL_CHECK(c.expect("="));
    CL_TRY(v, c.integer());
    Int want = Int{1} << ins.back().bases.size();
    if (v != want)
      return fail(ErrorKind::invalid_input, "LinearLayout: line ", line_no, " gives ", name, "=", v, " where ", name,
                  "=", want, " comes next");
    CL_CHECK(c.expect("->"));
    CL_TRY(img, vector_at(c, '(', ')'));
    ins.back().bases.push_back(std::move(img));
  }
  if (!closed)
    return fail(ErrorKind::invalid_input, "LinearLayout: no line 'where out dims are: [...]' gives the output "
                "dimensions");
  return NamedLinearLayout::make(std::move(ins), std::move(outs));
}

std::string_view trim(std::string_view t) {
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  return t;
}

constexpr std::string_view ttg_prefixes[] = {"#ttg.linear<{", "#triton_gpu.linear<{"};

}  // namespace

bool is_named_linear_text(std::string_view text) {
  auto t = trim(text);
  for (auto p : ttg_prefixes)
    if (t.starts_with(p)) return true;
  if (t.starts_with("(empty layout")) return true;
  return t.starts_with("- ") && t.find("where out dims are:") != std::string_view::npos;
}

Result<NamedLinearLayout> parse_named_linear(std::string_view text) {
  if (text.size() > limits::max_text)
    return fail(ErrorKind::invalid_input, "a text of ", text.size(), " characters exceeds the limit of ",
                limits::max_text);
  auto t = trim(text);
  for (auto p : ttg_prefixes)
    if (t.starts_with(p)) return parse_ttg(t, p.size());
  if (t.starts_with("- ") || t.starts_with("(empty layout")) return parse_printed(t);
  return fail(ErrorKind::invalid_input, "expected Triton's #ttg.linear<{...}> or LinearLayout's print ( - register=1 "
              "-> (...) ... where out dims are: [...]), found '", shortened(text), "'");
}

}  // namespace catlayout
