//! The inputs of the network: 768 a perspective, one per (colour, role, square).
//!
//! Each side has its own perspective: the board as that side sees it, its own pieces
//! "ours" and its own back rank the first rank. For White that is the board as it is;
//! for Black the board flipped vertically (`sq ^ 56`) with the colours swapped. In that
//! view a piece switches on
//!
//! `index = colour (0 ours, 1 theirs) * 384 + role (0 pawn ... 5 king) * 64 + square (a1 = 0)`.
//!
//! The trainer builds a training record's inputs (`train/inputs.rs`) with the same
//! [`Features`].

use shakmaty::{Board, Color};

/// Inputs of one perspective.
pub const INPUTS: usize = 768;
/// Pieces of a legal position at most, so inputs on in one perspective at most.
pub const MAX_ACTIVE: usize = 32;

/// The inputs on in a position: the side to move's and the other side's, in the same
/// order (entry `i` of both is the same piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    stm: [usize; MAX_ACTIVE],
    nstm: [usize; MAX_ACTIVE],
    count: usize,
}

impl Features {
    /// The side to move's inputs that are on.
    pub fn stm(&self) -> &[usize] {
        &self.stm[..self.count]
    }

    /// The other side's inputs that are on.
    pub fn nstm(&self) -> &[usize] {
        &self.nstm[..self.count]
    }

    pub(crate) fn empty() -> Features {
        Features { stm: [0; MAX_ACTIVE], nstm: [0; MAX_ACTIVE], count: 0 }
    }

    /// Adds a piece given as the side to move sees it: `theirs` its colour, `role` 0 to 5.
    pub(crate) fn push(&mut self, theirs: bool, role: usize, square: usize) {
        if self.count < MAX_ACTIVE {
            self.stm[self.count] = index(theirs, role, square);
            // The other side: the board flipped, the colours swapped.
            self.nstm[self.count] = index(!theirs, role, square ^ 56);
            self.count += 1;
        }
    }
}

pub(crate) fn index(theirs: bool, role: usize, square: usize) -> usize {
    usize::from(theirs) * 384 + role * 64 + square
}

/// The inputs of a position given as a board and the side to move. A board of more than
/// 32 pieces (never a legal position) counts only its first 32.
pub fn features(board: &Board, side_to_move: Color) -> Features {
    let mut features = Features::empty();
    for (square, piece) in board {
        let square = if side_to_move == Color::White { square } else { square.flip_vertical() };
        let role = usize::from(piece.role) - 1; // shakmaty's roles count from 1 (pawn)
        features.push(piece.color != side_to_move, role, usize::from(square));
    }
    features
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position as _};

    use super::*;

    fn position(fen: &str) -> Chess {
        let fen: Fen = fen.parse().expect("a FEN");
        fen.into_position(CastlingMode::Standard).expect("legal")
    }

    fn sorted(mut v: Vec<usize>) -> Vec<usize> {
        v.sort_unstable();
        v
    }

    #[test]
    fn the_start_position_from_each_side() {
        let pos = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let f = features(pos.board(), Color::White);
        assert_eq!(f.count, 32);
        // White's king on e1: ours, role 5, square 4.
        assert!(f.stm().contains(&(5 * 64 + 4)));
        // Black's king on e8 is theirs: 384 + 320 + 60.
        assert!(f.stm().contains(&(384 + 5 * 64 + 60)));
        // From Black's side his king is ours on e1 after the flip.
        assert!(f.nstm().contains(&(5 * 64 + 4)));
        // The start position is symmetric: both perspectives see the same inputs.
        assert_eq!(sorted(f.stm().to_vec()), sorted(f.nstm().to_vec()));
    }

    #[test]
    fn a_colour_flipped_position_has_the_same_inputs() {
        let pos = position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let mut flipped = pos.board().clone();
        flipped.flip_vertical();
        flipped.swap_colors();
        let a = features(pos.board(), Color::White);
        let b = features(&flipped, Color::Black);
        assert_eq!(sorted(a.stm().to_vec()), sorted(b.stm().to_vec()));
        assert_eq!(sorted(a.nstm().to_vec()), sorted(b.nstm().to_vec()));
        assert_ne!(sorted(a.stm().to_vec()), sorted(a.nstm().to_vec()), "an asymmetric position");
    }
}
