//! Correction history: the static evaluation misjudges some pawn structures the same way
//! again and again (a blocked centre, a weak pawn the tables do not see). Each search
//! result that bounds the true score away from the static evaluation moves an entry,
//! keyed by the side to move and the pawns, toward the error; the next static evaluation
//! of a position with those pawns is corrected by the entry. With `CORRECTION_NON_PAWN`,
//! two more tables do the same keyed by each side's other pieces.

use shakmaty::Color;

use super::params::CORRECTION_NON_PAWN;
use crate::position::Position;

/// Entries per side (a power of two: the key's low bits index it).
const SIZE: usize = 16_384;
/// Entries hold the error in 1/GRAIN of a centipawn, so small updates are not rounded away.
const GRAIN: i32 = 256;
/// The new error's weight in an update is `min(depth + 1, MAX_WEIGHT) / WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 16;
/// The largest correction of one table, in centipawns.
const MAX_CORRECTION: i32 = 64;

type Table = [[i16; SIZE]; 2];

pub struct CorrectionHistory {
    /// By side to move and pawn key.
    pawns: Table,
    /// By the colour of the pieces keyed, then side to move and that colour's non-pawn key.
    non_pawn: [Table; 2],
}

impl CorrectionHistory {
    pub const fn new() -> CorrectionHistory {
        CorrectionHistory { pawns: [[0; SIZE]; 2], non_pawn: [[[0; SIZE]; 2]; 2] }
    }

    pub fn clear(&mut self) {
        *self = CorrectionHistory::new();
    }

    /// The static evaluation `eval` of `pos` corrected by what searches of positions with
    /// the same pawns (and, with `CORRECTION_NON_PAWN`, the same pieces of either side)
    /// found.
    #[inline]
    pub fn correct(&self, pos: &Position, eval: i32) -> i32 {
        let side = pos.turn() as usize;
        let mut correction = i32::from(self.pawns[side][index(pos.pawn_key())]);
        if CORRECTION_NON_PAWN {
            for color in Color::ALL {
                correction += i32::from(self.non_pawn[color as usize][side][index(pos.non_pawn_key(color))]) / 2;
            }
        }
        eval + correction / GRAIN
    }

    /// A search of `pos` to `depth` found `score` where the uncorrected static evaluation
    /// said `raw_eval`: each entry (a running average of such errors) moves toward the
    /// difference, the more the deeper the search.
    pub fn update(&mut self, pos: &Position, depth: i32, raw_eval: i32, score: i32) {
        let side = pos.turn() as usize;
        let error = (score - raw_eval).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        average_in(&mut self.pawns[side][index(pos.pawn_key())], error, weight);
        if CORRECTION_NON_PAWN {
            for color in Color::ALL {
                average_in(&mut self.non_pawn[color as usize][side][index(pos.non_pawn_key(color))], error, weight);
            }
        }
    }
}

/// Moves `entry` toward `error` by `weight / WEIGHT_SCALE`.
#[inline]
fn average_in(entry: &mut i16, error: i32, weight: i32) {
    let value = (i32::from(*entry) * (WEIGHT_SCALE - weight) + error * weight) / WEIGHT_SCALE;
    // Both terms are within +-MAX_CORRECTION * GRAIN, which fits an i16.
    *entry = value.clamp(-MAX_CORRECTION * GRAIN, MAX_CORRECTION * GRAIN) as i16;
}

#[inline]
fn index(key: u64) -> usize {
    key as usize & (SIZE - 1)
}

const _: () = assert!(MAX_CORRECTION * GRAIN <= i16::MAX as i32);

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;

    fn position(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).expect("valid FEN").0
    }

    #[test]
    fn repeated_errors_move_the_correction_toward_them_within_the_cap() {
        let mut history = Box::new(CorrectionHistory::new());
        let white = position("4k3/pp6/8/8/8/8/5PPP/4K3 w - - 0 1");
        let black = position("4k3/pp6/8/8/8/8/5PPP/4K3 b - - 0 1");
        let other_pawns = position("4k3/pp6/8/8/8/7P/5PP1/4K3 w - - 0 1");
        assert_eq!(history.correct(&white, 10), 10);
        for _ in 0..200 {
            history.update(&white, 10, 10, 40);
        }
        // The pawn table learns the whole error; with `CORRECTION_NON_PAWN` each side's
        // table (the same kings here) adds half of it.
        let non_pawn = if CORRECTION_NON_PAWN { 30 } else { 0 };
        let corrected = history.correct(&white, 10);
        assert!((38 + non_pawn..=40 + non_pawn).contains(&corrected), "{corrected}");
        // The other side is untouched, and so are other pawn structures (but for the
        // tables of the other pieces).
        assert_eq!(history.correct(&black, 10), 10);
        let other = history.correct(&other_pawns, 10);
        assert!((8 + non_pawn..=10 + non_pawn).contains(&other), "{other}");
        // A huge error is capped.
        for _ in 0..500 {
            history.update(&black, 20, 0, -5000);
        }
        let capped = history.correct(&black, 0);
        let cap = if CORRECTION_NON_PAWN { 2 * MAX_CORRECTION } else { MAX_CORRECTION };
        assert!((-cap..=-cap + 1).contains(&capped), "{capped}");
        history.clear();
        assert_eq!(history.correct(&white, 10), 10);
    }
}
