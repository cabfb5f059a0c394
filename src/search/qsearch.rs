//! Quiescence search: at the horizon, keep searching captures and promotions until the
//! position is quiet, so the evaluation never sees a piece hanging mid-exchange. The side
//! to move may "stand pat" on the static evaluation instead of capturing. In check every
//! evasion is searched, and having none is mate.

use super::alphabeta::{cuts_off, refined_eval};
use super::ordering::MovePicker;
use super::searcher::{Searcher, is_insufficient_material};
use super::see::see_at_least;
use crate::movegen::add_noisy_moves;
use crate::packed_move::PackedMove;
use crate::position::Position;
use crate::scores::{DRAW, INFINITY, MATE, MAX_PLY};
use crate::tt::{Bound, TtData};
use shakmaty::MoveList;

impl Searcher<'_> {
    /// The quiescence score of `pos` in the window (alpha, beta), fail-soft.
    pub(super) fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.control.visit_node() {
            return 0;
        }
        self.line.seldepth = self.line.seldepth.max(ply);
        // A capture can leave too little material to mate.
        if is_insufficient_material(pos) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return self.evaluate(pos, ply);
        }

        // The table: a stored bound that decides a null-window node ends it; a stored
        // evaluation spares computing it again.
        let tt_hit = self.tt.probe(pos.key(), ply);
        if let Some(hit) = tt_hit
            && beta - alpha == 1
            && self.settings.heuristics.tt_cutoffs
            && cuts_off(hit.bound, hit.score, alpha, beta)
        {
            return hit.score;
        }

        let in_check = pos.is_check();
        let mut best_score = -INFINITY;
        let mut static_eval = None;
        if !in_check {
            let raw_eval = tt_hit.and_then(|hit| hit.eval).unwrap_or_else(|| self.evaluate(pos, ply));
            static_eval = Some(raw_eval);
            let eval = self.corrected_eval(pos, raw_eval);
            let stand_pat = tt_hit.map_or(eval, |hit| refined_eval(eval, &hit));
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
        let mut best_move = None;
        while let Some(m) = picker.next_move() {
            // SEE pruning: a capture that loses material cannot help a side that may stand
            // pat.
            if !in_check && !see_at_least(pos.chess(), m, 0) {
                continue;
            }
            let child = self.play(pos, m, ply);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            if self.control.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(m);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }

        // Never exact: quiescence looks at captures only, and an exact bound would replace
        // a deeper entry of the same position.
        let bound = if best_score >= beta { Bound::Lower } else { Bound::Upper };
        let best_move = best_move.map_or(PackedMove::NONE, PackedMove::new);
        self.tt.store(pos.key(), ply, TtData { best_move, score: best_score, eval: static_eval, depth: 0, bound });
        best_score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{History, Limits, SearchSettings, Signals};
    use crate::tt::TranspositionTable;
    use shakmaty::CastlingMode;

    /// Quiescence searches captures only: it stands pat on the rook it is up, not seeing
    /// the quiet back-rank mate Ra8#.
    #[test]
    fn quiescence_stands_pat_without_quiet_moves() {
        let (pos, _) =
            Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", CastlingMode::Standard).expect("valid FEN");
        let (limits, settings, signals) = (Limits::default(), SearchSettings::default(), Signals::default());
        let tt = TranspositionTable::new(1).expect("1 MB");
        let mut history = History::new();
        let mut searcher = Searcher::new(&pos, &[], &limits, &settings, &tt, &signals, &mut history);
        let score = searcher.qsearch(&pos, -INFINITY, INFINITY, 0);
        assert!(score > 0 && score < MATE - 100, "{score}");
    }
}
