//! One thread's search with its own table, history and settings, printing nothing: the one
//! way the tools (bench, EPD, data generation, book building) and the tests search a
//! position. Most want the default settings; a test that needs others (minimax, the
//! network, tablebases) makes its session [`with_settings`](SearchSession::with_settings).
//! The UCI engine, which shares its table between threads and reports, searches through
//! [`ThreadedSearch`](super::ThreadedSearch) instead.

use super::driver::iterative_deepening;
use super::history::History;
use super::interface::{Limits, Report, SearchResult, Signals};
use super::searcher::Searcher;
use super::settings::SearchSettings;
use crate::position::Position;
use crate::tt::TranspositionTable;

/// The table size of [`search_fresh`], in megabytes.
const FRESH_HASH_MB: usize = 16;

pub struct SearchSession {
    tt: TranspositionTable,
    history: Box<History>,
    settings: SearchSettings,
}

impl SearchSession {
    /// A session with a `hash_mb` table (a one-entry table if the memory is refused: the
    /// search still works, only slower).
    pub fn new(hash_mb: usize) -> SearchSession {
        SearchSession::with_settings(hash_mb, SearchSettings::default())
    }

    /// The same, searching as `settings` say.
    pub fn with_settings(hash_mb: usize, settings: SearchSettings) -> SearchSession {
        let tt = TranspositionTable::new(hash_mb).unwrap_or_else(|_| TranspositionTable::tiny());
        SearchSession { tt, history: History::new(), settings }
    }

    /// Forgets what earlier searches learnt: an empty table and history, as new.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// Entries of earlier searches become the first to be replaced, as between the moves
    /// of a game.
    pub fn new_search(&self) {
        self.tt.new_search();
    }

    /// Searches `pos`, reached through the positions with `game_keys` (oldest first, for
    /// repetitions), within `limits`; keeps what it learns for the next search.
    pub fn search(&mut self, pos: &Position, game_keys: &[u64], limits: &Limits) -> SearchResult {
        self.search_with(pos, game_keys, limits, &Signals::default())
    }

    /// The same, stopped when the caller sets `signals.stop`; `signals` counts its nodes.
    pub fn search_with(
        &mut self,
        pos: &Position,
        game_keys: &[u64],
        limits: &Limits,
        signals: &Signals,
    ) -> SearchResult {
        self.search_reporting(pos, game_keys, limits, signals, &mut |_| {})
    }

    /// The same, with each iteration's lines passed to `report` as the search goes.
    pub fn search_reporting(
        &mut self,
        pos: &Position,
        game_keys: &[u64],
        limits: &Limits,
        signals: &Signals,
        report: &mut dyn FnMut(&Report),
    ) -> SearchResult {
        let searcher = Searcher::new(pos, game_keys, limits, &self.settings, &self.tt, signals, &mut self.history);
        iterative_deepening(searcher, pos, report)
    }
}

/// Searches `pos` within `limits` with a fresh 16 MB table and history, printing nothing.
pub fn search_fresh(pos: &Position, limits: &Limits) -> SearchResult {
    SearchSession::new(FRESH_HASH_MB).search(pos, &[], limits)
}
