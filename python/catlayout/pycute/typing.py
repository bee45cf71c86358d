"""pycute.typing: ``Integer``, the abstract integer type of pycute's ``is_int``.

``isinstance(x, Integer)`` holds for ``int`` and its subclasses, except ``bool``; ``float`` and
everything else (numpy integers included, which do not derive from ``int``) are not Integers,
exactly as in pycute. Like pycute's it is an ``abc.ABC``, so ``Integer.register(T)`` adds a type.
"""
from abc import ABC

__all__ = ["ABC", "Integer"]


class Integer(ABC):
    """An integer for the int-tuple helpers: an ``int`` (or subclass) that is not a ``bool``."""

    @classmethod
    def __subclasshook__(cls, c):
        if c is bool or not issubclass(c, int):
            return False
        return True
