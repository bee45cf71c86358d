// The checker's op mutual_refinement (Algorithm 4.1.1) on the wire: args [T, U] -> {"first": T', "second": U'}.
#include "catlayout/wire/refinement_json.hpp"

#include "catlayout/algorithms/mutual_refinement.hpp"
#include "op_rows.hpp"

namespace catlayout::wire {

using namespace catlayout::algorithms;  // paper chapter 4

Result<Json> run_mutual_refinement(Json const& args, std::string const& path) {
  if (!args.is_array() || args.size() != 2)
    return fail(ErrorKind::invalid_input, "mutual_refinement expects 2 arguments [T, U] at ", path);
  CL_TRY(t, int_tuple_from_json(args[0], path + "[0]"));
  CL_TRY(u, int_tuple_from_json(args[1], path + "[1]"));
  CL_TRY(r, mutual_refinement(t, u));
  return Json{{"first", to_json(r.first)}, {"second", to_json(r.second)}};
}

Result<Json> op_mutual_refinement(OpRow const&, Json const& args, std::string const& path, Convention) {
  return run_mutual_refinement(args, path);
}

}  // namespace catlayout::wire
