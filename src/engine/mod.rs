//! The engine: the game position and its history, the shared hash table, the worker
//! threads, and the one job (a search, or a tool such as perft) that may be running. It
//! speaks no protocol: a search is asked for with [`Limits`] and reports through an
//! [`EventSink`]; the UCI controller (`crate::uci::controller`) turns commands into calls
//! and events into text.
//!
//! Calls that only read or signal ([`Engine::stop`], [`Engine::ponder_hit`],
//! [`Engine::set_game`]) never wait for the job. Calls that change what a search uses
//! ([`Engine::go`], [`Engine::new_game`], [`Engine::resize_table`], ...) are made after
//! [`Engine::finish_job`], so a search never sees its table resized or cleared under it.

use std::sync::atomic::Ordering;
use std::sync::{Arc, mpsc};

mod event;
mod pool;
mod search_job;

use crate::position::Position;
use crate::search::{History, Limits, SearchSettings, SharedSearch, Signals, ThreadedSearch};
use crate::strength::StrengthLimit;
use crate::tt::TranspositionTable;
use search_job::SearchJob;

pub use event::{Event, EventSink};

/// The version, the commit it was built from and the x86-64 level, `1.0.0 (83cf819,
/// x86-64-v2)` (build.rs; `83cf819-dirty` from uncommitted sources, no commit outside git).
pub const VERSION: &str = env!("BRAMBLE_VERSION");
/// The x86-64 level the binary is compiled for (`x86-64-v2`, `x86-64-v3`); empty elsewhere.
pub const BUILD_LEVEL: &str = env!("BRAMBLE_BUILD_LEVEL");
pub const NAME: &str = concat!("Bramble ", env!("BRAMBLE_VERSION"));
pub const AUTHOR: &str = "the Bramble developers";

/// What to search besides the position: the limits, the settings, the lines shown, the
/// strength limit.
pub struct SearchRequest {
    pub limits: Limits,
    pub settings: SearchSettings,
    /// Lines reported (`MultiPV`); a strength limit may search more.
    pub shown_lines: usize,
    /// `UCI_LimitStrength`: the move is drawn from the lines found.
    pub strength: Option<StrengthLimit>,
}

/// A running job: its signals, and a channel that reports its end.
struct Job {
    signals: Arc<Signals>,
    /// Receives `()` when the job is done; disconnected if it failed.
    done: mpsc::Receiver<()>,
    /// A tool's bounded work (perft, bench, genfens), not a search that may run forever.
    is_tool: bool,
}

pub struct Engine {
    position: Position,
    /// Keys of the positions before `position` in this game, oldest first.
    game_keys: Vec<u64>,
    tt: Arc<TranspositionTable>,
    hash_mb: usize,
    /// Worker 0 runs every job; workers 1.. are the helpers of a search (`Threads`).
    pool: pool::Pool,
    job: Option<Job>,
}

impl Engine {
    /// An engine at the start position with a `hash_mb` table and one worker; the second
    /// value says what could not be set up (the engine works all the same).
    pub fn new(hash_mb: usize) -> (Engine, Option<String>) {
        // Should even this much be refused, a tiny table keeps the engine playing.
        let tt = TranspositionTable::new(hash_mb).unwrap_or_else(|_| TranspositionTable::tiny());
        // Without even one worker the engine still answers every `go` with a legal move.
        let mut pool = pool::Pool::default();
        let problem = pool.resize(1).err();
        let engine = Engine {
            position: Position::startpos(),
            game_keys: Vec::new(),
            tt: Arc::new(tt),
            hash_mb,
            pool,
            job: None,
        };
        (engine, problem)
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position to search next, reached through the positions with `game_keys`
    /// (oldest first, for repetitions).
    pub fn set_game(&mut self, position: Position, game_keys: Vec<u64>) {
        self.position = position;
        self.game_keys = game_keys;
    }

    /// Forgets what earlier games taught: an empty table and history.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.pool.clear_histories();
    }

    pub fn clear_table(&self) {
        self.tt.clear();
    }

    /// A table of `mb` megabytes, or, if that memory is refused, the old size again (and
    /// the reason).
    pub fn resize_table(&mut self, mb: usize) -> Result<(), String> {
        if mb == self.hash_mb {
            return Ok(());
        }
        // Free the old table first, so that both never need memory at once.
        self.tt = Arc::new(TranspositionTable::tiny());
        match TranspositionTable::new(mb) {
            Ok(tt) => {
                self.tt = Arc::new(tt);
                self.hash_mb = mb;
                Ok(())
            }
            Err(error) => {
                let old = self.hash_mb;
                self.tt = Arc::new(TranspositionTable::new(old).unwrap_or_else(|_| TranspositionTable::tiny()));
                Err(format!("{error}; Hash stays {old} MB"))
            }
        }
    }

