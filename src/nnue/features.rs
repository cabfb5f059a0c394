//! The inputs of the network: 768 a perspective, one per (colour, role, square).
//!
//! Each side has its own perspective: the board as that side sees it, its own pieces
//! "ours" and its own back rank the first rank. For White that is the board as it is;
//! for Black the board flipped vertically (`sq ^ 56`) with the colours swapped. In that
//! view a piece switches on
//!
//! `index = colour (0 ours, 1 theirs) * 384 + role (0 pawn ... 5 king) * 64 + square (a1 = 0)`.
//!
//! A training record is already stored as the side to move sees it, so its pieces give the
//! side to move's indices directly, and the same flip and swap give the other side's.

use shakmaty::{Board, Color};

use crate::trainingdata::Record;

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

    fn empty() -> Features {
        Features { stm: [0; MAX_ACTIVE], nstm: [0; MAX_ACTIVE], count: 0 }
    }

    /// Adds a piece given as the side to move sees it: `theirs` its colour, `role` 0 to 5.
    fn push(&mut self, theirs: bool, role: usize, square: usize) {
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

/// The inputs of a training record (checked by `trainingdata::decode`: at most 32 pieces,
/// role codes 0 to 5).
pub fn record_features(record: &Record) -> Features {
    record_features_with(record, 0)
}

/// The inputs of a training record's board mirrored left to right (files a and h swapped).
/// Without castling rights, which the network does not see, the mirrored position is the
/// same position for play, so the trainer may learn from it as well (`TrainOptions::mirror`).
pub fn record_features_mirrored(record: &Record) -> Features {
    record_features_with(record, 7)
}

/// `square_xor` 0 keeps each square, 7 mirrors its file.
fn record_features_with(record: &Record, square_xor: usize) -> Features {
    let mut features = Features::empty();
    for (piece, square) in *record {
        features.push(piece & 8 != 0, usize::from(piece & 7), usize::from(square) ^ square_xor);
    }
    features
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position as _};

    use super::*;
    use crate::trainingdata::pack;

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
    fn a_record_and_its_board_give_the_same_inputs() {
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 4 4",
            "8/8/4k3/8/2K5/8/3P4/8 b - - 0 60",
        ] {
            let pos = position(fen);
            let from_board = features(pos.board(), pos.turn());
            let from_record = record_features(&pack(&pos, 0, 0.5));
            assert_eq!(sorted(from_board.stm().to_vec()), sorted(from_record.stm().to_vec()), "{fen}");
            assert_eq!(sorted(from_board.nstm().to_vec()), sorted(from_record.nstm().to_vec()), "{fen}");
        }
    }

    #[test]
    fn a_mirrored_record_gives_the_mirrored_boards_inputs() {
        for fen in
            ["r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", "8/8/4k3/8/2K5/8/3P4/8 b - - 0 60"]
        {
            let pos = position(fen);
            let mut mirrored = pos.board().clone();
            mirrored.flip_horizontal();
            let from_board = features(&mirrored, pos.turn());
            let from_record = record_features_mirrored(&pack(&pos, 0, 0.5));
            assert_eq!(sorted(from_board.stm().to_vec()), sorted(from_record.stm().to_vec()), "{fen}");
            assert_eq!(sorted(from_board.nstm().to_vec()), sorted(from_record.nstm().to_vec()), "{fen}");
            let plain = record_features(&pack(&pos, 0, 0.5));
            assert_ne!(sorted(plain.stm().to_vec()), sorted(from_record.stm().to_vec()), "{fen}: not symmetric");
        }
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
