//! Static evaluation: material plus piece-square tables, tapered between middlegame and
//! endgame by the material left on the board, from the side to move's point of view.

pub mod pst;

use shakmaty::{Board, Chess, Color, Position as _, Role};

use pst::{MATERIAL, PHASE_MAX, PHASE_WEIGHT, S, square_bonus};

/// The evaluation never reaches mate scores.
pub const EVAL_LIMIT: i32 = 20_000;

/// The parts of an evaluation, for the `eval` command and for tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Breakdown {
    /// Material of White and of Black.
    pub material: [S; 2],
    /// Piece-square bonuses of White and of Black.
    pub squares: [S; 2],
    /// 24 with all pieces on the board, 0 with kings and pawns only.
    pub phase: i32,
}

impl Breakdown {
    /// The tapered score from White's point of view.
    pub fn white_score(&self) -> i32 {
        let total = self.material[0] + self.squares[0] - self.material[1] - self.squares[1];
        taper(total, self.phase)
    }
}

/// The static evaluation in centipawns from the side to move's point of view.
#[inline]
pub fn evaluate(pos: &Chess) -> i32 {
    let mut total = S(0, 0);
    let mut phase = 0;
    let board = pos.board();
    for (index, role) in Role::ALL.into_iter().enumerate() {
        let pieces = board.by_role(role);
        let white = pieces & board.white();
        let black = pieces & board.black();
        phase += PHASE_WEIGHT[index] * pieces.count() as i32;
        let count_diff = white.count() as i32 - black.count() as i32;
        total += S(MATERIAL[index].mg() * count_diff, MATERIAL[index].eg() * count_diff);
        for sq in white {
            total += square_bonus(index, usize::from(sq));
        }
        for sq in black {
            total = total - square_bonus(index, usize::from(sq) ^ 56);
        }
    }
    let white_view = taper(total, phase).clamp(-EVAL_LIMIT, EVAL_LIMIT);
    match pos.turn() {
        Color::White => white_view,
        Color::Black => -white_view,
    }
}

/// The same evaluation, kept in its parts.
pub fn breakdown(board: &Board) -> Breakdown {
    let mut parts = Breakdown::default();
    for (index, role) in Role::ALL.into_iter().enumerate() {
        for color in Color::ALL {
            let side = usize::from(color == Color::Black);
            for sq in board.by_role(role) & board.by_color(color) {
                let mirrored = if color == Color::White { usize::from(sq) } else { usize::from(sq) ^ 56 };
                parts.material[side] += MATERIAL[index];
                parts.squares[side] += square_bonus(index, mirrored);
                parts.phase += PHASE_WEIGHT[index];
            }
        }
    }
    parts
}

/// Blends middlegame and endgame by phase; promoted extra pieces cap the phase at 24.
fn taper(score: S, phase: i32) -> i32 {
    let phase = phase.min(PHASE_MAX);
    (score.mg() * phase + score.eg() * (PHASE_MAX - phase)) / PHASE_MAX
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, EnPassantMode};

    fn chess(fen: &str) -> Chess {
        let fen: Fen = fen.parse().expect("valid FEN");
        fen.into_position(CastlingMode::Standard).expect("legal position")
    }

    #[test]
    fn start_position_is_level() {
        assert_eq!(evaluate(&Chess::default()), 0);
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
        let parts = breakdown(pos.board());
        assert_eq!(parts.phase, 24);
        assert_eq!(-parts.white_score(), evaluate(&pos));
    }

    #[test]
    fn extra_queen_is_worth_about_a_queen() {
        let score = evaluate(&chess("3qk3/8/8/8/8/8/8/4K3 b - - 0 1"));
        assert!((850..1150).contains(&score), "{score}");
    }
}
