//! Static evaluation: material plus piece-square tables, tapered between middlegame and
//! endgame by the material left on the board, from the side to move's point of view.
//!
//! The terms are in `terms.rs`, their weights in `weights.rs` (written by the tuner) at
//! the places `params.rs` gives them.

pub(crate) mod bits;
pub mod collector;
mod endgame;
pub mod params;
mod pawns;
mod pieces;
mod score;
pub mod terms;
mod weights;

use shakmaty::{Board, Chess, Color, Position as _};

pub use params::Group;
pub use score::S;
pub use terms::PHASE_MAX;
pub use weights::WEIGHTS;

use collector::Collector;
use terms::{collect, phase};

/// The evaluation never reaches mate scores.
pub const EVAL_LIMIT: i32 = 20_000;

/// Adds up each side's weights (indexed by colour: no branch per term), White's minus
/// Black's at the end.
struct Scorer([S; 2]);

impl Collector for Scorer {
    #[inline]
    fn add(&mut self, color: Color, index: usize, count: i32) {
        self.0[color as usize] += WEIGHTS[index] * count;
    }
}

/// The static evaluation in centipawns from the side to move's point of view.
#[inline]
pub fn evaluate(pos: &Chess) -> i32 {
    let board = pos.board();
    let white_view = finish(board, white_sum(board, pos.turn()));
    match pos.turn() {
        Color::White => white_view,
        Color::Black => -white_view,
    }
}

/// The tapered sum of the terms from White's point of view, before the endgame knowledge.
#[inline]
fn white_sum(board: &Board, turn: Color) -> i32 {
    let mut scorer = Scorer([S(0, 0); 2]);
    collect(board, turn, &mut scorer);
    let [black, white] = scorer.0;
    taper(white - black, phase(board))
}

/// Another evaluator's score (the network's, for the side to move) with the same endgame
/// knowledge as the tables' own score (`endgame.rs`: the bishop and knight mate, draws
/// and drawish material scaled down, the mop-up of a lone king, where the tables' own sum
/// replaces the score): a network trained on self-play has seen too few such endings to
/// learn them.
#[inline]
pub fn with_endgame_knowledge(board: &Board, turn: Color, side_view: i32) -> i32 {
    let white_view = if endgame::is_lone_king(board) {
        // A lone king against enough to mate: the tables' sum, not the network's score,
        // whose noise from square to square (self-play seldom gets here) drowns the
        // mop-up's pull; with it a network failed to mate with king and queen in fifty
        // moves (`tests/endgames.rs`).
        white_sum(board, turn)
    } else if turn == Color::White {
        side_view
    } else {
        -side_view
    };
    let finished = finish(board, white_view);
    if turn == Color::White { finished } else { -finished }
}

/// The parts of an evaluation, for the `eval` command and for tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Breakdown {
    /// Each group's sum for White and for Black, in the order of `Group::ALL`.
    pub groups: [[S; 2]; Group::ALL.len()],
    /// 24 with all pieces on the board, 0 with kings and pawns only.
    pub phase: i32,
    /// The endgame knowledge (`endgame.rs`): the share of the tapered sum that stands (out
    /// of 64) and the bonus for driving a lone king, from White's point of view.
    pub scale: i32,
    pub mop_up: i32,
    /// The evaluation from White's point of view, the knowledge applied.
    score: i32,
}

impl Collector for Breakdown {
    fn add(&mut self, color: Color, index: usize, count: i32) {
        self.groups[Group::of(index) as usize][usize::from(color == Color::Black)] += WEIGHTS[index] * count;
    }
}

impl Breakdown {
    /// The tapered sum of the terms from White's point of view, before the endgame knowledge.
    pub fn white_sum(&self) -> i32 {
        let total = self.groups.iter().fold(S(0, 0), |sum, [white, black]| sum + *white - *black);
        taper(total, self.phase)
    }

    /// The evaluation from White's point of view: what `evaluate` gives White.
    pub fn white_score(&self) -> i32 {
        self.score
    }
}

/// The same evaluation, kept in its parts.
pub fn breakdown(pos: &Chess) -> Breakdown {
    let board = pos.board();
    let mut parts = Breakdown { phase: phase(board), ..Breakdown::default() };
    collect(board, pos.turn(), &mut parts);
    parts.scale = endgame::scale(board, strong_side(parts.white_sum()));
    parts.mop_up = endgame::mop_up(board);
    parts.score = finish(board, parts.white_sum());
    parts
}

/// The tapered sum of the terms with the endgame knowledge applied (`endgame.rs`), from
/// White's point of view and within the evaluation's range.
#[inline]
fn finish(board: &Board, white_view: i32) -> i32 {
    if !endgame::may_apply(board) {
        return white_view.clamp(-EVAL_LIMIT, EVAL_LIMIT);
    }
    if let Some(score) = endgame::bishop_and_knight_mate(board) {
        return score;
    }
    let scaled = white_view * endgame::scale(board, strong_side(white_view)) / endgame::SCALE_FULL;
    (scaled + endgame::mop_up(board)).clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The side a White's-view score favours (White when level).
fn strong_side(white_view: i32) -> Color {
    if white_view >= 0 { Color::White } else { Color::Black }
}

/// Blends middlegame and endgame by phase; promoted extra pieces cap the phase at 24.
fn taper(score: S, phase: i32) -> i32 {
    let phase = phase.min(PHASE_MAX);
    (score.mg() * phase + score.eg() * (PHASE_MAX - phase)) / PHASE_MAX
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, EnPassantMode};

    use super::*;
    use crate::testing::chess;

    #[test]
    fn start_position_is_level_but_for_the_tempo() {
        // Full phase: the middlegame half of the side to move's bonus, nothing else.
        assert_eq!(evaluate(&Chess::default()), WEIGHTS[params::TEMPO].mg());
    }

    #[test]
    fn mirrored_positions_evaluate_the_same() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "6k1/5ppp/8/8/8/8/1Q3PPP/6K1 b - - 0 1",
        ];
        for fen in fens {
            let pos = chess(fen);
            let mut setup = pos.to_setup(EnPassantMode::Legal);
            setup.mirror();
            let mirrored: Chess = setup.position(CastlingMode::Standard).expect("mirror is legal");
            assert_eq!(evaluate(&pos), evaluate(&mirrored), "{fen}");
        }
    }

    #[test]
    fn breakdown_agrees_with_evaluate() {
        let pos = chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1");
        let parts = breakdown(&pos);
        assert_eq!(parts.phase, 24);
        assert_eq!(-parts.white_score(), evaluate(&pos));
    }

    #[test]
    fn extra_queen_is_worth_about_a_queen() {
        let score = evaluate(&chess("3qk3/8/8/8/8/8/8/4K3 b - - 0 1"));
        assert!((850..1150).contains(&score), "{score}");
    }
}
