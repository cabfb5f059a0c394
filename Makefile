# `make EXE=path/to/binary` builds the optimized engine at exactly that path (the OpenBench
# convention); plain `make` builds ./bramble. `EVALFILE=/path/to/net.nnue` builds that
# network in instead of nets/bramble-5.nnue (OpenBench's form for network engines).
EXE ?= bramble
EVALFILE ?=

.PHONY: all test bench clean

all:
	BRAMBLE_EVALFILE="$(EVALFILE)" cargo build --release
	cp target/release/bramble $(EXE)

test:
	cargo test --release

bench: all
	./$(EXE) bench

clean:
	cargo clean
	rm -f bramble
