//! The engine behind the UCI loop: the game position and its history, the shared hash
//! table, the settings, the worker threads, and the one job (search, perft or bench)
//! that may be running.
//!
//! Commands that only read or signal (`isready`, `stop`, `ponderhit`, `position`, `d`,
//! `eval`) never wait for the job. Commands that change what a search uses (`go`,
//! `setoption`, `ucinewgame`, `perft`, `bench`, `quit`) stop the running job first and
//! wait for it, so a search never sees its table resized or cleared under it.

use std::sync::atomic::Ordering;
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use shakmaty::CastlingMode;

mod books_and_tables;
mod pool;
mod search_job;

use crate::bench;
use crate::book::Book;
use crate::perft;
use crate::position::{Position, uci_move};
use crate::search::{History, Limits, Signals, SyzygyProbe};
use crate::strength::{self, StrengthLimit};
use crate::syzygy::Tablebases;
use crate::time::{Clock, TimeBudget};
use crate::tt::TranspositionTable;
use crate::uci::command::{Command, GoParams, StartPosition};
use crate::uci::options::{OPTIONS, OptionId, OptionValue, parse_setoption};
use crate::uci::report;
use search_job::SearchJob;

/// Where the engine's lines go: stdout for the binary, a buffer in tests.
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

pub const NAME: &str = concat!("Bramble ", env!("CARGO_PKG_VERSION"));
pub const AUTHOR: &str = "the Bramble developers";

#[derive(Clone, Debug)]
struct Settings {
    hash_mb: usize,
    move_overhead: Duration,
    chess960: bool,
    syzygy_probe_depth: i32,
    syzygy_probe_limit: usize,
    syzygy_rule50: bool,
    own_book: bool,
    /// Empty: the book that ships inside the binary.
    book_file: String,
    book_depth: u32,
    book_best_move: bool,
    /// `wdl W D L` in every `info` line with a score.
    show_wdl: bool,
    /// Lines searched and reported (`MultiPV`).
    multipv: usize,
    /// `UCI_LimitStrength` and `UCI_Elo`.
    limit_strength: bool,
    elo: i64,
}

impl Settings {
    /// Every setting as its option's default in the option table (written only there).
    fn from_option_defaults() -> Settings {
        Settings {
            hash_mb: OptionId::Hash.default_spin() as usize,
            move_overhead: Duration::from_millis(OptionId::MoveOverhead.default_spin() as u64),
            chess960: OptionId::Chess960.default_check(),
            syzygy_probe_depth: OptionId::SyzygyProbeDepth.default_spin() as i32,
            syzygy_probe_limit: OptionId::SyzygyProbeLimit.default_spin() as usize,
            syzygy_rule50: OptionId::Syzygy50MoveRule.default_check(),
            own_book: OptionId::OwnBook.default_check(),
            // The string options default to empty.
            book_file: String::new(),
            book_depth: OptionId::BookDepth.default_spin() as u32,
            book_best_move: OptionId::BookBestMove.default_check(),
            show_wdl: OptionId::ShowWdl.default_check(),
            multipv: OptionId::MultiPv.default_spin() as usize,
            limit_strength: OptionId::LimitStrength.default_check(),
            elo: OptionId::Elo.default_spin(),
        }
    }
}

/// A running search, perft or bench: its signals, and a channel that reports its end.
struct Job {
    signals: Arc<Signals>,
    /// Receives `()` when the job is done; disconnected if it failed.
    done: mpsc::Receiver<()>,
}

pub struct Engine {
    position: Position,
    /// Keys of the positions before `position` in this game, oldest first.
    game_keys: Vec<u64>,
    settings: Settings,
    tt: Arc<TranspositionTable>,
    /// The opening book, loaded while `OwnBook` is on.
    book: Option<Book>,
    /// The tables of `SyzygyPath`, if it names any.
    tablebases: Option<Arc<Tablebases>>,
    /// Worker 0 runs every job; workers 1.. are the helpers of a search (`Threads`).
    pool: pool::Pool,
    job: Option<Job>,
    output: Output,
}

