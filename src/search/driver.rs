//! Iterative deepening: search depth 1, 2, 3, ... reporting after each iteration, until a
//! limit says stop. Each iteration starts with the previous best move, and the table
//! carries what the previous iterations learned.

use std::sync::atomic::Ordering;
use std::time::Duration;

use shakmaty::Move;

use super::history::{Context, History};
use super::ordering::MovePicker;
use super::params::{
    ASPIRATION_DELTA, ASPIRATION_MIN_DEPTH, SMP_SKIP_PHASE, SMP_SKIP_SIZE, TIME_SCORE_DROP_FACTOR, TIME_SCORE_DROP_MAX,
    TIME_STABILITY_FACTOR,
};
use super::searcher::Searcher;
use super::tablebase::root_tablebase_score;
use super::{
    DRAW, INFINITY, Limits, MATE, MATE_BOUND, MAX_DEPTH, Report, SearchResult, Signals, TB_WIN_BOUND, mate_in_moves,
};
use crate::eval::evaluate;
use crate::packed_move::{PackedMove, find_move};
use crate::position::Position;
use crate::tt::{Bound, TranspositionTable};

/// A mate found is settled once the iteration is this many plies deeper than twice its
/// distance.
const MATE_SETTLED_EXTRA_DEPTH: i32 = 10;

/// How often a finished infinite or ponder search looks for `stop` or `ponderhit`.
const WAIT_INTERVAL: Duration = Duration::from_millis(1);

/// A line of play from the root, as an iteration found it.
#[derive(Clone)]
struct Line {
    depth: i32,
    seldepth: usize,
    score: i32,
    moves: Vec<Move>,
}

/// A root move, and its line from the last time it was found best among the moves it was
/// searched with (`None` until then).
struct RootMove {
    m: Move,
    line: Option<Line>,
}

/// Searches `root` (reached through positions with `game_keys`, oldest first) within
/// `limits`, calling `report` with each of the `limits.multipv` best lines after each
/// completed iteration and once more at the end. This is the main thread of a search.
pub fn search(
    root: &Position,
    game_keys: &[u64],
    limits: &Limits,
    tt: &TranspositionTable,
    signals: &Signals,
    history: &mut History,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    let searcher = Searcher::new(root, game_keys, limits, tt, signals, history);
    iterative_deepening(searcher, root, report)
}

/// A helper thread of a Lazy SMP search (`thread` from 1): the same search, sharing the
/// table, skipping some depths (each helper its own pattern, so that the threads spread
/// over depths) and reporting nothing. It stops when `signals.stop` is set.
pub fn search_helper(
    root: &Position,
    game_keys: &[u64],
    limits: &Limits,
    tt: &TranspositionTable,
    signals: &Signals,
    history: &mut History,
    thread: usize,
) -> SearchResult {
    let mut searcher = Searcher::new(root, game_keys, limits, tt, signals, history);
    searcher.thread = thread;
    iterative_deepening(searcher, root, &mut |_| {})
}

/// The result to play, the main thread's or a helper's: the deepest completed iteration,
/// at equal depth the higher score; a proven win is kept unless another thread proves a
/// faster one. Ties go to the main thread.
pub fn best_thread_result(main: SearchResult, helpers: Vec<SearchResult>) -> SearchResult {
    let key = |result: &SearchResult| {
        let proven_win = result.score >= TB_WIN_BOUND;
        (proven_win, if proven_win { 0 } else { result.completed_depth }, result.score)
    };
    helpers
        .into_iter()
        .filter(|helper| helper.best_move.is_some())
        .fold(main, |best, helper| if key(&helper) > key(&best) { helper } else { best })
}

