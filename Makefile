# `make EXE=path/to/binary` builds the optimized engine at exactly that path (the OpenBench
# convention); plain `make` builds ./bramble. `EVALFILE=/path/to/net.nnue` builds that
# network in instead of nets/bramble-8.nnue (OpenBench's form for network engines).
EXE ?= bramble
EVALFILE ?=

WINDOWS_TARGET = x86_64-pc-windows-gnu
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
DIST = dist

.PHONY: all test bench clean windows release

all:
	BRAMBLE_EVALFILE="$(EVALFILE)" cargo build --release
	cp target/release/bramble $(EXE)

# bramble.exe for 64-bit Windows, cross-built with MinGW-w64 (tools/windows_setup.sh
# installs the target and the linker; tools/wine_test.sh tries the result under Wine).
windows:
	BRAMBLE_EVALFILE="$(EVALFILE)" cargo build --release --target $(WINDOWS_TARGET)
	cp target/$(WINDOWS_TARGET)/release/bramble.exe bramble.exe

# The release files in dist/: the Linux and Windows binaries, each with the network built
# in, and their SHA256SUMS. A tree with uncommitted changes is built but warned about: the
# binaries name the last commit.
release:
	@git diff --quiet HEAD 2>/dev/null || echo "make release: warning: uncommitted changes; the binaries say $$(git rev-parse --short HEAD)" >&2
	BRAMBLE_EVALFILE="$(EVALFILE)" cargo build --release
	BRAMBLE_EVALFILE="$(EVALFILE)" cargo build --release --target $(WINDOWS_TARGET)
	rm -rf $(DIST)
	mkdir -p $(DIST)
	cp target/release/bramble $(DIST)/bramble-$(VERSION)-linux-x86_64
	cp target/$(WINDOWS_TARGET)/release/bramble.exe $(DIST)/bramble-$(VERSION)-windows-x86_64.exe
	cd $(DIST) && sha256sum bramble-$(VERSION)-linux-x86_64 bramble-$(VERSION)-windows-x86_64.exe > SHA256SUMS
	@cat $(DIST)/SHA256SUMS

test:
	cargo test --release

bench: all
	./$(EXE) bench

clean:
	cargo clean
	rm -rf bramble bramble.exe $(DIST)
