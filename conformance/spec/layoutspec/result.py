"""What the definition says about one case (Res), and the one exact-value check every op uses:
a value is the definition's value when it is the same JSON, a layout's strides in their one written form."""
import json
from .values import is_int, show, span


class Res:
    """What the definition says about one case."""

    def __init__(self, contracts=()):
        self.pre, self.noanswer, self.check, self.strict = [], None, None, None
        self.contracts = list(contracts)
        self.covered = True
        self.cute = None        # CuTe's answer by its header's formula, where the op computes it


def same(v, w):
    """v is w: integers (not bools), nested lists alike, dicts key by key."""
    if isinstance(w, dict):
        return isinstance(v, dict) and set(v) == set(w) and all(same(v[k], w[k]) for k in w)
    if isinstance(w, list):
        return isinstance(v, list) and len(v) == len(w) and all(same(a, b) for a, b in zip(v, w))
    if is_int(w):
        return is_int(v) and v == w
    return type(v) is type(w) and v == w


def stride_form(d):
    """A stride entry in its one written form (a basis' scale written out; an F2 stride 0 is 0)."""
    if isinstance(d, list):
        return [stride_form(x) for x in d]
    if isinstance(d, dict) and 'basis' in d:
        return {'basis': d['basis'], 'scale': d.get('scale', 1)}
    if isinstance(d, dict) and 'f2' in d and d['f2'] == 0:
        return 0
    return d


def layout_form(v):
    """A layout's JSON with its strides in their one written form; any other value as it is."""
    if isinstance(v, dict) and 'shape' in v and 'stride' in v:
        return {**v, 'stride': stride_form(v['stride'])}
    return v


def text(v):
    return json.dumps(v) if isinstance(v, dict) else repr(v) if isinstance(v, str) else show(v)


def exact(res, want, cid):
    """The definition gives exactly want (a value, or a layout in its written form)."""
    res.check = lambda v: [] if same(layout_form(v), layout_form(want)) else \
        [(cid, f'{text(v)}, the definition gives {text(want)}')]
    return res


def first_diff(n, got, want, cid, what='i'):
    for i in span(n):
        g, w = got(i), want(i)
        if g != w:
            return [(cid, f'at {what} = {i}: {g}, the definition gives {w}')]
    return []
