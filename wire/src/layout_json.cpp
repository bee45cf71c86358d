#include "catlayout/wire/layout_json.hpp"

#include "catlayout/core/quote.hpp"

#include "catlayout/core/limits.hpp"
#include "op_args.hpp"

namespace catlayout::wire {

Json to_json(IntTuple const& t) {
  if (t.is_leaf()) return t.value();
  Json a = Json::array();
  for (std::size_t i = 0; i < t.rank(); ++i) a.push_back(to_json(t.mode(i)));
  return a;
}

Json to_json(Layout const& l) { return Json{{"shape", to_json(l.shape())}, {"stride", to_json(l.stride())}}; }

Json to_json(Tiler const& t) {
  if (t.integer) return t.layout->size();
  if (t.is_layout()) return to_json(*t.layout);
  Json a = Json::array();
  for (auto const& m : t.modes) a.push_back(to_json(m));
  return Json{{"tiler", a}};
}

Json error_json(Error const& e) { return Json{{"error", std::string(kind_name(e.kind))}}; }

static std::string type_name(Json const& j) {
  if (j.is_number_float()) return "the non-integer number " + shortened(j.dump());
  return std::string("a JSON ") + j.type_name();
}

// nlohmann reads every non-negative integer as unsigned (is_number_integer() holds for both):
// one past INT64_MAX must be refused here, not wrapped to INT64_MIN.
static bool fits_int64(Json const& j) {
  return j.is_number_integer() &&
         (!j.is_number_unsigned() || j.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT64_MAX));
}

Result<Int> int_from_json(Json const& j, std::string const& path) {
  if (fits_int64(j)) return j.get<Int>();
  if (j.is_number_unsigned())
    return fail(ErrorKind::invalid_input, "integer ", shortened(j.dump()), " at ", path, " does not fit in int64");
  return fail(ErrorKind::invalid_input, "expected an integer at ", path, ", found ", type_name(j));
}

// `path` grows and shrinks with the recursion: the JSON path of j, for error messages only.
static Result<IntTuple> int_tuple_rec(Json const& j, std::string& path, std::size_t depth) {
  if (depth > limits::max_depth)
    return fail(ErrorKind::invalid_input, "nesting deeper than the limit of ", limits::max_depth, " at ", path);
  if (j.is_array()) {
    IntTuple t;
    std::size_t n = path.size();
    for (std::size_t i = 0; i < j.size(); ++i) {
      if (depth < limits::max_depth && fits_int64(j[i])) {  // the common case: no path needed
        t.push_back(j[i].get<Int>());
        continue;
      }
      path += "[" + std::to_string(i) + "]";
      CL_TRY(x, int_tuple_rec(j[i], path, depth + 1));
      path.resize(n);
      t.push_back(x);
    }
    return t;
  }
  CL_TRY(v, int_from_json(j, path));
  return IntTuple(v);
}

Result<IntTuple> int_tuple_from_json(Json const& j, std::string const& path) {
  std::string p = path;
  return int_tuple_rec(j, p, 0);
}

Result<Layout> layout_from_json(Json const& j, std::string const& path) {
  if (!j.is_object() || !j.contains("shape") || !j.contains("stride"))
    return fail(ErrorKind::invalid_input, "expected a layout {\"shape\": ..., \"stride\": ...} at ", path,
                ", found ", j.is_object() ? "an object without shape/stride" : type_name(j));
  CL_TRY(s, int_tuple_from_json(j["shape"], path + ".shape"));
  CL_TRY(d, int_tuple_from_json(j["stride"], path + ".stride"));
  auto l = Layout::make(std::move(s), std::move(d));
  if (!l) return fail(l.error().kind, l.error().message, " at ", path);
  return l;
}

static Result<Tiler> tiler_rec(Json const& j, std::string const& path, std::size_t depth) {
  if (depth > limits::max_depth)
    return fail(ErrorKind::invalid_input, "tiler nesting deeper than the limit at ", path);
  if (j.is_number_integer()) {
    CL_TRY(n, int_from_json(j, path));
    if (n < 1) return fail(ErrorKind::invalid_input, "tiler size ", n, " at ", path, " is not positive");
    return Tiler::of_integer(n);
  }
  Json const* modes = nullptr;
  std::string mpath = path;
  if (j.is_object() && j.contains("tiler")) {
    modes = &j["tiler"];
    mpath += ".tiler";
  } else if (j.is_array()) {
    modes = &j;
  }
  if (modes) {
    if (!modes->is_array() || modes->empty())
      return fail(ErrorKind::invalid_input, "expected a non-empty array of tiler modes at ", mpath);
    std::vector<Tiler> m;
    for (std::size_t i = 0; i < modes->size(); ++i) {
      CL_TRY(t, tiler_rec((*modes)[i], detail::at(mpath, i), depth + 1));
      m.push_back(std::move(t));
    }
    return Tiler::by_mode(std::move(m));
  }
  CL_TRY(l, layout_from_json(j, path));
  return Tiler::of(std::move(l));
}

Result<Tiler> tiler_from_json(Json const& j, std::string const& path) { return tiler_rec(j, path, 0); }

}  // namespace catlayout::wire
