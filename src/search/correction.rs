//! Correction history: the static evaluation misjudges some pawn structures the same way
//! again and again (a blocked centre, a weak pawn the tables do not see). Each search
//! result that bounds the true score away from the static evaluation moves an entry,
//! keyed by the side to move and the pawns, toward the error; the next static evaluation
//! of a position with those pawns is corrected by the entry.

use crate::position::Position;

/// Entries per side (a power of two: the key's low bits index it).
const SIZE: usize = 16_384;
/// Entries hold the error in 1/GRAIN of a centipawn, so small updates are not rounded away.
const GRAIN: i32 = 256;
/// The new error's weight in an update is `min(depth + 1, MAX_WEIGHT) / WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 16;
/// The largest correction, in centipawns.
const MAX_CORRECTION: i32 = 64;

type Table = [[i16; SIZE]; 2];

pub struct CorrectionHistory {
    /// By side to move and pawn key.
    pawns: Table,
}

impl CorrectionHistory {
    pub const fn new() -> CorrectionHistory {
        CorrectionHistory { pawns: [[0; SIZE]; 2] }
    }

    pub fn clear(&mut self) {
        *self = CorrectionHistory::new();
    }

    /// The static evaluation `eval` of `pos` corrected by what searches of positions with
    /// the same pawns found.
    #[inline]
    pub fn correct(&self, pos: &Position, eval: i32) -> i32 {
        let side = pos.turn() as usize;
        let correction = i32::from(self.pawns[side][index(pos.pawn_key())]);
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
        let corrected = history.correct(&white, 10);
        assert!((38..=40).contains(&corrected), "{corrected}");
        // The other side is untouched, and so are other pawn structures.
        assert_eq!(history.correct(&black, 10), 10);
        assert_eq!(history.correct(&other_pawns, 10), 10);
        // A huge error is capped.
        for _ in 0..500 {
            history.update(&black, 20, 0, -5000);
        }
        let capped = history.correct(&black, 0);
        assert!((-MAX_CORRECTION..=-MAX_CORRECTION + 1).contains(&capped), "{capped}");
        history.clear();
        assert_eq!(history.correct(&white, 10), 10);
    }
}
