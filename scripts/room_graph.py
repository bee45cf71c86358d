#!/usr/bin/env python3
"""The rooms' include graph points one way (docs/architecture.md): every `#include "catlayout/R/…"`
of a room's library (its include/ and src/) names a room it depends on, and the graph has no cycle.

A room's tests (ROOM/tests/) are an executable above the room: they may include the rooms the room
depends on, rooms no higher than it (a sibling's catalogue, as analysis's tests read gpu's), and the
seeded generators. The rooms on top (cli, python, bench, fuzz) may include any room.

usage: room_graph.py [REPO]   (exit 0: one way; 1: an include against the grain, listed)
"""
import re
import sys
from pathlib import Path

# What each room's library may include (its direct dependencies; see the top CMakeLists.txt).
DEPENDS = {
    "core": set(),
    "viz": {"core"},
    "categories": {"core"},
    "gpu": {"core"},
    "generators": {"core", "categories"},
    "algorithms": {"core", "categories"},
    "analysis": {"core", "viz"},
    "wire": {"core", "categories", "algorithms", "gpu", "analysis", "viz", "generators"},
    "proofs-tests": {"core", "categories", "algorithms", "wire", "generators"},
    "conformance": {"core", "categories", "algorithms", "gpu", "wire", "generators"},
    "playground": {"core", "viz", "gpu", "analysis", "wire"},
}
TOP = {"cli", "python", "bench", "fuzz"}
# The folder under include/catlayout/ of each room's headers.
HEADER_DIR = {"proofs": "proofs-tests"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"catlayout/([a-z_-]+)[/.]', re.M)


def closure(room, seen=None):
    seen = set() if seen is None else seen
    for d in DEPENDS.get(room, ()):
        if d not in seen:
            seen.add(d)
            closure(d, seen)
    return seen


def rank(room):
    return 0 if not DEPENDS.get(room) else 1 + max(rank(d) for d in DEPENDS[room])


def cycle():
    """A cycle of DEPENDS, or None."""
    state = {}

    def visit(r, path):
        state[r] = 1
        for d in sorted(DEPENDS.get(r, ())):
            if state.get(d) == 1:
                return path + [d]
            if d not in state:
                found = visit(d, path + [d])
                if found:
                    return found
        state[r] = 2
        return None
    for r in sorted(DEPENDS):
        if r not in state:
            found = visit(r, [r])
            if found:
                return found
    return None


def main(argv):
    repo = Path(argv[1] if len(argv) > 1 else Path(__file__).resolve().parent.parent)
    failures = []
    c = cycle()
    if c:
        failures.append("DEPENDS has a cycle: " + " -> ".join(c))
    files = 0
    for room in sorted(set(DEPENDS) | TOP):
        for path in sorted((repo / room).rglob("*")):
            if path.suffix not in (".cpp", ".hpp", ".h", ".cu") or "build" in path.relative_to(repo).parts[0]:
                continue
            files += 1
            rel = path.relative_to(repo)
            is_test = "tests" in rel.parts[1:]
            allowed = closure(room)
            if is_test:
                allowed |= {r for r in DEPENDS if rank(r) <= rank(room)} | {"generators"}
            text = path.read_text(errors="replace")
            for m in INCLUDE.finditer(text):
                target = HEADER_DIR.get(m.group(1), m.group(1))
                if target == "core.hpp" or target == room or room in TOP:
                    continue
                if target not in DEPENDS:
                    continue  # not a room's header (e.g. a generated one)
                if target not in allowed:
                    line = text[:m.start()].count("\n") + 1
                    failures.append(f"{rel}:{line}: {room}{' (tests)' if is_test else ''} includes "
                                    f"catlayout/{m.group(1)}/, a room it does not depend on "
                                    f"({room} depends on {', '.join(sorted(closure(room))) or 'nothing'})")
    for f in failures:
        print("FAIL " + f)
    print(f"{files} C++ files of {len(DEPENDS) + len(TOP)} rooms: {len(failures)} includes against the grain")
    return 1 if failures else 0


def self_test():
    """A tree with an upward include in a library and in a gpu test, and a sideways one in an
    analysis test: the first two are reported, the third is not."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        for rel, header in [("core/src/x.cpp", "wire/ops.hpp"), ("gpu/tests/t.cpp", "wire/layout_json.hpp"),
                            ("analysis/tests/t.cpp", "gpu/catalogue.hpp")]:
            Path(d, rel).parent.mkdir(parents=True, exist_ok=True)
            Path(d, rel).write_text(f'#include "catlayout/{header}"\n')
        r = subprocess.run([sys.executable, __file__, d], capture_output=True, text=True)
    want = ["FAIL core/src/x.cpp:1: core includes catlayout/wire/", "FAIL gpu/tests/t.cpp:1: gpu (tests) includes catlayout/wire/"]
    ok = r.returncode == 1 and all(w in r.stdout for w in want) and r.stdout.count("FAIL") == 2
    print(("self-test: the two planted includes against the grain are reported, the sideways one is not"
           if ok else f"self-test failed: exit {r.returncode}\n{r.stdout}{r.stderr}"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(self_test() if sys.argv[1:] == ["--self-test"] else main(sys.argv))
