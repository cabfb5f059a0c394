//! Helpers shared by the unit tests of several modules; compiled for `cargo test` only.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

/// The position of a FEN that a test writes itself; a bad one is the test's own typo, so
/// it panics.
pub fn chess(fen: &str) -> Chess {
    let fen: Fen = fen.parse().expect("a FEN");
    fen.into_position(CastlingMode::Standard).expect("a legal position")
}

/// `v` in ascending order: feature lists compared without regard to their order.
pub fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v
}
