//! Which network file is built into the binary, and the version string with its commit.
//!
//! OpenBench builds network engines with `make EXE=<path> EVALFILE=<absolute path to a
//! .nnue>` and expects that network inside; the Makefile hands `EVALFILE` on as
//! `BRAMBLE_EVALFILE`. Without it the shipped network, `nets/bramble-11.nnue`, is built in.
//!
//! `BRAMBLE_VERSION` is the package version, the short commit and on x86-64 the level the
//! build is compiled for, `1.0.0 (83cf819, x86-64-v2)`, so a reported game names the exact
//! build; `83cf819-dirty` when the sources differ from that commit (a build of uncommitted
//! changes); without git or a `.git` (a source tarball) the commit is left out.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=BRAMBLE_EVALFILE");
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let net = match std::env::var("BRAMBLE_EVALFILE") {
        // A relative path is taken from the repository's root, as `make` runs there.
        Ok(path) if !path.trim().is_empty() => manifest_dir.join(path.trim()),
        _ => manifest_dir.join("nets/bramble-11.nnue"),
    };
    if !net.is_file() {
        eprintln!("bramble build: the network file {} does not exist (EVALFILE)", net.display());
        std::process::exit(1);
    }
    println!("cargo:rerun-if-changed={}", net.display());
    println!("cargo:rustc-env=BRAMBLE_BUILTIN_NET={}", net.display());

    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let level = build_level();
    let version = match (commit(&manifest_dir), level.is_empty()) {
        (Some(commit), false) => format!("{version} ({commit}, {level})"),
        (Some(commit), true) => format!("{version} ({commit})"),
        (None, false) => format!("{version} ({level})"),
        (None, true) => version,
    };
    println!("cargo:rustc-env=BRAMBLE_VERSION={version}");
    println!("cargo:rustc-env=BRAMBLE_BUILD_LEVEL={level}");
}

/// The x86-64 level the build is compiled for (`x86-64-v2` by .cargo/config.toml,
/// `x86-64-v3` with `RUSTFLAGS="-C target-cpu=x86-64-v3"`), from the target features cargo
/// passes to build scripts; empty on other architectures.
fn build_level() -> String {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("x86_64") {
        return String::new();
    }
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let has = |feature: &str| features.split(',').any(|f| f == feature);
    let level = if has("avx2") && has("bmi2") && has("fma") {
        "x86-64-v3"
    } else if has("popcnt") && has("sse4.2") {
        "x86-64-v2"
    } else {
        "x86-64"
    };
    level.to_string()
}

/// The short commit of the checkout, watching the files that change with it; `None`
/// outside a git checkout of this repository.
fn commit(root: &Path) -> Option<String> {
    // Only our own `.git` (a directory, or a file in a worktree): an unpacked tarball
    // inside some other repository must not take that repository's commit.
    if !root.join(".git").exists() {
        return None;
    }
    let hash = git(root, &["rev-parse", "--short", "HEAD"])?;
    let hash = if sources_differ(root) { format!("{hash}-dirty") } else { hash };
    // HEAD moves on checkout; the branch it names moves on commit. `--git-path` finds both
    // in a worktree too. Only existing files: cargo reruns always for a missing one.
    let head = PathBuf::from(git(root, &["rev-parse", "--git-path", "HEAD"])?);
    watch(&root.join(&head));
    if let Some(reference) = std::fs::read_to_string(root.join(&head))
        .ok()
        .and_then(|h| h.strip_prefix("ref: ").map(|r| r.trim().to_string()))
    {
        let loose = git(root, &["rev-parse", "--git-path", &reference]).map(|p| root.join(p));
        match loose {
            Some(path) if path.is_file() => watch(&path),
            // A packed branch (after `git gc`) lives in packed-refs.
            _ => {
                if let Some(packed) = git(root, &["rev-parse", "--git-path", "packed-refs"]) {
                    watch(&root.join(packed));
                }
            }
        }
    }
    Some(hash)
}

/// Whether the files that make the binary differ from HEAD (`git diff` exits 1), watching
/// them so that the mark comes and goes with the edits (a directory is watched whole).
fn sources_differ(root: &Path) -> bool {
    const SOURCES: [&str; 4] = ["src", "build.rs", "Cargo.toml", "Cargo.lock"];
    for source in SOURCES {
        watch(&root.join(source));
    }
    let status = Command::new("git").args(["diff", "--quiet", "HEAD", "--"]).args(SOURCES).current_dir(root).status();
    status.is_ok_and(|status| status.code() == Some(1))
}

fn watch(path: &Path) {
    if path.exists() {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}

/// One line of git's output, or `None` if git is missing or fails.
fn git(root: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).current_dir(root).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let line = text.trim();
    (output.status.success() && !line.is_empty()).then(|| line.to_string())
}
