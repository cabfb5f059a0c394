//! The inputs of the network: 768 a perspective, one per (colour, role, square), in each
//! of the network's king buckets.
//!
//! Each side has its own perspective: the board as that side sees it, its own pieces
//! "ours" and its own back rank the first rank. For White that is the board as it is;
//! for Black the board flipped vertically (`sq ^ 56`) with the colours swapped. In that
//! view a piece switches on
//!
//! `index = colour (0 ours, 1 theirs) * 384 + role (0 pawn ... 5 king) * 64 + square (a1 = 0)`.
//!
//! # King buckets
//!
//! A network of one king bucket has those 768 inputs. A network of [`KING_BUCKETS`] has
//! four sets of them, and the perspective's own king picks the set ([`View`]): with that
//! king on files e-h the perspective's board is also mirrored left to right (`sq ^ 7`),
//! so the king always stands on files a-d, and there its square picks the bucket:
//!
//! ```text
//! ranks 3-8      3 3 3 3
//! rank 2         2 2 2 2
//! rank 1         0 0 1 1      (files a-d: a king castled short or long, or at home)
//! ```
//!
//! `index = bucket * 768 + colour * 384 + role * 64 + (square ^ mirror)`. So the same
//! piece counts differently for a castled king and one in the centre or in the open, and
//! one side of the board serves for both. A king move that changes its side's bucket or
//! mirror changes every input of that perspective (the accumulator is built again).
//!
//! The trainer builds a training record's inputs (`train/inputs.rs`) with the same
//! [`Features`].

use shakmaty::{Board, Color, Square};

/// Inputs of one perspective in one king bucket.
pub const INPUTS: usize = 768;
/// Pieces of a legal position at most, so inputs on in one perspective at most.
pub const MAX_ACTIVE: usize = 32;
/// The king buckets of a network that has them (the other networks have one).
pub const KING_BUCKETS: usize = 4;

/// The views of a network with king buckets: each bucket, plain or mirrored.
pub const VIEWS: usize = 2 * KING_BUCKETS;

/// The king bucket of each square of files a-d (a1 = 0), as the table above draws it.
const KING_BUCKET_OF: [u8; 64] = {
    let mut table = [3; 64];
    table[0] = 0; // a1
    table[1] = 0; // b1
    table[2] = 1; // c1
    table[3] = 1; // d1
    let mut square = 8;
    while square < 16 {
        table[square] = 2;
        square += 1;
    }
    table
};

/// How one perspective maps its pieces to inputs: the king bucket's first input and
/// whether its board is mirrored left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    offset: usize,
    /// 0, or 7 to mirror the file.
    mirror: usize,
}

impl View {
    /// The only view of a network without king buckets.
    pub const PLAIN: View = View { offset: 0, mirror: 0 };

    /// The view of a perspective whose king stands on `king` (in the perspective's own
    /// orientation, a1 = 0) in a network of `king_buckets` buckets (1 or [`KING_BUCKETS`]).
    #[inline]
    pub fn new(king_buckets: usize, king: usize) -> View {
        if king_buckets <= 1 {
            return View::PLAIN;
        }
        let mirror = if king % 8 >= 4 { 7 } else { 0 };
        View { offset: usize::from(KING_BUCKET_OF[king ^ mirror]) * INPUTS, mirror }
    }

    /// How `perspective` sees `board` in a network of `king_buckets` buckets: by its own
    /// king's square as it sees it (Black's board flipped). A board without that king
    /// (never a legal position) takes the first bucket.
    #[inline]
    pub fn of(king_buckets: usize, board: &Board, perspective: Color) -> View {
        if king_buckets <= 1 {
            return View::PLAIN;
        }
        let king = board.king_of(perspective).map_or(0, |king| oriented(perspective, king));
        View::new(king_buckets, king)
    }

    /// Which of the [`VIEWS`] this is: the bucket and the mirror as one number.
    #[inline]
    pub fn slot(self) -> usize {
        self.offset / INPUTS * 2 + usize::from(self.mirror != 0)
    }

    /// The input of a piece (`theirs` its colour, `role` 0 to 5) on `square`, both as the
    /// perspective sees them.
    #[inline]
    pub fn index(self, theirs: bool, role: usize, square: usize) -> usize {
        self.offset + index(theirs, role, square ^ self.mirror)
    }
}

/// The inputs on in a position: the side to move's and the other side's, in the same
/// order (entry `i` of both is the same piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    stm: [usize; MAX_ACTIVE],
    nstm: [usize; MAX_ACTIVE],
    count: usize,
    views: [View; 2],
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

    /// No inputs yet; the pieces pushed will be seen through these views: the side to
    /// move's and the other side's.
    pub(crate) fn new(stm_view: View, nstm_view: View) -> Features {
        Features { stm: [0; MAX_ACTIVE], nstm: [0; MAX_ACTIVE], count: 0, views: [stm_view, nstm_view] }
    }

    /// Adds a piece given as the side to move sees it: `theirs` its colour, `role` 0 to 5.
    pub(crate) fn push(&mut self, theirs: bool, role: usize, square: usize) {
        if self.count < MAX_ACTIVE {
            self.stm[self.count] = self.views[0].index(theirs, role, square);
            // The other side: the board flipped, the colours swapped.
            self.nstm[self.count] = self.views[1].index(!theirs, role, square ^ 56);
            self.count += 1;
        }
    }
}