fn iterative_deepening(mut searcher: Searcher, root: &Position, report: &mut dyn FnMut(&Report)) -> SearchResult {
    let limits = searcher.limits;
    searcher.history.clear_killers();
    let mut moves = searcher.root_moves(root);
    // In a game, only the moves that keep the tables' best result; analysis sees all.
    searcher.root_tablebase = searcher.rank_root_by_tablebase(root, &moves);
    if let Some(ranking) = &searcher.root_tablebase
        && !limits.infinite
    {
        moves.retain(|m| ranking.kept.contains(m));
    }

    if moves.is_empty() {
        let score = if root.is_check() { -MATE } else { DRAW };
        let line = Line { depth: 0, seldepth: 0, score, moves: Vec::new() };
        searcher.wait_for_stop_or_ponderhit();
        report(&searcher.report(&line, 1));
        return SearchResult {
            best_move: None,
            ponder_move: None,
            score,
            depth: 0,
            completed_depth: 0,
            seldepth: 0,
            nodes: searcher.control.total_nodes(),
            pv: Vec::new(),
            lines: Vec::new(),
        };
    }

    let mut root_moves: Vec<RootMove> = moves.into_iter().map(|m| RootMove { m, line: None }).collect();
    let multipv = limits.multipv.clamp(1, root_moves.len());
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut completed_depth = 0;
    let mut time_scale = TimeScale::default();
    for depth in 1..=max_depth {
        if searcher.skips_depth(depth) {
            continue;
        }
        searcher.root_depth = depth;
        searcher.seldepth = 0;
        let completed = searcher.search_iteration(root, &mut root_moves, depth, multipv);
        if !completed {
            break;
        }
        completed_depth = depth;
        searcher.report_lines(&root_moves[..multipv], report);
        let soft_scale = time_scale.after_iteration(&root_moves[0]);
        if searcher.iteration_is_enough(root_moves[0].line.as_ref(), root_moves.len(), soft_scale) {
            break;
        }
    }
    searcher.wait_for_stop_or_ponderhit();
    searcher.control.add_to_totals();

    // Stopped before any root move was searched: the first move in order, with its eval.
    let first = &mut root_moves[0];
    let line = first
        .line
        .get_or_insert_with(|| Line { depth: 0, seldepth: 0, score: evaluate(root.chess()), moves: vec![first.m] })
        .clone();
    searcher.report_lines(&root_moves[..multipv], report);
    let lines = root_moves[..multipv]
        .iter()
        .filter_map(|root_move| root_move.line.as_ref().map(|line| (root_move.m, searcher.shown_score(line))))
        .collect();
    let best_move = line.moves[0];
    let ponder_move = line.moves.get(1).copied().or_else(|| searcher.ponder_from_table(root, best_move));
    SearchResult {
        best_move: Some(best_move),
        ponder_move,
        score: searcher.shown_score(&line),
        depth: line.depth,
        completed_depth,
        seldepth: line.seldepth,
        nodes: searcher.control.total_nodes(),
        pv: line.moves,
        lines,
    }
}

/// Time use (+25.4 Elo [+9.6, +41.2] at 8+0.08, 800 games, SPRT [0, 10] accepted): how
/// much of the soft time limit the position deserves. A best move that has stood for
/// several iterations is unlikely to change with one more, so the search stops sooner; a
/// new best move or a falling score asks for more time.
#[derive(Default)]
struct TimeScale {
    best_move: Option<Move>,
    /// Completed iterations in a row that kept the best move, the last one not counted.
    stable: usize,
    score: Option<i32>,
}

