#include "catlayout/wire/values_json.hpp"

#include "catlayout/core/quote.hpp"
#include "op_args.hpp"

namespace catlayout::wire {

namespace {

// Whether a stride tuple's entries carry `key` objects ({"basis": ...} or {"f2": ...}).
bool any_entry_with(Json const& stride, char const* key) {
  if (stride.is_object()) return stride.contains(key);
  if (!stride.is_array()) return false;
  for (auto const& e : stride)
    if (any_entry_with(e, key)) return true;
  return false;
}

// An F2 stride tuple as an int tuple of bit patterns (the integer 0 is F0).
Result<Json> f2_bits(Json const& j, std::string const& path) {
  if (j.is_array()) {
    Json out = Json::array();
    for (std::size_t i = 0; i < j.size(); ++i) {
      CL_TRY(e, f2_bits(j[i], detail::at(path, i)));
      out.push_back(std::move(e));
    }
    return out;
  }
  if (j.is_object() && j.size() == 1 && j.contains("f2") && j["f2"].is_number_integer()) return j["f2"];
  if (j.is_number_integer() && j.get<Int>() == 0) return Json(0);
  return fail(ErrorKind::invalid_input, "expected an F2 stride {\"f2\": v} or 0 at ", path, ", found ", shortened(j.dump()));
}

Json f2_entries(IntTuple const& t) {
  if (t.is_leaf()) return Json{{"f2", t.value()}};
  Json out = Json::array();
  for (auto const& c : t.children()) out.push_back(f2_entries(c));
  return out;
}

}  // namespace

Json to_json(F2Layout const& l) { return Json{{"shape", wire::to_json(l.shape())}, {"stride", f2_entries(l.stride())}}; }

Result<F2Layout> f2_layout_from_json(Json const& j, std::string const& path) {
  if (!j.is_object() || !j.contains("shape") || !j.contains("stride"))
    return fail(ErrorKind::invalid_input, "expected an F2 layout {\"shape\", \"stride\"} at ", path);
  CL_TRY(s, int_tuple_from_json(j["shape"], path + ".shape"));
  CL_TRY(bits, f2_bits(j["stride"], path + ".stride"));
  CL_TRY(d, int_tuple_from_json(bits, path + ".stride"));
  auto l = F2Layout::make(std::move(s), std::move(d));
  if (!l) return fail(l.error().kind, l.error().message, " at ", path);
  return l;
}

// A swizzled sub-layout (CuTe's slice of a swizzled layout) in the composed layout's form.
Json to_json(SliceResult const& r) {
  if (!r.printed_layout.empty()) return Json{{"layout", r.printed_layout}, {"offset", r.printed_offset}};  // CuTe's print
  Json sub = r.swizzle ? layout_or_composed_json(ComposedLayout{*r.swizzle, r.swizzle_offset, r.layout}) : wire::to_json(r.layout);
  return Json{{"layout", std::move(sub)}, {"offset", r.offset}};
}

Json to_json(SliceCoord const& c) {
  switch (c.kind) {
    case SliceCoord::Kind::integer: return Json(c.value);
    case SliceCoord::Kind::hole: return Json(nullptr);
    case SliceCoord::Kind::tuple: break;
  }
  Json out = Json::array();
  for (auto const& x : c.children) out.push_back(to_json(x));
  return out;
}

Result<SliceCoord> slice_coord_from_json(Json const& j, std::string const& path) {
  if (j.is_null()) return SliceCoord::hole();
  if (j.is_number_integer()) return SliceCoord::of(j.get<Int>());
  if (!j.is_array())
    return fail(ErrorKind::invalid_input, "expected a coordinate (an integer, null for _, or an array) at ", path,
                ", found ", shortened(j.dump()));
  std::vector<SliceCoord> c;
  for (std::size_t i = 0; i < j.size(); ++i) {
    CL_TRY(x, slice_coord_from_json(j[i], detail::at(path, i)));
    c.push_back(std::move(x));
  }
  return SliceCoord::tuple(std::move(c));
}

Result<Projection> projection_from_json(Json const& j, std::string const& path) {
  if (!j.is_array())
    return fail(ErrorKind::invalid_input, "expected a projection (an array of 1 and null) at ", path);
  Projection p;
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (j[i].is_null()) {
      p.keep.push_back(false);
    } else if (j[i].is_number_integer() && j[i].get<Int>() == 1) {
      p.keep.push_back(true);
    } else {
      return fail(ErrorKind::invalid_input, "expected 1 or null (CuTe's _1 or X) at ", path, "[", i, "], found ",
                  shortened(j[i].dump()));
    }
  }
  return p;
}

