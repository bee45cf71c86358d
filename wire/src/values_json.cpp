#include "catlayout/wire/values_json.hpp"

#include "catlayout/core/quote.hpp"

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
      CL_TRY(e, f2_bits(j[i], path + "[" + std::to_string(i) + "]"));
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

Json to_json(SliceResult const& r) { return Json{{"layout", wire::to_json(r.layout)}, {"offset", r.offset}}; }

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
    CL_TRY(x, slice_coord_from_json(j[i], path + "[" + std::to_string(i) + "]"));
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
  if (j.is_object() && j.contains("swizzle")) return j.contains("layout") ? Kind::composed : Kind::swizzle;
  if (j.is_object() && j.contains("tiler")) return Kind::tiler;
  if (j.is_object() && j.contains("shape") && j.contains("stride")) {
    if (any_entry_with(j["stride"], "f2")) return Kind::f2;
    if (any_entry_with(j["stride"], "basis")) return Kind::coord;
    return Kind::layout;
  }
  if (j.is_number_integer()) return Kind::tiler;  // n, CuTe's n:1
  return Kind::other;
}

Result<Value> value_from_json(Json const& j, std::string const& path) {
  switch (kind_of(j)) {
    case Kind::layout: {
      CL_TRY(l, layout_from_json(j, path));
      return Value(std::move(l));
    }
    case Kind::coord: {
      CL_TRY(l, coord_layout_from_json(j, path));
      return Value(std::move(l));
    }
    case Kind::f2: {
      CL_TRY(l, f2_layout_from_json(j, path));
      return Value(std::move(l));
    }
    case Kind::composed: {
      CL_TRY(l, composed_layout_from_json(j, path));
      return Value(std::move(l));
    }
    case Kind::swizzle: {
      CL_TRY(s, swizzle_from_json(j, path));
      return Value(s);
    }
    case Kind::tiler: {
      CL_TRY(t, tiler_from_json(j, path));
      return Value(std::move(t));
    }
    case Kind::other: break;
  }
  return fail(ErrorKind::invalid_input, "expected a layout, coordinate, F2 or composed layout, swizzle or tiler at ",
              path, ", found ", shortened(j.dump()));
}

Json to_json(Value const& v) {
  return std::visit(
      [](auto const& x) -> Json {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, ComposedLayout>) return layout_or_composed_json(x);
        else if constexpr (std::is_same_v<T, F2Layout>) return to_json(x);
        else return wire::to_json(x);
      },
      v);
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

}  // namespace catlayout::wire
