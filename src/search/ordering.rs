//! Move ordering: the table move first, then captures and promotions by MVV-LVA (most
//! valuable victim, least valuable attacker), then the two killers, then quiet moves by
//! history, and under-promotions last. Moves are scored in place and picked best-first,
//! so no node allocates.

use shakmaty::{Color, Move, MoveList, Role};

use super::history::History;
use crate::tt::PackedMove;

const TT_MOVE: i32 = 1 << 24;
const GOOD_NOISY: i32 = 1 << 22;
const KILLER: i32 = 1 << 21;
const UNDER_PROMOTION: i32 = -(1 << 22);

/// Picks the best-scored remaining move each time (selection sort: most nodes cut off
/// after the first few moves, so sorting everything would be wasted).
pub(crate) struct MovePicker {
    moves: MoveList,
    scores: [i32; 256],
    next: usize,
}

impl MovePicker {
    /// Ordering for the main search.
    pub fn new(moves: MoveList, tt_move: PackedMove, history: &History, side: Color, ply: usize) -> MovePicker {
        let killers = history.killers(ply);
        let mut scores = [0; 256];
        for (score, &m) in scores.iter_mut().zip(moves.iter()) {
            *score = if tt_move.is(m) {
                TT_MOVE
            } else if is_noisy(m) {
                noisy_score(m)
            } else if killers[0] == Some(m) {
                KILLER + 1
            } else if killers[1] == Some(m) {
                KILLER
            } else {
                history.quiet_score(side, m)
            };
        }
        MovePicker { moves, scores, next: 0 }
    }

    /// Ordering for quiescence: captures and promotions by MVV-LVA alone.
    pub fn noisy(moves: MoveList) -> MovePicker {
        let mut scores = [0; 256];
        for (score, &m) in scores.iter_mut().zip(moves.iter()) {
            *score = noisy_score(m);
        }
        MovePicker { moves, scores, next: 0 }
    }

    pub fn next_move(&mut self) -> Option<Move> {
        let remaining = self.moves.len().checked_sub(self.next).filter(|&n| n > 0)?;
        let start = self.next;
        let mut best = start;
        for i in start + 1..start + remaining {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(start, best);
        self.scores.swap(start, best);
        self.next += 1;
        Some(self.moves[start])
    }
}

/// Captures and promotions: the moves quiescence searches and killers exclude.
#[inline]
pub fn is_noisy(m: Move) -> bool {
    m.is_capture() || m.is_promotion()
}

fn noisy_score(m: Move) -> i32 {
    match m.promotion() {
        Some(role) if role != Role::Queen && !m.is_capture() => UNDER_PROMOTION,
        promotion => {
            let victim = m.capture().map_or(0, value);
            let promoted = promotion.map_or(0, |role| value(role) - value(Role::Pawn));
            GOOD_NOISY + 16 * (victim + promoted) - m.role() as i32
        }
    }
}

/// Coarse piece values for ordering only.
fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use shakmaty::CastlingMode;

    fn order(fen: &str, tt: &str) -> Vec<String> {
        let (pos, _) = Position::from_fen(fen, CastlingMode::Standard).expect("valid FEN");
        let tt_move = pos.parse_uci_move(tt).map(PackedMove::new).unwrap_or(PackedMove::NONE);
        let history = History::new();
        let mut picker = MovePicker::new(pos.legal_moves(), tt_move, &history, pos.turn(), 0);
        let mut out = Vec::new();
        while let Some(m) = picker.next_move() {
            out.push(m.to_uci(CastlingMode::Standard).to_string());
        }
        out
    }

    #[test]
    fn table_move_then_most_valuable_victim_then_least_valuable_attacker() {
        // The black queen on d5 can be taken by the pawn and by the knight.
        let fen = "r3k3/8/8/3q4/4P3/2N5/8/4K1B1 w - - 0 1";
        let moves = order(fen, "e1e2");
        assert_eq!(moves[..3], ["e1e2", "e4d5", "c3d5"]);
        let without_table_move = order(fen, "none");
        assert_eq!(without_table_move[..2], ["e4d5", "c3d5"]);
        assert_eq!(moves.len(), without_table_move.len());
    }

    #[test]
    fn under_promotions_come_last() {
        let moves = order("8/P6k/8/8/8/8/8/K7 w - - 0 1", "none");
        assert_eq!(moves[0], "a7a8q");
        assert_eq!(moves.len(), 7);
        assert!(moves[4..].iter().all(|m| m.starts_with("a7a8")), "{moves:?}");
    }
}
