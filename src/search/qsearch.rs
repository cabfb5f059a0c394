//! Quiescence search: at the horizon, keep searching captures and promotions until the
//! position is quiet, so the evaluation never sees a piece hanging mid-exchange. The side
//! to move may "stand pat" on the static evaluation instead of capturing. In check every
//! evasion is searched, and having none is mate.

use super::ordering::MovePicker;
use super::searcher::{Searcher, is_insufficient_material};
use super::see::see_at_least;
use super::{DRAW, INFINITY, MATE, MAX_PLY};
use crate::eval::evaluate;
use crate::movegen::add_noisy_moves;
use crate::position::Position;
use shakmaty::MoveList;

impl Searcher<'_> {
    pub(crate) fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.visit_node() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        // A capture can leave too little material to mate.
        if is_insufficient_material(pos) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos.chess());
        }

        let in_check = pos.is_check();
        let mut best_score = -INFINITY;
        if !in_check {
            let stand_pat = evaluate(pos.chess());
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
        }

        let mut moves = MoveList::new();
        if in_check {
            moves.extend(pos.legal_moves());
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
        } else {
            add_noisy_moves(pos.chess(), &mut moves);
        }

        let mut picker = MovePicker::noisy(&mut moves);
        while let Some(m) = picker.next_move() {
            // SEE pruning: a capture that loses material cannot help a side that may stand
            // pat.
            if !in_check && !see_at_least(pos.chess(), m, 0) {
                continue;
            }
            let mut child = pos.clone();
            child.make_move(m);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        best_score
    }
}
