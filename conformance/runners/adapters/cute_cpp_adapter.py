#!/usr/bin/env python3
"""Adapter for CuTe C++ (the headers in the nvidia-cutlass wheel, static integers), run with that
venv's python. A batch adapter: it reads every case until stdin closes, compiles them with the
differential oracle's harness (conformance/oracle/cute_oracle.py; shared, not copied), then
answers each. A static_assert is CuTe's refusal; a case that does not compile otherwise, or
crashes, is reported as such."""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "oracle"))
import cute_oracle  # noqa: E402
from protocol import LAYOUT_OPS, Channel  # noqa: E402


def main():
    ch = Channel()
    args = argparse.Namespace(venv=sys.prefix, cxx=None, cuda_include=os.environ.get("CATLAYOUT_CUDA_INCLUDE"))
    try:
        env = cute_oracle.setup_env(args)
    except cute_oracle.Skip as e:
        ch.send({"adapter": "cute-cpp", "skip": str(e)})
        return
    version = cute_oracle._installed_version(env.site) or "unknown"
    ch.send({"adapter": "cute-cpp", "version": version + " (static integers, " + (env.cxx) + ")",
             "ops": LAYOUT_OPS, "batch": True})
    cases, replies = [], {}
    for line in sys.stdin:
        if not line.strip():
            continue
        c = json.loads(line)
        if c.get("op") not in LAYOUT_OPS:
            replies[c["id"]] = {"id": c["id"], "na": f"CuTe C++ has no {c.get('op')}"}
            continue
        try:
            cute_oracle.validate_case(c)
        except ValueError as e:
            replies[c["id"]] = {"id": c["id"], "na": f"not expressible as a static CuTe case: {e}"}
            continue
        cases.append(c)
    jobs = int(os.environ.get("CATLAYOUT_CUTE_JOBS", "2"))
    outs, _ = cute_oracle.cute_compute(env, cases, jobs=jobs) if cases else ([], None)
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


main()