impl Engine {
    pub fn new(output: Output) -> Engine {
        let hash_mb = OptionId::Hash.default_spin() as usize;
        // Should even 16 MB be refused, a tiny table keeps the engine playing.
        let tt = TranspositionTable::new(hash_mb).unwrap_or_else(|_| TranspositionTable::tiny());
        // Without even one worker the engine still answers every `go` with a legal move.
        let mut pool = pool::Pool::default();
        let pool_error = pool.resize(1).err();
        let engine = Engine {
            position: Position::startpos(),
            game_keys: Vec::new(),
            settings: Settings::from_option_defaults(),
            book: None,
            tablebases: None,
            tt: Arc::new(tt),
            pool,
            job: None,
            output,
        };
        if let Some(error) = pool_error {
            engine.info_string(&error);
        }
        engine
    }

    fn send(&self, line: &str) {
        (self.output)(line);
    }

    /// One `info string` line; long user input is cut so the reply stays one short line.
    pub fn info_string(&self, message: &str) {
        const MAX_CHARS: usize = 200;
        let mut text: String = message.chars().filter(|c| !c.is_control()).take(MAX_CHARS).collect();
        if message.chars().count() > MAX_CHARS {
            text.push_str("...");
        }
        self.send(&format!("info string {text}"));
    }

