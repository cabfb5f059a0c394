//! The terms of the evaluation, written once for two uses: the engine adds up the
//! weights (`Scorer` in `mod.rs`), the tuner records how often each weight counts
//! (its trace). Both see the same calls to [`Collector::add`].

use shakmaty::{Board, Color, Role};

use super::params::{MATERIAL, piece_square};

/// Receives the evaluation's terms.
pub trait Collector {
    /// `count` times weight `index` for `color` (subtracted for Black).
    fn add(&mut self, color: Color, index: usize, count: i32);
}

/// Game phase weight of each role; 24 is a full board, 0 a pawn ending.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const PHASE_MAX: i32 = 24;

/// Every term of `board`.
#[inline]
pub fn collect(board: &Board, out: &mut impl Collector) {
    for (role_index, role) in Role::ALL.into_iter().enumerate() {
        for color in Color::ALL {
            let pieces = board.by_role(role) & board.by_color(color);
            out.add(color, MATERIAL + role_index, pieces.count() as i32);
            for square in pieces {
                out.add(color, piece_square(role_index, usize::from(square), color), 1);
            }
        }
    }
}

/// 24 with all pieces on the board, 0 with kings and pawns only; more after promotions
/// (the taper caps it).
#[inline]
pub fn phase(board: &Board) -> i32 {
    Role::ALL.into_iter().zip(PHASE_WEIGHT).map(|(role, weight)| weight * board.by_role(role).count() as i32).sum()
}
