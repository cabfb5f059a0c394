//! The UCI controller: commands in, text out. It owns the engine, the settings the
//! options set, the book and the tablebases; it turns `go` into search limits (or a book
//! move), and every event of the engine into its line of text, the `bestmove` in one place.
//!
//! Commands that only read or signal (`isready`, `stop`, `ponderhit`, `position`, `d`,
//! `eval`) never wait for the running job. Commands that change what a search uses (`go`,
//! `setoption`, `ucinewgame`, `perft`, `bench`, `quit`) stop it first and wait for it.
//! `perft` then runs to its end before the next command is read.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use shakmaty::{CastlingMode, Color, Position as _};

mod books_and_tables;
mod network;

use super::command::{Command, GoParams, StartPosition};
use super::options::{BUILTIN_EVAL_FILE, EVALUATOR_NETWORK, OPTIONS, OptionId, OptionValue, parse_setoption};
use super::report;
use crate::bench;
use crate::book::Book;
use crate::engine::{AUTHOR, Engine, Event, EventSink, NAME, SearchRequest};
use crate::genfens::{self, GenfensRequest};
use crate::nnue::Network;
use crate::perft;
use crate::position::{Position, castling_mode, uci_move};
use crate::search::{Limits, SearchSettings, SyzygyProbe};
use crate::strength::{self, StrengthLimit};
use crate::syzygy::Tablebases;
use crate::time::{Clock, TimeBudget, nodes_and_speed};
use crate::wdl::wdl;

/// Where the controller's lines go: stdout for the binary, a buffer in tests.
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// What the options set, besides the engine's table size and threads.
#[derive(Clone, Debug)]
struct Settings {
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
    /// `Evaluator network`: the search evaluates with the network in use.
    use_network: bool,
}

impl Settings {
    /// Every setting as its option's default in the option table (written only there).
    fn from_option_defaults() -> Settings {
        Settings {
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
            use_network: OptionId::Evaluator.default_combo() == EVALUATOR_NETWORK,
        }
    }

    fn castling_mode(&self) -> CastlingMode {
        castling_mode(self.chess960)
    }

    /// The strength limit, while `UCI_LimitStrength` is on.
    fn strength_limit(&self) -> Option<StrengthLimit> {
        self.limit_strength.then(|| StrengthLimit::new(self.elo))
    }
}

pub struct Controller {
    engine: Engine,
    settings: Settings,
    /// The opening book, loaded while `OwnBook` is on.
    book: Option<Book>,
    /// The tables of `SyzygyPath`, if it names any.
    tablebases: Option<Arc<Tablebases>>,
    /// The network in use (`EvalFile`): the built-in one until a file is loaded.
    network: Option<LoadedNetwork>,
    output: Output,
}

/// A network and where it came from, for messages.
struct LoadedNetwork {
    net: Arc<Network>,
    /// `built-in` or the file's path.
    name: String,
}

impl Controller {
    pub fn new(output: Output) -> Controller {
        let (engine, problem) = Engine::new(OptionId::Hash.default_spin() as usize);
        let settings = Settings::from_option_defaults();
        let mut controller = Controller { engine, settings, book: None, tablebases: None, network: None, output };
        if let Some(problem) = problem {
            controller.info_string(&problem);
        }
        controller.load_network(BUILTIN_EVAL_FILE);
        controller
    }

    fn send(&self, line: &str) {
        (self.output)(line);
    }

    /// One `info string` line; long user input is cut so the reply stays one short line.
    pub fn info_string(&self, message: &str) {
        self.send(&info_string_line(message));
    }

    /// Carries out one command; false when the engine should exit.
    pub fn handle(&mut self, command: Command) -> bool {
        match command {
            Command::Uci => self.identify(),
            Command::Debug(_) | Command::Register => {}
            Command::IsReady => self.send("readyok"),
            Command::SetOption { name, value } => {
                self.finish_job();
                #[cfg(feature = "tune")]
                if let Some(param) = crate::search::params::by_name(&name) {
                    self.set_param(param, value.as_deref());
                    return true;
                }
                match parse_setoption(&name, value.as_deref()) {
                    Ok((id, value)) => self.apply_option(id, value),
                    Err(error) => self.info_string(&error.to_string()),
                }
            }
            Command::UciNewGame => {
                self.finish_job();
                self.engine.new_game();
            }
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(params) => self.go(params),
            Command::Stop => self.engine.stop(),
            Command::PonderHit => self.engine.ponder_hit(),
            Command::Quit => {
                self.close_job();
                return false;
            }
            Command::Display => {
                let lines = report::board_lines(self.engine.position(), self.settings.castling_mode());
                lines.iter().for_each(|l| self.send(l));
            }
            Command::Eval => self.eval_lines().iter().for_each(|l| self.send(l)),
            Command::Perft(depth) => self.perft(depth),
            Command::Bench(depth) => self.start_bench(depth),
            Command::Genfens(request) => self.start_genfens(request),
        }
        true
    }

