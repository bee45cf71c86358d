#!/usr/bin/env python3
"""Differential oracle for the layout ops of issue 41: what NVIDIA CuTe C++ 4.2 (static integers)
answers for make_layout, make_ordered_layout, make_layout_like, tile_to_shape, local_tile,
local_partition, inner_partition, outer_partition, upcast, downcast, recast_layout, nullspace, and
for composition / right_inverse / left_inverse with swizzles and swizzled ("composed") layouts --
and whether that answer is the operation's function (checked by tabulation, here, in Python).

  cute_ops_oracle.py generate --seed S --count N --ops a,b,... (--out FILE.json | --out-dir DIR)
                              [--report REPORT.md] [--venv DIR]
  cute_ops_oracle.py run VECTORS.json... [--venv DIR] [--out RESULTS.json]

--count is the number of cases per op. The CuTe machinery (venv with nvidia-cutlass, the harness,
the compile-and-blame loop) is cute_oracle.py's, imported; this script adds the C++ of the new ops,
their case generators and the definitional checks. Python 3 standard library only.
See README.md next to this file.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cute_oracle as co  # noqa: E402

NEW_OPS = ["make_layout", "make_ordered_layout", "make_layout_like", "tile_to_shape",
           "local_tile", "local_partition", "inner_partition", "outer_partition",
           "upcast", "downcast", "recast_layout", "nullspace"]
EXT_OPS = ["composition", "right_inverse", "left_inverse"]  # with swizzle / composed operands
ALL_OPS = NEW_OPS + EXT_OPS
PARTITION_OPS = {"local_tile", "local_partition", "inner_partition", "outer_partition"}
CAST_OPS = {"upcast", "downcast", "recast_layout"}
MAJORS = ("LayoutLeft", "LayoutRight")
MAX_TAB = 1 << 16  # largest domain tabulated / generated


class DefError(Exception):
    """The operation's definition has no answer here; .kind is the schema error kind."""

    def __init__(self, kind, why):
        super().__init__(why)
        self.kind = kind
        self.why = why


# --------------------------------------------------------------------------
# JSON values
# --------------------------------------------------------------------------

def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def is_swizzle(x):
    return isinstance(x, dict) and "swizzle" in x and "layout" not in x


def is_composed(x):
    return isinstance(x, dict) and "swizzle" in x and "layout" in x


def is_layout(x):
    return co.is_layout(x)


def flatten_any(t):
    """The leaves of a nested list, any leaf kind (a coordinate stride's dict is one leaf)."""
    if not isinstance(t, list):
        return [t]
    return [x for e in t for x in flatten_any(e)]


def is_basis(d):
    return isinstance(d, dict) and "basis" in d


def is_coord(x):
    """A layout with coordinate strides (CuTe ScaledBasis: {"basis": [p0,...], "scale": k})."""
    return is_layout(x) and any(is_basis(d) for d in flatten_any(x["stride"]))


def check_swizzle_triple(t):
    if not (isinstance(t, list) and len(t) == 3 and all(is_int(v) for v in t)):
        raise ValueError(f"bad swizzle {t!r}")


def check_x(x):
    """A layout or a composed layout (swizzle o offset o layout)."""
    if is_composed(x):
        check_swizzle_triple(x["swizzle"])
        if not is_int(x.get("offset", 0)):
            raise ValueError("composed offset must be an integer")
        co.check_layout(x["layout"])
    else:
        co.check_layout(x)
    for v in co.flatten((x["layout"] if is_composed(x) else x)["stride"]):
        if not is_int(v):
            raise ValueError("only integer strides (no coordinate / F2 strides)")


def check_order(o):
    if isinstance(o, str):
        if o not in MAJORS:
            raise ValueError(f"bad order {o!r}")
        return
    co.check_inttuple(o)


def check_coord(c):
    if c is None or is_int(c):
        return
    if isinstance(c, list):
        for e in c:
            check_coord(e)
        return
    raise ValueError(f"bad coordinate {c!r}")


def check_proj(p):
    if not (isinstance(p, list) and all(e is None or e == 1 for e in p)):
        raise ValueError(f"bad projection {p!r}")


def check_tiler_arg(t):
    if is_layout(t):
        co.check_layout(t)
    elif co.is_tiler(t):
        co.check_tiler(t)
    else:
        raise ValueError("tiler must be a layout or {\"tiler\": [...]}")


def validate_case(c):
    """Raise ValueError if this oracle does not handle the case."""
    op, args = c["op"], c["args"]
    if op not in ALL_OPS:
        raise ValueError("op not handled by cute_ops_oracle")
    n = len(args)
    if op == "make_layout":
        if n not in (1, 2):
            raise ValueError("expects 1 or 2 args")
        co.check_inttuple(args[0])
        if n == 2 and args[1] not in MAJORS:
            raise ValueError("major must be LayoutLeft or LayoutRight")
    elif op == "make_ordered_layout":
        if n != 2:
            raise ValueError("expects 2 args")
        co.check_inttuple(args[0])
        check_order(args[1])
    elif op == "make_layout_like":
        if n != 1:
            raise ValueError("expects 1 arg")
        co.check_layout(args[0])
    elif op == "tile_to_shape":
        if n not in (2, 3):
            raise ValueError("expects 2 or 3 args")
        check_x(args[0])
        co.check_inttuple(args[1])
        if n == 3:
            check_order(args[2])
    elif op in ("local_tile", "inner_partition", "outer_partition"):
        if n not in ((3, 4) if op == "local_tile" else (3,)):
            raise ValueError("wrong number of args")
        co.check_layout(args[0])
        check_tiler_arg(args[1])
        check_coord(args[2])
        if n == 4:
            check_proj(args[3])
    elif op == "local_partition":
        if n not in (3, 4):
            raise ValueError("expects 3 or 4 args")
        co.check_layout(args[0])
        co.check_layout(args[1])
        if not is_int(args[2]):
            raise ValueError("index must be an integer")
        if n == 4:
            check_proj(args[3])
    elif op in ("upcast", "downcast"):
        if n != 2 or not is_int(args[1]) or args[1] < 1:
            raise ValueError("expects [X, N>=1]")
        check_x(args[0])
    elif op == "recast_layout":
        if n != 3 or args[1] not in BIT_WIDTHS or args[2] not in BIT_WIDTHS:
            raise ValueError(f"expects [X, old_bits, new_bits], bits in {BIT_WIDTHS}")
        check_x(args[0])
    elif op == "nullspace":
        if n != 1:
            raise ValueError("expects 1 arg")
        check_x(args[0])
    elif op == "composition":
        if n != 2:
            raise ValueError("expects 2 args")
        a, b = args
        if is_coord(b) and is_layout(a) and not is_coord(a):
            co.check_inttuple(b["shape"])
            return
        if not (is_composed(a) or is_composed(b) or is_swizzle(b)):
            raise ValueError("composition without a swizzle/composed operand: cute_oracle.py's")
        check_x(a)
        if is_swizzle(b):
            check_swizzle_triple(b["swizzle"])
            if is_composed(a):
                raise ValueError("composed o swizzle is not in the spec")
        else:
            check_x(b)
    elif op in ("right_inverse", "left_inverse"):
        if n != 1 or not is_composed(args[0]):
            raise ValueError("only composed layouts here (plain layouts: cute_oracle.py)")
        check_x(args[0])


# uint_bit_t<N> exists in CuTe 4.2 for these widths (cute/numeric/int.hpp)
BIT_WIDTHS = (1, 2, 4, 8, 16, 32, 64)


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

template <int B, int M, int S, class O, class L>
void oracle_print_x(cute::ComposedLayout<cute::Swizzle<B, M, S>, O, L> const& c) {
  std::printf("{\"swizzle\":[%d,%d,%d],\"offset\":%lld,\"layout\":", B, M, S,
              static_cast<long long>(c.offset()));
  oracle_print_x(c.layout_b());
  std::printf("}");
}

// layout o offset o swizzle (right_inverse of a composed layout with an offset): no JSON form
template <class S, class D, class O, int B, int M, int SS>
void oracle_print_x(cute::ComposedLayout<cute::Layout<S, D>, O, cute::Swizzle<B, M, SS>> const& c) {
  std::printf("{\"unrepresentable\":\"layout o offset o swizzle\",\"outer\":");
  oracle_print_layout(c.layout_a());
  std::printf(",\"offset\":%lld,\"inner_swizzle\":[%d,%d,%d]}", static_cast<long long>(c.offset()), B, M, SS);
}

