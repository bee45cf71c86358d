"""CuTe's rearrangements of a layout's top-level modes (cute/layout.hpp: select, take, group,
append, prepend, replace): the argument checks, the C++ of a case, the definitions
(docs/definitions.md select ... replace: from CuTe's header comments and tuple_algorithms.hpp's
static_asserts, not from catlayout's engine) and the random cases. CuTe's template integers are
the integer arguments; select's modes an integer or a flat list."""

# cute_oracle.py, the sibling script: importable once the package's __init__ has put the
# folder that holds it on sys.path
import cute_oracle as co

from .values import MODE_OPS, DefError, definition_error, exact_case, is_int  # noqa: F401 (MODE_OPS: the ops here)


# --------------------------------------------------------------------------
# Arguments and C++
# --------------------------------------------------------------------------

def mode_list(m):
    return [m] if is_int(m) else list(m)


def validate_mode_case(op, args):
    n = len(args)
    want = {"select": (2,), "take": (3,), "group_modes": (3,), "append": (2, 3), "prepend": (2, 3),
            "replace": (3,)}[op]
    if n not in want:
        raise ValueError(f"expects {want} args")
    co.check_layout(args[0])
    if op == "select":
        if not all(is_int(i) for i in mode_list(args[1])):
            raise ValueError("select's modes: an integer or a flat list of integers")
    elif op in ("take", "group_modes"):
        if not (is_int(args[1]) and is_int(args[2])):
            raise ValueError("B and E are integers")
    else:
        co.check_layout(args[1])
        if n == 3 and not is_int(args[2]):
            raise ValueError("N is an integer")


def cpp_mode_body(op, args):
    L = f"{co.cpp_layout_t(args[0])}{{}}"
    if op == "select":
        t = ",".join(str(int(i)) for i in mode_list(args[1]))
        expr = f"cute::select<{t}>({L})"
    elif op == "take":
        expr = f"cute::take<{int(args[1])},{int(args[2])}>({L})"
    elif op == "group_modes":
        expr = f"cute::group<{int(args[1])},{int(args[2])}>({L})"
    else:
        X = f"{co.cpp_layout_t(args[1])}{{}}"
        if op == "replace":
            expr = f"cute::replace<{int(args[2])}>({L}, {X})"
        elif len(args) == 3:
            expr = f"cute::{op}<{int(args[2])}>({L}, {X})"
        else:
            expr = f"cute::{op}({L}, {X})"
    return [f"  auto r = {expr};", "  oracle_print_x(r);"]


# --------------------------------------------------------------------------
# Definitions
# --------------------------------------------------------------------------

def modes_of(L):
    """The top-level modes of L as layouts; an integer shape is its own mode 0 (CuTe get<0>(int))."""
    s, d = L["shape"], L["stride"]
    if is_int(s):
        return [{"shape": s, "stride": d}]
    return [{"shape": a, "stride": b} for a, b in zip(s, d)]


def tuple_of(modes):
    return {"shape": [m["shape"] for m in modes], "stride": [m["stride"] for m in modes]}


def def_select(L, idx):
    m = modes_of(L)
    for i in mode_list(idx):
        if not 0 <= i < len(m):
            raise DefError("invalid_input", f"mode {i} out of range [0, {len(m)})")
    return tuple_of([m[i] for i in mode_list(idx)])


def def_take(L, b, e):
    m = modes_of(L)
    if not b < e:
        raise DefError("invalid_input", "take: empty range")
    if b < 0 or e > len(m):
        raise DefError("invalid_input", "take: range out of bounds")
    return tuple_of(m[b:e])


def def_group(L, b, e):
    m = modes_of(L)
    if e == -1:
        e = len(m)
    if not 0 <= b <= e <= len(m):
        raise DefError("invalid_input", f"group: [{b},{e}) not within rank {len(m)}")
    mid = [tuple_of(m[b:e])] if b < e else []
    return tuple_of(m[:b] + mid + m[e:])


def def_extend(op, L, X, n=None):
    m = modes_of(L)
    r = len(m)
    if n is not None:
        if n == r:
            return L
        if n < r:
            raise DefError("invalid_input", f"{op}: rank {n} below {r}")
    k = (r + 1 if n is None else n) - r
    return tuple_of(m + [X] * k if op == "append" else [X] * k + m)


def def_replace(L, X, n):
    m = modes_of(L)
    if not 0 <= n < len(m):
        raise DefError("invalid_input", f"replace: mode {n} out of range [0, {len(m)})")
    if is_int(L["shape"]):
        return X
    m[n] = X
    return tuple_of(m)


def def_mode(op, args):
    if op == "select":
        return def_select(*args)
    if op == "take":
        return def_take(*args)
    if op == "group_modes":
        return def_group(*args)
    if op in ("append", "prepend"):
        return def_extend(op, *args)
    return def_replace(*args)


def check_mode_case(op, args, v):
    return exact_case(def_mode, op, args, v)


def mode_definition_error(op, args):
    return definition_error(def_mode, op, args)


# --------------------------------------------------------------------------
# Random cases (some out of range: CuTe's static_asserts)
# --------------------------------------------------------------------------

def rank(L):
    return 1 if is_int(L["shape"]) else len(L["shape"])


def gen_mode(op, rng, rand_layout):
    L = rand_layout(rng)
    r = rank(L)
    bad = rng.random() < 0.08
    if op == "select":
        idx = [rng.randint(0, r - 1) for _ in range(rng.randint(1, 4))]
        if bad:
            idx[-1] = r
        return [L, idx[0] if len(idx) == 1 and rng.random() < 0.5 else idx]
    if op == "take":
        b = rng.randint(0, r - 1)
        e = rng.randint(b + 1, r)
        if bad:
            e = b if rng.random() < 0.5 else r + 1
        return [L, b, e]
    if op == "group_modes":
        b = rng.randint(0, r)
        e = -1 if rng.random() < 0.2 else rng.randint(b, r)
        if bad:
            e = r + 1
        return [L, b, e]
    X = {"shape": 1, "stride": 0} if rng.random() < 0.3 else rand_layout(rng, max_size=16)
    if op == "replace":
        return [L, X, r if bad else rng.randint(0, r - 1)]
    if rng.random() < 0.5:
        return [L, X]
    return [L, X, r - 1 if bad else r + rng.randint(0, 2)]
