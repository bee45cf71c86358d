"""The kernel-author analyses from Python, held to a brute force written here in Python."""
import random

import pytest

import catlayout as C


def brute_banks(tv, data, elem_bytes, vector):
    """Wavefronts per (warp, instruction) by counting the distinct 4-byte words of every byte."""
    T, V = tv.mode(0).size(), tv.mode(1).size()
    vb = elem_bytes * vector
    per_phase = 32 if vb <= 4 else 128 // vb
    out = []
    for w0 in range(0, T, 32):
        for k in range(V // vector):
            total = 0
            for f in range(w0, min(T, w0 + 32), per_phase):
                banks = {}
                for t in range(f, min(T, w0 + 32, f + per_phase)):
                    for j in range(vector):
                        e = data(tv(t + T * (k * vector + j)))
                        for b in range(elem_bytes):
                            word = (elem_bytes * e + b) // 4
                            banks.setdefault(word % 32, set()).add(word)
                total += max(len(s) for s in banks.values())
            out.append(total)
    return out


def test_transpose_column_read_is_32_way_and_padding_frees_it():
    r = C.bank_conflicts("(32,32):(1,32)", "(32,32):(32,1)")
    assert r["wavefronts"] == 1024 and r["ideal"] == 32 and r["worst_ratio"] == 32
    assert r["accesses"][0]["phases"][0]["colliding_threads"] == list(range(32))
    padded = C.bank_conflicts("(32,32):(1,32)", C.Layout("(32,32):(33,1)"))
    assert padded["wavefronts"] == 32 and padded["worst_ratio"] == 1


def test_swizzle_removes_the_ldmatrix_conflict():
    tv = "((8,4),8):((1,64),8)"
    assert C.bank_conflicts(tv, "(8,64):(64,1)", elem_bytes=2, vector=8)["wavefronts"] == 32
    sw = C.ComposedLayout("Sw<3,3,3> o 0 o (8,64):(64,1)")
    assert C.bank_conflicts(tv, sw, elem_bytes=2, vector=8)["wavefronts"] == 4
    assert C.widest_vector(tv, sw, elem_bytes=2)["bytes"] == 16


def test_bank_conflicts_agree_with_brute_force():
    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        T, V = rng.choice([8, 16, 32, 64]), rng.choice([1, 2, 4])
        tstride, vstride = rng.choice([1, 2, 3, 8, 33]), rng.choice([1, 32, 64, 65])
        tv = C.Layout(f"({T},{V}):({tstride},{vstride})")
        n = tv.cosize()
        data = C.Layout(f"{n}:1") if rng.random() < 0.5 else C.Layout(f"({n},1):(1,0)")
        eb = rng.choice([1, 2, 4, 8])
        vector = 1
        try:
            r = C.bank_conflicts(tv, data, elem_bytes=eb, vector=vector)
        except C.InvalidInput:
            continue
        assert [a["wavefronts"] for a in r["accesses"]] == brute_banks(tv, data, eb, vector)
        checked += 1
    assert checked > 30


def test_ownership_and_footprint():
    o = C.ownership("((32,2),4):((1,0),32)", 128, block_threads=96)
    assert not o["exact"] and o["max_owners"] == 2 and o["idle_threads"][0] == 64
    assert [5, 37] in o["replica_groups"]
    f = C.footprint("(32,32):(33,1)")
    assert (f["cosize"], f["holes"], f["injective"], f["compact"]) == (1055, 31, True, False)


def test_coalescing_counts_sectors():
    r = C.coalescing("(32,32):(1,32)", "(32,32):(32,1)")
    assert r["accesses"][0]["sectors"] == 32 and r["accesses"][0]["ideal_sectors"] == 4


def test_bad_access_is_named():
    with pytest.raises(C.InvalidInput, match="not consecutive in memory"):
        C.bank_conflicts("(32,2):(1,64)", "(32,32):(32,1)", vector=2)
    with pytest.raises(C.InvalidInput, match="element size 3"):
        C.bank_conflicts("(32,2):(1,32)", "(32,32):(32,1)", elem_bytes=3)
