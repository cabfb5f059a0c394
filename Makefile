# `make EXE=path/to/binary` builds the optimized engine at exactly that path (the OpenBench
# convention); plain `make` builds ./bramble.
EXE ?= bramble

.PHONY: all test bench clean

all:
	cargo build --release
	cp target/release/bramble $(EXE)

test:
	cargo test --release

bench: all
	./$(EXE) bench

clean:
	cargo clean
	rm -f bramble
