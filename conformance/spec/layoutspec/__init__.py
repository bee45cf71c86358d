"""layoutspec: an executable specification of the CuTe layout algebra ops in catlayout's corpus.

Independent of catlayout's engine, checker, oracle and Python package; stdlib only.
Definitions and citations: docs/definitions.md.  Usage: conformance/spec/README.md.
"""
from .judge import verdict, cute_answer
from .ops import OPS

__all__ = ['verdict', 'cute_answer', 'OPS']