impl TimeScale {
    /// The factor for the soft limit after an iteration that found `best` best.
    fn after_iteration(&mut self, best: &RootMove) -> f64 {
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

impl Searcher<'_> {
    /// Legal root moves (only the `searchmoves` if given), in search order.
    fn root_moves(&self, root: &Position) -> Vec<Move> {
        let mut moves = root.legal_moves();
        if !self.limits.searchmoves.is_empty() {
            moves.retain(|m| self.limits.searchmoves.contains(m));
        }
        let tt_move = self.tt.probe(root.key(), 0).map_or(PackedMove::NONE, |hit| hit.best_move);
        let mut picker =
            MovePicker::new(root.chess(), &mut moves, tt_move, self.history, &Context::root(root.turn()), 0);
        std::iter::from_fn(|| picker.next_move()).collect()
    }

    /// One iteration: the best of all root moves, then the best of the others, and so on
    /// for `multipv` lines, which end up first in `root_moves`, best first. Returns false
    /// when the search was stopped.
    fn search_iteration(&mut self, root: &Position, root_moves: &mut [RootMove], depth: i32, multipv: usize) -> bool {
        for slot in 0..multipv {
            if !self.search_root(root, &mut root_moves[slot..], depth) {
                return false;
            }
        }
        // Lines found later can score higher (the table changed meanwhile): the
        // next iteration and the report take them in order of score.
        root_moves[..multipv].sort_by_key(|root_move| {
            std::cmp::Reverse(root_move.line.as_ref().map_or(-INFINITY, |line| self.shown_score(line)))
        });
        if let Some(line) = &root_moves[0].line {
            self.tt.store(root.key(), 0, PackedMove::new(root_moves[0].m), line.score, None, depth, Bound::Exact);
        }
        true
    }

    /// Searches `root_moves` in an aspiration window around the score the first of them
    /// had in the previous iteration (+23.6 Elo at 8+0.08, 888 games), widened and searched
    /// again while the score falls outside. Whenever a move is proven best so far it gets
    /// its line and moves to the front (the others keep their order), so a stopped
    /// search still leads with it. Returns false when the search was stopped.
    fn search_root(&mut self, root: &Position, root_moves: &mut [RootMove], depth: i32) -> bool {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = match &root_moves[0].line {
            Some(line) if depth >= ASPIRATION_MIN_DEPTH && line.score.abs() < MATE_BOUND => {
                (line.score - delta, line.score + delta)
            }
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let Some(score) = self.search_root_window(root, root_moves, depth, alpha, beta) else {
                return false;
            };
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return true;
            }
            delta *= 2;
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
        self.pv.clear(0);
        self.control.visit_node();
        let mut best_score = -INFINITY;
        for index in 0..root_moves.len() {
            let m = root_moves[index].m;
            let score = self.search_move::<true>(root, m, index, alpha, beta, depth, 0, 0);
            if self.control.stopped {
                return None;
            }
            best_score = best_score.max(score);
            if score > alpha {
                self.pv.update(0, m);
                let moves = self.pv.line(0).to_vec();
                root_moves[index].line = Some(Line { depth, seldepth: self.seldepth, score, moves });
                root_moves[..=index].rotate_right(1);
                if score >= beta {
                    break;
                }
                alpha = score;
            }
        }
        Some(best_score)
    }

    /// Lazy SMP: whether this (helper) thread leaves out the iteration of `depth`.
    fn skips_depth(&self, depth: i32) -> bool {
        if self.thread == 0 {
            return false;
        }
        let pattern = (self.thread - 1) % SMP_SKIP_SIZE.len();
        (depth + SMP_SKIP_PHASE[pattern]) / SMP_SKIP_SIZE[pattern] % 2 == 1
    }

    /// Whether to stop after a completed iteration, with the soft time limit scaled by
    /// `soft_scale`.
    fn iteration_is_enough(&mut self, best: Option<&Line>, root_move_count: usize, soft_scale: f64) -> bool {
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
    fn wait_for_stop_or_ponderhit(&mut self) {
        while !self.control.signals.stop.load(Ordering::Relaxed)
            && (self.limits.infinite || self.control.signals.pondering.load(Ordering::Relaxed))
        {
            std::thread::sleep(WAIT_INTERVAL);
        }
        self.control.notice_ponderhit();
    }

    /// The reply the table expects after our best move, if it is legal there.
    fn ponder_from_table(&self, root: &Position, best_move: Move) -> Option<Move> {
        let child = root.play(best_move);
        let hit = self.tt.probe(child.key(), 1)?;
        find_move(&child.legal_moves(), hit.best_move)
    }

    /// Reports each root move's line, numbered from 1.
    fn report_lines(&self, root_moves: &[RootMove], report: &mut dyn FnMut(&Report)) {
        let lines = root_moves.iter().filter_map(|root_move| root_move.line.as_ref());
        for (index, line) in lines.enumerate() {
            report(&self.report(line, index + 1));
        }
    }

    fn report<'l>(&self, line: &'l Line, multipv: usize) -> Report<'l> {
        Report {
            multipv,
            depth: line.depth,
            seldepth: line.seldepth,
            score: self.shown_score(line),
            bound: Bound::Exact,
            nodes: self.control.total_nodes(),
            elapsed: self.control.elapsed(),
            hashfull: self.tt.hashfull(),
            tbhits: self.control.total_tbhits(),
            pv: &line.moves,
        }
    }

