//! Lazy SMP, all of it. A search on several threads is the same search run on each:
//! the threads share only the transposition table and the [`Signals`] (stop flag, node
//! count), and what one learns reaches the others through the table.
//!
//! How a search runs on N threads, in two calls:
//!
//! 1. [`ThreadedSearch::start`], on the caller's thread, hands each helper (threads 1 to
//!    N - 1) its task through `run_on`, the caller's way of running a closure on a worker
//!    thread with that worker's history tables (the engine's thread pool).
//! 2. [`ThreadedSearch::run`], on the main thread (thread 0): the main search, the only
//!    one that reports and decides when to stop; then it sets the stop flag, waits for
//!    every helper's result and returns the best thread's (`best_thread_result`).
//!
//! Helpers search the same root as the main thread but have no clock, depth limit or
//! MultiPV of their own (the main thread stops them), report nothing, and each skips its
//! own pattern of depths (`skips_depth` in `driver.rs`) so that the threads spread over
//! depths. With one thread nothing is started and `run` is the plain search.

use std::sync::atomic::Ordering;
use std::sync::{Arc, mpsc};
use std::time::Instant;

use super::driver::iterative_deepening;
use super::history::History;
use super::interface::{Limits, Report, SearchResult, Signals};
use super::searcher::Searcher;
use super::settings::SearchSettings;
use crate::position::Position;
use crate::scores::TB_WIN_BOUND;
use crate::tt::{Bound, TranspositionTable};

/// One search as every thread sees it. Owned, so that helpers on other threads can keep
/// it for as long as they run.
#[derive(Clone)]
pub struct SharedSearch {
    pub position: Position,
    /// The keys of the positions before `position` in the game, oldest first.
    pub game_keys: Vec<u64>,
    pub limits: Limits,
    pub settings: SearchSettings,
    pub tt: Arc<TranspositionTable>,
    pub signals: Arc<Signals>,
}

/// A helper's work, run on a worker thread with that worker's history tables.
pub type HelperTask = Box<dyn FnOnce(&mut History) + Send>;

/// A search whose helpers are started; [`run`](ThreadedSearch::run) does the rest.
pub struct ThreadedSearch {
    search: SharedSearch,
    /// One result per helper that started; disconnected once all are in.
    helper_results: mpsc::Receiver<SearchResult>,
}

impl ThreadedSearch {
    /// Starts the helpers of a search on `threads` threads (the main thread included):
    /// `run_on(thread, task)` runs `task` on the worker of helper `thread`. A helper that
    /// cannot be started is left out; the search goes on without it.
    pub fn start(search: SharedSearch, threads: usize, mut run_on: impl FnMut(usize, HelperTask)) -> ThreadedSearch {
        let (sender, helper_results) = mpsc::channel();
        let helper_search = Arc::new(SharedSearch { limits: helper_limits(&search.limits), ..search.clone() });
        for thread in 1..threads {
            let helper_search = Arc::clone(&helper_search);
            let sender = sender.clone();
            run_on(
                thread,
                Box::new(move |history: &mut History| {
                    let result = search_thread(&helper_search, history, thread, &mut |_| {});
                    let _ = sender.send(result);
                }),
            );
        }
        ThreadedSearch { search, helper_results }
    }

    /// The main thread's part: searches with `history`, calling `report` as the search
    /// goes, then stops the helpers and returns the best thread's result. When that is a
    /// helper's, or the helpers' last nodes were not yet counted in the last report, the
    /// line is reported once more, so that the last report matches the move and counts
    /// the nodes of every thread.
    pub fn run(self, history: &mut History, report: &mut dyn FnMut(&Report)) -> SearchResult {
        let start = Instant::now();
        let ThreadedSearch { search, helper_results } = self;
        let mut last_reported_nodes = None;
        let main = search_thread(&search, history, 0, &mut |r: &Report| {
            last_reported_nodes = Some(r.nodes);
            report(r);
        });

        search.signals.stop.store(true, Ordering::Relaxed);
        let helpers: Vec<SearchResult> = helper_results.iter().collect();
        let main_move = main.best_move;
        // With several lines the main thread's are the ones reported; keep its choice.
        if search.limits.multipv > 1 {
            return main;
        }
        let result = best_thread_result(main, helpers);
        // Every helper has added its count by now. The main thread's last report can
        // predate some of it (reported, then descheduled while the helpers searched on
        // past a node limit), so the final count is reported once more when it moved.
        let total_nodes = search.signals.nodes.load(Ordering::Relaxed);
        if result.best_move != main_move || last_reported_nodes != Some(total_nodes) {
            report(&Report {
                multipv: 1,
                depth: result.depth,
                seldepth: result.seldepth,
                score: result.score,
                bound: Bound::Exact,
                nodes: total_nodes,
                elapsed: start.elapsed(),
                hashfull: search.tt.hashfull(),
                tbhits: search.signals.tbhits.load(Ordering::Relaxed),
                pv: &result.pv,
            });
        }
        result
    }
}

/// What the helpers search for: the main thread's limits without a clock, a depth or
/// more than one line, since the main thread stops them.
fn helper_limits(limits: &Limits) -> Limits {
    Limits { time: None, depth: None, multipv: 1, ..limits.clone() }
}

/// The search of thread `thread` (0: the main thread), stopped by `search.signals.stop`.
fn search_thread(
    search: &SharedSearch,
    history: &mut History,
    thread: usize,
    report: &mut dyn FnMut(&Report),
) -> SearchResult {
    let SharedSearch { position, game_keys, limits, settings, tt, signals } = search;
    let mut searcher = Searcher::new(position, game_keys, limits, settings, tt, signals, history);
    searcher.thread = thread;
    iterative_deepening(searcher, position, report)
}

/// The result to play, the main thread's or a helper's: the deepest completed iteration,
/// at equal depth the higher score; a proven win is kept unless another thread proves a
/// faster one. Ties go to the main thread.
fn best_thread_result(main: SearchResult, helpers: Vec<SearchResult>) -> SearchResult {
    let key = |result: &SearchResult| {
        let proven_win = result.score >= TB_WIN_BOUND;
        (proven_win, if proven_win { 0 } else { result.completed_depth }, result.score)
    };
    helpers
        .into_iter()
        .filter(|helper| helper.best_move.is_some())
        .fold(main, |best, helper| if key(&helper) > key(&best) { helper } else { best })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

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
}
