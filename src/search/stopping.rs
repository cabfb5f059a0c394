//! When the iterations stop: a limit reached, a mate found or settled, the soft time
//! limit scaled by how settled the best move is; and the wait of a finished `go infinite`
//! or `go ponder` for `stop` or `ponderhit`.

use std::sync::atomic::Ordering;
use std::time::Duration;

use shakmaty::Move;

use super::params::{TIME_SCORE_DROP_MAX, time_node_share_factor, time_score_drop_factor, time_stability_factor};
use super::root::{Line, RootMove};
use super::searcher::Searcher;
use crate::scores::{MATE, MATE_BOUND, mate_in_moves};

/// A mate found is settled once the iteration is this many plies deeper than twice its
/// distance.
const MATE_SETTLED_EXTRA_DEPTH: i32 = 10;

/// How often a finished infinite or ponder search looks for `stop` or `ponderhit`.
const WAIT_INTERVAL: Duration = Duration::from_millis(1);

/// Time use: how much of the soft time limit the position deserves. A best move that has
/// stood for several iterations is unlikely to change with one more, so the search stops
/// sooner; a new best move or a falling score asks for more time, and so (when
/// `TIME_NODE_SHARE_SCALE_PERCENT` is set) does a best move that took a small share of
/// the nodes.
#[derive(Default)]
pub(super) struct TimeScale {
    best_move: Option<Move>,
    /// Completed iterations in a row that kept the best move, the last one not counted.
    stable: usize,
    score: Option<i32>,
}

impl TimeScale {
    /// The factor for the soft limit after an iteration that found `best` best, with
    /// `nodes` searched by this thread so far.
    pub(super) fn after_iteration(&mut self, best: &RootMove, nodes: u64) -> f64 {
        let score = best.line.as_ref().map(|line| line.score);
        self.stable = if self.best_move == Some(best.m) { self.stable + 1 } else { 0 };
        self.best_move = Some(best.m);
        let drop = match (self.score, score) {
            (Some(before), Some(now)) => (before - now).clamp(0, TIME_SCORE_DROP_MAX.get()),
            _ => 0,
        };
        self.score = score;
        let share = best.nodes as f64 / nodes.max(1) as f64;
        time_stability_factor(self.stable)
            * (1.0 + f64::from(drop) * time_score_drop_factor())
            * time_node_share_factor(share)
    }
}

impl Searcher<'_> {
    /// Whether to stop after a completed iteration, with the soft time limit scaled by
    /// `soft_scale`.
    pub(super) fn iteration_is_enough(&mut self, best: Option<&Line>, root_move_count: usize, soft_scale: f64) -> bool {
        self.control.poll();
        if self.control.stopped {
            return true;
        }
        let mate_found = match (self.limits.mate, best.and_then(|line| mate_in_moves(line.score))) {
            (Some(limit), Some(moves)) => moves > 0 && i64::from(moves) <= i64::from(limit),
            _ => false,
        };
        // Helpers have no clock (`Limits::time` is `None`): the main thread stops them.
        let timed = self.limits.time.is_some() && !self.control.is_pondering();
        let soft_nodes_spent = self.limits.soft_nodes.is_some_and(|soft| self.control.total_nodes() >= soft);
        mate_found
            || soft_nodes_spent
            || self.control.past_soft_limit(soft_scale)
            || (timed && root_move_count == 1)
            || self.mate_settled(best)
    }

    /// A mate (for either side) that deeper iterations only confirm: the line's depth is
    /// well beyond twice the mate's distance. Searching on would only repeat it up to the
    /// maximum depth, so a search that may end by itself ends (not `go infinite`, not
    /// while pondering, not with several lines to find).
    fn mate_settled(&self, best: Option<&Line>) -> bool {
        let Some(line) = best else { return false };
        let plies = MATE - line.score.abs();
        line.score.abs() >= MATE_BOUND
            && line.depth >= 2 * plies + MATE_SETTLED_EXTRA_DEPTH
            && self.limits.multipv <= 1
            && !self.limits.infinite
            && !self.control.is_pondering()
    }

    /// `go infinite` and `go ponder` never end by themselves: once the iterations are
    /// done, wait for `stop` (or for `ponderhit`, which makes the search an ordinary one).
    pub(super) fn wait_for_stop_or_ponderhit(&mut self) {
        while !self.control.signals.stop.load(Ordering::Relaxed)
            && (self.limits.infinite || self.control.signals.pondering.load(Ordering::Relaxed))
        {
            std::thread::sleep(WAIT_INTERVAL);
        }
        self.control.notice_ponderhit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn a_stable_best_move_takes_less_time_and_a_falling_score_more() {
        let pos = Position::startpos();
        let root_move = |uci: &str, score: i32| RootMove {
            line: Some(Line { depth: 1, seldepth: 1, score, moves: Vec::new() }),
            ..RootMove::new(pos.parse_uci_move(uci).expect("legal"))
        };
        let mut scale = TimeScale::default();
        let first = scale.after_iteration(&root_move("e2e4", 20), 1000);
        assert_eq!(first, time_stability_factor(0));
        let mut previous = first;
        for _ in 0..6 {
            let next = scale.after_iteration(&root_move("e2e4", 20), 1000);
            assert!(next <= previous, "{next} after {previous}");
            previous = next;
        }
        assert_eq!(previous, time_stability_factor(usize::MAX));
        assert!(previous < 1.0);
        // The same move, its score fallen by 30 cp, then by more than the most counted.
        let fallen = scale.after_iteration(&root_move("e2e4", -10), 1000);
        assert_eq!(fallen, previous * (1.0 + 30.0 * time_score_drop_factor()));
        let collapsed = scale.after_iteration(&root_move("e2e4", -500), 1000);
        assert_eq!(collapsed, previous * (1.0 + f64::from(TIME_SCORE_DROP_MAX.get()) * time_score_drop_factor()));
        // A new best move starts over.
        assert_eq!(scale.after_iteration(&root_move("d2d4", -500), 1000), time_stability_factor(0));
    }
}
