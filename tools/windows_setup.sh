#!/usr/bin/env bash
# Installs what `make windows` (the Windows cross-build) and tools/wine_test.sh (the
# Windows build under Wine) need on a Debian/Ubuntu machine: Rust's x86_64-pc-windows-gnu
# target, the MinGW-w64 linker and Wine. Run as root (or with sudo in front of apt-get).
set -euo pipefail

rustup target add x86_64-pc-windows-gnu
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y gcc-mingw-w64-x86-64 wine wine64
