#!/usr/bin/env bash
# Installs what `make windows` (the Windows cross-build) and tools/wine_test.sh (the
# Windows build under Wine) need on a Debian/Ubuntu machine: Rust's x86_64-pc-windows-gnu
# target, the MinGW-w64 linker and Wine. Run as root (or with sudo in front of apt-get).
#
#   tools/windows_setup.sh           installs; --help prints this and installs nothing
set -euo pipefail

if [ $# -gt 0 ]; then
    # Any argument, a mistyped one too, must not start an installation.
    case $1 in
    --help | -h) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "windows_setup: unknown argument '$1' (--help says what it does)" >&2; exit 2 ;;
    esac
fi

rustup target add x86_64-pc-windows-gnu
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y gcc-mingw-w64-x86-64 wine wine64