template <class T>
void oracle_print_x(T const&) { std::printf("{\"unrepresentable\":\"other type\"}"); }
"""

HARNESS = (cpp_case_body, PRELUDE)


# --------------------------------------------------------------------------
# Evaluation (independent of catlayout and of CuTe)
# --------------------------------------------------------------------------

def fl(L):
    return co.flatten(L["shape"]), co.flatten(L["stride"])


def lsize(L):
    return co.prod(co.flatten(L["shape"]))


def tab_layout(L):
    """L on [0, size) (colexicographic), as a list."""
    vals = [0]
    for s, d in zip(*fl(L)):
        if s == 1:
            continue
        vals = [v + c * d for c in range(s) for v in vals]
    return vals


def layout_ext(L):
    """i -> L(i) for any i >= 0, past size(L) by extending the last mode (CuTe's convention)."""
    fs, fd = fl(L)
    n = len(fs)

    def f(i):
        r = 0
        for k in range(n - 1):
            s = fs[k]
            r += (i % s) * fd[k]
            i //= s
        return r + i * fd[n - 1]
    return f


def coord_tab(B):
    """B(i) for i in [0, size): each a dict path -> value (coordinate strides; the empty path an integer)."""
    fs = co.flatten(B["shape"])
    fd = flatten_any(B["stride"])
    out = []
    for i in range(co.prod(fs)):
        c, r = {}, i
        for s, d in zip(fs, fd):
            x = r % s
            r //= s
            if is_basis(d):
                key, v = tuple(d["basis"]), d.get("scale", 1) * x
            else:
                key, v = (), d * x
            if v:
                c[key] = c.get(key, 0) + v
        out.append(c)
    return out


def mode_at(L, path):
    """The sub-layout of L at a mode path (an integer shape is its own mode 0)."""
    s, d = L["shape"], L["stride"]
    for p in path:
        if isinstance(s, list):
            s, d = s[p], d[p]
        elif p != 0:
            raise DefError("invalid_input", f"path {path} past an integer mode")
    return {"shape": s, "stride": d}


def at_sparse(A, c):
    """A at a sparse coordinate: each path's value read by that mode's extended function, summed."""
    return sum(layout_ext(mode_at(A, path))(v) if v >= 0 else -layout_ext(mode_at(A, path))(-v)
               for path, v in c.items())


def swizzle_fn(t):
    """Swizzle<B,M,S>: yyy = (2^B-1) << (M+max(0,S)); x ^ shiftr(x & yyy, S), S < 0 shifts left."""
    b, m, s = t
    yyy = ((1 << b) - 1) << (m + max(0, s))

    def f(x):
        y = x & yyy
        return x ^ (y >> s if s >= 0 else y << -s)
    return f


def innermost(x):
    """The layout of a composed layout (CuTe results may nest: sw o k o (sw' o k' o L))."""
    while is_composed(x):
        x = x["layout"]
    return x


def xsize(x):
    return lsize(innermost(x))


def xflat_shape(x):
    return co.flatten(innermost(x)["shape"])


def xtab(x):
    if is_composed(x):
        sw, off = swizzle_fn(x["swizzle"]), x.get("offset", 0)
        return [sw(off + v) for v in xtab(x["layout"])]
    return tab_layout(x)


def xext(x):
    if is_composed(x):
        sw, off, f = swizzle_fn(x["swizzle"]), x.get("offset", 0), xext(x["layout"])
        return lambda i: sw(off + f(i))
    return layout_ext(x)


def is_nested_composed(x):
    return is_composed(x) and is_composed(x["layout"])


def unrep(v):
    return isinstance(v, dict) and "unrepresentable" in v


def colex_split(k, sizes):
    out = []
    for s in sizes:
        out.append(k % s)
        k //= s
    return out


def cosize_x(L):
    vals = tab_layout(L)
    return max(vals) + 1


def complement(L, cotarget):
    """The complement of L in [0, cotarget) as a function (modes sorted by stride)."""
    fs, fd = fl(L)
    modes = sorted((d, s) for s, d in zip(fs, fd) if s != 1 and d != 0)
    if any(d < 0 for d, _ in modes):
        raise DefError("inadmissible", "complement of a negative stride")
    cur = 1
    rs, rd = [], []
    for d, s in modes:
        if d % cur:
            raise DefError("inadmissible", f"not complementable: stride {d} after extent {cur}")
        rs.append(d // cur)
        rd.append(cur)
        cur = d * s
    rs.append(max(1, -(-cotarget // cur)))
    rd.append(cur)
    return {"shape": rs, "stride": rd}


def first_mismatch(got, want):
    n = min(len(got), len(want))
    for i in range(n):
        if got[i] != want[i]:
            return i
    if len(got) != len(want):
        return n
    return None


def counterexample(name_got, got, want, what="i"):
    i = first_mismatch(got, want)
    if i is None:
        return None
    if i >= len(got) or i >= len(want):
        return f"size {len(got)} vs the definition's {len(want)}"
    return f"{what}={i}: {name_got} {got[i]}, definition {want[i]}"


# --------------------------------------------------------------------------
# The operations' definitions (what the answer must be, as a function)
# --------------------------------------------------------------------------

def compact_strides(shape, start, right=False):
    """Compact strides over a (nested) shape from `start`: col-major (right=False) or row-major."""
    flat = co.flatten(shape)
    order = range(len(flat) - 1, -1, -1) if right else range(len(flat))
    st = [0] * len(flat)
    cur = start
    for k in order:
        st[k] = cur
        cur *= flat[k]
    return co.unflatten(st, shape)


def ordered_def(shape, order):
    """make_ordered_layout's function: units (sub-shapes paired with order leaves) laid out
    compactly, by increasing order; ties left to right only when at most one tied unit has size > 1,
    else the order does not say which comes first (invalid_input)."""
    if order in MAJORS:
        return {"shape": shape, "stride": compact_strides(shape, 1, order == "LayoutRight")}
    units = []  # (order, position, size, path-setter)
    flat_pos = [0]

    def walk(s, o):
        if is_int(o):
            n = len(co.flatten(s))
            units.append((o, len(units), co.prod(co.flatten(s)), flat_pos[0], n, s))
            flat_pos[0] += n
            return
        if is_int(s) or len(s) != len(o):
            raise DefError("invalid_input", f"order {o!r} is not congruent with shape {s!r}")
        for se, oe in zip(s, o):
            walk(se, oe)
    walk(shape, order)
    big = {}
    for u in units:
        if u[2] > 1:
            big.setdefault(u[0], []).append(u)
    for o, us in big.items():
        if len(us) > 1:
            raise DefError("invalid_input", f"order value {o} is shared by modes of size > 1")
    strides = [0] * len(co.flatten(shape))
    cur = 1
    for o, pos, size, fpos, n, s in sorted(units, key=lambda u: (u[0], u[1])):
        sub = co.flatten(compact_strides(s, cur))
        strides[fpos:fpos + n] = sub
        cur *= size
    return {"shape": shape, "stride": co.unflatten(strides, shape)}


def def_make_layout(args):
    major = args[1] if len(args) == 2 else "LayoutLeft"
    return {"shape": args[0], "stride": compact_strides(args[0], 1, major == "LayoutRight")}


def def_make_layout_like(args):
    L = args[0]
    fs, fd = fl(L)
    units = [(d, k) for k, (s, d) in enumerate(zip(fs, fd)) if s > 1 and d != 0]
    seen = {}
    for d, k in units:
        if d in seen:
            raise DefError("inadmissible", f"modes {seen[d]} and {k} (flat) have the same stride {d}: "
                                           "their order in the compact layout is not defined")
        seen[d] = k
    st = [0] * len(fs)
    cur = 1
    for d, k in sorted(units):
        st[k] = cur
        cur *= fs[k]
    return {"shape": L["shape"], "stride": co.unflatten(st, L["shape"])}


def top_modes(L):
    """Top-level modes of a layout, as layouts (an integer shape is one mode)."""
    if is_int(L["shape"]):
        return [L]
    return [{"shape": s, "stride": d} for s, d in zip(L["shape"], L["stride"])]


def compatible(a, b):
    if is_int(a):
        return co.prod(co.flatten(b)) == a
    return isinstance(b, list) and len(a) == len(b) and all(compatible(x, y) for x, y in zip(a, b))


def def_tile_to_shape(args):
    """(values on [0, size), result top-level sizes, target)."""
    blk, target = args[0], args[1]
    inner = blk["layout"] if is_composed(blk) else blk
    bmodes = top_modes(inner)
    tmodes = [target] if is_int(target) else list(target)
    R = len(tmodes)
    if len(bmodes) > R:
        raise DefError("invalid_input", f"block rank {len(bmodes)} > target rank {R}")
    bmodes = bmodes + [{"shape": 1, "stride": 0}] * (R - len(bmodes))
    bs = [lsize(m) for m in bmodes]
    ts = [co.prod(co.flatten(t)) for t in tmodes]
    for i, (b, t) in enumerate(zip(bs, ts)):
        if t % b:
            raise DefError("inadmissible", f"block mode {i} (size {b}) does not divide target mode size {t}")
    p = [t // b for b, t in zip(bs, ts)]
    order = args[2] if len(args) == 3 else "LayoutLeft"
    O = ordered_def(p if R > 1 else p[0], order)
    padded = {"shape": [m["shape"] for m in bmodes], "stride": [m["stride"] for m in bmodes]}
    cosO = cosize_x(O)
    C = complement(padded, lsize(padded) * cosO)
    Cf = layout_ext(C)
    Omodes = top_modes(O)
    btabs = [tab_layout(m) for m in bmodes]
    otabs = [tab_layout(m) for m in Omodes]
    vals = []
    total = co.prod(ts)
    if total > MAX_TAB:
        raise DefError("inadmissible", "too large to tabulate")
    # result index: colex over target modes; within mode i, block index fastest
    idx = [0] * R
    for _ in range(total):
        bv = 0
        ov = 0
        for i in range(R):
            j = idx[i]
            bv += btabs[i][j % bs[i]]
            ov += otabs[i][j // bs[i]]
        vals.append(bv + Cf(ov))
        for i in range(R):
            idx[i] += 1
            if idx[i] < ts[i]:
                break
            idx[i] = 0
    if is_composed(blk):
        sw, off = swizzle_fn(blk["swizzle"]), blk.get("offset", 0)
        vals = [sw(off + v) for v in vals]
    return vals


# ---- partitions

def tiler_list(t):
    return t["tiler"] if co.is_tiler(t) else t


def div_mode(A, T):
    """zipped_divide of one mode A by tiler element T (int, layout or nested tiler list).
    Returns (tile_sizes, rest_sizes, f): tile/rest top-level sizes of this mode's parts (for a
    nested tiler: one entry per sub-mode), and f(t_list, r_list) -> offset."""
    if is_int(T):
        T = {"shape": T, "stride": 1}
    if is_layout(T):
        nA = lsize(A)
        C = complement(T, nA)
        Af, Bf, Cf = layout_ext(A), layout_ext(T), layout_ext(C)
        return [lsize(T)], [lsize(C)], (lambda t, r: Af(Bf(t[0]) + Cf(r[0])))
    T = tiler_list(T)
    return div_tuple(A, T)


def div_tuple(A, T):
    modes = top_modes(A)
    if len(T) > len(modes):
        raise DefError("invalid_input", f"tiler of {len(T)} modes for a layout of rank {len(modes)}")
    parts = []
    for i, Ai in enumerate(modes):
        if i < len(T):
            ts, rs, f = div_mode(Ai, T[i])
            parts.append((ts, rs, f))
        else:
            Af = layout_ext(Ai)
            parts.append(([], [lsize(Ai)], (lambda t, r, Af=Af: Af(r[0]))))
    tile_sizes = [co.prod(p[0]) for p in parts[:len(T)]]
    rest_sizes = [co.prod(p[1]) for p in parts]

    def f(t, r):
        v = 0
        for i, (ts, rs, g) in enumerate(parts):
            ti = colex_split(t[i], ts) if i < len(T) else []
            v += g(ti, colex_split(r[i], rs))
        return v
    return tile_sizes, rest_sizes, f


def zipped(A, T):
    """zipped_divide(A, T) as (tile top sizes, rest top sizes, f(t_list, r_list))."""
    if is_layout(T):
        return div_mode(A, T)
    return div_tuple(A, tiler_list(T))


def slice_fn(A, T, coord, inner):
    """inner: keep the tile, slice the rest with coord; outer: the converse.
    Returns the definition's values on [0, size(result))."""
    ts, rs, f = zipped(A, T)
    fixed_sizes, kept_sizes = (rs, ts) if inner else (ts, rs)
    if is_int(coord):
        fixed = colex_split(coord, fixed_sizes)
        free_fixed = []
    else:
        if is_layout(T):
            raise DefError("invalid_input", "a tuple coordinate with a layout tiler (rank of the "
                                            "divided mode unknown)")
        if len(coord) > len(fixed_sizes):
            raise DefError("invalid_input", f"coordinate of rank {len(coord)} for a mode of rank "
                                            f"{len(fixed_sizes)}")
        c = list(coord) + [None] * (len(fixed_sizes) - len(coord))
        for e in c:
            if not (e is None or is_int(e)):
                raise DefError("invalid_input", "nested coordinate not supported by the checker")
        fixed = c
        free_fixed = [i for i, e in enumerate(c) if e is None]
    # the slice keeps modes in order: inner (tile..., free rest...), outer (free tile..., rest...)
    free_sizes = [fixed_sizes[i] for i in free_fixed]
    sizes = list(kept_sizes) + free_sizes if inner else free_sizes + list(kept_sizes)
    total = co.prod(sizes)
    if total > MAX_TAB:
        raise DefError("inadmissible", "too large to tabulate")
    out = []
    nk, nf = len(kept_sizes), len(free_sizes)
    for k in range(total):
        parts = colex_split(k, sizes)
        if inner:
            kept, free = parts[:nk], parts[nk:]
        else:
            free, kept = parts[:nf], parts[nf:]
        fx = list(fixed)
        for j, i in enumerate(free_fixed):
            fx[i] = free[j]
        out.append(f(kept, fx) if inner else f(fx, kept))
    return out


def dice(proj, t):
    if not isinstance(t, list) or len(t) != len(proj):
        raise DefError("invalid_input", f"projection of rank {len(proj)} for {t!r}")
    return [e for p, e in zip(proj, t) if p == 1]


def def_partition(op, args):
    A = args[0]
    if op in ("inner_partition", "outer_partition"):
        return slice_fn(A, args[1], args[2], op == "inner_partition")
    if op == "local_tile":
        T, coord = args[1], args[2]
        if len(args) == 4:
            proj = args[3]
            if is_layout(T):
                raise DefError("invalid_input", "projection of a layout tiler")
            T = {"tiler": dice(proj, tiler_list(T))}
            coord = dice(proj, coord) if isinstance(coord, list) else coord
        return slice_fn(A, T, coord, True)
    # local_partition: the thread `idx` is the coordinate c of TL with TL(c) == idx
    TL, idx = args[1], args[2]
    modes = top_modes(TL)
    sizes = [lsize(m) for m in modes]
    tl = tab_layout(TL)
    pre = [k for k, v in enumerate(tl) if v == idx]
    if not pre:
        raise DefError("invalid_input", f"no thread coordinate maps to index {idx}")
    if len(pre) > 1:
        raise DefError("invalid_input", f"{len(pre)} thread coordinates map to index {idx} "
                                        "(the thread layout is not injective there)")
    c = colex_split(pre[0], sizes)
    if len(args) == 4:
        proj = args[3]
        if len(proj) != len(modes):
            raise DefError("invalid_input", "projection rank differs from the thread layout's")
        sizes = dice(proj, sizes)
        c = dice(proj, c)
    return slice_fn(A, {"tiler": sizes}, c, False)


# ---- casts

def downcast_tab(fn, flat_shape, N, m):
    """D_m: the layout function fn (over flat_shape, colex) read in units N times smaller, the
    sub-element index the fastest part of flat mode m: j -> N*fn(c with c_m // N) + c_m % N."""
    ns = list(flat_shape)
    ns[m] *= N
    total = co.prod(ns)
    out = []
    strides = []
    acc = 1
    for s in flat_shape:
        strides.append(acc)
        acc *= s
    for j in range(total):
        c = colex_split(j, ns)
        r = c[m] % N
        c[m] //= N
        i = sum(ci * st for ci, st in zip(c, strides))
        out.append(N * fn(i) + r)
    return out


def check_upcast(X, N, got):
    """('ok'|'footprint'|'wrong', detail). Exact: X is the downcast of got (some mode m).
    Footprint (CuTe's rounding when X is no exact downcast): got's image is exactly the set of
    N-element groups that X touches, floor(X(i)/N)."""
    xt = xtab(X)
    gt = xtab(got)
    gfn = xext(got)
    if len(xt) == N * len(gt):
        for m in range(len(xflat_shape(got))):
            if downcast_tab(gfn, xflat_shape(got), N, m) == xt:
                return "ok", f"exact (sub-element in flat mode {m})"
    want = set(v // N for v in xt)
    have = set(gt)
    if want == have:
        return "footprint", ("not an exact reinterpretation; CuTe's layout covers exactly the "
                             f"{len(want)} groups of {N} that X touches")
    miss = sorted(want - have)[:3]
    extra = sorted(have - want)[:3]
    return "wrong", (f"the {N}-element groups touched by X are {len(want)}, CuTe's layout covers {len(have)}"
                     + (f"; missing groups {miss}" if miss else "") + (f"; extra groups {extra}" if extra else "")
                     + "; and X is not the downcast of CuTe's layout along any mode")


def check_downcast(X, N, got):
    xfn = xext(X)
    gt = xtab(got)
    shape = xflat_shape(X)
    if len(gt) != N * xsize(X):
        return "wrong", f"size {len(gt)}, a downcast by {N} of a size-{xsize(X)} layout has size {N * xsize(X)}"
    cands = [m for m in range(len(shape))]
    best = None
    for m in cands:
        want = downcast_tab(xfn, shape, N, m)
        if want == gt:
            return "ok", f"exact (sub-element in flat mode {m})"
        if best is None:
            best = (m, want)
    # report against the stride-+-1 mode when there is one
    fd = co.flatten((X["layout"] if is_composed(X) else X)["stride"])
    for m in range(len(shape)):
        if abs(fd[m]) == 1 and shape[m] > 1:
            best = (m, downcast_tab(xfn, shape, N, m))
            break
    m, want = best
    ce = counterexample("CuTe", gt, want, "j")
    return "wrong", f"no mode m makes it N*X(..c_m/N..)+c_m%N; against mode {m}: {ce}"


def recast_scale(old, new):
    from math import gcd
    g = gcd(old, new)
    return new // g, old // g  # num, den: new/old


# --------------------------------------------------------------------------
# The check of one CuTe answer
# --------------------------------------------------------------------------

def check_case(op, args, v):
    """CuTe returned value v. Returns (verdict, detail, def_error_kind):
    verdict 'ok' | 'footprint' | 'wrong' | 'unrepresentable' | 'unchecked'."""
    try:
        return _check_case(op, args, v)
    except DefError as e:
        return "wrong", f"the definition has no answer ({e.why}); CuTe returned a value", e.kind


def _check_case(op, args, v):
    if unrep(v) and op not in ("right_inverse", "left_inverse"):
        return "unrepresentable", compact(v), None
    if op in ("make_layout", "make_ordered_layout", "make_layout_like"):
        if op == "make_layout":
            want = def_make_layout(args)
        elif op == "make_ordered_layout":
            want = ordered_def(args[0], args[1])
        else:
            want = def_make_layout_like(args)
        if v["shape"] != want["shape"]:
            return "wrong", f"shape {compact(v['shape'])}, not the input shape {compact(want['shape'])}", "inadmissible"
        ce = counterexample("CuTe", tab_layout(v), tab_layout(want))
        if ce:
            return "wrong", f"{ce} (definition {fmt_x(want)})", "inadmissible"
        return "ok", "", None
    if op == "tile_to_shape":
        want = def_tile_to_shape(args)
        got_layout = v["layout"] if is_composed(v) else v
        ce = counterexample("CuTe", xtab(v), want)
        if not compatible(args[1], got_layout["shape"]):
            same = ("its function is blocked_product's" if ce is None
                    else f"nor is it blocked_product's function: {ce}")
            return ("wrong", f"result shape {compact(got_layout['shape'])} is not compatible with the "
                    f"target {compact(args[1])} (CuTe's own @post; {same})", "inadmissible")
        if ce:
            return "wrong", f"not blocked_product(block, ordered(target/block)): {ce}", "inadmissible"
        return "ok", "", None
    if op in PARTITION_OPS:
        want = def_partition(op, args)
        got = [x + v["offset"] for x in tab_layout(v["layout"])]
        ce = counterexample("CuTe layout+offset", got, want, "k")
        if ce:
            return "wrong", ce, "inadmissible"
        return "ok", "", None
    if op in CAST_OPS:
        X = args[0]
        if op == "recast_layout":
            num, den = recast_scale(args[1], args[2])
            if num == 1 and den == 1:
                ce = counterexample("CuTe", xtab(v), xtab(X))
                return ("wrong", ce, "inadmissible") if ce else ("ok", "identity", None)
            if num != 1 and den != 1:
                return "unchecked", f"scale {num}/{den}", None
            if num == 1:
                verdict, detail = check_downcast(X, den, v)
            else:
                verdict, detail = check_upcast(X, num, v)
        elif op == "upcast":
            verdict, detail = check_upcast(X, args[1], v)
        else:
            verdict, detail = check_downcast(X, args[1], v)
        return verdict, detail, ("inadmissible" if verdict == "wrong" else None)
    if op == "nullspace":
        X = args[0]
        xt = xtab(X)
        kernel = [i for i, y in enumerate(xt) if y == xt[0]]
        gt = xtab(v)
        if sorted(gt) != kernel or len(set(gt)) != len(gt):
            return ("wrong", f"CuTe's image {short(sorted(set(gt)))} (size {len(gt)}), kernel "
                             f"{{i : X(i) == X(0)}} = {short(kernel)} ({len(kernel)} elements)", "inadmissible")
        return "ok", "", None
    if op == "composition" and is_coord(args[1]):
        A, B = args
        want = [at_sparse(A, c) for c in coord_tab(B)]
        got = xtab(v)
        ce = counterexample("CuTe", got, want)
        if ce:
            return "wrong", f"R(i) != A(B(i)): {ce}", "inadmissible"
        return "ok", "", None
    if op == "composition":
        A, B = args
        Af = xext(A)
        if is_swizzle(B):
            sw = swizzle_fn(B["swizzle"])
            n = xsize(A)
            want = [Af(sw(i)) for i in range(n)]
        else:
            want = [Af(b) if b >= 0 else None for b in xtab(B)]
            if any(w is None for w in want):
                return "unchecked", "B takes negative values", None
        got = xtab(v)
        ce = counterexample("CuTe", got, want)
        if ce:
            return "wrong", f"R(i) != A(B(i)): {ce}", "inadmissible"
        return "ok", "", None
    if op in ("right_inverse", "left_inverse"):
        X = args[0]
        xt = xtab(X)
        n = len(xt)
        if unrep(v):
            return "unrepresentable", compact(v), None
        gf = xext(v)
        gt = xtab(v)
        if op == "right_inverse":
            for i, r in enumerate(gt):
                if not (0 <= r < n) or xt[r] != i:
                    return ("wrong", f"i={i}: R(i)={r}, X(R(i))={xt[r] if 0 <= r < n else 'outside [0,size X)'}",
                            "inadmissible")
            # size information: the largest [0, m) inside X's image
            img = set(xt)
            m = 0
            while m in img:
                m += 1
            if len(gt) < m:
                return "ok", f"size {len(gt)} < {m}, the largest [0,m) in X's image", None
            return "ok", "", None
        if len(set(xt)) != n:
            return "wrong", "X is not injective: no left inverse", "inadmissible"
        for i, y in enumerate(xt):
            if not (0 <= y < len(gt)):
                return "wrong", f"i={i}: X(i)={y} outside R's domain [0,{len(gt)})", "inadmissible"
            if gt[y] != i:
                return "wrong", f"i={i}: X(i)={y}, R(X(i))={gt[y]}", "inadmissible"
        return "ok", "", None
    return "unchecked", "", None


def short(xs, n=8):
    xs = list(xs)
    return "[" + ",".join(map(str, xs[:n])) + (",..." if len(xs) > n else "") + "]"


def compact(v):
    return json.dumps(v, separators=(",", ":"))


def fmt_tuple(t):
    if is_int(t):
        return str(t)
    return "(" + ",".join(fmt_tuple(e) for e in t) + ")"


def fmt_x(x):
    if is_composed(x):
        b, m, s = x["swizzle"]
        return f"Sw<{b},{m},{s}> o {x.get('offset', 0)} o {fmt_x(x['layout'])}"
    if is_swizzle(x):
        b, m, s = x["swizzle"]
        return f"Sw<{b},{m},{s}>"
    if is_layout(x):
        return f"{fmt_tuple(x['shape'])}:{fmt_tuple(x['stride'])}"
    if isinstance(x, dict) and "layout" in x and "offset" in x:
        return f"{fmt_x(x['layout'])} + {x['offset']}"
    return compact(x)


# --------------------------------------------------------------------------
# static_assert -> schema error kind
# --------------------------------------------------------------------------

# (message substring, kind); first match wins. Messages are CuTe 4.2's.
ASSERT_KINDS = [
    ("Rank of layout must be <= rank of target shape", "invalid_input"),
    ("Need equal rank of shape and order", "invalid_input"),
    ("Mismatched Ranks", "invalid_input"),
    ("Mismatched ranks", "invalid_input"),
    ("Too many modes", "invalid_input"),
    ("Require offset == 0", "invalid_input"),
    ("N must be a power of two", "invalid_input"),
    ("block shape does not divide the target shape", "inadmissible"),
    ("Divisibility condition", "inadmissible"),
    ("Downcast requires adjacent elements", "inadmissible"),
    ("Static safe_div requires", "inadmissible"),
    ("Shape Divisibility Condition", "inadmissible"),
    ("Stride Divisibility Condition", "inadmissible"),
    ("Non-injective Layout detected in complement", "inadmissible"),
    ("Number of bits in Y and Z don't match", "inadmissible"),
    ("Something went wrong", "inadmissible"),
    ("Left inverse divisibility condition", "inadmissible"),
    ("Can only merge swizzles of the same shift", "inadmissible"),
]


def definition_error(op, args):
    """The DefError of the op's definition on args, or None."""
    try:
        if op in PARTITION_OPS:
            def_partition(op, args)
        elif op == "tile_to_shape":
            def_tile_to_shape(args)
        elif op == "make_ordered_layout":
            ordered_def(args[0], args[1])
        elif op == "make_layout_like":
            def_make_layout_like(args)
    except DefError as e:
        return e
    return None


def input_swizzles(args):
    out = []
    for a in args:
        if is_swizzle(a) or is_composed(a):
            out.append(a["swizzle"])
    return out


def error_kind(op, msg, args):
    if "abs(SShift) must be more than BBits" in msg:
        # a malformed input swizzle, or one CuTe builds (make_swizzle in composition(Layout, Swizzle))
        bad = any(b > 0 and abs(s) < b for b, m, s in input_swizzles(args))
        return ("invalid_input" if bad else "inadmissible"), "abs(SShift) must be more than BBits"
    for key, kind in ASSERT_KINDS:
        if key in msg:
            return kind, key
    # message-less asserts (e.g. append<R>(coord, _) with a coordinate longer than the mode):
    # the definition says what is wrong
    e = definition_error(op, args)
    if e is not None:
        return e.kind, "(no message) " + re.sub(r"\d+", "N", e.why)[:70]
    if op in ("local_tile", "inner_partition", "outer_partition") and co.is_tiler(args[1]):
        if len(tiler_list(args[1])) > co.rank_of(args[0]["shape"]):
            return "invalid_input", "(no message) tiler rank > layout rank"
    if op == "local_partition":
        tl_rank = co.rank_of(args[1]["shape"]) if len(args) == 3 else sum(1 for p in args[3] if p == 1)
        if tl_rank > co.rank_of(args[0]["shape"]):
            return "invalid_input", "(no message) thread layout rank > tensor rank"
    return "inadmissible", "(other) " + msg[:80]


# --------------------------------------------------------------------------
# Random cases
# --------------------------------------------------------------------------

SH = [1, 2, 2, 2, 3, 4, 4, 4, 6, 8, 8]
P2 = [1, 2, 2, 4, 4, 8, 8, 16]


def rand_shape(rng, nleaves=None, vals=SH, max_size=256, depth=None):
    for _ in range(100):
        n = nleaves or rng.randint(1, 5)
        fs = [rng.choice(vals) for _ in range(n)]
        if co.prod(fs) <= max_size:
            break
    tree = co.rand_tree(rng, len(fs), depth if depth is not None else rng.choice([1, 1, 2, 2, 3]))
    return co.tree_to_tuple(tree, fs)


def nest_like(rng, flat_shape, flat_stride, depth=None):
    return co.nest(rng, flat_shape, flat_stride, depth)


def rand_layout(rng, max_size=256, nmax=5, zero=0.1, neg=0.0, gaps=0.35, vals=SH, ties=0.0):
    """Compact/permuted/gapped/zero/negative strides on a nested shape."""
    for _ in range(100):
        n = rng.randint(1, nmax)
        fs = [rng.choice(vals) for _ in range(n)]
        if co.prod(fs) <= max_size:
            break
    order = list(range(n))
    rng.shuffle(order)
    st = [0] * n
    cur = 1
    for i in order:
        if rng.random() < gaps:
            cur *= rng.choice([2, 3, 4])
        st[i] = cur
        cur *= fs[i]
    for i in range(n):
        if rng.random() < zero:
            st[i] = 0
        elif rng.random() < neg:
            st[i] = -st[i]
    if ties and n > 1 and rng.random() < ties:
        i, j = rng.sample(range(n), 2)
        st[i] = st[j]
    return nest_like(rng, fs, st)


def rand_swizzle(rng, max_bits=None):
    b = rng.choice([0, 1, 1, 2, 2, 3, 3])
    m = rng.choice([0, 0, 1, 2, 3, 4])
    if b == 0:
        s = rng.choice([0, 1, 2, 3])
    else:
        s = rng.choice([b, b, b + 1, b + 2]) * (-1 if rng.random() < 0.2 else 1)
    if max_bits is not None:
        for _ in range(20):
            if m + b + abs(s) <= max_bits:
                break
            m = max(0, m - 1)
            if m == 0 and b + abs(s) > max_bits and b > 0:
                b -= 1
                s = (b if s > 0 else -b) if b else 0
    return [b, m, s]


def pow2_layout(rng, k, gaps=0.0, nest_depth=None):
    """A layout of size 2^k over power-of-two modes: permuted compact (optionally gapped)."""
    fs = []
    left = k
    while left > 0:
        e = rng.choice([1, 1, 2, 2, 3])
        e = min(e, left)
        fs.append(1 << e)
        left -= e
    if not fs:
        fs = [1]
    if rng.random() < 0.15:
        fs.insert(rng.randrange(len(fs) + 1), 1)
    order = list(range(len(fs)))
    rng.shuffle(order)
    st = [0] * len(fs)
    cur = 1
    for i in order:
        if rng.random() < gaps:
            cur *= 2
        st[i] = cur if fs[i] > 1 else rng.choice([0, cur])
        cur *= fs[i]
    return nest_like(rng, fs, st, nest_depth)


GMMA_BITS = {0: 128, 1: 256, 2: 512, 3: 1024}  # INTER, SW32, SW64, SW128: row width in bits


def gmma_atom(rng, width=None, b=None, major=None, element_units=False):
    """cute/atom/mma_traits_sm90_gmma.hpp: Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> =
    Sw<B,4,3> o smem_ptr o (8,W):(W,1) (K-major) / (W,8):(1,W) (MN-major), W = 128*2^B / bits(T).
    Here the offset is the integer 0 (as the brief's form); element_units: Sw<B,4-log2(bytes),3>,
    the swizzle the byte-address swizzle is on element offsets."""
    width = width or rng.choice([8, 16, 16, 16, 32])
    b = rng.choice([0, 1, 2, 3, 3]) if b is None else b
    major = major or rng.choice(["K", "K", "MN"])
    W = GMMA_BITS[b] // width
    if major == "K":
        L = {"shape": [8, W], "stride": [W, 1]}
    else:
        L = {"shape": [W, 8], "stride": [1, W]}
    m = 4
    if element_units:
        m = 4 - {8: 0, 16: 1, 32: 2}[width]
    return {"swizzle": [b, m, 3], "offset": 0, "layout": L}, W, major


def rand_order(rng, shape, ties=0.06, bad=0.10):
    """An order for make_ordered_layout: congruent to the shape or to a coarsening of it."""
    r = rng.random()
    if r < 0.15:
        return rng.choice(list(MAJORS))
    if r < 0.15 + bad:
        # rank mismatch
        n = co.rank_of(shape) + rng.choice([-1, 1])
        n = max(2, n) if n != co.rank_of(shape) else n + 1
        return [rng.randint(0, 4) for _ in range(n)]

    def coarsen(s, top):
        if is_int(s):
            return None  # leaf
        if not top and rng.random() < 0.3:
            return None  # whole sub-shape as one unit
        return [coarsen(e, False) for e in s]
    pattern = coarsen(shape, True) if not is_int(shape) else None
    nleaves = [0]

    def count(p):
        if p is None:
            nleaves[0] += 1
        else:
            for e in p:
                count(e)
    count(pattern)
    n = nleaves[0]
    base = rng.choice(["perm", "perm", "spread", "neg"])
    if base == "perm":
        vals = list(range(n))
        rng.shuffle(vals)
    elif base == "spread":
        vals = rng.sample(range(0, 20), n)
    else:
        vals = rng.sample(range(-6, 7), n)
    if n > 1 and rng.random() < ties:
        i, j = rng.sample(range(n), 2)
        vals[i] = vals[j]
    it = iter(vals)

    def fill(p):
        if p is None:
            return next(it)
        return [fill(e) for e in p]
    o = fill(pattern)
    if is_int(shape) and rng.random() < 0.5:
        o = [o] if rng.random() < 0.3 else o  # [o] against an integer shape: malformed
    return o


def gen_make_layout(rng):
    s = rand_shape(rng, max_size=4096, vals=SH + [16, 5, 7])
    r = rng.random()
    if r < 0.3:
        return [s]
    return [s, "LayoutLeft" if r < 0.6 else "LayoutRight"]


def gen_make_ordered_layout(rng):
    s = rand_shape(rng, max_size=4096, vals=SH + [16, 5])
    return [s, rand_order(rng, s)]


def gen_make_layout_like(rng):
    return [rand_layout(rng, max_size=4096, zero=0.15, neg=0.1, ties=0.12, vals=SH + [16])]


def gen_tile_to_shape(rng):
    r = rng.random()
    if r < 0.45:
        blk, W, major = gmma_atom(rng, element_units=rng.random() < 0.25)
        bm, bk = (8, W) if major == "K" else (W, 8)
        rows = rng.choice([64, 64, 128, 128, 256])
        cols = rng.choice([32, 64, 64, 128, 256])
        if major == "K":
            tgt = [rows, cols]
        else:
            tgt = [cols if rng.random() < 0.3 else rows, rng.choice([32, 64, 64, 128])]
        if rng.random() < 0.3:
            tgt = tgt + [rng.choice([2, 3, 4])]
        while co.prod(tgt) > MAX_TAB:
            tgt[0] //= 2
        oc = rng.random()
        if oc < 0.35:
            return [blk, tgt]
        if len(tgt) == 2:
            order = rng.choice([[1, 2], [2, 1], [2, 1], [0, 1], "LayoutRight", "LayoutLeft"])
        else:
            order = rng.choice([[1, 2, 3], [2, 1, 3], [2, 1, 3], [3, 1, 2], "LayoutRight"])
        return [blk, tgt, order]
    if r < 0.8:
        blk = rand_layout(rng, max_size=64, nmax=4, zero=0.03, gaps=0.25)
    else:
        L = pow2_layout(rng, rng.randint(3, 7))
        sw = rand_swizzle(rng, max_bits=co.prod(co.flatten(L["shape"])).bit_length() - 1)
        blk = {"swizzle": sw, "offset": rng.choice([0, 0, 0, 0, 8, 16]), "layout": L}
    inner = blk["layout"] if is_composed(blk) else blk
    bmodes = top_modes(inner)
    R = len(bmodes) + rng.choice([0, 0, 0, 1, 1, 2])
    if rng.random() < 0.05 and len(bmodes) > 1:
        R = len(bmodes) - 1  # target of smaller rank: CuTe rejects
    tgt = []
    for i in range(R):
        b = lsize(bmodes[i]) if i < len(bmodes) else 1
        t = b * rng.choice([1, 2, 2, 3, 4])
        if rng.random() < 0.06:
            t = b * rng.choice([1, 2]) + rng.choice([1, 2])  # not a multiple
        if rng.random() < 0.1 and t % 2 == 0 and t > 2:
            t = [2, t // 2]  # nested target mode
        tgt.append(t)
    while co.prod(co.flatten(tgt)) > MAX_TAB:
        tgt = [t // 2 if is_int(t) and t > 1 else t for t in tgt]
    if R == 1 and rng.random() < 0.5:
        tgt = tgt[0]
    if rng.random() < 0.45:
        return [blk, tgt]
    n = co.rank_of(tgt)
    if rng.random() < 0.2:
        return [blk, tgt, rng.choice(list(MAJORS))]
    o = list(range(n))
    rng.shuffle(o)
    if n > 1 and rng.random() < 0.08:
        o[0] = o[1]
    return [blk, tgt, o if n > 1 else o[0]]


GEMM_TILES = [(128, 128, 64), (64, 128, 32), (128, 64, 64), (64, 64, 32), (256, 128, 64), (128, 256, 32)]


def gmem_layout(rng, rows, cols, batch=None):
    kind = rng.choice(["row", "col", "row_pad", "col_pad"])
    if kind == "row":
        L = {"shape": [rows, cols], "stride": [cols, 1]}
    elif kind == "col":
        L = {"shape": [rows, cols], "stride": [1, rows]}
    elif kind == "row_pad":
        L = {"shape": [rows, cols], "stride": [cols + 8, 1]}
    else:
        L = {"shape": [rows, cols], "stride": [1, rows + 4]}
    if batch:
        span = max(a * (s - 1) for a, s in zip(L["stride"], L["shape"])) + 1
        L = {"shape": L["shape"] + [batch], "stride": L["stride"] + [span + rng.choice([0, 0, 64])]}
    return L


def rand_coord_in(rng, sizes, null_p=0.3):
    return [None if rng.random() < null_p else rng.randrange(max(1, s)) for s in sizes]


def safe_zipped(A, T):
    try:
        return zipped(A, T)
    except (DefError, ZeroDivisionError):
        return None


def gen_local_tile(rng):
    r = rng.random()
    if r < 0.55:
        bm, bn, bk = rng.choice(GEMM_TILES)
        which = rng.choice(["A", "B", "C"])
        tm = rng.choice([1, 2, 2, 4])
        tk = rng.choice([1, 2, 4])
        batch = rng.choice([None, None, None, 2])
        if which == "A":
            A = gmem_layout(rng, bm * tm, bk * tk, batch)
            proj = [1, None, 1]
        elif which == "B":
            A = gmem_layout(rng, bn * tm, bk * tk, batch)
            proj = [None, 1, 1]
        else:
            A = gmem_layout(rng, bm * tm, bn * tk, batch)
            proj = [1, 1, None]
        if lsize(A) > MAX_TAB:
            A = gmem_layout(rng, bm, bk if which != "C" else bn, batch)
        tiler = {"tiler": [bm, bn, bk]}
        nm = [-(-a // t) for a, t in zip(A["shape"], dice(proj, [bm, bn, bk]))]
        rng.randrange(nm[0])  # a spare draw (kept: the cases of a seed stay those documented)
        # coordinate (m, n, k) with k or n as _ typically
        kept = dice(proj, [0, 1, 2])
        c = [None, None, None]
        c[kept[0]] = rng.randrange(nm[0])
        c[kept[1]] = None if rng.random() < 0.6 else rng.randrange(nm[1])
        dropped = [i for i in range(3) if i not in kept][0]
        c[dropped] = rng.randrange(4)  # ignored by the projection
        if batch and rng.random() < 0.5:
            c = c + [rng.randrange(batch)]
            proj = proj + [1]
            tiler = {"tiler": [bm, bn, bk, 1]}
        if rng.random() < 0.05:
            proj = proj[:-1]  # projection rank != tiler rank
        return [A, tiler, c, proj]
    A = rand_layout(rng, max_size=1024, nmax=4, zero=0.05, neg=0.05)
    if r < 0.7:
        T = co.divide_b_layout(rng, A)
        if not (is_int(T["shape"]) or isinstance(T["shape"], list)):
            T = {"shape": 2, "stride": 1}
        z = safe_zipped(A, T)
        nrest = co.prod(z[1]) if z else 4
        return [A, T, rng.randrange(max(1, nrest))]
    T = co.rand_tiler(rng, A, co.divide_b_layout)
    z = safe_zipped(A, T)
    if z and rng.random() < 0.6:
        c = rand_coord_in(rng, z[1], null_p=0.35)
        if rng.random() < 0.3:
            c = c[:rng.randint(1, len(c))]
        if rng.random() < 0.08:
            c = c + [0]  # longer than the mode: CuTe rejects
        return [A, T, c]
    nrest = co.prod(z[1]) if z else 3
    return [A, T, rng.randrange(max(1, nrest))]


def gen_partition(rng, inner):
    A = rand_layout(rng, max_size=2048, nmax=5, zero=0.05, neg=0.05)
    if rng.random() < 0.25:
        T = co.divide_b_layout(rng, A)
        z = safe_zipped(A, T)
        n = co.prod(z[1] if inner else z[0]) if z else 3
        return [A, T, rng.randrange(max(1, n))]
    T = co.rand_tiler(rng, A, co.divide_b_layout)
    z = safe_zipped(A, T)
    if z and rng.random() < 0.65:
        sizes = z[1] if inner else z[0]
        c = rand_coord_in(rng, sizes, null_p=0.35)
        if rng.random() < 0.3:
            c = c[:rng.randint(1, len(c))]
        if rng.random() < 0.08:
            c = c + [0]  # longer than the mode: CuTe rejects
        return [A, T, c]
    n = co.prod((z[1] if inner else z[0])) if z else 3
    return [A, T, rng.randrange(max(1, n))]


THREAD_SHAPES = [(32, 8), (8, 32), (16, 16), (32, 4), (4, 32), (16, 8), (8, 16), (8, 8), (32, 1), (2, 16)]


def thread_layout(rng):
    r = rng.random()
    if r < 0.75:
        a, b = rng.choice(THREAD_SHAPES)
        if rng.random() < 0.5:
            return {"shape": [a, b], "stride": [b, 1]}, None
        return {"shape": [a, b], "stride": [1, a]}, None
    if r < 0.87:
        a, b = rng.choice([(2, 16), (4, 8), (8, 4), (16, 2), (4, 32)])
        TL = {"shape": [a, b, 1], "stride": [b, 1, 0]}
        return TL, rng.choice([[1, None, 1], [None, 1, 1], [1, 1, None]])
    if r < 0.93:
        # gapped thread layout (not onto [0, size)): CuTe's idx2crd assumes compact
        a, b = rng.choice([(4, 8), (8, 4), (2, 8)])
        return {"shape": [a, b], "stride": [1, a * 2]}, None
    if r < 0.97:
        a, b = rng.choice([(4, 8), (8, 4)])
        return {"shape": [a, b], "stride": [0, 1]}, None  # broadcast mode: stride 0
    return {"shape": [[2, 4], 8], "stride": [[1, 16], 2]}, None


def gen_local_partition(rng):
    TL, proj = thread_layout(rng)
    if rng.random() < 0.7:
        rows = rng.choice([32, 64, 128])
        cols = rng.choice([16, 32, 64])
        L = {"shape": [rows, cols], "stride": rng.choice([[cols, 1], [1, rows], [cols + 4, 1]])}
        if rng.random() < 0.15:
            L = {"shape": [rows, cols, 2], "stride": L["stride"] + [rows * cols + 64]}
    else:
        L = rand_layout(rng, max_size=4096, nmax=4, zero=0.05)
        if co.rank_of(L["shape"]) < 2:
            L = {"shape": [L["shape"], 4], "stride": [L["stride"], 997]}
    while lsize(L) > MAX_TAB:
        L = {"shape": [L["shape"][0] // 2] + L["shape"][1:], "stride": L["stride"]}
    img = tab_layout(TL)
    idx = rng.choice(img)
    if rng.random() < 0.03:
        idx = lsize(TL) + 3  # out of range
    if proj is None and rng.random() < 0.04:
        proj = [1, 1, None][:co.rank_of(TL["shape"])]
    if proj is not None and co.rank_of(TL["shape"]) != len(proj) and rng.random() < 0.5:
        proj = None
    args = [L, TL, idx]
    if proj is not None:
        args.append(proj)
    return args


def cast_layout(rng, N, unit_p=0.8, neg1=0.12, zero=0.08):
    """A layout for up/downcast by N: a stride-1 (or -1) mode, other strides mostly multiples of N."""
    n = rng.randint(1, 4)
    fs = [rng.choice([1, 2, 4, 4, 8, 8, 16, 3, 6]) for _ in range(n)]
    while co.prod(fs) > 1024:
        fs[rng.randrange(n)] = 2
    st = [0] * n
    unit = rng.randrange(n) if rng.random() < unit_p else None
    order = list(range(n))
    rng.shuffle(order)
    if unit is not None:
        order.remove(unit)
        order.insert(0, unit)
    cur = 1
    for i in order:
        if i != unit and rng.random() < 0.25:
            cur *= rng.choice([2, N, N, 3])
        st[i] = cur
        cur *= fs[i]
    for i in range(n):
        if i == unit and rng.random() < neg1:
            st[i] = -1
        elif i != unit and rng.random() < zero:
            st[i] = 0
        elif i != unit and rng.random() < 0.06:
            st[i] = rng.choice([2, 3, 5, 6, 12, 24])
        elif i != unit and rng.random() < 0.05:
            st[i] = 1  # a second stride-1 mode
    return nest_like(rng, fs, st, rng.choice([1, 1, 2]))


def gen_upcast(rng):
    r = rng.random()
    if r < 0.25:
        # the GMMA bit atoms, upcast to an element type: as CuTe defines Layout_*_Atom<T>
        blk, W, major = gmma_atom(rng, width=1)
        L = blk["layout"]
        W = GMMA_BITS[blk["swizzle"][0]]
        L = {"shape": [8, W], "stride": [W, 1]} if major == "K" else {"shape": [W, 8], "stride": [1, W]}
        N = rng.choice([8, 16, 32])
        X = {"swizzle": blk["swizzle"], "offset": 0, "layout": L}
        if rng.random() < 0.3:
            X = L
        return [X, N]
    N = rng.choice([2, 2, 4, 4, 8, 16, 3])
    L = cast_layout(rng, N)
    if r < 0.45:
        sw = rand_swizzle(rng)
        return [{"swizzle": sw, "offset": rng.choice([0, 0, 0, N * 4, 2]), "layout": L}, N if N != 3 else 2]
    return [L, N]


def gen_downcast(rng):
    r = rng.random()
    N = rng.choice([2, 2, 4, 4, 8, 16])
    if r < 0.2:
        blk, W, major = gmma_atom(rng, element_units=rng.random() < 0.5)
        return [blk if rng.random() < 0.6 else blk["layout"], rng.choice([2, 4])]
    L = cast_layout(rng, N, unit_p=0.85)
    if r < 0.4:
        return [{"swizzle": rand_swizzle(rng), "offset": rng.choice([0, 0, 0, 4]), "layout": L}, N]
    return [L, N]


def gen_recast(rng):
    widths = [4, 8, 16, 32]
    old, new = rng.choice(widths), rng.choice(widths)
    if rng.random() < 0.1:
        new = old
    num, den = recast_scale(old, new)
    if rng.random() < 0.25:
        blk, W, major = gmma_atom(rng, width=rng.choice([8, 16, 32]), element_units=True)
        X = blk if rng.random() < 0.7 else blk["layout"]
        return [X, old, new]
    L = cast_layout(rng, max(num, den))
    if rng.random() < 0.3:
        L = {"swizzle": rand_swizzle(rng), "offset": 0, "layout": L}
    return [L, old, new]


def gen_nullspace(rng):
    r = rng.random()
    if r < 0.55:
        L = rand_layout(rng, max_size=1024, zero=0.3, neg=0.03)
    elif r < 0.7:
        L = rand_layout(rng, max_size=1024, zero=0.0)
    elif r < 0.8:
        # negative strides that cancel: a kernel beyond the zero-stride modes
        a = rng.choice([2, 3, 4])
        d = rng.choice([1, 2, 3])
        fs = [a, a] + ([rng.choice([2, 3])] if rng.random() < 0.5 else [])
        st = [d, -d] + ([0] if len(fs) == 3 and rng.random() < 0.5 else ([a * d * 3] if len(fs) == 3 else []))
        L = nest_like(rng, fs, st, 1)
    else:
        L = {"swizzle": rand_swizzle(rng), "offset": 0,
             "layout": rand_layout(rng, max_size=1024, zero=0.35)}
    return [L]


def simple_2d(rng, k):
    """(2^a, 2^b) row- or column-major: the kernel-style operand."""
    a = rng.randint(1, k - 1) if k > 1 else 1
    b = max(0, k - a)
    if rng.random() < 0.5:
        return {"shape": [1 << a, 1 << b], "stride": [1 << b, 1]}
    return {"shape": [1 << a, 1 << b], "stride": [1, 1 << a]}


def gen_composition(rng):
    if rng.random() < 0.3:
        return gen_coordinate_b(rng)
    r = rng.random()
    k = rng.randint(3, 10)
    if rng.random() < 0.4:
        A = simple_2d(rng, k)
    else:
        A = pow2_layout(rng, k, gaps=0.1 if rng.random() < 0.3 else 0.0)
    if rng.random() < 0.12:
        A = rand_layout(rng, max_size=512, zero=0.05)
    sizeA = lsize(A)
    bits = max(1, sizeA.bit_length() - 1)
    if r < 0.35:
        sw = rand_swizzle(rng, max_bits=bits if rng.random() < 0.85 else None)
        return [A, {"swizzle": sw}]
    if r < 0.72:
        kb = rng.randint(2, bits) if bits >= 2 else 1
        LB = pow2_layout(rng, kb, gaps=0.0)
        sw = rand_swizzle(rng, max_bits=kb if rng.random() < 0.85 else None)
        off = 0 if rng.random() < 0.93 else rng.choice([4, 8])
        return [A, {"swizzle": sw, "offset": off, "layout": LB}]
    Aw = {"swizzle": rand_swizzle(rng, max_bits=bits), "offset": rng.choice([0, 0, 0, 16]), "layout": A}
    kb = rng.randint(2, bits) if bits >= 2 else 1
    LB = pow2_layout(rng, kb)
    sw = rand_swizzle(rng, max_bits=kb)
    off = 0 if rng.random() < 0.93 else 8
    return [Aw, {"swizzle": sw, "offset": off, "layout": LB}]


def gen_coordinate_b(rng):
    """[A, B] with B's strides basis elements E<m> (scaled) over A's top modes, as CuTe's unit test
    composition((4,4):(4,1), (4,4):(E<1>,E<0>)) and its nested E<1,1> case."""
    A = rand_layout(rng, max_size=256, zero=0.05) if rng.random() < 0.4 else simple_2d(rng, rng.randint(3, 8))
    modes = A["shape"] if isinstance(A["shape"], list) else [A["shape"]]
    shape, stride = [], []
    for _ in range(rng.randint(1, 3)):
        m = rng.randrange(len(modes))
        sub_shape = modes[m]
        path = [m] if isinstance(A["shape"], list) else []
        if isinstance(sub_shape, list) and rng.random() < 0.4:  # into a nested mode: E<m,k>
            k = rng.randrange(len(sub_shape))
            path, sub_shape = path + [k], sub_shape[k]
        size = co.prod(co.flatten(sub_shape))
        scale = rng.choice([1, 1, 1, 2]) if size > 2 else 1
        n = max(1, size // scale)
        if rng.random() < 0.7:
            n = rng.choice([d for d in range(1, n + 1) if n % d == 0])
        shape.append(n)
        stride.append({"basis": path, "scale": scale} if path else scale)
    if len(shape) == 1 and rng.random() < 0.5:
        return [A, {"shape": shape[0], "stride": stride[0]}]
    return [A, {"shape": shape, "stride": stride}]


def gen_inverse(rng):
    r = rng.random()
    if r < 0.3:
        X, _, _ = gmma_atom(rng, element_units=rng.random() < 0.5)
    else:
        k = rng.randint(2, 9)
        if rng.random() < 0.4:
            L = simple_2d(rng, k)
        else:
            L = pow2_layout(rng, k, gaps=0.25 if r > 0.8 else 0.0)
        if rng.random() < 0.1:
            L = rand_layout(rng, max_size=256, zero=0.2)
        bits = max(1, lsize(L).bit_length() - 1)
        X = {"swizzle": rand_swizzle(rng, max_bits=bits if rng.random() < 0.85 else None),
             "offset": 0, "layout": L}
    if rng.random() < 0.06:
        X = dict(X, offset=rng.choice([4, 8, 32]))  # CuTe: layout o offset o swizzle, no JSON form
    return [X]


GENERATORS = {
    "make_layout": gen_make_layout,
    "make_ordered_layout": gen_make_ordered_layout,
    "make_layout_like": gen_make_layout_like,
    "tile_to_shape": gen_tile_to_shape,
    "local_tile": gen_local_tile,
    "local_partition": gen_local_partition,
    "inner_partition": lambda rng: gen_partition(rng, True),
    "outer_partition": lambda rng: gen_partition(rng, False),
    "upcast": gen_upcast,
    "downcast": gen_downcast,
    "recast_layout": gen_recast,
    "nullspace": gen_nullspace,
    "composition": gen_composition,
    "right_inverse": gen_inverse,
    "left_inverse": gen_inverse,
}


def case_too_big(c):
    """Skip generated cases whose tabulation would be too large."""
    op, args = c["op"], c["args"]
    try:
        if op == "make_layout" or op == "make_ordered_layout":
            return co.prod(co.flatten(args[0])) > MAX_TAB
        if op == "tile_to_shape":
            return co.prod(co.flatten(args[1])) > MAX_TAB
        if op == "upcast" or op == "downcast":
            return xsize(args[0]) * args[1] > MAX_TAB
        if op == "recast_layout":
            return xsize(args[0]) * 8 > MAX_TAB
        return xsize(args[0]) > MAX_TAB
    except Exception:
        return False


# --------------------------------------------------------------------------
# Classifying CuTe outcomes
# --------------------------------------------------------------------------

def classify(c, out):
    """-> dict(kind=..., expect=..., tags=[...], note=..., detail=...). kind:
    'value' (CuTe's answer is the definition's), 'footprint', 'cute_wrong', 'static_assert',
    'crash', 'crash_expected_error', 'compile_error', 'unrepresentable'."""
    op, args = c["op"], c["args"]
    k = out[0]
    if k == "value":
        v = out[1]
        verdict, detail, dkind = check_case(op, args, v)
        if verdict in ("ok", "footprint", "unchecked"):
            return {"kind": "value" if verdict != "footprint" else "footprint", "expect": v,
                    "detail": detail, "verdict": verdict}
        if verdict == "unrepresentable":
            return {"kind": "unrepresentable", "detail": detail, "verdict": verdict, "cute": v}
        note = (f"cute_wrong: CuTe 4.2 returns {fmt_x(v)} ({compact(v)}), which is not the operation's "
                f"function: {detail}")
        return {"kind": "cute_wrong", "expect": {"error": dkind or "inadmissible"}, "tags": ["cute_wrong"],
                "note": note, "detail": detail, "verdict": "wrong", "cute": v}
    if k == "static_assert":
        kind, key = error_kind(op, out[1], args)
        return {"kind": "static_assert", "expect": {"error": kind}, "assert": out[1], "assert_key": key}
    if k == "crash":
        # a crash the definition explains: local_partition with a thread layout that is not
        # injective (stride-0 mode: CuTe divides by the stride)
        try:
            if op == "local_partition":
                def_partition(op, args)
            else:
                raise DefError("", "")
        except DefError as e:
            if e.kind:
                return {"kind": "crash_expected_error", "expect": {"error": e.kind}, "tags": ["cute_crash"],
                        "note": f"CuTe 4.2 crashes here ({out[1]}, a division by a 0 stride in "
                                f"idx2crd); the definition has no answer: {e.why}", "crash": out[1]}
        return {"kind": "crash", "crash": out[1]}
    return {"kind": "compile_error", "msg": out[1]}


# --------------------------------------------------------------------------
# generate
# --------------------------------------------------------------------------

def gxx_version(cxx):
    try:
        r = subprocess.run([cxx, "--version"], capture_output=True, text=True)
        return r.stdout.splitlines()[0].strip()
    except Exception:  # pragma: no cover
        return cxx


def case_id(op, i, c):
    if op == "composition" and is_coord(c["args"][1]):
        return f"{op}/coordinate/{i:04d}"
    if op in EXT_OPS:
        return f"{op}/composed/{i:04d}"
    return f"{op}/{i:04d}"


def cmd_generate(args):
    ops = co.requested_ops(args.ops, ALL_OPS)
    if ops is None:
        return 2
    if not args.out and not args.out_dir:
        print("give --out FILE.json or --out-dir DIR", file=sys.stderr)
        return 2
    try:
        env = co.setup_env(args, need_cute=True)
    except co.Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else 0
    gxx = gxx_version(env.cxx)
    rng = random.Random(f"cute-ops-oracle/{args.seed}")
    seen = set()
    per_op = {}
    t_all = time.time()
    try:
        for op in ops:
            t0 = time.time()
            kept, stats = [], {"static_assert": {}, "crash": [], "compile_error": [], "unrepresentable": [],
                               "checker_error": [],
                               "duplicates": 0, "too_big": 0, "candidates": 0, "cute_seconds": 0.0}
            for attempt in range(4):
                need = args.count - len(kept)
                if need <= 0:
                    break
                cands = []
                tries = 0
                extra = need + max(4, need // 4)
                while len(cands) < extra and tries < extra * 60:
                    tries += 1
                    c = {"op": op, "args": GENERATORS[op](rng)}
                    key = co.case_key(c)
                    if key in seen:
                        stats["duplicates"] += 1
                        continue
                    seen.add(key)
                    if case_too_big(c):
                        stats["too_big"] += 1
                        continue
                    cands.append(c)
                stats["candidates"] += len(cands)
                t1 = time.time()
                outs, _ = co.cute_compute(env, cands, batch_size=args.batch_size, jobs=args.jobs,
                                          keep_dir=args.keep_build, harness=HARNESS)
                stats["cute_seconds"] += time.time() - t1
                for c, o in zip(cands, outs):
                    if len(kept) >= args.count:
                        break
                    try:
                        cl = classify(c, o)
                    except Exception as e:  # a checker bug must not lose the run: drop, report
                        stats["checker_error"].append((c, f"{type(e).__name__}: {e}; CuTe {co.describe(o)}"))
                        continue
                    kind = cl["kind"]
                    if kind == "crash":
                        stats["crash"].append((c, cl["crash"]))
                        continue
                    if kind == "compile_error":
                        stats["compile_error"].append((c, cl["msg"]))
                        continue
                    if kind == "unrepresentable":
                        stats["unrepresentable"].append((c, cl["detail"]))
                        continue
                    if kind == "static_assert":
                        stats["static_assert"].setdefault(cl["assert_key"], [0, cl["expect"]["error"], cl["assert"]])
                        stats["static_assert"][cl["assert_key"]][0] += 1
                    c["_cl"] = cl
                    kept.append(c)
            stats["seconds"] = time.time() - t0
            per_op[op] = (kept, stats)
            log_op(op, kept, stats)
    finally:
        env.cleanup()
    total_s = time.time() - t_all
    source = (f"NVIDIA CuTe C++ from nvidia-cutlass {co.CUTLASS_VERSION} (headers only, static integers), "
              f"compiled on the host with {gxx} -std=c++17 -O0, via conformance/oracle/cute_ops_oracle.py "
              f"generate --seed {args.seed} --count {args.count}; every answer checked against the op's "
              f"definition by tabulation in Python: where CuTe's answer is not the op's function the case "
              f"expects an error and carries the tag cute_wrong (CuTe's answer in note); a CuTe "
              f"static_assert is an expected error (inadmissible: divisibility/admissibility; "
              f"invalid_input: rank mismatch, malformed argument).")
    files = []
    if args.out_dir:
        os.makedirs(args.out_dir, exist_ok=True)
        for op in ops:
            path = os.path.join(args.out_dir, f"{op}.json")
            write_vectors(path, {op: per_op[op]}, source + f" Op {op}.")
            files.append(path)
    if args.out:
        write_vectors(args.out, per_op, source)
        files.append(args.out)
    if args.report:
        write_report(args.report, per_op, args, gxx, total_s, files)
    print_table(per_op)
    print(f"wrote {', '.join(files)}; total {total_s:.1f}s")
    return 0


def write_vectors(path, per_op, source):
    cases = []
    for op, (kept, _) in per_op.items():
        for i, c in enumerate(kept, 1):
            cl = c["_cl"]
            case = {"id": case_id(op, i, c), "op": op, "args": c["args"], "expect": cl["expect"]}
            if cl.get("tags"):
                case["tags"] = cl["tags"]
            if cl.get("note"):
                case["note"] = cl["note"]
            elif cl["kind"] == "static_assert":
                case["note"] = f"CuTe 4.2 static_assert: {cl['assert']}"
            elif cl["kind"] == "footprint":
                case["note"] = "CuTe's upcast here is a footprint, not an exact reinterpretation: " + cl["detail"]
            cases.append(case)
    doc = {"schema": co.SCHEMA, "source": source, "cases": cases}
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def op_counts(kept, stats):
    kinds = [c["_cl"]["kind"] for c in kept]
    return {"cases": len(kept),
            "agree": sum(1 for k in kinds if k == "value"),
            "footprint": sum(1 for k in kinds if k == "footprint"),
            "cute_wrong": sum(1 for k in kinds if k == "cute_wrong"),
            "static_assert": sum(1 for k in kinds if k == "static_assert"),
            "crash_error": sum(1 for k in kinds if k == "crash_expected_error"),
            "crash_dropped": len(stats["crash"]),
            "compile_error": len(stats["compile_error"]),
            "unrepresentable": len(stats["unrepresentable"]),
            "checker_error": len(stats["checker_error"])}


COLS = ["cases", "agree", "footprint", "cute_wrong", "static_assert", "crash_error", "crash_dropped",
        "compile_error", "unrepresentable", "checker_error"]


def print_table(per_op):
    w = max(len(o) for o in per_op) if per_op else 2
    print("op".ljust(w) + " " + " ".join(h.rjust(13) for h in COLS + ["seconds"]))
    for op, (kept, stats) in per_op.items():
        n = op_counts(kept, stats)
        print(op.ljust(w) + " " + " ".join(str(n[h]).rjust(13) for h in COLS)
              + f"{stats['seconds']:14.1f}")


def log_op(op, kept, stats):
    n = op_counts(kept, stats)
    co.log(f"[ops] {op}: " + ", ".join(f"{k} {v}" for k, v in n.items()) + f", {stats['seconds']:.1f}s")


DEFINITIONS = {
    "make_layout": "the input shape, compact: colexicographic (LayoutLeft, default) or lexicographic (LayoutRight) "
                   "order over the flattened shape",
    "make_ordered_layout": "the input shape; each unit (a sub-shape paired with an order leaf) a compact block, "
                           "blocks by increasing order; a tie between two units of size > 1 is a bad order "
                           "(invalid_input); LayoutLeft/LayoutRight as make_layout",
    "make_layout_like": "the input shape; stride-0 modes keep 0; the other modes of size > 1 compact, ordered "
                        "by their input stride values; two such modes with the same stride: no answer "
                        "(inadmissible)",
    "tile_to_shape": "rank(block) <= rank(target) (else invalid_input), block mode sizes divide the target's "
                     "(else inadmissible); the function of blocked_product(block padded to the target rank, "
                     "the ordered layout of target/block), i.e. block(a) + complement(block, size*cosize(O))(O(o)) "
                     "with (a, o) the block-fastest split of each mode; the result shape compatible with the "
                     "target (CuTe's @post); composed blocks: sw(off + that)",
    "local_tile": "inner_partition of the tensor by the tiler (after dicing tiler and coordinate with the "
                  "projection)",
    "local_partition": "the thread coordinate c with TL(c) == index (unique, else invalid_input), diced by "
                       "the projection; then outer_partition of the tensor by the shape tiler of the "
                       "(diced) thread layout at c",
    "inner_partition": "zipped_divide(L, T) as a function (each mode i: L_i(B_i(t) + complement(B_i, "
                       "size L_i)(r)), L_i extended past its size as CuTe does); keep the tile, slice the rest "
                       "with the coordinate; layout(k) + offset equals it for every k",
    "outer_partition": "as inner_partition, slicing the tile and keeping the rest",
    "upcast": "exact: X is the downcast of the result along some flat mode; otherwise (no exact upcast) the "
              "footprint: the result's image is exactly the set of N-element groups floor(X(i)/N) that X "
              "touches (counted as agree, tagged in the report)",
    "downcast": "size N*size(X) and, for some flat mode m, j -> N*X(c with c_m // N) + c_m % N (the new "
                "sub-element index the fastest part of mode m)",
    "recast_layout": "new/old bits reduced to num/den: identity, downcast<den> (num 1) or upcast<num> (den 1)",
    "nullspace": "an injective layout whose image is the kernel {i < size(X) : X(i) == X(0)}",
    "composition": "R(i) == A(B(i)) on [0, size(B)) (B a swizzle: on [0, size(A))), A extended past its size",
    "right_inverse": "R(i) in [0, size(X)) and X(R(i)) == i for i < size(R)",
    "left_inverse": "X injective and R(X(i)) == i for i < size(X), X(i) in [0, size(R))",
}


def write_report(path, per_op, args, gxx, total_s, files):
    L = ["# CuTe C++ 4.2 on the issue-41 ops: verdicts", "",
         f"Generated by `conformance/oracle/cute_ops_oracle.py generate --seed {args.seed} --count {args.count} "
         f"--ops {','.join(per_op)}` with nvidia-cutlass {co.CUTLASS_VERSION} headers, {gxx}, "
         f"`-std=c++17 -O0`. Total {total_s:.0f} s.", "",
         "Each CuTe answer is checked against the operation's definition by tabulation in Python "
         "(independent of catlayout): see README.md (`cute_ops_oracle.py`) for the definitions.", "",
         "| op | cases | agree | upcast footprint | CuTe wrong | static_assert | crash (error expected) "
         "| crash dropped | compile error dropped | unrepresentable dropped | checker error | seconds |",
         "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for op, (kept, stats) in per_op.items():
        n = op_counts(kept, stats)
        L.append(f"| {op} | " + " | ".join(str(n[h]) for h in COLS) + f" | {stats['seconds']:.0f} |")
    L.append("")
    L.append("Files: " + ", ".join(f"`{os.path.basename(p)}`" for p in files))
    L.append("")
    L.append("static_assert message -> expected error kind (first match; a message-less static_assert "
             "takes the kind of what the definition finds wrong, e.g. a coordinate longer than its mode):")
    L.append("")
    L.append("| CuTe 4.2 static_assert message | kind |")
    L.append("|---|---|")
    L.append("| `abs(SShift) must be more than BBits` | invalid_input for a malformed input swizzle, "
             "inadmissible when CuTe's make_swizzle builds it |")
    for key, kind in ASSERT_KINDS:
        L.append(f"| `{key}` | {kind} |")
    L.append("")
    for op, (kept, stats) in per_op.items():
        n = op_counts(kept, stats)
        L.append(f"## {op}")
        L.append("")
        L.append(f"Definition checked: {DEFINITIONS.get(op, '')}.")
        L.append("")
        L.append(f"{n['cases']} cases ({stats['candidates']} candidates, {stats['duplicates']} duplicates "
                 f"skipped, {stats['too_big']} too large); CuTe compile+run {stats['cute_seconds']:.0f} s, "
                 f"op total {stats['seconds']:.0f} s.")
        L.append("")
        if stats["static_assert"]:
            L.append("static_asserts (message -> kind, count):")
            for key, (cnt, kind, msg) in sorted(stats["static_assert"].items(), key=lambda kv: -kv[1][0]):
                L.append(f"- `{key}` -> `{kind}`: {cnt}")
            L.append("")
        wrong = [c for c in kept if c["_cl"]["kind"] == "cute_wrong"]
        if wrong:
            L.append(f"CuTe functionally wrong: {len(wrong)} (first 3):")
            for c in wrong[:3]:
                cl = c["_cl"]
                L.append(f"- `{op}` {' , '.join(fmt_arg(a) for a in c['args'])}: CuTe `{fmt_x(cl['cute'])}`; "
                         f"{cl['detail']}")
            L.append("")
        fp = [c for c in kept if c["_cl"]["kind"] == "footprint"]
        if fp:
            L.append(f"Footprint (not exact) upcasts: {len(fp)} (first 3):")
            for c in fp[:3]:
                L.append(f"- {' , '.join(fmt_arg(a) for a in c['args'])} -> `{fmt_x(c['_cl']['expect'])}`")
            L.append("")
        ce = [c for c in kept if c["_cl"]["kind"] == "crash_expected_error"]
        if ce:
            L.append(f"CuTe crashes, error expected: {len(ce)} (first 3):")
            for c in ce[:3]:
                L.append(f"- {' , '.join(fmt_arg(a) for a in c['args'])}: {c['_cl']['note']}")
            L.append("")
        nested = [c for c in kept if c["_cl"].get("expect") is not None and is_nested_composed(c["_cl"]["expect"])]
        if nested:
            L.append(f"Nested composed results (`layout` itself a composed layout): {len(nested)} (first 3):")
            for c in nested[:3]:
                L.append(f"- {' , '.join(fmt_arg(a) for a in c['args'])} -> `{fmt_x(c['_cl']['expect'])}`")
            L.append("")
        for label, key in (("crashes dropped", "crash"), ("compile errors dropped", "compile_error"),
                           ("unrepresentable results dropped", "unrepresentable"),
                           ("checker errors (cases dropped)", "checker_error")):
            if stats[key]:
                L.append(f"{label}: {len(stats[key])} (first 3):")
                for c, msg in stats[key][:3]:
                    L.append(f"- {' , '.join(fmt_arg(a) for a in c['args'])}: {str(msg)[:200]}")
                L.append("")
    with open(path, "w") as f:
        f.write("\n".join(L) + "\n")


def fmt_arg(a):
    if is_layout(a) or is_composed(a) or is_swizzle(a):
        return f"`{fmt_x(a)}`"
    if co.is_tiler(a):
        return "`<" + ", ".join(fmt_x(e) if is_layout(e) else compact(e) for e in a["tiler"]) + ">`"
    return f"`{compact(a)}`"


# --------------------------------------------------------------------------
# run
# --------------------------------------------------------------------------

def judge(expect, out, tags):
    k = out[0]
    if k == "value":
        if isinstance(expect, dict) and "error" in expect:
            return "cute_wrong" if "cute_wrong" in tags else "differ"
        return "agree" if out[1] == expect else "differ"
    if k == "static_assert":
        return "agree" if isinstance(expect, dict) and "error" in expect else "static_assert"
    if k == "crash":
        return "cute_crash" if "cute_crash" in tags else "crash"
    return "compile_error"


def cmd_run(args):
    supported, na = co.split_supported(co.load_vectors(args.vectors), validate_case)
    try:
        env = co.setup_env(args, need_cute=True)
    except co.Skip as e:
        print(f"SKIP: {e}")
        return 1 if args.require else 0
    t0 = time.time()
    try:
        outs, stats = co.cute_compute(env, supported, batch_size=args.batch_size, jobs=args.jobs,
                                      keep_dir=args.keep_build, harness=HARNESS)
    finally:
        env.cleanup()
    cols = ["total", "agree", "differ", "cute_wrong", "cute_crash", "static_assert", "crash", "compile_error",
            "def-wrong"]
    ops = [o for o in ALL_OPS if any(c["op"] == o for c in supported)]
    table = {o: dict.fromkeys(cols, 0) for o in ops}
    per_case, bad = [], []
    for c, o in zip(supported, outs):
        row = table[c["op"]]
        row["total"] += 1
        v = judge(c.get("expect"), o, c.get("tags", []))
        row[v] += 1
        rec = {"id": c.get("id"), "op": c["op"], "args": c["args"], "expect": c.get("expect"),
               "cute": {"verdict": v, "kind": o[0], "result": o[1]}}
        if o[0] == "value":
            verdict, detail, _ = check_case(c["op"], c["args"], o[1])
            rec["definition"] = {"verdict": verdict, "detail": detail}
            if verdict == "wrong":
                row["def-wrong"] += 1
        per_case.append(rec)
        if v in ("differ", "static_assert", "crash", "compile_error"):
            bad.append((v, c, o))
    w = max([len("TOTAL")] + [len(o) for o in ops])
    print("op".ljust(w) + " " + " ".join(h.rjust(13) for h in cols))
    tot = dict.fromkeys(cols, 0)
    for op in ops:
        print(op.ljust(w) + " " + " ".join(str(table[op][h]).rjust(13) for h in cols))
        for h in cols:
            tot[h] += table[op][h]
    print("TOTAL".ljust(w) + " " + " ".join(str(tot[h]).rjust(13) for h in cols))
    print("(agree: CuTe's value equals expect, or CuTe static_asserts where an error is expected; "
          "cute_wrong: a value where the case, tagged cute_wrong, expects an error; cute_crash: a crash "
          "where the case, tagged cute_crash, expects an error; def-wrong: CuTe's value fails the op's "
          "definition)")
    if na:
        print("n/a: " + ", ".join(f"{op} x{len(v)}" for op, v in sorted(na.items())))
    for v, c, o in bad[:args.max_list]:
        print(f"[{v}] {c.get('id')} {c['op']} {compact(c['args'])}")
        print(f"    expect: {compact(c.get('expect'))}")
        print(f"    cute:   {co.describe(o)}")
    print(f"time: {time.time() - t0:.1f}s (cute wall {stats['wall_seconds']}s)")
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"oracle": f"cute_ops_oracle.py, nvidia-cutlass {co.CUTLASS_VERSION}",
                       "vectors": args.vectors, "summary": table, "totals": tot,
                       "not_applicable": {op: [{"id": i, "why": w_} for i, w_ in v] for op, v in na.items()},
                       "cute_stats": stats, "cases": per_case}, f, indent=1)
    if args.expect_cute_agreement and bad:
        return 1
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)

    pr = sub.add_parser("run", help="CuTe's answers for the cases of the new ops in vector files")
    pr.add_argument("vectors", nargs="+")
    pr.add_argument("--out", help="write per-case results (JSON)")
    pr.add_argument("--max-list", type=int, default=100)
    pr.add_argument("--expect-cute-agreement", action="store_true",
                    help="exit 1 on a differ / unexpected static_assert / crash")
    co.add_common_options(pr)

    pg = sub.add_parser("generate", help="random cases with CuTe's answers, checked by definition")
    pg.add_argument("--seed", required=True)
    pg.add_argument("--count", type=int, required=True, help="cases per op")
    pg.add_argument("--ops", default="all", help=f"comma-separated, or 'all': {','.join(ALL_OPS)}")
    pg.add_argument("--out", help="one vector file with every op")
    pg.add_argument("--out-dir", help="one vector file per op, DIR/<op>.json")
    pg.add_argument("--report", help="write the verdict report (Markdown)")
    co.add_common_options(pg)

    args = ap.parse_args(argv)
    if args.cmd == "run":
        return cmd_run(args)
    return cmd_generate(args)


if __name__ == "__main__":
    sys.exit(main())
