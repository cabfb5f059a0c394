# `make EXE=path/to/binary` builds the optimized engine at exactly that path (the OpenBench
# convention); plain `make` builds ./bramble. `EVALFILE=/path/to/net.nnue` builds that
# network in instead of nets/bramble-5.nnue (OpenBench's form for network engines).
EXE ?= bramble
EVALFILE ?=

WINDOWS_TARGET = x86_64-pc-windows-gnu

.PHONY: all test bench clean windows

all:
	BRAMBLE_EVALFILE="$(EVALFILE)" cargo build --release
	cp target/release/bramble $(EXE)

# bramble.exe for 64-bit Windows, cross-built with MinGW-w64 (tools/windows_setup.sh
# installs the target and the linker; tools/wine_test.sh tries the result under Wine).
windows:
	BRAMBLE_EVALFILE="$(EVALFILE)" cargo build --release --target $(WINDOWS_TARGET)
	cp target/$(WINDOWS_TARGET)/release/bramble.exe bramble.exe

test:
	cargo test --release

bench: all
	./$(EXE) bench

clean:
	cargo clean
	rm -f bramble bramble.exe
