"""catlayout.__version__ is the project's one version (pyproject.toml), the installed package's,
and what `catlayout --version` prints where the CLI is built (CATLAYOUT_CLI, or build/cli/catlayout)."""
import importlib.metadata
import os
import subprocess

import pytest

import catlayout


def test_version_is_the_packages():
    assert isinstance(catlayout.__version__, str) and catlayout.__version__
    assert catlayout.__version__ == importlib.metadata.version("catlayout")


def test_version_is_the_clis(repo):
    cli = os.environ.get("CATLAYOUT_CLI") or str(repo / "build" / "cli" / "catlayout")
    if not os.access(cli, os.X_OK):
        pytest.skip(f"no catlayout CLI at {cli} (set CATLAYOUT_CLI)")
    out = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout
    assert out == f"catlayout {catlayout.__version__}\n"
