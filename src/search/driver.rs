//! Iterative deepening: search depth 1, 2, 3, ... reporting after each iteration, until a
//! limit says stop. Each iteration starts with the previous best move, and the table
//! carries what the previous iterations learned.

use std::sync::atomic::Ordering;
use std::time::Duration;

use shakmaty::Move;

use super::history::History;
use super::ordering::MovePicker;
use super::searcher::Searcher;
use super::tablebase::root_tablebase_score;
use super::{DRAW, INFINITY, Limits, MATE, MAX_DEPTH, Report, SearchResult, Signals, TB_WIN_BOUND, mate_in_moves};
use crate::eval::evaluate;
use crate::position::Position;
use crate::tt::{Bound, PackedMove, TranspositionTable, find_move};

/// How often a finished infinite or ponder search looks for `stop` or `ponderhit`.
const WAIT_INTERVAL: Duration = Duration::from_millis(1);

/// The best line known so far.
struct Line {
    depth: i32,
    seldepth: usize,
    score: i32,
    moves: Vec<Move>,
}

/// Searches `root` (reached through positions with `game_keys`, oldest first) within
/// `limits`, calling `report` after each completed iteration and once at the end.
pub fn search(
    root: &Position,
    game_keys: &[u64],
    limits: &Limits,
    tt: &TranspositionTable,
    signals: &Signals,
    history: &mut History,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    history.clear_killers();
    let mut searcher = Searcher::new(root, game_keys, limits, tt, signals, history);
    let mut root_moves = searcher.root_moves(root);
    // In a game, only the moves that keep the tables' best result; analysis sees all.
    searcher.root_tablebase = searcher.rank_root_by_tablebase(root, &root_moves);
    if let Some(ranking) = &searcher.root_tablebase
        && !limits.infinite
    {
        root_moves.retain(|m| ranking.kept.contains(m));
    }

    if root_moves.is_empty() {
        let score = if root.is_check() { -MATE } else { DRAW };
        let line = Line { depth: 0, seldepth: 0, score, moves: Vec::new() };
        searcher.wait_for_stop_or_ponderhit();
        report(&searcher.report(&line));
        return SearchResult {
            best_move: None,
            ponder_move: None,
            score,
            depth: 0,
            nodes: searcher.nodes,
            pv: Vec::new(),
        };
    }

    let mut best: Option<Line> = None;
    let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    for depth in 1..=max_depth {
        searcher.root_depth = depth;
        searcher.seldepth = 0;
        let completed = searcher.search_root(root, &mut root_moves, depth, &mut best);
        if !completed {
            break;
        }
        if let Some(line) = &best {
            report(&searcher.report(line));
        }
        if searcher.iteration_is_enough(best.as_ref(), root_moves.len()) {
            break;
        }
    }
    searcher.wait_for_stop_or_ponderhit();

    // Stopped before any root move was searched: the first move in order, with its eval.
    let line = best.unwrap_or_else(|| Line {
        depth: 0,
        seldepth: 0,
        score: evaluate(root.chess()),
        moves: vec![root_moves[0]],
    });
    report(&searcher.report(&line));
    let best_move = line.moves[0];
    let ponder_move = line.moves.get(1).copied().or_else(|| searcher.ponder_from_table(root, best_move));
    SearchResult {
        best_move: Some(best_move),
        ponder_move,
        score: searcher.shown_score(&line),
        depth: line.depth,
        nodes: searcher.nodes,
        pv: line.moves,
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
        let mut picker = MovePicker::new(moves, tt_move, self.history, root.turn(), 0);
        std::iter::from_fn(|| picker.next_move()).collect()
    }

    /// One iteration over the root moves. Updates `best` whenever a root move is proven
    /// best so far, so a stopped iteration still yields what it completed. Returns false
    /// when the search was stopped.
    fn search_root(&mut self, root: &Position, root_moves: &mut [Move], depth: i32, best: &mut Option<Line>) -> bool {
        self.pv.clear(0);
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best_index = 0;
        self.visit_node();
        for (index, &m) in root_moves.iter().enumerate() {
            let score = self.search_move::<true>(root, m, index, alpha, beta, depth, 0);
            if self.stopped {
                return false;
            }
            if score > alpha {
                alpha = score;
                best_index = index;
                self.pv.update(0, m);
                *best = Some(Line { depth, seldepth: self.seldepth, score, moves: self.pv.line(0).to_vec() });
            }
        }
        // The best move leads the next iteration; the others keep their order.
        root_moves[..=best_index].rotate_right(1);
        let best_code = PackedMove::new(root_moves[0]);
        self.tt.store(root.key(), 0, best_code, alpha, None, depth, Bound::Exact);
        true
    }

    /// Whether to stop after a completed iteration.
    fn iteration_is_enough(&mut self, best: Option<&Line>, root_move_count: usize) -> bool {
        self.poll();
        if self.stopped {
            return true;
        }
        let mate_found = match (self.limits.mate, best.and_then(|line| mate_in_moves(line.score))) {
            (Some(limit), Some(moves)) => moves > 0 && i64::from(moves) <= i64::from(limit),
            _ => false,
        };
        let timed = self.limits.time.is_some() && !self.is_pondering();
        mate_found || self.past_soft_limit() || (timed && root_move_count == 1)
    }

    /// `go infinite` and `go ponder` never end by themselves: once the iterations are
    /// done, wait for `stop` (or for `ponderhit`, which makes the search an ordinary one).
    fn wait_for_stop_or_ponderhit(&mut self) {
        while !self.signals.stop.load(Ordering::Relaxed)
            && (self.limits.infinite || self.signals.pondering.load(Ordering::Relaxed))
        {
            std::thread::sleep(WAIT_INTERVAL);
        }
        self.notice_ponderhit();
    }

    /// The reply the table expects after our best move, if it is legal there.
    fn ponder_from_table(&self, root: &Position, best_move: Move) -> Option<Move> {
        let child = root.play(best_move);
        let hit = self.tt.probe(child.key(), 1)?;
        find_move(&child.legal_moves(), hit.best_move)
    }

    fn report<'l>(&self, line: &'l Line) -> Report<'l> {
        Report {
            depth: line.depth,
            seldepth: line.seldepth,
            score: self.shown_score(line),
            bound: Bound::Exact,
            nodes: self.nodes,
            elapsed: self.elapsed(),
            hashfull: self.tt.hashfull(),
            tbhits: self.tbhits,
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
