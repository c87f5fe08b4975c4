#!/usr/bin/env bash
# Installs what the tests need (Debian's Chromium included) and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
    SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
    $SUDO apt-get update -q
    $SUDO apt-get install -y -q chromium fonts-dejavu-core
fi
python3 -m pip install -q -e ".[test,openspiel]"
python3 -m ruff check .
python3 -m pytest -n 2 "$@"
