#!/usr/bin/env python3
"""Adapter for CuTe C++ (the headers in the nvidia-cutlass wheel, static integers), run with that
venv's python. A batch adapter: it reads every case until stdin closes, compiles them with the
differential oracles' harness, then answers each. The C++ of each case is the oracles' own, imported,
not copied: conformance/oracle/cute_oracle.py for the layout algebra on integer layouts,
cute_ops_oracle.py for issue 41's operations and for composition and the inverses with a swizzle or
a swizzled (composed) layout. Evaluate and coalesce of a composed layout are written here, with
cute_ops_oracle's operand expression and printer. All cases go into one harness (cute_ops_oracle's
prelude holds cute_oracle's). A static_assert is CuTe's refusal; a case that does not compile
otherwise, or crashes, is reported as such."""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "oracle"))
import cute_oracle  # noqa: E402
import cute_ops_oracle  # noqa: E402
from protocol import Channel, NEW_OPS, hello, is_composed, not_served  # noqa: E402

# What CuTe C++ 4.2 has of the runner's ops, and the operand kinds beyond integer layouts the
# harnesses spell: composed layouts and swizzles, and coordinate strides (ScaledBasis) in
# composition's B with an integer A (cute_ops_oracle.validate_case says which forms exactly; others
# are n/a). F2 strides, and coalesce_z, layout_add and greatest_common_domain, are PyCuTe's.
CAPS = {op: () for op in cute_oracle.LAYOUT_OPS}
CAPS.update({op: () for op in cute_ops_oracle.NEW_OPS})
for op in ("evaluate", "coalesce", "right_inverse", "left_inverse", "tile_to_shape", "upcast", "downcast",
           "recast_layout", "nullspace"):
    CAPS[op] = ("composed",)
CAPS["composition"] = ("composed", "swizzle", "coord")
CAPS = {op: frozenset(k) for op, k in CAPS.items()}
assert set(CAPS) <= set(cute_oracle.LAYOUT_OPS) | set(NEW_OPS)


def composed_x_body(c):
    """evaluate / coalesce of a composed layout (CuTe's ComposedLayout operator() and coalesce)."""
    op, args = c["op"], c["args"]
    lines = [f"  auto a = {cute_ops_oracle.cpp_x(args[0])};"]
    if op == "evaluate":
        return lines + ["  std::printf(\"[\");",
                        "  for (int i = 0; i < int(cute::size(a)); ++i) {",
                        "    if (i) std::printf(\",\");",
                        "    std::printf(\"%lld\", static_cast<long long>(a(i)));",
                        "  }",
                        "  std::printf(\"]\");"]
    if len(args) == 2:
        lines.append(f"  auto r = cute::coalesce(a, {cute_oracle.cpp_profile_t(args[1])}{{}});")
    else:
        lines.append("  auto r = cute::coalesce(a);")
    return lines + ["  oracle_print_x(r);"]


def route(c):
    """The harness that spells the case: 'algebra' (cute_oracle), 'ops' (cute_ops_oracle) or
    'composed' (composed_x_body); ValueError if none can."""
    op, args = c["op"], c["args"]
    if op in ("evaluate", "coalesce") and args and is_composed(args[0]):
        if len(args) not in (1, 2) or (op == "evaluate" and len(args) != 1):
            raise ValueError("wrong number of args")
        cute_ops_oracle.check_x(args[0])
        if len(args) == 2:
            cute_oracle.check_inttuple(args[1])
        return "composed"
    if op in cute_ops_oracle.ALL_OPS:
        try:
            cute_ops_oracle.validate_case(c)
            return "ops"
        except ValueError:
            if op not in cute_oracle.LAYOUT_OPS:
                raise
    cute_oracle.validate_case(c)
    return "algebra"


BODY = {"algebra": cute_oracle.cpp_case_body, "ops": cute_ops_oracle.cpp_case_body, "composed": composed_x_body}


def case_body(c):
    return BODY[c["_route"]](c)


HARNESS = (case_body, cute_ops_oracle.PRELUDE)  # the ops oracle's prelude includes cute_oracle's


def main():
    ch = Channel()
    args = argparse.Namespace(venv=sys.prefix, cxx=None, cuda_include=os.environ.get("CATLAYOUT_CUDA_INCLUDE"))
    try:
        env = cute_oracle.setup_env(args)
    except cute_oracle.Skip as e:
        ch.send({"adapter": "cute-cpp", "skip": str(e)})
        return
    version = cute_oracle._installed_version(env.site) or "unknown"
    ch.send(hello("cute-cpp", version + " (static integers, " + env.cxx + ")", CAPS, batch=True))
    cases, replies = [], {}
    for line in sys.stdin:
        if not line.strip():
            continue
        c = json.loads(line)
        why = not_served("CuTe C++", CAPS, c)
        if why:
            replies[c["id"]] = {"id": c["id"], "na": why}
            continue
        try:
            c["_route"] = route(c)
        except (ValueError, KeyError, TypeError) as e:
            replies[c["id"]] = {"id": c["id"], "na": f"not expressible as a static CuTe case: {e}"}
            continue
        cases.append(c)
    jobs = int(os.environ.get("CATLAYOUT_CUTE_JOBS", "2"))
    outs, _ = cute_oracle.cute_compute(env, cases, jobs=jobs, harness=HARNESS) if cases else ([], None)
    for c, (kind, value) in zip(cases, outs):
        if kind == "value":
            replies[c["id"]] = {"id": c["id"], "result": value}
        elif kind == "static_assert":
            replies[c["id"]] = {"id": c["id"], "error": "static_assert: " + str(value)[:300]}
        elif kind == "compile_error":
            replies[c["id"]] = {"id": c["id"], "error": "does not compile: " + str(value)[:300], "class": "compile"}
        else:
            replies[c["id"]] = {"id": c["id"], "crash": str(value)[:300]}
    for r in replies.values():
        ch.send(r)
    env.cleanup()


if __name__ == "__main__":  # an adapter serves when run, never when imported
    main()
