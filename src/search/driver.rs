//! Iterative deepening: search depth 1, 2, 3, ... reporting after each iteration, until a
//! limit says stop. Each iteration starts with the previous best move, and the table
//! carries what the previous iterations learned.

use shakmaty::Move;

use super::interface::{MAX_DEPTH, Report, SearchResult};
use super::root::{Line, RootMove};
use super::searcher::Searcher;
use super::stopping::TimeScale;
use super::tablebase::root_tablebase_score;
use crate::packed_move::find_move;
use crate::position::Position;
use crate::scores::{DRAW, MATE, TB_WIN_BOUND};
use crate::tt::Bound;

/// Searches `searcher`'s root (`root`) within its limits, calling `report` with each of
/// the `limits.multipv` best lines after each completed iteration, and once more at the
/// end when the search stopped inside an iteration. The one search of every thread;
/// `session.rs` and `smp.rs` set up the searcher.
pub(super) fn iterative_deepening(
    mut searcher: Searcher,
    root: &Position,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    let limits = searcher.limits;
    searcher.history.clear_killers();
    let mut moves = searcher.root_moves(root);
    // In a game, only the moves that keep the tables' best result; analysis sees all.
    searcher.root.tablebase = searcher.rank_root_by_tablebase(root, &moves);
    if let Some(ranking) = &searcher.root.tablebase
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

    let mut root_moves: Vec<RootMove> = moves.into_iter().map(RootMove::new).collect();
    let multipv = limits.multipv.clamp(1, root_moves.len());
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut completed_depth = 0;
    let mut time_scale = TimeScale::default();
    // Whether the search ends right after reporting a completed iteration: then the
    // report at the end would only repeat it. A search stopped inside an iteration reports
    // once more, with what that iteration found and the final counts (as Stockfish does).
    let mut ends_on_a_report = false;
    for depth in 1..=max_depth {
        if skips_depth(searcher.thread, depth) {
            continue;
        }
        searcher.root.depth = depth;
        searcher.line.seldepth = 0;
        let completed = searcher.search_iteration(root, &mut root_moves, depth, multipv, report);
        ends_on_a_report = completed;
        if !completed {
            break;
        }
        completed_depth = depth;
        searcher.report_lines(&root_moves[..multipv], report);
        let soft_scale = time_scale.after_iteration(&root_moves[0], searcher.control.nodes);
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
        .get_or_insert_with(|| Line { depth: 0, seldepth: 0, score: searcher.evaluate(root, 0), moves: vec![first.m] })
        .clone();
    if !ends_on_a_report {
        searcher.report_lines(&root_moves[..multipv], report);
    }
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

/// Helper thread `i` (from 1) uses pattern `(i - 1) % 20` and leaves out the iteration of
/// depth `d` when `(d + SKIP_PHASE[p]) / SKIP_SIZE[p]` is odd, so the helpers run ahead of
/// the main thread by different amounts (Stockfish 8's scheme).
const SKIP_SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether `thread` (0: the main thread, which skips nothing) leaves out the iteration of
/// `depth`.
fn skips_depth(thread: usize, depth: i32) -> bool {
    if thread == 0 {
        return false;
    }
    let pattern = (thread - 1) % SKIP_SIZE.len();
    (depth + SKIP_PHASE[pattern]) / SKIP_SIZE[pattern] % 2 == 1
}

impl Searcher<'_> {
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

    /// The report of `line` as the `multipv`-th line, its score exact.
    pub(super) fn report<'l>(&self, line: &'l Line, multipv: usize) -> Report<'l> {
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
    pub(super) fn shown_score(&self, line: &Line) -> i32 {
        let ranked = self.root.tablebase.as_ref().zip(line.moves.first()).and_then(|(r, &m)| r.get(m));
        match ranked {
            Some(ranked) if line.score.abs() < TB_WIN_BOUND => root_tablebase_score(ranked.outcome, ranked.dtz),
            _ => line.score,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_thread_skips_nothing_and_helpers_skip_different_depths() {
        assert!((1..40).all(|depth| !skips_depth(0, depth)));
        let pattern = |thread: usize| (1..12).map(|depth| skips_depth(thread, depth)).collect::<Vec<_>>();
        assert_ne!(pattern(1), pattern(2));
        assert!(pattern(1).contains(&true) && pattern(1).contains(&false));
        assert_eq!(pattern(1), pattern(21), "the patterns repeat every 20 helpers");
    }
}
