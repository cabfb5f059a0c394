//! Which network file is built into the binary. OpenBench builds network engines with
//! `make EXE=<path> EVALFILE=<absolute path to a .nnue>` and expects that network inside;
//! the Makefile hands `EVALFILE` on as `BRAMBLE_EVALFILE`. Without it the shipped network,
//! `nets/bramble-5.nnue`, is built in.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=BRAMBLE_EVALFILE");
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let net = match std::env::var("BRAMBLE_EVALFILE") {
        // A relative path is taken from the repository's root, as `make` runs there.
        Ok(path) if !path.trim().is_empty() => manifest_dir.join(path.trim()),
        _ => manifest_dir.join("nets/bramble-5.nnue"),
    };
    if !net.is_file() {
        eprintln!("bramble build: the network file {} does not exist (EVALFILE)", net.display());
        std::process::exit(1);
    }
    println!("cargo:rerun-if-changed={}", net.display());
    println!("cargo:rustc-env=BRAMBLE_BUILTIN_NET={}", net.display());
}
