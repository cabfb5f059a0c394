//! The win/draw/loss model behind `UCI_ShowWDL`: how often Bramble's own games were won,
//! drawn and lost from a given score with a given amount of material on the board.
//!
//! As in Stockfish, with `v` the score in centipawns and `m` the material (pawn 1, knight
//! and bishop 3, rook 5, queen 9, both sides, clamped to 17..=78):
//!
//! ```text
//! win  = 1 / (1 + exp((a(m) - v) / b(m)))
//! loss = 1 / (1 + exp((a(m) + v) / b(m)))
//! draw = 1 - win - loss
//! ```
//!
//! `a(m)` is the score that wins half the games; `b(m)` how quickly the win rate rises
//! around it. Both are quadratics in `m / 58` fitted by `tools/fit_wdl.py` to the network's
//! scores: every fifth training position of data/d114-d116 (1,313,788 positions of the
//! self-play games of bramble-11 at datagen's 3,000 nodes a move, 6,000 at most), fitted
//! in session 79 for bramble-11. The fit must be run again whenever the evaluation's
//! scale changes (a new network); docs/uci.md says how.

use shakmaty::{Board, Role};

use crate::scores::TB_WIN_BOUND;

/// `a(m)`: the score winning half the games, as `A[0] x^2 + A[1] x + A[2]`, `x = m / 58`.
const A: [f64; 3] = [528.447, -1182.041, 776.644];
/// `b(m)`: the spread of the win rate around `a(m)`, in the same form.
const B: [f64; 3] = [144.169, -268.898, 259.397];
const MATERIAL_MIN: u32 = 17;
const MATERIAL_MAX: u32 = 78;
const MATERIAL_NORM: f64 = 58.0;

/// Chances for the side to move, per mille; the three always add up to 1000.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Wdl {
    pub win: u32,
    pub draw: u32,
    pub loss: u32,
}

/// The chances a search score gives, with `board` the root position. A proven mate or
/// tablebase result is certain.
pub fn wdl(score: i32, board: &Board) -> Wdl {
    if score >= TB_WIN_BOUND {
        return Wdl { win: 1000, draw: 0, loss: 0 };
    }
    if score <= -TB_WIN_BOUND {
        return Wdl { win: 0, draw: 0, loss: 1000 };
    }
    let (a, b) = model(material(board));
    let v = f64::from(score);
    let per_mille = |exponent: f64| (1000.0 / (1.0 + exponent.exp())).round() as u32;
    let win = per_mille((a - v) / b);
    let loss = per_mille((a + v) / b);
    // a(m) > 0 for every m, so win + loss < 1 before rounding and at most 1000 after.
    Wdl { win, draw: 1000u32.saturating_sub(win + loss), loss }
}

/// `a(m)` and `b(m)`.
fn model(material: u32) -> (f64, f64) {
    let x = f64::from(material) / MATERIAL_NORM;
    ((A[0] * x + A[1]) * x + A[2], (B[0] * x + B[1]) * x + B[2])
}

/// Pawns 1, knights and bishops 3, rooks 5, queens 9, both sides, clamped to the range
/// the model was fitted on.
fn material(board: &Board) -> u32 {
    let count = |role: Role| board.by_role(role).count() as u32;
    let total = count(Role::Pawn)
        + 3 * (count(Role::Knight) + count(Role::Bishop))
        + 5 * count(Role::Rook)
        + 9 * count(Role::Queen);
    total.clamp(MATERIAL_MIN, MATERIAL_MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scores::{MATE, TB_WIN};
    use shakmaty::fen::Fen;

    fn board(fen: &str) -> Board {
        fen.parse::<Fen>().expect("valid FEN").into_setup().board
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const ROOK_ENDING: &str = "8/5k2/8/4p3/4P3/2R5/5K2/6r1 w - - 0 1";

    #[test]
    fn the_model_is_sound_over_the_whole_material_range() {
        for material in MATERIAL_MIN..=MATERIAL_MAX {
            let (a, b) = model(material);
            assert!(a > 0.0 && b > 0.0, "{material}: a {a} b {b}");
        }
    }

    #[test]
    fn the_three_add_up_to_a_thousand_and_are_symmetric() {
        for fen in [START, ROOK_ENDING] {
            let board = board(fen);
            for score in (-2000..=2000).step_by(7) {
                let us = wdl(score, &board);
                assert_eq!(us.win + us.draw + us.loss, 1000, "{score} {us:?}");
                let them = wdl(-score, &board);
                assert_eq!((us.win, us.draw, us.loss), (them.loss, them.draw, them.win), "{score}");
            }
        }
    }

    #[test]
    fn more_score_wins_more_and_loses_less() {
        let board = board(START);
        let mut last = wdl(-3000, &board);
        for score in -2999..=3000 {
            let now = wdl(score, &board);
            assert!(now.win >= last.win && now.loss <= last.loss, "{score}: {last:?} then {now:?}");
            last = now;
        }
        assert_eq!(wdl(-3000, &board), Wdl { win: 0, draw: 0, loss: 1000 });
        assert_eq!(wdl(3000, &board), Wdl { win: 1000, draw: 0, loss: 0 });
    }

    #[test]
    fn the_fitted_model_in_two_positions() {
        // With all the material on, an even score is a draw about half the time and a
        // pawn up wins about half the games; in a rook ending a pawn wins far less often
        // (a(m) grows as material goes).
        let start = wdl(0, &board(START));
        assert!(start.draw > 400 && start.draw < 600, "{start:?}");
        let opening_pawn = wdl(100, &board(START));
        assert!(opening_pawn.win > 400 && opening_pawn.win < 600, "{opening_pawn:?}");
        let ending_pawn = wdl(100, &board(ROOK_ENDING));
        assert!(ending_pawn.win > 100 && ending_pawn.win < opening_pawn.win / 2 + 50, "{ending_pawn:?}");
        assert!(ending_pawn.draw > 600, "{ending_pawn:?}");
        // The network's scale: with all the material on, half the games are won from
        // about 143 cp (the tables' fit, before the network, said 96).
        let (full_material_a, _) = model(MATERIAL_MAX);
        assert!((110.0..150.0).contains(&full_material_a), "{full_material_a}");
    }

    #[test]
    fn proven_results_are_certain() {
        let board = board(ROOK_ENDING);
        assert_eq!(wdl(MATE - 3, &board), Wdl { win: 1000, draw: 0, loss: 0 });
        assert_eq!(wdl(-(MATE - 4), &board), Wdl { win: 0, draw: 0, loss: 1000 });
        assert_eq!(wdl(TB_WIN - 20, &board), Wdl { win: 1000, draw: 0, loss: 0 });
        assert_eq!(wdl(-(TB_WIN - 20), &board), Wdl { win: 0, draw: 0, loss: 1000 });
    }
}