    fn castling_mode(&self) -> CastlingMode {
        if self.settings.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard }
    }

    /// Carries out one command; false when the engine should exit.
    pub fn handle(&mut self, command: Command) -> bool {
        match command {
            Command::Uci => self.identify(),
            Command::Debug(_) | Command::Register => {}
            Command::IsReady => self.send("readyok"),
            Command::SetOption { name, value } => {
                self.finish_job();
                match parse_setoption(&name, value.as_deref()) {
                    Ok((id, value)) => self.apply_option(id, value),
                    Err(error) => self.info_string(&error.to_string()),
                }
            }
            Command::UciNewGame => {
                self.finish_job();
                self.tt.clear();
                self.pool.clear_histories();
            }
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(params) => self.go(params),
            Command::Stop => self.signal_stop(),
            Command::PonderHit => {
                if let Some(job) = &self.job {
                    job.signals.pondering.store(false, Ordering::Relaxed);
                }
            }
            Command::Quit => {
                self.finish_job();
                return false;
            }
            Command::Display => report::board_lines(&self.position).iter().for_each(|l| self.send(l)),
            Command::Eval => report::eval_lines(&self.position).iter().for_each(|l| self.send(l)),
            Command::Perft(depth) => self.start_perft(depth),
            Command::Bench(depth) => self.start_bench(depth),
        }
        true
    }

    /// Stops the running job (its `bestmove` is printed) and waits for it.
    pub fn finish_job(&mut self) {
        self.signal_stop();
        if let Some(job) = self.job.take()
            && job.done.recv().is_err()
        {
            self.info_string("the search thread failed; its history tables were reset");
        }
    }

    fn signal_stop(&self) {
        if let Some(job) = &self.job {
            job.signals.stop.store(true, Ordering::Relaxed);
        }
    }

    fn identify(&self) {
        self.send(&format!("id name {NAME}"));
        self.send(&format!("id author {AUTHOR}"));
        for spec in OPTIONS {
            self.send(&spec.uci_line());
        }
        self.send("uciok");
    }

    /// What each option does when set: one arm an option, no catch-all, so a new option
    /// cannot be forgotten here.
    fn apply_option(&mut self, id: OptionId, value: OptionValue) {
        match id {
            OptionId::Hash => self.resize_table(value.spin() as usize),
            OptionId::ClearHash => self.tt.clear(),
            OptionId::MoveOverhead => self.settings.move_overhead = Duration::from_millis(value.spin() as u64),
            OptionId::Chess960 => self.settings.chess960 = value.check(),
            OptionId::SyzygyPath => self.load_tablebases(&value.text()),
            OptionId::SyzygyProbeDepth => self.settings.syzygy_probe_depth = value.spin() as i32,
            OptionId::SyzygyProbeLimit => self.settings.syzygy_probe_limit = value.spin() as usize,
            OptionId::Syzygy50MoveRule => self.settings.syzygy_rule50 = value.check(),
            OptionId::OwnBook => {
                self.settings.own_book = value.check();
                self.load_book();
            }
            OptionId::BookFile => {
                self.settings.book_file = value.text();
                self.load_book();
            }
            OptionId::BookDepth => self.settings.book_depth = value.spin() as u32,
            OptionId::BookBestMove => self.settings.book_best_move = value.check(),
            OptionId::ShowWdl => self.settings.show_wdl = value.check(),
            OptionId::Threads => {
                if let Err(error) = self.pool.resize(value.spin() as usize) {
                    self.info_string(&format!("Threads: {error}"));
                }
            }
            OptionId::MultiPv => self.settings.multipv = value.spin() as usize,
            OptionId::LimitStrength => self.settings.limit_strength = value.check(),
            OptionId::Elo => self.settings.elo = value.spin(),
            // The GUI decides when to ponder.
            OptionId::Ponder => {}
        }
    }

    /// A table of `mb` megabytes, or, if that memory is refused, the old size again.
    fn resize_table(&mut self, mb: usize) {
        if mb == self.settings.hash_mb {
            return;
        }
        // Free the old table first, so that both never need memory at once.
        self.tt = Arc::new(TranspositionTable::tiny());
        match TranspositionTable::new(mb) {
            Ok(tt) => {
                self.tt = Arc::new(tt);
                self.settings.hash_mb = mb;
            }
            Err(error) => {
                let old = self.settings.hash_mb;
                self.tt = Arc::new(TranspositionTable::new(old).unwrap_or_else(|_| TranspositionTable::tiny()));
                self.info_string(&format!("{error}; Hash stays {old} MB"));
            }
        }
    }

    /// Sets up the position, or leaves the old one if the FEN or any move is bad.
    fn set_position(&mut self, start: StartPosition, moves: &[String]) {
        let mode = self.castling_mode();
        let (mut pos, repair) = match start {
            StartPosition::StartPos => (Position::startpos(), None),
            StartPosition::Fen(fen) => match Position::from_fen(&fen, mode) {
                Ok(parsed) => parsed,
                Err(error) => {
                    self.info_string(&format!("position rejected, {error}; the position is unchanged"));
                    return;
                }
            },
        };
        let mut keys = Vec::with_capacity(moves.len());
        for (index, text) in moves.iter().enumerate() {
            match pos.parse_uci_move(text) {
                Ok(m) => {
                    keys.push(pos.key());
                    pos.make_move(m);
                }
                Err(error) => {
                    let message = format!(
                        "position rejected, {error} (move {} of the list); the position is unchanged",
                        index + 1
                    );
                    self.info_string(&message);
                    return;
                }
            }
        }
        if let Some(repair) = repair {
            self.info_string(&repair.0);
        }
        self.position = pos;
        self.game_keys = keys;
    }

    fn go(&mut self, params: GoParams) {
        self.finish_job();
        if !params.ignored.is_empty() {
            self.info_string(&format!("go: ignored {}", params.ignored.join(" ")));
        }
        if let Some((choice, total)) = self.book_move(&params) {
            let mode = self.castling_mode();
            let text = uci_move(choice.m, mode);
            self.info_string(&format!("book move {text} (weight {} of {total})", choice.weight));
            self.send(&report::bestmove_line(Some(choice.m), None, mode));
            return;
        }
        let limits = self.limits(&params);
        self.tt.new_search();
        let signals = Arc::new(Signals::default());
        signals.pondering.store(params.ponder, Ordering::Relaxed);
        let helper_results = self.start_helpers(&limits, &signals);
        let job = SearchJob {
            position: self.position.clone(),
            game_keys: self.game_keys.clone(),
            limits,
            tt: Arc::clone(&self.tt),
            output: Arc::clone(&self.output),
            mode: self.castling_mode(),
            show_wdl: self.settings.show_wdl,
            shown_lines: self.settings.multipv,
            strength: self.strength_limit(),
            helper_results,
        };
        if !self.start_job("search", signals, move |signals, history| job.run(signals, history)) {
            // Without a thread we cannot search; answer with a legal move all the same.
            let first = self.position.legal_moves().first().copied();
            self.send(&report::bestmove_line(first, None, self.castling_mode()));
        }
    }

    /// Turns `go` parameters into search limits for the side to move.
    fn limits(&self, params: &GoParams) -> Limits {
        let white = self.position.turn() == shakmaty::Color::White;
        let (time, increment) = if white { (params.wtime, params.winc) } else { (params.btime, params.binc) };
        let overhead = self.settings.move_overhead;
        let clock_budget = time.map(|time| {
            let clock = Clock { time, increment: increment.unwrap_or_default(), moves_to_go: params.movestogo };
            TimeBudget::from_clock(clock, overhead)
        });
        let movetime_budget = params.movetime.map(|t| TimeBudget::from_movetime(t, overhead));
        let time = match (clock_budget, movetime_budget) {
            _ if params.infinite => None,
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let mut searchmoves = Vec::new();
        for text in &params.searchmoves {
            match self.position.parse_uci_move(text) {
                Ok(m) => searchmoves.push(m),
                Err(error) => self.info_string(&format!("searchmoves: {error}, skipped")),
            }
        }
        let strength = self.strength_limit();
        let budget = strength.map(StrengthLimit::node_budget);
        let multipv =
            if strength.is_some() { self.settings.multipv.max(strength::CANDIDATES) } else { self.settings.multipv };
        Limits {
            depth: params.depth,
            nodes: params.nodes.into_iter().chain(budget).min(),
            soft_nodes: None,
            mate: params.mate,
            time,
            infinite: params.infinite,
            searchmoves,
            multipv,
            heuristics: Default::default(),
            syzygy: self.tablebases.as_ref().map(|tables| SyzygyProbe {
                tables: Arc::clone(tables),
                probe_depth: self.settings.syzygy_probe_depth,
                probe_limit: self.settings.syzygy_probe_limit,
                rule50: self.settings.syzygy_rule50,
            }),
        }
    }

    /// The strength limit, while `UCI_LimitStrength` is on.
    fn strength_limit(&self) -> Option<StrengthLimit> {
        self.settings.limit_strength.then(|| StrengthLimit::for_setting(self.settings.elo)).flatten()
    }

    fn start_perft(&mut self, depth: u32) {
        self.finish_job();
        let position = self.position.clone();
        let output = Arc::clone(&self.output);
        let mode = self.castling_mode();
        self.start_job("perft", Arc::default(), move |signals, _| {
            let start = Instant::now();
            let split = perft::divide(&position, depth, &signals.stop);
            if signals.stop.load(Ordering::Relaxed) {
                output("info string perft stopped");
                return;
            }
            for (m, count) in &split {
                output(&format!("{}: {count}", crate::position::uci_move(*m, mode)));
            }
            let total: u64 = if depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() };
            output("");
            output(&format!("{total} nodes {} nps", per_second(total, start.elapsed())));
        });
    }

    fn start_bench(&mut self, depth: Option<i32>) {
        self.finish_job();
        let output = Arc::clone(&self.output);
        self.start_job("bench", Arc::default(), move |signals, _| {
            let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
            match bench::run(depth, signals, &mut |_, _| {}) {
                Some(total) => output(&format!("{} nodes {} nps", total.nodes, per_second(total.nodes, total.elapsed))),
                None => output("info string bench stopped"),
            }
        });
    }

    /// Runs a search, perft or bench on worker 0, so that `stop`, `isready` and `quit`
    /// are still answered. False (with an `info string`) if the worker cannot take it.
    fn start_job(
        &mut self,
        name: &str,
        signals: Arc<Signals>,
        work: impl FnOnce(&Signals, &mut History) + Send + 'static,
    ) -> bool {
        let (done, done_receiver) = mpsc::channel();
        let job_signals = Arc::clone(&signals);
        let task = Box::new(move |history: &mut History| {
            work(&job_signals, history);
            let _ = done.send(());
        });
        // The job's signals go in first, so that a failed start still stops any helpers.
        self.job = Some(Job { signals, done: done_receiver });
        if self.pool.run(0, task) {
            return true;
        }
        self.signal_stop();
        self.job = None;
        self.info_string(&format!("cannot start the {name} thread"));
        false
    }
}

pub fn per_second(count: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(count) * 1_000_000 / micros) as u64
}