    /// The line's score, or, when the root is in the tablebases and the search found no
    /// mate or tablebase result, what the tables say of its first move.
    fn shown_score(&self, line: &Line) -> i32 {
        let ranked = self.root_tablebase.as_ref().zip(line.moves.first()).and_then(|(r, &m)| r.get(m));
        match ranked {
            Some(ranked) if line.score.abs() < TB_WIN_BOUND => root_tablebase_score(ranked.outcome, ranked.dtz),
            _ => line.score,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(m: &str, completed_depth: i32, score: i32) -> SearchResult {
        let pos = Position::startpos();
        let best = pos.parse_uci_move(m).ok();
        SearchResult {
            best_move: best,
            ponder_move: None,
            score,
            depth: completed_depth + 1,
            completed_depth,
            seldepth: 0,
            nodes: 0,
            pv: best.into_iter().collect(),
            lines: Vec::new(),
        }
    }

    fn chosen(main: SearchResult, helpers: Vec<SearchResult>) -> String {
        let best = best_thread_result(main, helpers).best_move.expect("a move");
        best.to_uci(shakmaty::CastlingMode::Standard).to_string()
    }

    #[test]
    fn the_deepest_thread_wins_then_the_best_score_then_the_main_thread() {
        let main = || result("e2e4", 10, 30);
        assert_eq!(chosen(main(), vec![]), "e2e4");
        assert_eq!(chosen(main(), vec![result("d2d4", 11, -20), result("c2c4", 10, 90)]), "d2d4");
        assert_eq!(chosen(main(), vec![result("d2d4", 10, 31), result("c2c4", 9, 90)]), "d2d4");
        assert_eq!(chosen(main(), vec![result("d2d4", 10, 30), result("c2c4", 10, 30)]), "e2e4");
        // A helper stopped before it had any move does not count.
        let mut empty = result("d2d4", 12, 500);
        empty.best_move = None;
        assert_eq!(chosen(main(), vec![empty]), "e2e4");
    }

    #[test]
    fn a_proven_win_stays_unless_a_faster_one_is_found() {
        let mate_in_3 = || result("e2e4", 8, MATE - 5);
        assert_eq!(chosen(mate_in_3(), vec![result("d2d4", 20, 900)]), "e2e4");
        assert_eq!(chosen(mate_in_3(), vec![result("d2d4", 6, MATE - 3)]), "d2d4");
        assert_eq!(chosen(result("e2e4", 8, 200), vec![result("d2d4", 7, MATE - 9)]), "d2d4");
    }

    #[test]
    fn a_stable_best_move_takes_less_time_and_a_falling_score_more() {
        let pos = Position::startpos();
        let root_move = |uci: &str, score: i32| RootMove {
            m: pos.parse_uci_move(uci).expect("legal"),
            line: Some(Line { depth: 1, seldepth: 1, score, moves: Vec::new() }),
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
}
