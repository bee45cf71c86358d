#!/usr/bin/env python3
"""Adapter for pycute (shipped in the nvidia-cutlass wheel), run with that venv's python. The
call mapping is the differential oracle's (conformance/oracle/cute_oracle.py), shared, not copied."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "oracle"))
import cute_oracle  # noqa: E402
from protocol import LAYOUT_OPS, serve  # noqa: E402

import pycute  # noqa: E402


def version():
    from importlib import metadata
    try:
        return metadata.version("nvidia-cutlass")
    except metadata.PackageNotFoundError:
        return "unknown"


def answer(case):
    kind, value = cute_oracle.pycute_compute_one(pycute, case)
    if kind == "value":
        if isinstance(value, dict) and "non_layout_result" in value:
            return "error", "not a layout: " + value["non_layout_result"]
        return "result", value
    if kind == "n/a":
        return "na", value
    return "error", value


ops = [op for op in LAYOUT_OPS if op == "evaluate" or hasattr(pycute, op)]
serve("pycute", version(), ops, answer)
