#!/usr/bin/env bash
# Builds Peng and runs every test: installs missing Debian packages, the npm
# reference implementations the real-data tests compare against, then CTest.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tools/install-deps.sh
for setup in tests/*/setup.sh; do
  [ -f "$setup" ] && bash "$setup"
done

cmake --preset default
cmake --build --preset default -j "$(nproc)"
ctest --preset default -j "$(nproc)"
