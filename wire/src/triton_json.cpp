// Triton's linear layouts as JSON (triton_json.hpp).
#include "catlayout/wire/triton_json.hpp"

#include "op_args.hpp"

namespace catlayout::wire {

using detail::at;

Json to_json(NamedLinearLayout const& f) {
  Json ins = Json::array(), outs = Json::array();
  for (auto const& d : f.ins()) ins.push_back(Json::array({d.name, d.bases}));
  for (auto const& d : f.outs()) outs.push_back(Json::array({d.name, d.size}));
  return Json{{"in_dims", ins}, {"out_dims", outs}};
}

namespace {

// [name, x]: a pair whose first entry is a name.
Result<std::string> name_of_pair(Json const& j, std::string const& path, std::string_view second) {
  if (!j.is_array() || j.size() != 2 || !j[0].is_string())
    return fail(ErrorKind::invalid_input, "expected [name, ", second, "] at ", path);
  return j[0].get<std::string>();
}

Result<std::vector<Int>> int_list(Json const& j, std::string const& path) {
  if (!j.is_array()) return fail(ErrorKind::invalid_input, "expected a list of integers at ", path);
  std::vector<Int> v;
  for (std::size_t i = 0; i < j.size(); ++i) {
    CL_TRY(x, int_from_json(j[i], at(path, i)));
    v.push_back(x);
  }
  return v;
}

}  // namespace

Result<std::vector<NamedDim>> named_dims_from_json(Json const& j, std::string const& path) {
  if (!j.is_array()) return fail(ErrorKind::invalid_input, "expected a list of [name, size] at ", path);
  std::vector<NamedDim> r;
  for (std::size_t i = 0; i < j.size(); ++i) {
    CL_TRY(name, name_of_pair(j[i], at(path, i), "size"));
    CL_TRY(size, int_from_json(j[i][1], at(at(path, i), 1)));
    r.push_back({std::move(name), size});
  }
  return r;
}

Result<std::vector<std::pair<std::string, Int>>> named_values_from_json(Json const& j, std::string const& path) {
  CL_TRY(dims, named_dims_from_json(j, path));
  std::vector<std::pair<std::string, Int>> r;
  for (auto& d : dims) r.emplace_back(std::move(d.name), d.size);
  return r;
}

Result<NamedLinearLayout> named_linear_from_json(Json const& j, std::string const& path) {
  if (!j.is_object() || !j.contains("in_dims") || !j.contains("out_dims") || !j["in_dims"].is_array())
    return fail(ErrorKind::invalid_input, "expected a Triton linear layout {\"in_dims\": [[name, bases], ...], "
                "\"out_dims\": [[name, size], ...]} at ", path);
  std::vector<InDim> ins;
  Json const& in = j["in_dims"];
  for (std::size_t i = 0; i < in.size(); ++i) {
    std::string p = at(path + ".in_dims", i);
    CL_TRY(name, name_of_pair(in[i], p, "bases"));
    if (!in[i][1].is_array()) return fail(ErrorKind::invalid_input, "expected a list of bases at ", at(p, 1));
    if (in[i][1].size() > LinearLayout::max_bits)
      return fail(ErrorKind::invalid_input, in[i][1].size(), " bases at ", at(p, 1), " exceed the limit of ",
                  LinearLayout::max_bits);
    InDim d{std::move(name), {}};
    for (std::size_t k = 0; k < in[i][1].size(); ++k) {
      CL_TRY(b, int_list(in[i][1][k], at(at(p, 1), k)));
      d.bases.push_back(std::move(b));
    }
    ins.push_back(std::move(d));
  }
  CL_TRY(outs, named_dims_from_json(j["out_dims"], path + ".out_dims"));
  auto f = NamedLinearLayout::make(std::move(ins), std::move(outs));
  if (!f) return fail(f.error().kind, f.error().message, " at ", path);
  return f;
}

}  // namespace catlayout::wire