    /// Stops the running job (its `bestmove` is printed) and waits for it.
    pub fn finish_job(&mut self) {
        if let Err(problem) = self.engine.finish_job() {
            self.info_string(&problem);
        }
    }

    /// At `quit` or the end of input: a tool (perft, bench, genfens) finishes its work, a
    /// search is stopped (its `bestmove` is printed); waits for it.
    pub fn close_job(&mut self) {
        if let Err(problem) = self.engine.close_job() {
            self.info_string(&problem);
        }
    }

    fn identify(&self) {
        self.send(&format!("id name {NAME}"));
        self.send(&format!("id author {AUTHOR}"));
        for spec in OPTIONS {
            self.send(&spec.uci_line());
        }
        // A tuning build offers every search parameter as an option.
        #[cfg(feature = "tune")]
        for param in crate::search::params::ALL {
            let (name, default, min, max) = (param.name, param.default, param.min, param.max);
            self.send(&format!("option name {name} type spin default {default} min {min} max {max}"));
        }
        self.send("uciok");
    }

    /// `setoption` of a search parameter (tuning builds): a whole number within its range.
    #[cfg(feature = "tune")]
    fn set_param(&self, param: &crate::search::params::Param, value: Option<&str>) {
        let parsed = value.and_then(|text| text.trim().parse::<i64>().ok());
        if !parsed.is_some_and(|value| param.set(value)) {
            let (name, min, max) = (param.name, param.min, param.max);
            self.info_string(&format!("{name} takes a whole number from {min} to {max}; unchanged"));
        }
    }

