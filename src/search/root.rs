//! The root of the search: its moves in order, and one iteration over them with
//! aspiration windows (and MultiPV: the best line, then the best of the others, ...).

use shakmaty::Move;

use super::alphabeta::{MoveWindow, NodeMove};
use super::history::Context;
use super::interface::Report;
use super::ordering::MovePicker;
use super::params::{ASPIRATION_DELTA, ASPIRATION_MIN_DEPTH};
use super::searcher::Searcher;
use crate::packed_move::PackedMove;
use crate::position::Position;
use crate::scores::{INFINITY, MATE_BOUND};
use crate::tt::{Bound, TtData};

/// A line of play from the root, as an iteration found it.
#[derive(Clone)]
pub(super) struct Line {
    pub(super) depth: i32,
    pub(super) seldepth: usize,
    pub(super) score: i32,
    pub(super) moves: Vec<Move>,
}

/// A root move, its line from the last time it was found best among the moves it was
/// searched with (`None` until then), and the nodes this thread searched under it in
/// all iterations so far (for time use: `TimeScale`).
pub(super) struct RootMove {
    pub(super) m: Move,
    pub(super) line: Option<Line>,
    pub(super) nodes: u64,
}

impl RootMove {
    pub(super) fn new(m: Move) -> RootMove {
        RootMove { m, line: None, nodes: 0 }
    }
}

