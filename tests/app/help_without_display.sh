#!/usr/bin/env bash
# `peng --help` and `peng --version` answer on a machine with no display at all
# (no X, no Wayland, no QT_QPA_PLATFORM): issue 19, case 14.
# Usage: help_without_display.sh PENG_BINARY
set -uo pipefail
peng=$1
unset DISPLAY WAYLAND_DISPLAY QT_QPA_PLATFORM
status=0
check() {  # check ARGUMENT EXPECTED_TEXT
    local out code
    out=$(timeout 60 "$peng" "$1" 2>&1)
    code=$?
    if [[ $code -ne 0 ]]; then
        echo "peng $1 without a display: exit $code"; echo "$out"; status=1
    elif ! grep -qF -- "$2" <<<"$out"; then
        echo "peng $1 without a display: '$2' missing from"; echo "$out"; status=1
    else
        echo "peng $1: ok"
    fi
}
check --help "--model <DIR>"
check --help "Run Xiaomi MiMo-V2"
check --version "peng "
exit $status