    /// Searches with `threads` threads from the next search on.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), String> {
        self.pool.resize(threads)
    }

    /// Starts a search of the position on the workers; its events go to `sink`, ending
    /// with one [`Event::BestMove`] (also when no thread can be started).
    pub fn go(&mut self, request: SearchRequest, pondering: bool, sink: EventSink) {
        if let Err(problem) = self.finish_job() {
            sink(Event::Notice(&problem));
        }
        self.tt.new_search();
        let signals = Arc::new(Signals::default());
        signals.pondering.store(pondering, Ordering::Relaxed);
        let SearchRequest { limits, settings, shown_lines, strength } = request;
        let tablebases = settings.syzygy.as_ref().map(|probe| Arc::clone(&probe.tables));
        let shared = SharedSearch {
            position: self.position.clone(),
            game_keys: self.game_keys.clone(),
            limits,
            settings,
            tt: Arc::clone(&self.tt),
            signals: Arc::clone(&signals),
        };
        let pool = &mut self.pool;
        let search = ThreadedSearch::start(shared, pool.size(), |thread, task| {
            // A helper that cannot start is left out (`ThreadedSearch::start`).
            pool.run(thread, task);
        });
        let job = SearchJob { search, sink: Arc::clone(&sink), shown_lines, strength, tablebases };
        if let Err(problem) = self.start_work("search", signals, false, move |_, history| job.run(history)) {
            // Without a thread we cannot search; answer with a legal move all the same.
            sink(Event::Notice(&problem));
            let first = self.position.legal_moves().first().copied();
            sink(Event::BestMove { best: first, ponder: None });
        }
    }

    /// Tells the running job to stop (a search still sends its best move).
    pub fn stop(&self) {
        if let Some(job) = &self.job {
            job.signals.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The move pondered on was played: the search now runs on its clock.
    pub fn ponder_hit(&self) {
        if let Some(job) = &self.job {
            job.signals.pondering.store(false, Ordering::Relaxed);
        }
    }

    /// Stops the running job and waits for it; an error if its thread failed.
    pub fn finish_job(&mut self) -> Result<(), String> {
        self.stop();
        self.wait_job()
    }

    /// At `quit` or the end of input: a tool's job runs to its end (its work is bounded,
    /// and `bramble "bench" "quit"` must print the bench), a search is stopped (it still
    /// sends its best move). Waits for it; an error if its thread failed.
    pub fn close_job(&mut self) -> Result<(), String> {
        if !self.job.as_ref().is_some_and(|job| job.is_tool) {
            self.stop();
        }
        self.wait_job()
    }

    fn wait_job(&mut self) -> Result<(), String> {
        match self.job.take() {
            Some(job) if job.done.recv().is_err() => {
                Err("the search thread failed; its history tables were reset".to_string())
            }
            _ => Ok(()),
        }
    }

    /// Runs `work` on worker 0, so that `stop`, `isready` and `quit` are still answered
    /// (the tools of the protocol, such as perft and bench, run this way). An error if
    /// the worker cannot take it.
    pub fn start_job(
        &mut self,
        name: &str,
        signals: Arc<Signals>,
        work: impl FnOnce(&Signals, &mut History) + Send + 'static,
    ) -> Result<(), String> {
        self.start_work(name, signals, true, work)
    }

    fn start_work(
        &mut self,
        name: &str,
        signals: Arc<Signals>,
        is_tool: bool,
        work: impl FnOnce(&Signals, &mut History) + Send + 'static,
    ) -> Result<(), String> {
        let (done, done_receiver) = mpsc::channel();
        let job_signals = Arc::clone(&signals);
        let task = Box::new(move |history: &mut History| {
            work(&job_signals, history);
            let _ = done.send(());
        });
        // The job's signals go in first, so that a failed start still stops any helpers.
        self.job = Some(Job { signals, done: done_receiver, is_tool });
        if self.pool.run(0, task) {
            return Ok(());
        }
        self.stop();
        self.job = None;
        Err(format!("cannot start the {name} thread"))
    }
}
