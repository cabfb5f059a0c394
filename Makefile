# `make EXE=path/to/binary` builds the optimized engine at exactly that path (the OpenBench
# convention); plain `make` builds ./bramble. `EVALFILE=/path/to/net.nnue` builds that
# network in instead of nets/bramble-11.nnue (OpenBench's form for network engines).
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

# The release files in dist/: for Linux and Windows an x86-64-v2 binary (POPCNT and
# SSE4.2: every x86-64 processor since 2009) and an x86-64-v3 one (AVX2, BMI2, FMA:
# Intel Haswell 2013 and AMD Excavator 2015 on; bench nps +4.6%), each with the network
# built in, and their SHA256SUMS. `--version` names the level; a v3 binary on a processor
# without AVX2 says so in one line. A tree with uncommitted changes is built but warned
# about: the binaries name the last commit.
V3_FLAGS = -C target-cpu=x86-64-v3
release:
	@git diff --quiet HEAD 2>/dev/null || echo "make release: warning: uncommitted changes; the binaries say $$(git rev-parse --short HEAD)" >&2
	BRAMBLE_EVALFILE="$(EVALFILE)" cargo build --release
	BRAMBLE_EVALFILE="$(EVALFILE)" cargo build --release --target $(WINDOWS_TARGET)
	BRAMBLE_EVALFILE="$(EVALFILE)" RUSTFLAGS="$(V3_FLAGS)" cargo build --release --target-dir target/v3
	BRAMBLE_EVALFILE="$(EVALFILE)" RUSTFLAGS="$(V3_FLAGS)" cargo build --release --target-dir target/v3 --target $(WINDOWS_TARGET)
	rm -rf $(DIST)
	mkdir -p $(DIST)
	cp target/release/bramble $(DIST)/bramble-$(VERSION)-linux-x86_64-v2
	cp target/v3/release/bramble $(DIST)/bramble-$(VERSION)-linux-x86_64-v3
	cp target/$(WINDOWS_TARGET)/release/bramble.exe $(DIST)/bramble-$(VERSION)-windows-x86_64-v2.exe
	cp target/v3/$(WINDOWS_TARGET)/release/bramble.exe $(DIST)/bramble-$(VERSION)-windows-x86_64-v3.exe
	cd $(DIST) && sha256sum bramble-$(VERSION)-* > SHA256SUMS
	@cat $(DIST)/SHA256SUMS

test:
	cargo test --release

bench: all
	./$(EXE) bench

clean:
	cargo clean
	rm -rf bramble bramble.exe $(DIST)
