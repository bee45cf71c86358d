#include "catlayout/wire/strides_json.hpp"

#include "catlayout/core/quote.hpp"

#include <algorithm>

#include "catlayout/core/limits.hpp"
#include "catlayout/core/text.hpp"
#include "op_args.hpp"

namespace catlayout::wire {

using detail::at;

namespace {

std::string found(Json const& j) {
  if (j.is_number_float()) return "the non-integer number " + shortened(j.dump());
  return std::string("a JSON ") + j.type_name();
}

Json basis_json(BasisTuple const& t) {
  if (t.is_leaf()) {
    if (t.value().is_integer()) return t.value().scale;
    return Json{{"basis", t.value().path}, {"scale", t.value().scale}};
  }
  Json a = Json::array();
  for (auto const& c : t.children()) a.push_back(basis_json(c));
  return a;
}

Result<BasisTuple> basis_from_json(Json const& j, std::string const& path, std::size_t depth) {
  if (depth > limits::max_depth)
    return fail(ErrorKind::invalid_input, "nesting deeper than the limit of ", limits::max_depth, " at ", path);
  if (j.is_array()) {
    std::vector<BasisTuple> c;
    for (std::size_t i = 0; i < j.size(); ++i) {
      CL_TRY(x, basis_from_json(j[i], at(path, i), depth + 1));
      c.push_back(std::move(x));
    }
    return BasisTuple(std::move(c));
  }
  if (j.is_object()) {
    if (!j.contains("basis") || !j["basis"].is_array())
      return fail(ErrorKind::invalid_input, "expected {\"basis\": [modes...], \"scale\": k} at ", path);
    ScaledBasis b{1, {}};
    Json const& p = j["basis"];
    if (p.size() > limits::max_depth)
      return fail(ErrorKind::invalid_input, "basis path longer than the limit at ", path, ".basis");
    for (std::size_t i = 0; i < p.size(); ++i) {
      CL_TRY(k, int_from_json(p[i], at(path + ".basis", i)));
      if (k < 0 || k >= static_cast<Int>(limits::max_flat_modes))
        return fail(ErrorKind::invalid_input, "basis mode ", k, " at ", at(path + ".basis", i), " is outside [0, ",
                    limits::max_flat_modes, ")");
      b.path.push_back(static_cast<int>(k));
    }
    if (j.contains("scale")) {
      CL_TRY(s, int_from_json(j["scale"], path + ".scale"));
      b.scale = s;
    }
    return BasisTuple(std::move(b));
  }
  CL_TRY(v, int_from_json(j, path));
  return BasisTuple(v);
}

Result<int> small_int(Json const& j, std::string const& path, int lo, int hi) {
  CL_TRY(v, int_from_json(j, path));
  if (v < lo || v > hi) return fail(ErrorKind::invalid_input, "integer ", v, " at ", path, " is outside [", lo, ", ", hi, "]");
  return static_cast<int>(v);
}

}  // namespace

Json to_json(CoordLayout const& l) { return Json{{"shape", to_json(l.shape())}, {"stride", basis_json(l.stride())}}; }

Result<CoordLayout> coord_layout_from_json(Json const& j, std::string const& path) {
  if (!j.is_object() || !j.contains("shape") || !j.contains("stride"))
    return fail(ErrorKind::invalid_input, "expected a layout {\"shape\": ..., \"stride\": ...} at ", path, ", found ",
                j.is_object() ? "an object without shape/stride" : found(j));
  CL_TRY(s, int_tuple_from_json(j["shape"], path + ".shape"));
  CL_TRY(d, basis_from_json(j["stride"], path + ".stride", 0));
  auto l = CoordLayout::make(std::move(s), std::move(d));
  if (!l) return fail(l.error().kind, l.error().message, " at ", path);
  return l;
}

Json to_json(Swizzle const& s) { return Json{{"swizzle", {s.bits, s.base, s.shift}}}; }

Result<Swizzle> swizzle_from_json(Json const& j, std::string const& path) {
  if (!j.is_object() || !j.contains("swizzle") || !j["swizzle"].is_array() || j["swizzle"].size() != 3)
    return fail(ErrorKind::invalid_input, "expected a swizzle {\"swizzle\": [B, M, S]} at ", path);
  Json const& a = j["swizzle"];
  std::string p = path + ".swizzle";
  CL_TRY(b, small_int(a[0], at(p, 0), -1000, 1000));
  CL_TRY(m, small_int(a[1], at(p, 1), -1000, 1000));
  CL_TRY(s, small_int(a[2], at(p, 2), -1000, 1000));
  auto r = Swizzle::make(b, m, s);
  if (!r) return fail(r.error().kind, r.error().message, " at ", p);
  return r;
}

Json to_json(ComposedLayout const& c) {
  return Json{{"swizzle", {c.sw.bits, c.sw.base, c.sw.shift}}, {"offset", c.offset}, {"layout", to_json(c.layout)}};
}

Result<ComposedLayout> composed_layout_from_json(Json const& j, std::string const& path) {
  if (!j.is_object() || !j.contains("layout")) {
    CL_TRY(l, layout_from_json(j, path));
    return ComposedLayout{Swizzle{}, 0, std::move(l)};
  }
  CL_TRY(sw, swizzle_from_json(j, path));
  Int offset = 0;
  if (j.contains("offset")) {
    CL_TRY(o, int_from_json(j["offset"], path + ".offset"));
    offset = o;
  }
  CL_TRY(l, layout_from_json(j["layout"], path + ".layout"));
  return ComposedLayout{sw, offset, std::move(l)};
}

namespace {

Json function_json(ChainFunction const& f) {
  return std::visit([](auto const& x) { return to_json(x); }, f);
}

constexpr int max_chain_depth = 64;  // nested composed values read (a bound on recursion, not on CuTe)

// The functions and offsets of a composed value, a layout or a swizzle, appended to `out`.
Result<void> read_chain(Json const& j, std::string const& path, int depth, ComposedChain& out) {
  if (depth > max_chain_depth)
    return fail(ErrorKind::invalid_input, "composed values nested deeper than ", max_chain_depth, " at ", path);
  if (!j.is_object() || !j.contains("layout")) {
    if (j.is_object() && j.contains("swizzle")) {
      CL_TRY(sw, swizzle_from_json(j, path));
      out.functions.emplace_back(sw);
    } else {
      CL_TRY(l, layout_from_json(j, path));
      out.functions.emplace_back(std::move(l));
    }
    return {};
  }
  if (j.contains("swizzle") == j.contains("outer"))
    return fail(ErrorKind::invalid_input, "a composed value names its outer function by \"swizzle\" or by \"outer\", ",
                "one of them, at ", path);
  if (j.contains("swizzle")) {
    CL_TRY(sw, swizzle_from_json(j, path));
    out.functions.emplace_back(sw);
  } else {
    CL_CHECK(read_chain(j["outer"], path + ".outer", depth + 1, out));
  }
  Int offset = 0;
  if (j.contains("offset")) {
    CL_TRY(o, int_from_json(j["offset"], path + ".offset"));
    offset = o;
  }
  out.offsets.push_back(offset);
  return read_chain(j["layout"], path + ".layout", depth + 1, out);
}

}  // namespace

Json to_json(ComposedChain const& c) {
  if (c.functions.empty()) return Json::object();
  Json node = function_json(c.functions.back());
  for (std::size_t k = c.functions.size() - 1; k-- > 0;) {
    Json outer{{"offset", c.offsets[k]}, {"layout", std::move(node)}};
    if (auto const* sw = std::get_if<Swizzle>(&c.functions[k]))
      outer["swizzle"] = Json{sw->bits, sw->base, sw->shift};
    else
      outer["outer"] = function_json(c.functions[k]);
    node = std::move(outer);
  }
  return node;
}

Result<ComposedChain> composed_chain_from_json(Json const& j, std::string const& path) {
  ComposedChain c;
  CL_CHECK(read_chain(j, path, 0, c));
  auto r = make_chain(std::move(c.functions), std::move(c.offsets));
  if (!r) return fail(r.error().kind, r.error().message, " at ", path);
  return r;
}

Json to_json(LinearLayout const& f) {
  Json b = Json::array();
  for (auto x : f.bases()) b.push_back(static_cast<Int>(x));
  return Json{{"bases", b}, {"in_bits", f.in_bits()}, {"out_bits", f.out_bits()}};
}

Result<LinearLayout> linear_from_json(Json const& j, std::string const& path) {
  if (!j.is_object() || !j.contains("bases") || !j["bases"].is_array() || !j.contains("out_bits"))
    return fail(ErrorKind::invalid_input, "expected a linear layout {\"bases\": [...], \"in_bits\": n, \"out_bits\": m} at ",
                path, !j.is_object()            ? " (not an object)"
                      : !j.contains("bases")    ? " (no \"bases\")"
                      : !j["bases"].is_array()  ? " (\"bases\" is not an array)"
                                                : " (no \"out_bits\"; \"in_bits\" is the optional one)");
  Json const& b = j["bases"];
  if (b.size() > LinearLayout::max_bits)
    return fail(ErrorKind::invalid_input, b.size(), " bases at ", path, ".bases exceed the limit of ",
                LinearLayout::max_bits);
  std::vector<std::uint64_t> bases;
  for (std::size_t i = 0; i < b.size(); ++i) {
    CL_TRY(v, int_from_json(b[i], at(path + ".bases", i)));
    if (v < 0) return fail(ErrorKind::invalid_input, "basis ", v, " at ", at(path + ".bases", i), " is negative");
    bases.push_back(static_cast<std::uint64_t>(v));
  }
  CL_TRY(out, small_int(j["out_bits"], path + ".out_bits", 0, LinearLayout::max_bits));
  if (j.contains("in_bits")) {
    CL_TRY(in, int_from_json(j["in_bits"], path + ".in_bits"));
    if (in != static_cast<Int>(bases.size()))
      return fail(ErrorKind::invalid_input, "in_bits ", in, " at ", path, " is not the number of bases ", bases.size());
  }
  auto f = LinearLayout::make(std::move(bases), out);
  if (!f) return fail(f.error().kind, f.error().message, " at ", path);
  return f;
}

Json layout_or_composed_json(ComposedLayout const& c) { return is_plain(c) ? to_json(c.layout) : to_json(c); }

}  // namespace catlayout::wire
