"""Minimal torch stub for FlyDSL's import-time references (no tensors are ever used).

FlyDSL's compiler/jit_argument.py builds a dtype table and references torch.Tensor /
torch.nn / torch.cuda at import time; the layout algebra itself never touches torch.
"""
import types as _types


class _DType:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "torch." + self.name


for _n in ("float16", "bfloat16", "float32", "float64", "bool", "uint8", "int8",
           "int16", "int32", "int64"):
    globals()[_n] = _DType(_n)


class Tensor:
    pass


class dtype(_DType):
    pass


nn = _types.SimpleNamespace(Parameter=Tensor, Module=object)
class _Stream:
    pass


cuda = _types.SimpleNamespace(is_available=lambda: False, Stream=_Stream)
__version__ = "0.0.0-stub"
