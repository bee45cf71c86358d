"""The environment: the nvidia-cutlass version, Skip (the oracle cannot run here) and log, and
setup_env: a venv with the package (created and installed under a lock, or reused), CuTe's include
dirs, the CUDA headers and the C++ compiler (Env)."""

import contextlib
import fcntl
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

CUTLASS_PIP = "nvidia-cutlass==4.2.0.0"
CUTLASS_VERSION = "4.2.0.0"


class Skip(Exception):
    """The oracle cannot run here (no pip, no package, no compiler...)."""


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------
# Environment: venv with nvidia-cutlass, include dirs, compiler
# --------------------------------------------------------------------------

class Env:
    def __init__(self, venv, site, cute_inc, cuda_incs, cxx, own_tmp):
        self.venv = venv
        self.site = site
        self.cute_inc = cute_inc
        self.cuda_incs = cuda_incs
        self.cxx = cxx
        self.own_tmp = own_tmp

    def include_flags(self):
        flags = ["-I" + self.cute_inc]
        for d in self.cuda_incs:
            flags.append("-I" + d)
        return flags

    def cleanup(self):
        if self.own_tmp:
            shutil.rmtree(self.own_tmp, ignore_errors=True)


def _find_site(venv):
    for site in sorted(glob.glob(os.path.join(venv, "lib", "python3*", "site-packages"))):
        if os.path.isfile(os.path.join(site, "cutlass_library", "source", "include",
                                       "cute", "layout.hpp")):
            return site
    return None


def _installed_version(site):
    for d in glob.glob(os.path.join(site, "nvidia_cutlass-*.dist-info")):
        return os.path.basename(d)[len("nvidia_cutlass-"):-len(".dist-info")]
    return None


def setup_env(args, need_cute=True):
    holder = {}
    try:
        return _setup_env(args, need_cute, holder)
    except Skip:
        if holder.get("own_tmp"):
            shutil.rmtree(holder["own_tmp"], ignore_errors=True)
        raise


@contextlib.contextmanager
def _venv_lock(venv):
    # Several oracles share one venv in the build tree and CTest runs them in parallel: one that
    # finds the venv half-made (created, pip not yet in it) would fail. An flock on a file beside
    # the venv lets one process create and install while the others wait, then reuse it.
    if not venv:
        yield
        return
    os.makedirs(os.path.dirname(os.path.abspath(venv)) or ".", exist_ok=True)
    with open(os.path.abspath(venv).rstrip("/") + ".lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def _setup_env(args, need_cute, holder):
    with _venv_lock(args.venv):
        return _setup_env_locked(args, need_cute, holder)


def _setup_env_locked(args, need_cute, holder):
    own_tmp = None
    venv = args.venv
    if venv and _find_site(venv):
        log(f"[oracle] reusing venv {venv}")
    else:
        if not venv:
            own_tmp = tempfile.mkdtemp(prefix="cute-oracle-venv-")
            holder["own_tmp"] = own_tmp
            venv = own_tmp
        log(f"[oracle] creating venv {venv} and installing {CUTLASS_PIP} (--no-deps)")
        t0 = time.time()
        r = subprocess.run([sys.executable, "-m", "venv", venv],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise Skip("python3 -m venv failed: " +
                       " | ".join((r.stderr or r.stdout).strip().splitlines()[-3:]))
        pip = os.path.join(venv, "bin", "pip")
        r = subprocess.run([pip, "install", "--disable-pip-version-check", "--no-deps",
                            "--quiet", CUTLASS_PIP], capture_output=True, text=True)
        if r.returncode != 0:
            raise Skip(f"pip install {CUTLASS_PIP} failed: " +
                       " | ".join((r.stderr or r.stdout).strip().splitlines()[-3:]))
        log(f"[oracle] installed in {time.time() - t0:.1f}s")
    site = _find_site(venv)
    if not site:
        raise Skip(f"no cutlass_library/source/include/cute in venv {venv}")
    ver = _installed_version(site)
    if ver and ver != CUTLASS_VERSION:
        log(f"[oracle] WARNING: venv has nvidia-cutlass {ver}, expected {CUTLASS_VERSION}")
    cute_inc = os.path.join(site, "cutlass_library", "source", "include")
    cuda_incs = []
    cxx = args.cxx or os.environ.get("CXX") or "g++"
    if need_cute:
        if shutil.which(cxx) is None:
            raise Skip(f"C++ compiler {cxx!r} not found")
        cands = []
        if args.cuda_include:
            cands.append(args.cuda_include)
        for var in ("CUDA_HOME", "CUDA_PATH"):
            if os.environ.get(var):
                cands.append(os.path.join(os.environ[var], "include"))
        cands.append("/usr/local/cuda/include")
        for c in cands:
            if os.path.isfile(os.path.join(c, "cuda_runtime_api.h")):
                cuda_incs = [os.path.join(c, "cccl"), c] if os.path.isdir(os.path.join(c, "cccl")) else [c]
                break
        else:
            raise Skip("CUDA toolkit headers (cuda_runtime_api.h) not found; "
                       "CuTe's host headers include them (use --cuda-include DIR)")
    return Env(venv, site, cute_inc, cuda_incs, cxx, own_tmp)
