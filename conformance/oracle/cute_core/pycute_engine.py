"""pycute, the Python layout algebra in the same wheel: the cases asked of it (pycute_compute_one),
its values converted to and from JSON."""

import sys

from .values import is_layout, tiler_elems


# --------------------------------------------------------------------------
# pycute
# --------------------------------------------------------------------------

def import_pycute(env):
    if env.site not in sys.path:
        sys.path.insert(0, env.site)
    import pycute  # noqa: E402
    return pycute


def to_tup(t):
    if isinstance(t, list):
        return tuple(to_tup(e) for e in t)
    return t


def from_tup(t):
    if isinstance(t, (tuple, list)):
        return [from_tup(e) for e in t]
    if isinstance(t, bool):
        return int(t)
    if isinstance(t, int):
        return t
    if isinstance(t, float) and t.is_integer():
        return int(t)
    return repr(t)


def py_layout(pycute, L):
    return pycute.Layout(to_tup(L["shape"]), to_tup(L["stride"]))


def py_tiler(pycute, t):
    out = []
    for e in tiler_elems(t):
        if isinstance(e, int):
            out.append(e)
        elif is_layout(e):
            out.append(py_layout(pycute, e))
        else:
            out.append(py_tiler(pycute, e))
    return tuple(out)


def py_result(pycute, r):
    if isinstance(r, pycute.Layout):
        return {"shape": from_tup(r.shape), "stride": from_tup(r.stride)}
    return {"non_layout_result": repr(r)}


def pycute_compute_one(pycute, c):
    op, args = c["op"], c["args"]
    fn = getattr(pycute, op, None) if op != "evaluate" else None
    if op != "evaluate" and fn is None:
        return ("n/a", f"pycute has no {op}")
    try:
        a = py_layout(pycute, args[0])
        if op == "evaluate":
            return ("value", [from_tup(a(i)) for i in range(pycute.size(a))])
        if op == "coalesce":
            r = fn(a, to_tup(args[1])) if len(args) == 2 else fn(a)
        elif op == "complement":
            r = fn(a, args[1]) if len(args) == 2 else fn(a)
        elif op in ("right_inverse", "left_inverse"):
            r = fn(a)
        else:
            b = py_layout(pycute, args[1]) if is_layout(args[1]) else py_tiler(pycute, args[1])
            r = fn(a, b)
        return ("value", py_result(pycute, r))
    except RecursionError:
        return ("raise", "RecursionError")
    except Exception as e:  # pycute signals failures with assert / arbitrary exceptions
        return ("raise", f"{type(e).__name__}: {e}"[:300])
