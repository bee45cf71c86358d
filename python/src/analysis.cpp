// The kernel-author analyses (docs/analysis.md) as dicts: each report's JSON (catlayout/wire/analysis_json.hpp),
// so Python sees the same fields as `catlayout analyze ... --json`.
#include <nanobind/stl/string.h>

#include "catlayout/analysis.hpp"
#include "catlayout/wire/analysis_json.hpp"
#include "convert.hpp"

namespace catlayout::python {

using namespace catlayout::wire;  // the JSON forms of the values

namespace {

nb::object as_dict(Json const& j) { return nb::module_::import_("json").attr("loads")(j.dump()); }

// A memory layout: a ComposedLayout, a plain layout, or the text of either (the one reader).
ComposedLayout data_from_py(nb::handle h) {
  if (nb::isinstance<ComposedLayout>(h)) return nb::cast<ComposedLayout>(h);
  if (nb::isinstance<nb::str>(h)) {
    std::string_view text = text_from_py(h, "data");
    auto r = read_text_value(text);
    if (!r) invalid_input(str("data: ", r.error().message));
    if (auto* c = std::get_if<ComposedLayout>(&*r)) return std::move(*c);
    if (auto* l = std::get_if<Layout>(&*r)) return ComposedLayout{{}, 0, std::move(*l)};
    invalid_input(str("data maps to offsets: an integer-stride layout or a swizzled layout, not ", kind_phrase(r->index()),
                      ": '", shortened(text), "'"));
  }
  return ComposedLayout{{}, 0, layout_from_py(h, "data")};
}

analysis::MemoryAccess access(LayoutArg const& tv, nb::handle data, Int elem_bytes, Int vector, Int base_byte) {
  return unwrap(analysis::make_access(tv.get("tv"), data_from_py(data), {elem_bytes, vector, base_byte}));
}

}  // namespace

void bind_analysis(nb::module_& m) {
  def_layout_fn(m, "bank_conflicts", [](LayoutArg const& tv, nb::handle data, Int elem_bytes, Int vector, Int base_byte) {
        return as_dict(wire::to_json(unwrap(analysis::bank_conflicts(access(tv, data, elem_bytes, vector, base_byte)))));
      }, nb::arg("tv"), nb::arg("data"), nb::arg("elem_bytes") = 4, nb::arg("vector") = 1, nb::arg("base_byte") = 0,
      "Shared-memory bank conflicts of tv (thread, value) -> tile index over data: wavefronts vs ideal per warp "
      "instruction, the worst bank and the threads that collide (`catlayout analyze banks --json`).");
  def_layout_fn(m, "coalescing", [](LayoutArg const& tv, nb::handle data, Int elem_bytes, Int vector, Int base_byte) {
        return as_dict(wire::to_json(unwrap(analysis::coalescing(access(tv, data, elem_bytes, vector, base_byte)))));
      }, nb::arg("tv"), nb::arg("data"), nb::arg("elem_bytes") = 4, nb::arg("vector") = 1, nb::arg("base_byte") = 0,
      "32-byte sectors and 128-byte lines per warp instruction vs ideal (`catlayout analyze coalescing --json`).");
  def_layout_fn(m, "widest_vector", [](LayoutArg const& tv, nb::handle data, Int elem_bytes, Int base_byte) {
        return as_dict(wire::to_json(
            unwrap(analysis::widest_vector(tv.get("tv"), data_from_py(data), {elem_bytes, 1, base_byte}))));
      }, nb::arg("tv"), nb::arg("data"), nb::arg("elem_bytes") = 4, nb::arg("base_byte") = 0,
      "The widest vector per thread (<= 16 bytes) and what limits it (`catlayout analyze vector --json`).");
  def_layout_fn(m, "ownership", [](LayoutArg const& tv, Int tile, Int block_threads) {
        return as_dict(wire::to_json(unwrap(analysis::ownership(tv.get("tv"), tile, block_threads))));
      }, nb::arg("tv"), nb::arg("tile"), nb::arg("block_threads") = 0,
      "Which elements of [0, tile) each (thread, value) holds: exact, replicated, not covered, idle threads.");
  def_layout_fn(m, "footprint", [](nb::handle data, Int tile) {
        return as_dict(wire::to_json(unwrap(analysis::footprint(data_from_py(data), tile))));
      }, nb::arg("data"), nb::arg("tile") = 0, "Size, cosize, holes; injective, compact, surjective onto [0, tile).");
}

}  // namespace catlayout::python
