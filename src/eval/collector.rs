//! What the term modules share: the [`Collector`] every term goes to, and the [`Attacks`]
//! the pieces' terms find and the pawns' terms use. Kept apart so that `terms.rs` can call
//! `pieces.rs` and `pawns.rs` without either importing it back.

use shakmaty::Color;

/// Receives the evaluation's terms.
pub trait Collector {
    /// `count` times weight `index` for `color` (subtracted for Black).
    fn add(&mut self, color: Color, index: usize, count: i32);
}

/// The squares each side attacks (indexed by colour), kept for the threat, check and
/// passed-pawn terms.
#[derive(Default)]
pub struct Attacks {
    pub pawns: [u64; 2],
    /// By knights, bishops, rooks and queens, in that order (`PIECES` in `pieces.rs`).
    pub pieces: [[u64; 4]; 2],
    /// By anything, the king too.
    pub all: [u64; 2],
}

impl Attacks {
    /// By knights and bishops.
    pub(super) fn minors(&self, side: usize) -> u64 {
        self.pieces[side][0] | self.pieces[side][1]
    }
}
