// catlayout.gpu: the tensor-core fragment catalogue (gpu/include/catlayout/gpu/catalogue.hpp), the
// fragment check ("is my layout this fragment?", check.hpp) and CuTe's tiled MMAs and copies
// (tiled.hpp), every layout a catlayout.Layout (shared-memory atoms: ComposedLayout).
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "catlayout/core/notation.hpp"
#include "catlayout/gpu/check.hpp"
#include "catlayout/gpu/tiled.hpp"
#include "convert.hpp"

namespace catlayout::python {

namespace {

using namespace catlayout::gpu;

Instruction const& instruction(TextArg const& text) {
  std::string name(text.get("name"));
  Instruction const* ins = find_instruction(name);
  if (!ins) invalid_input(catlayout::str("unknown instruction \"", shortened(name), "\" (catlayout.gpu.instructions() lists them)"));
  return *ins;
}

Operand operand_of(TextArg const& text) {
  std::string s(text.get("operand"));
  auto op = parse_operand(s);
  if (!op) invalid_input(catlayout::str("unknown operand \"", shortened(s), "\" (A, B, C, src, dst)"));
  return *op;
}

std::vector<std::string> operands(Instruction const& ins) {
  std::vector<std::string> out;
  for (auto const& f : ins.fragments) out.emplace_back(operand_name(f.operand));
  return out;
}

// A layout of any kind: a Layout, CoordLayout or ComposedLayout object, or text in any notation
// (parse_any_layout), or a (shape, stride) pair.
AnyLayout any_layout(nb::handle h) {
  if (Layout const* l = as_layout(h)) return *l;
  if (nb::isinstance<ComposedLayout>(h)) return nb::cast<ComposedLayout>(h);
  if (nb::isinstance<CoordLayout>(h)) return nb::cast<CoordLayout>(h);
  if (nb::isinstance<nb::str>(h)) {
    std::string_view text = text_from_py(h, "layout");
    auto r = read_text_value(text);
    if (!r) invalid_input(catlayout::str("layout: ", r.error().message));
    return std::visit([&](auto&& x) -> AnyLayout {
      using T = std::decay_t<decltype(x)>;
      if constexpr (std::is_constructible_v<AnyLayout, T>)
        return std::move(x);
      else
        invalid_input(catlayout::str("check takes an integer-stride, coordinate or swizzled layout, not ", kind_phrase(kind_of<T>),
                          ": '", shortened(text), "'"));
    }, std::move(*r));
  }
  return layout_from_py(h, "layout");
}

nb::object coord_or_offset(Coord c, Int offset, bool fragment) {
  if (!fragment) return nb::int_(offset);
  if (c.row < 0) return nb::none();
  return nb::make_tuple(c.row, c.col);
}

PermutationMnk permutation_of(nb::handle h) {
  PermutationMnk p;
  if (h.is_none()) return p;
  if (!nb::isinstance<nb::tuple>(h) && !nb::isinstance<nb::list>(h))
    invalid_input("permutation: a tuple of 3 entries (a layout or None per mode M, N, K)");
  if (nb::len(h) > 3) invalid_input("permutation: at most 3 modes (M, N, K), found " + std::to_string(nb::len(h)));
  std::size_t i = 0;
  for (nb::handle x : h) {
    if (!x.is_none()) p[i] = layout_from_py(x, "permutation mode");
    ++i;
  }
  return p;
}

Layout operand_layout(Result<Layout> r) { return unwrap(std::move(r)); }

}  // namespace

void bind_gpu(nb::module_& parent) {
  nb::module_ m = parent.def_submodule(
      "gpu", "Tensor-core fragments as CuTe TV layouts (thread, value) -> offset into the column-major operand tile "
             "(A M x K, B N x K, C M x N; copies 8 x rows), the check of a layout against them, and CuTe's tiled "
             "MMAs and copies built from them.");
  // Importable by its own name (catlayout._catlayout.gpu; stubgen's `-m _catlayout.gpu` for gpu.pyi);
  // catlayout/__init__.py adds catlayout.gpu.
  nb::module_::import_("sys").attr("modules")[m.attr("__name__")] = m;

  nb::class_<Instruction>(m, "Instruction", "A catalogued instruction (read only).")
      .def_ro("name", &Instruction::name)
      .def_ro("ptx", &Instruction::ptx)
      .def_ro("arch", &Instruction::arch)
      .def_prop_ro("kind", [](Instruction const& i) { return std::string(kind_name(i.kind)); })
      .def_prop_ro("shape", [](Instruction const& i) { return nb::make_tuple(i.M, i.N, i.K); },
                   "(M, N, K); copies: (rows of 16 bytes, 8, 0).")
      .def_prop_ro("operands", &operands, "The operands with a catalogued fragment, e.g. ['A', 'B', 'C'].")
      .def("__repr__", [](Instruction const& i) {
        return "Instruction(" + i.name + ", " + std::string(kind_name(i.kind)) + ", " + i.arch + ")";
      });
  def_layout_fn(m, "instructions", [] {
        std::vector<Instruction const*> out;
        for (auto const& i : catalogue()) out.push_back(&i);
        return out;
      }, nb::rv_policy::reference, "Every catalogued instruction, in catalogue order.");
  def_layout_fn(m, "instruction", [](TextArg name) { return &instruction(name); }, nb::rv_policy::reference,
        nb::arg("name"));
  def_layout_fn(m, "fragment", [](TextArg name, TextArg operand) {
        Instruction const& ins = instruction(name);
        Fragment const* f = ins.fragment(operand_of(operand));
        if (!f) invalid_input(catlayout::str(ins.name, " has no catalogued operand \"", shortened(operand.get("operand")), "\""));
        return f->tv;
      }, nb::arg("name"), nb::arg("operand"),
      "The TV layout (thread, value) -> row + rows * col of the instruction's operand tile.");
  def_layout_fn(m, "tile", [](TextArg name, TextArg operand) {
        Instruction const& ins = instruction(name);
        Fragment const* f = ins.fragment(operand_of(operand));
        if (!f) invalid_input(catlayout::str(ins.name, " has no catalogued operand \"", shortened(operand.get("operand")), "\""));
        return std::make_pair(f->rows, f->cols);
      }, nb::arg("name"), nb::arg("operand"), "The operand tile (rows, cols) the fragment's offsets index.");
  def_layout_fn(m, "smem_layouts", [] {
        std::vector<std::string> out;
        for (auto const& s : smem_layouts()) out.push_back(s.name);
        return out;
      }, "The wgmma shared-memory layout names (wgmma.smem.*).");
  def_layout_fn(m, "smem_layout", [](TextArg name_text) {
        std::string name(name_text.get("name"));
        SmemLayout const* s = find_smem_layout(name);
        if (!s) invalid_input(catlayout::str("unknown shared-memory layout \"", shortened(name), "\""));
        return s->layout;
      }, nb::arg("name"), "The atom (mn, k) -> element offset, a ComposedLayout.");

  nb::class_<Mismatch>(m, "Mismatch", "The first (thread, value) (atoms: (mn, k)) where the layouts differ.")
      .def_ro("thread", &Mismatch::thread)
      .def_ro("value", &Mismatch::value)
      .def_ro("expected_offset", &Mismatch::expected)
      .def_ro("got_offset", &Mismatch::got)
      .def_prop_ro("expected", [](Mismatch const& x) {
        return coord_or_offset(x.expected_at, x.expected, x.expected_at.row >= 0);
      }, "The catalogue's (row, col) (atoms: the element offset).")
      .def_prop_ro("got", [](Mismatch const& x) {
        return coord_or_offset(x.got_at, x.got, x.expected_at.row >= 0);
      }, "The layout's (row, col) (atoms: the element offset; None: outside the tile).")
      .def("__repr__", [](Mismatch const& x) {
        auto at = [&](Coord c, Int off) {
          if (x.expected_at.row < 0) return catlayout::str(off);  // an atom: element offsets
          return c.row < 0 ? std::string("None") : catlayout::str("(", c.row, ", ", c.col, ")");
        };
        return catlayout::str("Mismatch(thread=", x.thread, ", value=", x.value, ", expected=", at(x.expected_at, x.expected),
                              ", got=", at(x.got_at, x.got), ")");
      });
  nb::class_<CheckResult>(m, "CheckResult", "A layout compared with one catalogued entry at every (thread, value).")
      .def_ro("name", &CheckResult::name)
      .def_ro("operand", &CheckResult::operand)
      .def_ro("catalogue_layout", &CheckResult::catalogue_layout)
      .def_ro("threads", &CheckResult::threads)
      .def_ro("values", &CheckResult::values)
      .def_prop_ro("tile", [](CheckResult const& r) { return std::make_pair(r.rows, r.cols); })
      .def_ro("same_shape", &CheckResult::same_shape)
      .def_ro("agree", &CheckResult::agree)
      .def_prop_ro("total", &CheckResult::total)
      .def_prop_ro("equal", &CheckResult::equal)
      .def_ro("first", &CheckResult::first, "The first Mismatch, or None when equal.")
      .def("__bool__", &CheckResult::equal)
      .def("__str__", [](CheckResult const& r) {
        std::string s = describe(r);
        if (!s.empty() && s.back() == '\n') s.pop_back();  // print() adds its own
        return s;
      })
      .def("__repr__", [](CheckResult const& r) {
        return catlayout::str("CheckResult(", r.name, r.operand.empty() ? "" : " ", r.operand, ", equal=", r.equal() ? "True" : "False",
                   ", agree=", r.agree, "/", r.total(), ")");
      });
  nb::class_<NearMatch>(m, "NearMatch", "Catalogued entries with one layout, compared with the given layout.")
      .def_ro("result", &NearMatch::result)
      .def_ro("names", &NearMatch::names, "'NAME OPERAND' of every entry with this layout and tile.")
      .def_prop_ro("equal", [](NearMatch const& g) { return g.result.equal(); })
      .def_prop_ro("agree", [](NearMatch const& g) { return g.result.agree; })
      .def("__repr__", [](NearMatch const& g) {
        return catlayout::str("NearMatch(", g.names.front(), g.names.size() > 1 ? catlayout::str(" +", g.names.size() - 1) : "",
                   ", equal=", g.result.equal() ? "True" : "False", ", agree=", g.result.agree, "/", g.result.total(), ")");
      });
  def_layout_fn(m, "check", [](std::optional<TextArg> name, std::optional<TextArg> operand, nb::handle layout,
                    std::size_t top) -> nb::object {
        AnyLayout l = any_layout(layout);
        std::string n(name ? name->get("name") : ""), op(operand ? operand->get("operand") : "");
        if (!n.empty() && (!op.empty() || find_smem_layout(n))) return nb::cast(unwrap(gpu::check_layout(n, op, l)));
        return nb::cast(unwrap(gpu::nearest(l, op, n, top)));
      }, nb::arg("name").none(), nb::arg("operand").none(), nb::arg("layout"), nb::arg("top") = 5,
      "Is `layout` (a TV layout (thread, value) -> tile offset: Layout, ComposedLayout, CoordLayout with 1@0 = row and "
      "1@1 = col, or text in any notation) the fragment of instruction `name`, operand `operand`? A CheckResult "
      "(equal, or the first Mismatch). With name or operand None: the closest entries, a list of NearMatch "
      "(equal first, then more agreeing (thread, value)). A wgmma.smem.* name compares the atom (mn, k) -> offset.");

  nb::class_<TiledMma>(m, "TiledMma", "CuTe's TiledMMA: one instruction over a grid of thread groups.")
      .def_ro("atom", &TiledMma::atom)
      .def_ro("thr_layout_vmnk", &TiledMma::thr_layout_vmnk)
      .def_prop_ro("tile", [](TiledMma const& t) { return nb::make_tuple(t.tile[0], t.tile[1], t.tile[2]); },
                   "(M, N, K): CuTe's tile_size_mnk.")
      .def_prop_ro("threads", &TiledMma::threads)
      .def_prop_ro("tv_a", [](TiledMma const& t) { return operand_layout(t.tv_a()); }, "CuTe's get_layoutA_TV.")
      .def_prop_ro("tv_b", [](TiledMma const& t) { return operand_layout(t.tv_b()); }, "CuTe's get_layoutB_TV.")
      .def_prop_ro("tv_c", [](TiledMma const& t) { return operand_layout(t.tv_c()); }, "CuTe's get_layoutC_TV.")
      .def("tv", [](TiledMma const& t, TextArg op) { return operand_layout(t.tv(operand_of(op))); },
           nb::arg("operand"))
      .def("holds", [](TiledMma const& t, TextArg op) { return operand_layout(t.holds(operand_of(op))); },
           nb::arg("operand"), "What each thread holds (ThrMMA::partition_A/B/C); C shared by the K groups.")
      .def("tile_of", [](TiledMma const& t, TextArg op) {
             auto s = t.tile_of(operand_of(op));
             return std::make_pair(s[0], s[1]);
           }, nb::arg("operand"), "The operand's tile (rows, cols).")
      .def("__repr__", [](TiledMma const& t) {
        return catlayout::str("TiledMma(", t.atom, ", threads=", t.threads(), ", tile=(", t.tile[0], ",", t.tile[1], ",", t.tile[2], "))");
      });
  def_layout_fn(m, "make_tiled_mma", [](TextArg atom, LayoutArg const& atom_layout, nb::handle permutation) {
        return unwrap(gpu::make_tiled_mma(instruction(atom), atom_layout.get("atom_layout"), permutation_of(permutation)));
      }, nb::arg("atom"), nb::arg("atom_layout") = "(1,1,1):(0,0,0)", nb::arg("permutation").none() = nb::none(),
      "CuTe's make_tiled_mma(atom, AtomLayoutMNK, PermutationMNK): permutation a tuple of up to 3 layouts or None "
      "(CuTe's _).");

  nb::class_<TiledCopy>(m, "TiledCopy", "CuTe's TiledCopy: its TV layout over the tile.")
      .def_ro("tv", &TiledCopy::tv)
      .def_prop_ro("tile", [](TiledCopy const& t) { return std::make_pair(t.tile[0], t.tile[1]); })
      .def_prop_ro("threads", &TiledCopy::threads)
      .def_prop_ro("values", &TiledCopy::values)
      .def("__repr__", [](TiledCopy const& t) {
        return catlayout::str("TiledCopy(", to_string(t.tv), ", tile=(", t.tile[0], ",", t.tile[1], "))");
      });
  def_layout_fn(m, "make_tiled_copy", [](LayoutArg const& thr, LayoutArg const& val) {
        return unwrap(gpu::make_tiled_copy(thr.get("thr_layout"), val.get("val_layout")));
      }, nb::arg("thr_layout"), nb::arg("val_layout"), "CuTe's make_tiled_copy(atom, thr_layout, val_layout).");
  def_layout_fn(m, "make_tiled_copy_A", [](TiledMma const& t) { return unwrap(make_tiled_copy_A(t)); }, nb::arg("mma"));
  def_layout_fn(m, "make_tiled_copy_B", [](TiledMma const& t) { return unwrap(make_tiled_copy_B(t)); }, nb::arg("mma"));
  def_layout_fn(m, "make_tiled_copy_C", [](TiledMma const& t) { return unwrap(make_tiled_copy_C(t)); }, nb::arg("mma"));

  nb::class_<ThreadPart>(m, "ThreadPart", "What one thread holds: value v -> offset + values(v).")
      .def_ro("values", &ThreadPart::values)
      .def_ro("offset", &ThreadPart::offset)
      .def("size", &ThreadPart::size)
      .def("__len__", [](ThreadPart const& p) { return static_cast<std::size_t>(p.size()); })
      .def("at", [](ThreadPart const& p, Int v) {
             if (v < 0 || v >= p.size()) invalid_input(catlayout::str("value ", v, " outside [0, ", p.size(), ")"));
             return p.at(v);
           }, nb::arg("v"))
      .def("offsets", [](ThreadPart const& p) {
             std::vector<Int> out;
             for (Int v = 0; v < p.size(); ++v) out.push_back(p.at(v));
             return out;
           }, "[at(0), ..., at(size - 1)].");
  def_layout_fn(m, "partition", [](LayoutArg const& tv, nb::handle tile_or_data, Int thread) {
        Layout const& t = tv.get("tv");
        if (nb::isinstance<nb::tuple>(tile_or_data) && nb::len(tile_or_data) == 2 &&
            nb::isinstance<nb::int_>(tile_or_data[0]) && nb::isinstance<nb::int_>(tile_or_data[1])) {
          std::array<Int, 2> tile{int_from_py(tile_or_data[0], "rows"), int_from_py(tile_or_data[1], "cols")};
          return unwrap(gpu::partition(t, tile, thread));
        }
        return unwrap(gpu::partition(t, layout_from_py(tile_or_data, "data"), thread));
      }, nb::arg("tv"), nb::arg("tile_or_data"), nb::arg("thread"),
      "Thread `thread`'s part of a (rows, cols) column-major tile, or of a data layout indexed by the tile index.");
  def_layout_fn(m, "partition", [](TiledMma const& mma, TextArg op, LayoutArg const& data, Int thread) {
        return unwrap(gpu::partition(mma, operand_of(op), data.get("data"), thread));
      }, nb::arg("mma"), nb::arg("operand"), nb::arg("data"), nb::arg("thread"),
      "CuTe's ThrMMA::partition_A/B/C of data for thread `thread`.");
  def_layout_fn(m, "column_major", [](IntTupleIn shape) { return unwrap(gpu::column_major(shape.get("shape"))); }, nb::arg("shape"));
}

}  // namespace catlayout::python
