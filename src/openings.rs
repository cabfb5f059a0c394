//! Random openings, drawn the same way by datagen (`bramble datagen`) and OpenBench's
//! `genfens` (`crate::genfens`), so that both sides of the engine can use them without
//! the engine importing the training wing.

use rand::RngExt;
use rand::rngs::StdRng;

use crate::position::Position;

/// Openings scored beyond this for either side are drawn again: their games teach little,
/// and a workload of one-sided openings measures little.
pub const OPENING_MAX_SCORE: i32 = 1_000;

/// An opening line drawn from `openings` (the start position if there are none), then
/// `random_plies` uniformly random legal moves; drawn again should the random moves end
/// the game. Datagen's and `genfens`'s openings.
pub fn random_opening(rng: &mut StdRng, openings: &[Position], random_plies: u32) -> Position {
    loop {
        let mut pos = match openings.len() {
            0 => Position::startpos(),
            n => openings[rng.random_range(0..n)].clone(),
        };
        for _ in 0..random_plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            pos.make_move(m);
        }
        if !pos.legal_moves().is_empty() {
            return pos;
        }
    }
}
