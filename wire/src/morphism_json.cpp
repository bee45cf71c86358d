#include "catlayout/wire/morphism_json.hpp"

#include "catlayout/core/quote.hpp"

namespace catlayout::wire {

using namespace catlayout::categories;  // the values this file writes

namespace {

Json map_json(FinMap const& alpha) {
  Json a = Json::array();
  for (Point j : alpha.values()) a.push_back(j);  // 0 is *
  return a;
}

Json flat_json(std::vector<Int> const& t) { return Json(t); }

// The three fields of a schema morphism, each checked at its own path.
struct Fields {
  IntTuple s, t;
  std::vector<Point> map;
};

Result<Fields> fields_from_json(Json const& j, std::string const& path) {
  if (!j.is_object() || !j.contains("domain") || !j.contains("codomain") || !j.contains("map"))
    return fail(ErrorKind::invalid_input, "expected a morphism {\"domain\": ..., \"codomain\": ..., \"map\": [...]} at ",
                path, ", found ", j.is_object() ? "an object without domain/codomain/map" : std::string("a JSON ") + j.type_name());
  Fields out;
  CL_TRY(s, int_tuple_from_json(j["domain"], path + ".domain"));
  CL_TRY(t, int_tuple_from_json(j["codomain"], path + ".codomain"));
  Json const& m = j["map"];
  if (!m.is_array())
    return fail(ErrorKind::invalid_input, "expected an array of points at ", path, ".map, found a JSON ", m.type_name());
  std::size_t n = length(t);
  for (std::size_t i = 0; i < m.size(); ++i) {
    std::string at = path + ".map[" + std::to_string(i) + "]";
    CL_TRY(v, int_from_json(m[i], at));
    if (v < 0 || static_cast<std::size_t>(v) > n)
      return fail(ErrorKind::invalid_input, "map entry ", v, " at ", at, " is not a point of <", n,
                  ">_* (0 for *, else 1..", n, ")");
    out.map.push_back(static_cast<Point>(v));
  }
  out.s = std::move(s);
  out.t = std::move(t);
  return out;
}

bool is_flat_array(Json const& j) {
  if (!j.is_array()) return false;
  for (auto const& x : j)
    if (x.is_array()) return false;
  return true;
}

}  // namespace

Json to_json(TupleMorphism const& f) {
  return Json{{"domain", flat_json(f.domain())}, {"codomain", flat_json(f.codomain())}, {"map", map_json(f.map())}};
}

Json to_json(NestMorphism const& f) {
  return Json{{"domain", to_json(f.domain())}, {"codomain", to_json(f.codomain())}, {"map", map_json(f.map())}};
}

Result<NestMorphism> nest_morphism_from_json(Json const& j, std::string const& path) {
  CL_TRY(x, fields_from_json(j, path));
  auto f = NestMorphism::make(std::move(x.s), std::move(x.t), std::move(x.map));
  if (!f) return fail(f.error().kind, f.error().message, " (morphism at ", path, ")");
  return f;
}

Result<TupleMorphism> tuple_morphism_from_json(Json const& j, std::string const& path) {
  CL_TRY(x, fields_from_json(j, path));
  for (char const* key : {"domain", "codomain"})
    if (!is_flat_array(j[key]))
      return fail(ErrorKind::invalid_input, "a Tuple morphism needs a flat array at ", path, ".", key, ", found ",
                  shortened(j[key].dump()));
  auto f = TupleMorphism::make(flatten_values(x.s), flatten_values(x.t), std::move(x.map));
  if (!f) return fail(f.error().kind, f.error().message, " (morphism at ", path, ")");
  return f;
}

}  // namespace catlayout::wire
