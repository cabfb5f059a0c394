//! When the iterations stop: a limit reached, a mate found or settled, the soft time
//! limit scaled by how settled the best move is; and the wait of a finished `go infinite`
//! or `go ponder` for `stop` or `ponderhit`.

use std::sync::atomic::Ordering;
use std::time::Duration;

use shakmaty::Move;

use super::params::{
    TIME_NODE_SHARE, TIME_NODE_SHARE_BASE, TIME_NODE_SHARE_FACTOR, TIME_SCORE_DROP_FACTOR, TIME_SCORE_DROP_MAX,
    TIME_STABILITY_FACTOR,
};
use super::root::{Line, RootMove};
use super::searcher::Searcher;
use super::{MATE, MATE_BOUND, mate_in_moves};

/// A mate found is settled once the iteration is this many plies deeper than twice its
/// distance.
const MATE_SETTLED_EXTRA_DEPTH: i32 = 10;

/// How often a finished infinite or ponder search looks for `stop` or `ponderhit`.
const WAIT_INTERVAL: Duration = Duration::from_millis(1);

/// Time use (+25.4 Elo [+9.6, +41.2] at 8+0.08, 800 games, SPRT [0, 10] accepted): how
/// much of the soft time limit the position deserves. A best move that has stood for
/// several iterations is unlikely to change with one more, so the search stops sooner; a
/// new best move or a falling score asks for more time (and, with `TIME_NODE_SHARE`, a
/// best move that took little of the search).
#[derive(Default)]
pub(super) struct TimeScale {
    best_move: Option<Move>,
    /// Completed iterations in a row that kept the best move, the last one not counted.
    stable: usize,
    score: Option<i32>,
}

impl TimeScale {
    /// The factor for the soft limit after an iteration that found `best` best.
    pub(super) fn after_iteration(&mut self, best: &RootMove) -> f64 {
        let score = best.line.as_ref().map(|line| line.score);
        self.stable = if self.best_move == Some(best.m) { self.stable + 1 } else { 0 };
        self.best_move = Some(best.m);
        let drop = match (self.score, score) {
            (Some(before), Some(now)) => (before - now).clamp(0, TIME_SCORE_DROP_MAX),
            _ => 0,
        };
        self.score = score;
        let stability = TIME_STABILITY_FACTOR[self.stable.min(TIME_STABILITY_FACTOR.len() - 1)];
        stability * (1.0 + f64::from(drop) * TIME_SCORE_DROP_FACTOR)
    }
}

/// The soft limit's factor for the best move's share of the `nodes` this thread has
/// searched (1 with `TIME_NODE_SHARE` off).
pub(super) fn node_share_scale(best: &RootMove, nodes: u64) -> f64 {
    if TIME_NODE_SHARE { node_share_factor(best.nodes, nodes) } else { 1.0 }
}

/// From `TIME_NODE_SHARE_BASE * TIME_NODE_SHARE_FACTOR` for a share of none down to
/// `(TIME_NODE_SHARE_BASE - 1) * TIME_NODE_SHARE_FACTOR` for all.
fn node_share_factor(best_nodes: u64, nodes: u64) -> f64 {
    let share = if nodes == 0 { 1.0 } else { (best_nodes as f64 / nodes as f64).min(1.0) };
    (TIME_NODE_SHARE_BASE - share) * TIME_NODE_SHARE_FACTOR
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
        let first = scale.after_iteration(&root_move("e2e4", 20));
        assert_eq!(first, TIME_STABILITY_FACTOR[0]);
        let mut previous = first;
        for _ in 0..TIME_STABILITY_FACTOR.len() + 2 {
            let next = scale.after_iteration(&root_move("e2e4", 20));
            assert!(next <= previous, "{next} after {previous}");
            previous = next;
        }
        assert_eq!(previous, TIME_STABILITY_FACTOR[TIME_STABILITY_FACTOR.len() - 1]);
        assert!(previous < 1.0);
        // The same move, its score fallen by 30 cp, then by more than the most counted.
        let fallen = scale.after_iteration(&root_move("e2e4", -10));
        assert_eq!(fallen, previous * (1.0 + 30.0 * TIME_SCORE_DROP_FACTOR));
        let collapsed = scale.after_iteration(&root_move("e2e4", -500));
        assert_eq!(collapsed, previous * (1.0 + f64::from(TIME_SCORE_DROP_MAX) * TIME_SCORE_DROP_FACTOR));
        // A new best move starts over.
        assert_eq!(scale.after_iteration(&root_move("d2d4", -500)), TIME_STABILITY_FACTOR[0]);
    }

    #[test]
    fn a_best_move_that_took_less_of_the_search_gets_more_time() {
        let all = node_share_factor(1_000, 1_000);
        let most = node_share_factor(900, 1_000);
        let half = node_share_factor(500, 1_000);
        let little = node_share_factor(50, 1_000);
        assert!(all < most && most < half && half < little, "{all} {most} {half} {little}");
        assert!(all < 1.0 && little > 1.0);
        assert_eq!(node_share_factor(0, 0), all, "nothing searched counts as settled");
    }

    #[test]
    fn the_root_moves_share_the_nodes_of_the_search() {
        use crate::search::{History, Limits, SearchSettings, Signals};
        use crate::tt::TranspositionTable;
        let pos = Position::startpos();
        let (limits, settings, signals) = (Limits::default(), SearchSettings::default(), Signals::default());
        let tt = TranspositionTable::new(1).expect("1 MB");
        let mut history = History::new();
        let mut searcher = Searcher::new(&pos, &[], &limits, &settings, &tt, &signals, &mut history);
        let mut root_moves: Vec<RootMove> = searcher.root_moves(&pos).into_iter().map(RootMove::new).collect();
        for depth in 1..=6 {
            assert!(searcher.search_iteration(&pos, &mut root_moves, depth, 1, &mut |_| {}));
        }
        let searched: u64 = root_moves.iter().map(|root_move| root_move.nodes).sum();
        assert_eq!(root_moves.len(), 20);
        assert!(root_moves.iter().all(|root_move| root_move.nodes > 0));
        // Only the root's own visits (one per window searched) are under no move.
        let total = searcher.control.nodes;
        assert!(searched < total && searched + 20 > total, "{searched} of {total}");
        assert!(root_moves[0].nodes > total / 20, "the best move is searched most: {}", root_moves[0].nodes);
    }
}
