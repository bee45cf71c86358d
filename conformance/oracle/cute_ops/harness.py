"""The C++ of a case, for CuTe 4.2 with static integers: the operand expressions (cpp_*), one
case's body (cpp_case_body) and the harness prelude (PRELUDE: cute_oracle's, with printers for
ScaledBasis strides and composed layouts); HARNESS is the (case_body, prelude) pair that
cute_oracle's harness writer takes."""

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .coords import cpp_coord_body
from .common import cpp_common_body
from .relations import cpp_relation_body
from .compacts import cpp_compact_body
from .modes import cpp_mode_body
from .queries import cpp_query_body
from .slices import SLICE_OPS, cpp_slice_body
from .values import COMMON_OPS, COMPACT_OPS, COORD_OPS, MODE_OPS, QUERY_OPS, RELATION_OPS, PARTITION_OPS, is_basis, is_composed, is_coord, is_int, is_layout, is_swizzle


# --------------------------------------------------------------------------
# C++ emission
# --------------------------------------------------------------------------

def cpp_swizzle_t(t):
    b, m, s = t
    return f"cute::Swizzle<{b},{m},{s}>"


def cpp_stride_t(t):
    """A stride tuple whose entries may be ScaledBasis (CuTe E<p0,...> scaled: path outer first)."""
    if is_basis(t):
        path = ",".join(str(int(p)) for p in t["basis"])
        return f"cute::ScaledBasis<{co.cpp_int(t.get('scale', 1))}" + (f",{path}>" if path else ">")
    if is_int(t):
        return co.cpp_int(t)
    return "cute::tuple<" + ",".join(cpp_stride_t(e) for e in t) + ">"


def cpp_x(x):
    """Expression for a layout, coordinate layout or composed layout value."""
    if is_coord(x):
        return f"cute::Layout<{co.cpp_tuple_t(x['shape'])},{cpp_stride_t(x['stride'])}>{{}}"
    if is_composed(x):
        return (f"cute::composition({cpp_swizzle_t(x['swizzle'])}{{}}, "
                f"{co.cpp_int(x.get('offset', 0))}{{}}, {co.cpp_layout_t(x['layout'])}{{}})")
    return f"{co.cpp_layout_t(x)}{{}}"


def cpp_order(o):
    if o == "LayoutLeft":
        return "cute::GenColMajor{}"
    if o == "LayoutRight":
        return "cute::GenRowMajor{}"
    return f"{co.cpp_tuple_t(o)}{{}}"


def cpp_coord_t(c):
    if c is None:
        return "cute::Underscore"
    if is_int(c):
        return co.cpp_int(c)
    return "cute::tuple<" + ",".join(cpp_coord_t(e) for e in c) + ">"


def cpp_proj_t(p):
    return "cute::Step<" + ",".join("cute::Int<1>" if e == 1 else "cute::X" for e in p) + ">"


def cpp_tiler(t):
    return f"{co.cpp_layout_t(t)}{{}}" if is_layout(t) else f"{co.cpp_tiler_t(t)}{{}}"


