//! Lazy SMP, the search side: helper threads search the same root with the shared table,
//! each skipping its own pattern of depths so that the threads spread over depths; at
//! the end the best thread's result is played. (The engine's `search_job.rs` starts the
//! helpers on its worker threads and stops them.)

use super::driver::iterative_deepening;
use super::history::History;
use super::searcher::Searcher;
use super::{Limits, SearchResult, SearchSettings, Signals, TB_WIN_BOUND};
use crate::position::Position;
use crate::tt::TranspositionTable;

/// Helper thread `i` (from 1) uses pattern `(i - 1) % 20` and leaves out the iteration of
/// depth `d` when `(d + SKIP_PHASE[p]) / SKIP_SIZE[p]` is odd, so the helpers run ahead of
/// the main thread by different amounts (Stockfish 8's scheme).
const SKIP_SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// A helper thread of a Lazy SMP search (`thread` from 1): the same search, sharing the
/// table, skipping some depths and reporting nothing. It stops when `signals.stop` is set.
#[allow(clippy::too_many_arguments)] // Until the Lazy SMP search has one home.
pub fn search_helper(
    root: &Position,
    game_keys: &[u64],
    limits: &Limits,
    settings: &SearchSettings,
    tt: &TranspositionTable,
    signals: &Signals,
    history: &mut History,
    thread: usize,
) -> SearchResult {
    let mut searcher = Searcher::new(root, game_keys, limits, settings, tt, signals, history);
    searcher.thread = thread;
    iterative_deepening(searcher, root, &mut |_| {})
}

/// Whether `thread` (0: the main thread, which skips nothing) leaves out the iteration of
/// `depth`.
pub(super) fn skips_depth(thread: usize, depth: i32) -> bool {
    if thread == 0 {
        return false;
    }
    let pattern = (thread - 1) % SKIP_SIZE.len();
    (depth + SKIP_PHASE[pattern]) / SKIP_SIZE[pattern] % 2 == 1
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

    #[test]
    fn the_main_thread_skips_nothing_and_helpers_skip_different_depths() {
        assert!((1..40).all(|depth| !skips_depth(0, depth)));
        let pattern = |thread: usize| (1..12).map(|depth| skips_depth(thread, depth)).collect::<Vec<_>>();
        assert_ne!(pattern(1), pattern(2));
        assert!(pattern(1).contains(&true) && pattern(1).contains(&false));
        assert_eq!(pattern(1), pattern(21), "the patterns repeat every 20 helpers");
    }
}
