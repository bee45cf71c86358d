#!/usr/bin/env bash
# Installs the Debian packages catlayout builds with, only those that are missing.
set -euo pipefail
packages=(g++ cmake make libgtest-dev librapidcheck-dev libboost-dev nlohmann-json3-dev libbenchmark-dev zlib1g-dev
          python3-dev python3-venv chromium)  # chromium: the playground's browser test (playground/README.md)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