impl Searcher<'_> {
    /// Legal root moves (only the `searchmoves` if given), in search order.
    pub(super) fn root_moves(&self, root: &Position) -> Vec<Move> {
        let mut moves = root.legal_moves();
        if !self.limits.searchmoves.is_empty() {
            moves.retain(|m| self.limits.searchmoves.contains(m));
        }
        let tt_move = self.tt.probe(root.key(), 0).map_or(PackedMove::NONE, |hit| hit.best_move);
        let mut picker =
            MovePicker::new(root.chess(), &mut moves, tt_move, self.history, &Context::root(root.chess()), 0);
        std::iter::from_fn(|| picker.next_move()).collect()
    }

    /// One iteration: the best of all root moves, then the best of the others, and so on
    /// for `multipv` lines, which end up first in `root_moves`, best first. With one line,
    /// a score outside the aspiration window is reported as a bound. Returns false when
    /// the search was stopped.
    pub(super) fn search_iteration(
        &mut self,
        root: &Position,
        root_moves: &mut [RootMove],
        depth: i32,
        multipv: usize,
        report: &mut dyn FnMut(&Report),
    ) -> bool {
        // Bounds of tablebase-ranked roots would contradict the tables' score shown.
        let reports_bounds = multipv == 1 && self.root.tablebase.is_none();
        for slot in 0..multipv {
            let on_window_fail: &mut dyn FnMut(&Report) = if reports_bounds { report } else { &mut |_| {} };
            if !self.search_root(root, &mut root_moves[slot..], depth, on_window_fail) {
                return false;
            }
        }
        // Lines found later can score higher (the table changed meanwhile): the
        // next iteration and the report take them in order of score.
        root_moves[..multipv].sort_by_key(|root_move| {
            std::cmp::Reverse(root_move.line.as_ref().map_or(-INFINITY, |line| self.shown_score(line)))
        });
        if let Some(line) = &root_moves[0].line {
            let best_move = PackedMove::new(root_moves[0].m);
            let result = TtData { best_move, score: line.score, eval: None, depth, bound: Bound::Exact };
            self.tt.store(root.key(), 0, result);
        }
        true
    }

    /// Searches `root_moves` in an aspiration window around the score the first of them
    /// had in the previous iteration, widened and searched again while the score falls
    /// outside. Whenever a move is proven best so far it gets its line and moves to the
    /// front (the others keep their order), so a stopped search still leads with it. Each
    /// score outside the window goes to `on_window_fail` as a bound. Returns false when the
    /// search was stopped.
    fn search_root(
        &mut self,
        root: &Position,
        root_moves: &mut [RootMove],
        depth: i32,
        on_window_fail: &mut dyn FnMut(&Report),
    ) -> bool {
        let mut delta = ASPIRATION_DELTA.get();
        let (mut alpha, mut beta) = match &root_moves[0].line {
            Some(line) if depth >= ASPIRATION_MIN_DEPTH.get() && line.score.abs() < MATE_BOUND => {
                (line.score - delta, line.score + delta)
            }
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let Some(score) = self.search_root_window(root, root_moves, depth, alpha, beta) else {
                return false;
            };
            if score <= alpha {
                self.report_bound(&root_moves[0], depth, score, Bound::Upper, on_window_fail);
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                self.report_bound(&root_moves[0], depth, score, Bound::Lower, on_window_fail);
                beta = (score + delta).min(INFINITY);
            } else {
                return true;
            }
            delta *= 2;
        }
    }

    /// Reports `score` as a bound of this iteration, with the best line known so far
    /// (after a fail-high the move that failed high leads it). A window is only set
    /// around a line, so the first move always has one here.
    fn report_bound(&self, first: &RootMove, depth: i32, score: i32, bound: Bound, report: &mut dyn FnMut(&Report)) {
        if let Some(line) = &first.line {
            report(&Report { depth, seldepth: self.line.seldepth, score, bound, ..self.report(line, 1) });
        }
    }

    /// Searches the root moves in the window (alpha, beta) and returns the best score
    /// (fail-soft), or `None` when the search was stopped.
    fn search_root_window(
        &mut self,
        root: &Position,
        root_moves: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        self.line.pv.clear(0);
        self.control.visit_node();
        let mut best_score = -INFINITY;
        let window = MoveWindow { beta, depth, ply: 0, cut_node: false, in_check: root.is_check(), reduce_more: 0 };
        for index in 0..root_moves.len() {
            let m = root_moves[index].m;
            let nodes_before = self.control.nodes;
            let score = self.search_move::<true>(root, NodeMove::new(m, index, 0), alpha, &window);
            root_moves[index].nodes += self.control.nodes - nodes_before;
            if self.control.stopped {
                return None;
            }
            best_score = best_score.max(score);
            if score > alpha {
                self.line.pv.update(0, m);
                let moves = self.line.pv.line(0).to_vec();
                root_moves[index].line = Some(Line { depth, seldepth: self.line.seldepth, score, moves });
                root_moves[..=index].rotate_right(1);
                if score >= beta {
                    break;
                }
                alpha = score;
            }
        }
        Some(best_score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{History, Limits, SearchSettings, Signals};
    use crate::tt::TranspositionTable;

    #[test]
    fn the_root_moves_share_the_nodes_of_the_search() {
        let pos = Position::startpos();
        let (limits, settings, signals) = (Limits::default(), SearchSettings::default(), Signals::default());
        let tt = TranspositionTable::new(1).expect("1 MB");
        let mut history = History::new();
        let mut searcher = Searcher::new(&pos, &[], &limits, &settings, &tt, &signals, &mut history);
        let mut root_moves: Vec<RootMove> = searcher.root_moves(&pos).into_iter().map(RootMove::new).collect();
        for depth in 1..=6 {
            assert!(searcher.search_iteration(&pos, &mut root_moves, depth, 1, &mut |_| {}));
        }
        assert_eq!(root_moves.len(), 20);
        assert!(root_moves.iter().all(|root_move| root_move.nodes > 0));
        // Only the root's own visits (one a window searched) are under no move.
        let searched: u64 = root_moves.iter().map(|root_move| root_move.nodes).sum();
        let total = searcher.control.nodes;
        assert!(searched < total && searched + 20 > total, "{searched} of {total}");
        assert!(root_moves[0].nodes > total / 20, "the best move is searched most: {}", root_moves[0].nodes);
    }
}