    /// What each option does when set: one arm an option, no catch-all, so a new option
    /// cannot be forgotten here.
    fn apply_option(&mut self, id: OptionId, value: OptionValue) {
        match id {
            OptionId::Hash => {
                if let Err(problem) = self.engine.resize_table(value.spin() as usize) {
                    self.info_string(&problem);
                }
            }
            OptionId::ClearHash => self.engine.clear_table(),
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
                if let Err(error) = self.engine.set_threads(value.spin() as usize) {
                    self.info_string(&format!("Threads: {error}"));
                }
            }
            OptionId::MultiPv => self.settings.multipv = value.spin() as usize,
            OptionId::LimitStrength => self.settings.limit_strength = value.check(),
            OptionId::Elo => self.settings.elo = value.spin(),
            OptionId::EvalFile => self.load_network(&value.text()),
            OptionId::Evaluator => self.select_evaluator(value.choice() == EVALUATOR_NETWORK),
            // The GUI decides when to ponder.
            OptionId::Ponder => {}
        }
    }

    /// Sets up the position, or leaves the old one if the FEN or any move is bad.
    fn set_position(&mut self, start: StartPosition, moves: &[String]) {
        let mode = self.settings.castling_mode();
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
        self.engine.set_game(pos, keys);
    }

    fn go(&mut self, params: GoParams) {
        self.finish_job();
        if !params.ignored.is_empty() {
            self.info_string(&format!("go: ignored {}", params.ignored.join(" ")));
        }
        let sink = self.event_sink();
        if let Some((choice, total)) = self.book_move(&params) {
            let text = uci_move(choice.m, self.settings.castling_mode());
            sink(Event::Notice(&format!("book move {text} (weight {} of {total})", choice.weight)));
            sink(Event::BestMove { best: Some(choice.m), ponder: None });
            return;
        }
        let strength = self.settings.strength_limit();
        let request = SearchRequest {
            limits: self.limits(&params),
            settings: self.search_settings(),
            shown_lines: self.settings.multipv,
            strength,
        };
        self.engine.go(request, params.ponder, sink);
    }

    /// The engine's events as UCI lines, for the position about to be searched.
    fn event_sink(&self) -> EventSink {
        let output = Arc::clone(&self.output);
        let mode = self.settings.castling_mode();
        let board = self.settings.show_wdl.then(|| self.engine.position().chess().board().clone());
        Arc::new(move |event: Event| match event {
            Event::Report(r) => {
                let chances = board.as_ref().map(|board| wdl(r.score, board));
                output(&report::info_line(r, chances, mode));
            }
            Event::Notice(message) => output(&info_string_line(message)),
            // The one place a `bestmove` line is made.
            Event::BestMove { best, ponder } => output(&report::bestmove_line(best, ponder, mode)),
        })
    }

    /// Turns `go` parameters into search limits for the side to move.
    fn limits(&self, params: &GoParams) -> Limits {
        let position = self.engine.position();
        let white = position.turn() == Color::White;
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
            match position.parse_uci_move(text) {
                Ok(m) => searchmoves.push(m),
                Err(error) => self.info_string(&format!("searchmoves: {error}, skipped")),
            }
        }
        let strength = self.settings.strength_limit();
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
        }
    }

    /// How the search searches, from the options: the tablebases and the evaluator.
    fn search_settings(&self) -> SearchSettings {
        SearchSettings {
            heuristics: Default::default(),
            syzygy: self.tablebases.as_ref().map(|tables| SyzygyProbe {
                tables: Arc::clone(tables),
                probe_depth: self.settings.syzygy_probe_depth,
                probe_limit: self.settings.syzygy_probe_limit,
                rule50: self.settings.syzygy_rule50,
            }),
            evaluator: self.evaluator(),
        }
    }

    /// `perft N`, as Stockfish's: counted here, to the end, before the next command is
    /// read, so no command stops it and no other output falls between its lines.
    fn perft(&mut self, depth: u32) {
        self.finish_job();
        let start = Instant::now();
        let split = perft::divide(self.engine.position(), depth, &AtomicBool::new(false));
        let mode = self.settings.castling_mode();
        for (m, count) in &split {
            self.send(&format!("{}: {count}", uci_move(*m, mode)));
        }
        self.send("");
        self.send(&nodes_and_speed(perft::divide_total(&split, depth), start.elapsed()));
    }

    fn start_bench(&mut self, depth: Option<i32>) {
        self.finish_job();
        let output = Arc::clone(&self.output);
        // The evaluator the search uses now (`Evaluator`, `EvalFile`).
        let evaluator = self.evaluator();
        let started = self.engine.start_job("bench", Arc::default(), move |signals, _| {
            let depth = depth.unwrap_or(bench::DEFAULT_DEPTH);
            match bench::run(depth, &evaluator, signals, &mut |_, _| {}) {
                Some(total) => output(&nodes_and_speed(total.nodes, total.elapsed)),
                None => output("info string bench stopped"),
            }
        });
        if let Err(problem) = started {
            self.info_string(&problem);
        }
    }
}

impl Controller {
    /// OpenBench's openings (`crate::genfens`), one `info string genfens <FEN>` line each,
    /// searched with the evaluator in use. A book that cannot be read is one line and no
    /// openings.
    fn start_genfens(&mut self, request: GenfensRequest) {
        self.finish_job();
        let book = match &request.book {
            None => Vec::new(),
            Some(path) => match std::fs::read(path) {
                Ok(bytes) => crate::epd::start_positions(&String::from_utf8_lossy(&bytes)),
                Err(e) => return self.info_string(&format!("genfens: cannot read the book {path}: {e}")),
            },
        };
        if request.book.is_some() && book.is_empty() {
            return self.info_string("genfens: the book holds no legal position");
        }
        let output = Arc::clone(&self.output);
        let settings = SearchSettings { evaluator: self.evaluator(), ..SearchSettings::default() };
        let started = self.engine.start_job("genfens", Arc::default(), move |signals, _| {
            genfens::generate(request.count, request.seed, &book, settings, &signals.stop, &mut |fen| {
                output(&format!("info string genfens {fen}"));
            });
        });
        if let Err(problem) = started {
            self.info_string(&problem);
        }
    }
}

/// An `info string` line; long user input is cut so the reply stays one short line.
fn info_string_line(message: &str) -> String {
    const MAX_CHARS: usize = 200;
    let mut text: String = message.chars().filter(|c| !c.is_control()).take(MAX_CHARS).collect();
    if message.chars().count() > MAX_CHARS {
        text.push_str("...");
    }
    format!("info string {text}")
}
