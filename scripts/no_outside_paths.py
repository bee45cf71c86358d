#!/usr/bin/env python3
"""The repository stands on its own: no text file of it names a path outside it (a development
machine's folders, a folder beside the checkout that a clone does not have).

    python3 scripts/no_outside_paths.py     exit 1 naming FILE:LINE of each such path, else 0

The files are git's (tracked, and untracked ones git does not ignore); outside a git checkout, every
file under the repository but build folders, venvs and caches. Binary files (a NUL byte) are skipped.
Run by ctest as `repository.names_no_path_outside_it`.
"""
import os
import pathlib
import re
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent

# What a path outside the repository looks like here.
PATTERNS = ["../shared", "/work/", "/root/", "/home/", "shared/conformance"]

# The allowed exceptions, each a file, the lines it may have (a regular expression) and the reason.
# Keep this list short: a reference for readers belongs inside the repository (docs/vector-format.md
# for the vector format, conformance/vectors/ for the seed examples).
EXCEPTIONS = [
    ("conformance/tests/CMakeLists.txt", r"\.\./shared|/work/shared",
     "build plumbing: the tests also read the seed examples beside the repository where a development "
     "checkout has them; without them they use conformance/vectors only"),
    ("scripts/no_outside_paths.py", r".",
     "this script: it names the patterns it looks for"),
]

SKIP_DIRS = re.compile(r"^(build.*|\.git|\.venv.*|\.whl|\.gl|__pycache__)$")


def files():
    try:
        out = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             capture_output=True, check=True).stdout
        return sorted({p for p in out.decode().split("\0") if p})
    except (OSError, subprocess.CalledProcessError):
        found = []
        for root, dirs, names in os.walk(REPO):
            dirs[:] = [d for d in dirs if not SKIP_DIRS.match(d)]
            for n in names:
                found.append(os.path.relpath(os.path.join(root, n), REPO))
        return sorted(found)


def allowed(path, line):
    return any(path == f and re.search(rx, line) for f, rx, _ in EXCEPTIONS)


def main():
    hits = []
    scanned = 0
    for rel in files():
        p = REPO / rel
        if not p.is_file() or p.is_symlink():
            continue
        data = p.read_bytes()
        if b"\0" in data:
            continue
        scanned += 1
        for no, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            found = [pat for pat in PATTERNS if pat in line]
            if found and not allowed(rel, line):
                hits.append(f"{rel}:{no}: names {', '.join(found)}: {line.strip()[:160]}")
    for h in hits:
        print(h)
    print(f"{scanned} text files scanned for {', '.join(PATTERNS)}: {len(hits)} paths outside the repository "
          f"({len(EXCEPTIONS)} allowed exceptions, listed in scripts/no_outside_paths.py)")
    return 1 if hits else 0


if __name__ == "__main__":
    sys.exit(main())