Result<Major> major_from_json(Json const& j, std::string const& path) {
  if (j == "LayoutLeft" || j == "GenColMajor") return Major::left;
  if (j == "LayoutRight" || j == "GenRowMajor") return Major::right;
  return fail(ErrorKind::invalid_input, "expected \"LayoutLeft\" or \"LayoutRight\" at ", path, ", found ", shortened(j.dump()));
}

Result<Order> order_from_json(Json const& j, std::string const& path) {
  if (j.is_string()) {
    CL_TRY(m, major_from_json(j, path));
    return Order(m);
  }
  CL_TRY(t, int_tuple_from_json(j, path));
  return Order(std::move(t));
}

Kind kind_of(Json const& j) {
  if (j.is_object() && j.contains("layout") && (j.contains("swizzle") || j.contains("outer"))) return Kind::composed;
  if (j.is_object() && j.contains("swizzle")) return Kind::swizzle;
  if (j.is_object() && j.contains("tiler")) return Kind::tiler;
  if (j.is_object() && j.contains("shape") && j.contains("stride")) {
    if (any_entry_with(j["stride"], "f2")) return Kind::f2;
    if (any_entry_with(j["stride"], "basis")) return Kind::coord;
    return Kind::layout;
  }
  if (j.is_number_integer()) return Kind::tiler;  // n, CuTe's n:1
  return Kind::other;
}

namespace {

// A reader's answer as the kind it read.
template <class T>
Result<KindedValue> kinded(Result<T> r) {
  if (!r) return std::unexpected(std::move(r.error()));
  return KindedValue(std::move(*r));
}

}  // namespace

Result<KindedValue> value_from_json(Json const& j, std::string const& path) {
  switch (kind_of(j)) {
    case Kind::layout: return kinded(layout_from_json(j, path));
    case Kind::coord: return kinded(coord_layout_from_json(j, path));
    case Kind::f2: return kinded(f2_layout_from_json(j, path));
    case Kind::composed: {  // one swizzle after a plain layout: the composed layout; else a chain
      if (j.contains("swizzle") && !j.contains("outer") && kind_of(j["layout"]) == Kind::layout)
        return kinded(composed_layout_from_json(j, path));
      return kinded(composed_chain_from_json(j, path));
    }
    case Kind::swizzle: return kinded(swizzle_from_json(j, path));
    case Kind::tiler: return kinded(tiler_from_json(j, path));
    case Kind::other: break;
  }
  return fail(ErrorKind::invalid_input, "expected a layout, coordinate, F2 or composed layout, swizzle or tiler at ",
              path, ", found ", shortened(j.dump()));
}

namespace {
// One alternative of a Value (or of a KindedValue, a subset of its alternatives) in its JSON form.
template <class T>
Json value_json(T const& x) {
  if constexpr (std::is_same_v<T, ComposedLayout>) return layout_or_composed_json(x);
  else if constexpr (std::is_same_v<T, MixedLayout> || std::is_same_v<T, MixedTiler> || std::is_same_v<T, MixedTuple>)
    return Json(to_string(x));  // CuTe's print
  else if constexpr (std::is_same_v<T, Int> || std::is_same_v<T, std::vector<Int>>) return Json(x);
  else if constexpr (std::is_same_v<T, std::vector<IntTuple>>) {
    Json out = Json::array();
    for (auto const& t : x) out.push_back(to_json(t));
    return out;
  } else if constexpr (std::is_same_v<T, Order>) {
    if (auto const* m = std::get_if<Major>(&x)) return *m == Major::left ? "LayoutLeft" : "LayoutRight";
    return to_json(std::get<IntTuple>(x));
  } else if constexpr (std::is_same_v<T, Projection>) {
    Json out = Json::array();
    for (bool k : x.keep) out.push_back(k ? Json(1) : Json(nullptr));
    return out;
  } else return wire::to_json(x);
}
}  // namespace

Json to_json(KindedValue const& v) {
  return std::visit([](auto const& x) { return value_json(x); }, v);
}

// A shape argument: an int tuple, or a layout's shape (greatest_common_domain depends on shapes only).
Result<IntTuple> shape_from_json(Json const& j, std::string const& path) {
  if (j.is_object() && j.contains("shape")) {
    CL_TRY(v, value_from_json(j, path));
    if (auto const* l = std::get_if<Layout>(&v)) return l->shape();
    if (auto const* f = std::get_if<F2Layout>(&v)) return f->shape();
    if (auto const* c = std::get_if<CoordLayout>(&v)) return c->shape();
  }
  return int_tuple_from_json(j, path);
}