pub(crate) fn index(theirs: bool, role: usize, square: usize) -> usize {
    usize::from(theirs) * 384 + role * 64 + square
}

/// `square` as `perspective` sees the board: Black's flipped vertically.
#[inline]
pub(crate) fn oriented(perspective: Color, square: Square) -> usize {
    match perspective {
        Color::White => usize::from(square),
        Color::Black => usize::from(square.flip_vertical()),
    }
}

/// The inputs of a position given as a board and the side to move, for a network of
/// `king_buckets` king buckets. A board of more than 32 pieces (never a legal position)
/// counts only its first 32.
pub fn features(board: &Board, side_to_move: Color, king_buckets: usize) -> Features {
    let orient = |square: Square| if side_to_move == Color::White { square } else { square.flip_vertical() };
    let view = |perspective| View::of(king_buckets, board, perspective);
    let mut features = Features::new(view(side_to_move), view(side_to_move.other()));
    for (square, piece) in board {
        let role = usize::from(piece.role) - 1; // shakmaty's roles count from 1 (pawn)
        features.push(piece.color != side_to_move, role, usize::from(orient(square)));
    }
    features
}

#[cfg(test)]
mod tests {
    use shakmaty::Position as _;

    use super::*;
    use crate::testing::{chess, sorted};

    #[test]
    fn the_start_position_from_each_side() {
        let pos = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let f = features(pos.board(), Color::White, 1);
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
    fn the_king_picks_the_bucket_and_the_half() {
        let view = |square: &str| View::new(KING_BUCKETS, usize::from(square.parse::<Square>().expect("a square")));
        let expect = |bucket: usize, mirror: usize| View { offset: bucket * INPUTS, mirror };
        for (square, bucket, mirror) in [
            ("a1", 0, 0),
            ("b1", 0, 0),
            ("c1", 1, 0),
            ("d1", 1, 0),
            ("e1", 1, 7),
            ("g1", 0, 7),
            ("h1", 0, 7),
            ("a2", 2, 0),
            ("e2", 2, 7),
            ("d3", 3, 0),
            ("h8", 3, 7),
        ] {
            assert_eq!(view(square), expect(bucket, mirror), "{square}");
        }
        assert_eq!(View::new(1, 6), View::PLAIN);
        // Our king on g1 is our king on b1 in bucket 0: 5 * 64 + 1.
        assert_eq!(view("g1").index(false, 5, 6), 321);
        // A knight of theirs on f6 with our king on e1: bucket 1, mirrored to c6.
        assert_eq!(view("e1").index(true, 1, 45), 768 + 384 + 64 + 42);
    }

    #[test]
    fn king_buckets_see_the_start_position_the_same_from_each_side() {
        let pos = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let f = features(pos.board(), Color::White, KING_BUCKETS);
        // Kings on e1 and e8: each side's bucket 1, mirrored; our king is on d1 there.
        assert!(f.stm().contains(&(768 + 5 * 64 + 3)));
        assert!(f.stm().iter().all(|&i| (768..2 * 768).contains(&i)));
        assert_eq!(sorted(f.stm().to_vec()), sorted(f.nstm().to_vec()));
        // Once White has castled short only White's perspective changes bucket.
        let castled = chess("rnbqkbnr/pppppppp/8/8/8/5NP1/PPPPPPBP/RNBQ1RK1 b kq - 0 4");
        let f = features(castled.board(), Color::Black, KING_BUCKETS);
        assert!(f.stm().iter().all(|&i| (768..2 * 768).contains(&i)), "Black's king at home");
        assert!(f.nstm().iter().all(|&i| i < 768), "White's king castled: bucket 0");
    }

    #[test]
    fn a_colour_flipped_position_has_the_same_inputs() {
        let pos = chess("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let mut flipped = pos.board().clone();
        flipped.flip_vertical();
        flipped.swap_colors();
        for king_buckets in [1, KING_BUCKETS] {
            let a = features(pos.board(), Color::White, king_buckets);
            let b = features(&flipped, Color::Black, king_buckets);
            assert_eq!(sorted(a.stm().to_vec()), sorted(b.stm().to_vec()));
            assert_eq!(sorted(a.nstm().to_vec()), sorted(b.nstm().to_vec()));
            assert_ne!(sorted(a.stm().to_vec()), sorted(a.nstm().to_vec()), "an asymmetric position");
        }
    }
}
