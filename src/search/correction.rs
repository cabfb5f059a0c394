//! Correction history: the static evaluation misjudges some pawn structures the same way
//! again and again (a blocked centre, a weak pawn the tables do not see). Each search
//! result that bounds the true score away from the static evaluation moves an entry,
//! keyed by the side to move and the pawns, toward the error; the next static evaluation
//! of a position with those pawns is corrected by the entry.

use shakmaty::Color;

/// Entries per side (a power of two: the pawn key's low bits index it).
const SIZE: usize = 16_384;
/// Entries hold the error in 1/GRAIN of a centipawn, so small updates are not rounded away.
const GRAIN: i32 = 256;
/// The new error's weight in an update is `min(depth + 1, MAX_WEIGHT) / WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 16;
/// The largest correction, in centipawns.
const MAX_CORRECTION: i32 = 64;

pub struct CorrectionHistory {
    pawns: [[i16; SIZE]; 2],
}

impl CorrectionHistory {
    pub const fn new() -> CorrectionHistory {
        CorrectionHistory { pawns: [[0; SIZE]; 2] }
    }

    pub fn clear(&mut self) {
        self.pawns = [[0; SIZE]; 2];
    }

    /// The static evaluation `eval` corrected by what searches of these pawns found.
    #[inline]
    pub fn correct(&self, side: Color, pawn_key: u64, eval: i32) -> i32 {
        eval + i32::from(self.pawns[side as usize][index(pawn_key)]) / GRAIN
    }

    /// A search of `depth` found `score` where the uncorrected static evaluation said
    /// `raw_eval`: the entry (a running average of such errors) moves toward the
    /// difference, the more the deeper the search.
    pub fn update(&mut self, side: Color, pawn_key: u64, depth: i32, raw_eval: i32, score: i32) {
        let entry = &mut self.pawns[side as usize][index(pawn_key)];
        let error = (score - raw_eval).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        let value = (i32::from(*entry) * (WEIGHT_SCALE - weight) + error * weight) / WEIGHT_SCALE;
        // Both terms are within +-MAX_CORRECTION * GRAIN, which fits an i16.
        *entry = value.clamp(-MAX_CORRECTION * GRAIN, MAX_CORRECTION * GRAIN) as i16;
    }
}

#[inline]
fn index(pawn_key: u64) -> usize {
    pawn_key as usize & (SIZE - 1)
}

const _: () = assert!(MAX_CORRECTION * GRAIN <= i16::MAX as i32);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_errors_move_the_correction_toward_them_within_the_cap() {
        let mut history = Box::new(CorrectionHistory::new());
        let key = 0x1234_5678_9abc_def0;
        assert_eq!(history.correct(Color::White, key, 10), 10);
        for _ in 0..200 {
            history.update(Color::White, key, 10, 10, 40);
        }
        let corrected = history.correct(Color::White, key, 10);
        assert!((38..=40).contains(&corrected), "{corrected}");
        // The other side and other pawn structures are untouched.
        assert_eq!(history.correct(Color::Black, key, 10), 10);
        assert_eq!(history.correct(Color::White, key ^ 1, 10), 10);
        // A huge error is capped.
        for _ in 0..500 {
            history.update(Color::Black, key, 20, 0, -5000);
        }
        let capped = history.correct(Color::Black, key, 0);
        assert!((-MAX_CORRECTION..=-MAX_CORRECTION + 1).contains(&capped), "{capped}");
        history.clear();
        assert_eq!(history.correct(Color::White, key, 10), 10);
    }
}