namespace {

// A shape argument: every entry positive, checked on the shape as given, so the message names it
// (the engines would name the shape they derive: tile_to_shape's grid of tiles, make_ordered_layout's parts).
Result<IntTuple> positive_shape_from_json(Json const& j, std::string const& path) {
  CL_TRY(s, int_tuple_from_json(j, path));
  auto v = s.values();
  for (std::size_t k = 0; k < v.size(); ++k)
    if (v[k] <= 0)
      return fail(ErrorKind::invalid_input, "shape entry ", v[k], " at flat position ", k, " of ", to_string(s), " at ",
                  path, " is not positive");
  return s;
}

template <class T>
Result<Value> as_value(Result<T> r) {
  if (!r) return std::unexpected(std::move(r.error()));
  return as_kind(Value(std::move(*r)));
}

}  // namespace

namespace {

// A string where a layout, tiler or int tuple goes: CuTe's print, its integers static (`_4`) or
// run-time (`4`) as written (docs/vector-format.md, "Static and run-time integers").
Result<Value> mixed_from_json(Takes takes, std::string const& text, std::string const& path) {
  auto at_path = [&](Error const& e) { return fail(e.kind, e.message, " at ", path); };
  auto give = [&](auto r) -> Result<Value> {
    if (!r) return at_path(r.error());
    return Value(std::move(*r));
  };
  switch (takes) {
    case Takes::layout: return give(read_mixed_layout(text, Integers::as_printed));
    case Takes::tiler: return give(read_mixed_tiler(text, Integers::as_printed));
    case Takes::integer: {
      auto t = read_mixed_tuple(text, Integers::as_printed);
      if (t && !t->is_leaf) return fail(ErrorKind::invalid_input, "expected an integer at ", path, ", found '", shortened(text), "'");
      return give(std::move(t));
    }
    case Takes::int_tuple:
    case Takes::shape:
    case Takes::domain: {
      auto t = read_mixed_tuple(text, Integers::as_printed);
      if (t && takes != Takes::int_tuple)
        for (auto v : flatten(*t))
          if (v.value <= 0)
            return fail(ErrorKind::invalid_input, "shape entry ", v.value, " is not positive in '", shortened(text), "' at ", path);
      return give(std::move(t));
    }
    default: break;
  }
  return fail(ErrorKind::invalid_input, "unexpected string at ", path);
}

}  // namespace

Result<Value> operand_from_json(Takes takes, Json const& j, std::string const& path) {
  if (j.is_string() && takes != Takes::order && takes != Takes::major && takes != Takes::coord && takes != Takes::projection)
    return mixed_from_json(takes, j.get<std::string>(), path);
  switch (takes) {
    case Takes::layout: {
      auto k = kind_of(j);
      if (k == Kind::swizzle || k == Kind::tiler || k == Kind::other) return as_value(layout_from_json(j, path));
      CL_TRY(v, value_from_json(j, path));
      return std::visit([](auto x) { return as_kind(Value(std::move(x))); }, std::move(v));
    }
    case Takes::tiler: {
      auto k = kind_of(j);
      if (k == Kind::layout || k == Kind::tiler || k == Kind::other) return as_value(tiler_from_json(j, path));
      CL_TRY(v, value_from_json(j, path));  // a swizzled, coordinate or F2 layout, or a swizzle, as B
      return std::visit([](auto x) { return as_kind(Value(std::move(x))); }, std::move(v));
    }
    case Takes::int_tuple: return as_value(int_tuple_from_json(j, path));
    case Takes::integer: return as_value(int_from_json(j, path));
    case Takes::order: return as_value(order_from_json(j, path));
    case Takes::major: {
      CL_TRY(m, major_from_json(j, path));
      return Value(Order(m));
    }
    case Takes::coord: {
      if (!j.is_string()) return as_value(slice_coord_from_json(j, path));
      auto c = parse_printed_slice_coord(j.get<std::string>());  // CuTe's print: `_3` static, `3` run-time
      if (!c) return fail(c.error().kind, c.error().message, " at ", path);
      return Value(std::move(*c));
    }
    case Takes::projection: return as_value(projection_from_json(j, path));
    case Takes::shape: return as_value(positive_shape_from_json(j, path));
    case Takes::domain: return as_value(shape_from_json(j, path));
  }
  return fail(ErrorKind::invalid_input, "unreachable operand kind at ", path);
}

Json to_json(Value const& v) {
  return std::visit([](auto const& x) { return value_json(x); }, v);
}

}  // namespace catlayout::wire
