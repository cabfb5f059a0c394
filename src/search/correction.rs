//! Correction history: the static evaluation misjudges some pawn structures the same way
//! again and again (a blocked centre, a weak pawn the tables do not see). Each search
//! result that bounds the true score away from the static evaluation moves an entry,
//! keyed by the side to move and the pawns, toward the error; the next static evaluation
//! of a position with those pawns is corrected by the entry. With `SEARCH_IV_BATCH_3` a
//! second table does the same keyed by the last two moves (Stockfish's continuation
//! correction history): some replies leave positions the evaluation misjudges alike.

use super::history::{PIECE_SQUARES, PieceTo};
use crate::position::Position;

/// Entries per side (a power of two: the key's low bits index it).
const SIZE: usize = 16_384;
/// Entries hold the error in 1/GRAIN of a centipawn, so small updates are not rounded away.
const GRAIN: i32 = 256;
/// The new error's weight in an update is `min(depth + 1, MAX_WEIGHT) / WEIGHT_SCALE`.
const WEIGHT_SCALE: i32 = 256;
const MAX_WEIGHT: i32 = 16;
/// The largest correction of each table, in centipawns.
const MAX_CORRECTION: i32 = 64;

type Table = [[i16; SIZE]; 2];

/// The last two moves before a node, the one before last first: what the continuation
/// table is keyed by.
pub type LastMoves = [PieceTo; 2];

pub struct CorrectionHistory {
    /// By side to move and pawn key.
    pawns: Table,
    /// `continuation[move before last][last move]`, both as `PieceTo`; the side to move is
    /// implied by the pieces.
    continuation: Vec<[i16; PIECE_SQUARES]>,
}

impl CorrectionHistory {
    /// On the heap: the continuation table is 1.2 MB.
    pub fn new() -> Box<CorrectionHistory> {
        Box::new(CorrectionHistory { pawns: [[0; SIZE]; 2], continuation: vec![[0; PIECE_SQUARES]; PIECE_SQUARES] })
    }

    pub fn clear(&mut self) {
        self.pawns = [[0; SIZE]; 2];
        self.continuation.iter_mut().for_each(|row| row.fill(0));
    }

    /// The static evaluation `eval` of `pos` corrected by what searches of positions with
    /// the same pawns found, and, given `last_moves`, of positions reached by the same two
    /// moves.
    #[inline]
    pub fn correct(&self, pos: &Position, eval: i32, last_moves: Option<LastMoves>) -> i32 {
        let side = pos.turn() as usize;
        let mut correction = i32::from(self.pawns[side][index(pos.pawn_key())]);
        if let Some([before, last]) = last_moves {
            correction += i32::from(self.continuation[before.index()][last.index()]);
        }
        eval + correction / GRAIN
    }

    /// A search of `pos` to `depth` found `score` where the uncorrected static evaluation
    /// said `raw_eval`: the entries that correct it (running averages) move so that
    /// together they come nearer the difference, the more the deeper the search. Each
    /// moves by what the correction as a whole misses, so that two entries do not both
    /// learn the same error; with one entry, it moves toward the difference itself.
    pub fn update(&mut self, pos: &Position, depth: i32, raw_eval: i32, score: i32, last_moves: Option<LastMoves>) {
        let side = pos.turn() as usize;
        let error = (score - raw_eval).clamp(-MAX_CORRECTION, MAX_CORRECTION) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        let pawns = &mut self.pawns[side][index(pos.pawn_key())];
        let continuation = last_moves.map(|[before, last]| &mut self.continuation[before.index()][last.index()]);
        let missed = error - i32::from(*pawns) - continuation.as_ref().map_or(0, |entry| i32::from(**entry));
        for entry in std::iter::once(pawns).chain(continuation) {
            let target = (i32::from(*entry) + missed).clamp(-MAX_CORRECTION * GRAIN, MAX_CORRECTION * GRAIN);
            average_in(entry, target, weight);
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
    use shakmaty::{CastlingMode, Color, Move, Role, Square};

    fn position(fen: &str) -> Position {
        Position::from_fen(fen, CastlingMode::Standard).expect("valid FEN").0
    }

    #[test]
    fn repeated_errors_move_the_correction_toward_them_within_the_cap() {
        let mut history = CorrectionHistory::new();
        let white = position("4k3/pp6/8/8/8/8/5PPP/4K3 w - - 0 1");
        let black = position("4k3/pp6/8/8/8/8/5PPP/4K3 b - - 0 1");
        let other_pawns = position("4k3/pp6/8/8/8/7P/5PP1/4K3 w - - 0 1");
        assert_eq!(history.correct(&white, 10, None), 10);
        for _ in 0..200 {
            history.update(&white, 10, 10, 40, None);
        }
        let corrected = history.correct(&white, 10, None);
        assert!((38..=40).contains(&corrected), "{corrected}");
        // The other side is untouched, and so are other pawn structures.
        assert_eq!(history.correct(&black, 10, None), 10);
        assert_eq!(history.correct(&other_pawns, 10, None), 10);
        // A huge error is capped.
        for _ in 0..500 {
            history.update(&black, 20, 0, -5000, None);
        }
        let capped = history.correct(&black, 0, None);
        assert!((-MAX_CORRECTION..=-MAX_CORRECTION + 1).contains(&capped), "{capped}");
        history.clear();
        assert_eq!(history.correct(&white, 10, None), 10);
    }

    #[test]
    fn the_last_two_moves_correct_apart_from_the_pawns() {
        let mut history = CorrectionHistory::new();
        let pos = position("4k3/pp6/8/8/8/8/5PPP/4K3 w - - 0 1");
        let knight = |from, to| Move::Normal { role: Role::Knight, from, capture: None, to, promotion: None };
        let last = [
            PieceTo::new(Color::White, knight(Square::G1, Square::F3)),
            PieceTo::new(Color::Black, knight(Square::G8, Square::F6)),
        ];
        let other = [last[0], PieceTo::new(Color::Black, knight(Square::B8, Square::C6))];
        let other_pawns = position("4k3/pp6/8/8/8/7P/5PP1/4K3 w - - 0 1");
        for _ in 0..200 {
            history.update(&pos, 10, 10, 40, Some(last));
        }
        // Together the two tables correct the error of 30 once, each about half of it.
        let both = history.correct(&pos, 10, Some(last));
        assert!((38..=40).contains(&both), "{both}");
        let pawns_only = history.correct(&pos, 10, None);
        assert!((22..=26).contains(&pawns_only), "{pawns_only}");
        assert_eq!(history.correct(&pos, 10, Some(other)), pawns_only);
        // The moves' half holds for other pawns reached by the same moves.
        assert_eq!(history.correct(&other_pawns, 10, None), 10);
        let moves_only = history.correct(&other_pawns, 10, Some(last));
        assert!((22..=26).contains(&moves_only), "{moves_only}");
        history.clear();
        assert_eq!(history.correct(&pos, 10, Some(last)), 10);
    }
}
