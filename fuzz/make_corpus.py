#!/usr/bin/env python3
"""Seeds fuzz/corpus/<target>/ from the built-in vectors (conformance/vectors/**/*.json).

fuzz_parse:   CuTe-notation strings of the vectors' layouts, tilers and int tuples, plus int lists
              (MAX_PARSE of them, spread over all lengths).
fuzz_vectors: small catlayout.vectors/1 documents, one case each (up to PER_OP per op), and one
              three-case document per vector file.
fuzz_algebra: the same layouts, encoded in fuzz_algebra's byte format (see fuzz_algebra.cpp).
Deterministic: rerunning rewrites the same files (named by content hash)."""
import glob, hashlib, json, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "corpus")
PER_OP = 12
MAX_PARSE = 600

class NotTuple(Exception):
    pass

def tup(t):
    if isinstance(t, bool) or not isinstance(t, (int, list)): raise NotTuple()
    if isinstance(t, int): return str(t)
    return "(" + ",".join(tup(x) for x in t) + ")"

def is_layout(j):
    return isinstance(j, dict) and set(j) == {"shape", "stride"}

def tiler(j):
    if is_layout(j): return tup(j["shape"]) + ":" + tup(j["stride"])
    if isinstance(j, int): return str(j)
    if isinstance(j, dict) and "tiler" in j: return "<" + ",".join(tiler(x) for x in j["tiler"]) + ">"
    return None

def walk(j, acc):
    try:
        t = tiler(j)
    except NotTuple:
        t = None
    if t is not None and not isinstance(j, int): acc.add(t)
    if isinstance(j, dict):
        for k, v in j.items():
            if k in ("shape", "stride", "domain", "codomain"):
                try: acc.add(tup(v))
                except NotTuple: pass
            walk(v, acc)
    elif isinstance(j, list):
        if j and all(isinstance(x, int) for x in j): acc.add("[" + ",".join(map(str, j)) + "]")
        for v in j: walk(v, acc)

def flat(t):
    return [t] if isinstance(t, int) else [x for y in t for x in flat(y)]

def algebra_bytes(j):
    """fuzz_algebra's layout encoding: a tree byte stream (see fuzz_algebra.cpp, decode_tuple)."""
    out = bytearray()
    def enc(s, d, depth):
        if isinstance(s, int) or depth >= 3:
            fs, fd = flat(s), flat(d)
            out.append(0x00 | 0)  # leaf tag
            out.append(max(0, min(15, fs[0] - 1)))
            out.append(max(0, min(72, fd[0] + 8)))
            return
        out.append(0x80 | min(len(s), 4))
        for x, y in list(zip(s, d))[:4]: enc(x, y, depth + 1)
    enc(j["shape"], j["stride"], 0)
    return bytes(out)

def write(target, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str): data = data.encode()
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f: f.write(data)

def main():
    files = sorted(glob.glob(os.path.join(ROOT, "conformance", "vectors", "**", "*.json"), recursive=True))
    strings, layouts = set(), []
    for path in files:
        doc = json.load(open(path))
        cases = doc.get("cases", [])
        per_op = {}
        for c in cases:
            walk(c, strings)
            for a in c.get("args", []):
                try:
                    if is_layout(a) and tup(a["shape"]) and tup(a["stride"]) and len(flat(a["shape"])) <= 8:
                        layouts.append(a)
                except NotTuple: pass
            n = per_op.get(c.get("op"), 0)
            if n < PER_OP:
                per_op[c.get("op")] = n + 1
                write("fuzz_vectors", json.dumps({"schema": doc.get("schema"), "cases": [c]}, separators=(",", ":")))
        write("fuzz_vectors", json.dumps({"schema": doc.get("schema"), "source": "seed", "cases": cases[:3]},
                                         separators=(",", ":")))
    # MAX_PARSE strings spread over all lengths (the shortest alone start the fuzzer at 1-6 bytes,
    # with no nested layout among them)
    ordered = sorted(strings, key=lambda s: (len(s), s))
    step = max(1, len(ordered) / MAX_PARSE)
    for k in range(min(MAX_PARSE, len(ordered))): write("fuzz_parse", ordered[int(k * step)])
    seen = set()
    for i, a in enumerate(layouts):
        b = algebra_bytes(a)
        if b in seen: continue
        seen.add(b)
        nxt = algebra_bytes(layouts[(i * 7 + 3) % len(layouts)])
        write("fuzz_algebra", bytes([0x01]) + b + nxt)  # 2 layouts
        if len(seen) >= 400: break

if __name__ == "__main__":
    sys.exit(main())