def cpp_case_body(c):
    op, args = c["op"], c["args"]
    if op in COORD_OPS:
        return cpp_coord_body(op, args)
    if op in MODE_OPS:
        return cpp_mode_body(op, args)
    if op in COMMON_OPS:
        return cpp_common_body(op, args)
    if op in RELATION_OPS:
        return cpp_relation_body(op, args, cpp_x)
    if op in COMPACT_OPS:
        return cpp_compact_body(op, args)
    if op in QUERY_OPS:
        return cpp_query_body(op, args)
    if op in SLICE_OPS:
        return cpp_slice_body(op, args, cpp_x)
    L = []
    part = False
    if op == "make_layout":
        extra = ""
        if len(args) == 2:
            extra = ", cute::LayoutLeft{}" if args[1] == "LayoutLeft" else ", cute::LayoutRight{}"
        L.append(f"  auto r = cute::make_layout({co.cpp_tuple_t(args[0])}{{}}{extra});")
    elif op == "make_ordered_layout":
        L.append(f"  auto r = cute::make_ordered_layout({co.cpp_tuple_t(args[0])}{{}}, {cpp_order(args[1])});")
    elif op == "make_layout_like":
        L.append(f"  auto r = cute::make_layout_like({cpp_x(args[0])});")
    elif op == "tile_to_shape":
        L.append(f"  auto blk = {cpp_x(args[0])};")
        extra = f", {cpp_order(args[2])}" if len(args) == 3 else ""
        L.append(f"  auto r = cute::tile_to_shape(blk, {co.cpp_tuple_t(args[1])}{{}}{extra});")
    elif op in PARTITION_OPS:
        part = True
        L.append(f"  auto t = cute::make_tensor(cute::counting_iterator<long long>(0), {cpp_x(args[0])});")
        if op == "local_partition":
            L.append(f"  int idx = {int(args[2])};  // a run-time index, as threadIdx.x")
            extra = f", {cpp_proj_t(args[3])}{{}}" if len(args) == 4 else ""
            L.append(f"  auto s = cute::local_partition(t, {cpp_x(args[1])}, idx{extra});")
        else:
            extra = f", {cpp_proj_t(args[3])}{{}}" if len(args) == 4 else ""
            L.append(f"  auto s = cute::{op}(t, {cpp_tiler(args[1])}, {cpp_coord_t(args[2])}{{}}{extra});")
    elif op in ("upcast", "downcast"):
        L.append(f"  auto r = cute::{op}<{int(args[1])}>({cpp_x(args[0])});")
    elif op == "recast_layout":
        L.append(f"  auto r = cute::recast_layout<cute::uint_bit_t<{int(args[1])}>, "
                 f"cute::uint_bit_t<{int(args[2])}>>({cpp_x(args[0])});")
    elif op == "nullspace":
        L.append(f"  auto r = cute::nullspace({cpp_x(args[0])});")
    elif op == "composition":
        a, b = args
        bexpr = f"{cpp_swizzle_t(b['swizzle'])}{{}}" if is_swizzle(b) else cpp_x(b)
        L.append(f"  auto r = cute::composition({cpp_x(a)}, {bexpr});")
    elif op in ("right_inverse", "left_inverse"):
        L.append(f"  auto r = cute::{op}({cpp_x(args[0])});")
    else:
        raise ValueError(op)
    if part:
        L.append("  std::printf(\"{\\\"layout\\\":\"); oracle_print_x(s.layout());")
        L.append("  std::printf(\",\\\"offset\\\":%lld}\", static_cast<long long>(*s.data()));")
    else:
        L.append("  oracle_print_x(r);")
    return L


PRELUDE = co.HARNESS_PRELUDE.replace(
    "// generated by conformance/oracle/cute_oracle.py -- do not edit",
    "// generated by conformance/oracle/cute_ops_oracle.py -- do not edit").replace(
    "template <class T> void oracle_print(T const& t);",
    "template <class T> void oracle_print(T const& t);\n"
    "template <class T, int... Ns> void oracle_print(cute::ScaledBasis<T, Ns...> const& b);") + r"""
// A ScaledBasis stride: {"basis": [path...], "scale": k}; the empty path is the integer k.
template <class T, int... Ns>
void oracle_print(cute::ScaledBasis<T, Ns...> const& b) {
  if constexpr (sizeof...(Ns) == 0) {
    std::printf("%lld", static_cast<long long>(b.value()));
  } else {
    int path[] = {Ns...};
    std::printf("{\"basis\":[");
    for (std::size_t k = 0; k < sizeof...(Ns); ++k) std::printf("%s%d", k ? "," : "", path[k]);
    std::printf("],\"scale\":%lld}", static_cast<long long>(b.value()));
  }
}

#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/layout_composed.hpp>
#include <cute/pointer_base.hpp>

template <class S, class D>
void oracle_print_x(cute::Layout<S, D> const& l) { oracle_print_layout(l); }

// A nested ComposedLayout<A, O, B> (A and B each a layout, a swizzle or a composed layout): the
// composed form with "swizzle" for a swizzle A, "outer" for any other A, and B in "layout"
// (docs/vector-format.md, composed chains).
template <int B, int M, int S>
void oracle_print_x(cute::Swizzle<B, M, S> const&) { std::printf("{\"swizzle\":[%d,%d,%d]}", B, M, S); }
template <int B, int M, int S, class O, class L>
void oracle_print_x(cute::ComposedLayout<cute::Swizzle<B, M, S>, O, L> const& c);
template <class A, class O, class L>
void oracle_print_x(cute::ComposedLayout<A, O, L> const& c);

template <int B, int M, int S, class O, class L>
void oracle_print_x(cute::ComposedLayout<cute::Swizzle<B, M, S>, O, L> const& c) {
  std::printf("{\"swizzle\":[%d,%d,%d],\"offset\":%lld,\"layout\":", B, M, S,
              static_cast<long long>(c.offset()));
  oracle_print_x(c.layout_b());
  std::printf("}");
}

template <class A, class O, class L>
void oracle_print_x(cute::ComposedLayout<A, O, L> const& c) {
  std::printf("{\"outer\":");
  oracle_print_x(c.layout_a());
  std::printf(",\"offset\":%lld,\"layout\":", static_cast<long long>(c.offset()));
  oracle_print_x(c.layout_b());
  std::printf("}");
}

template <class T>
void oracle_print_x(T const&) { std::printf("{\"unrepresentable\":\"other type\"}"); }
"""

HARNESS = (cpp_case_body, PRELUDE)
