//! The command-line tools: `bench`, `perft`, `perft-suite`, `epd`, `tb`, `book`,
//! `datagen`, `convert`, `tune` and `train`, parsed by `clap`. Results go to stdout, progress to
//! stderr; a bad command line gives exit status 2, a command that cannot do its work 1.

mod book;
mod convert;
mod datagen;
mod progress;
mod tablebase;
mod train;
mod tune;

use std::fmt;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand, value_parser};

use crate::epd::{self, EpdLimit};
use crate::perft;
use crate::position::{Position, castling_mode, uci_move};
use crate::search::{MAX_DEPTH, SearchSession, Signals};
use crate::time::nodes_and_speed;

/// Bramble, a UCI chess engine: with no command it speaks UCI on stdin/stdout
///
/// The commands are tools: results go to stdout, progress to stderr; a bad command line
/// ends with exit status 2, a command that cannot do its work with 1. `bramble <COMMAND>
/// --help` lists the arguments and options of a command.
#[derive(Parser)]
#[command(name = "bramble", display_name = "Bramble", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Tool>,
}

/// The tools.
#[derive(Subcommand)]
pub enum Tool {
    /// Search the bench positions to a fixed depth; last line: <N> nodes <M> nps
    Bench(BenchArgs),
    /// Count the legal move tree of a position to a depth
    Perft(PerftArgs),
    /// Check the counts of an EPD perft file (`;D1 20` operations)
    PerftSuite(PerftSuiteArgs),
    /// Search the positions of an EPD test file and count the solved ones
    Epd(EpdArgs),
    /// Probe Syzygy tables: wdl (-2..2), dtz and the best move of one position
    Tb(tablebase::TbArgs),
    /// Probe or build a polyglot opening book
    Book(book::BookArgs),
    /// Self-play positions for tuning: FEN | score | result lines, or 32-byte records
    Datagen(datagen::DatagenArgs),
    /// Convert training data between text and 32-byte bulletformat records
    Convert(convert::ConvertArgs),
    /// Fit the evaluation weights to training data; writes src/eval/weights.rs
    Tune(tune::TuneArgs),
    /// Train an NNUE network on 32-byte bulletformat records; writes a .nnue file
    Train(train::TrainArgs),
}

/// What went wrong, and the exit status it earns.
enum CliError {
    /// The command line itself is wrong in a way `clap` does not check (status 2).
    Usage(String),
    /// The command could not do its work (status 1).
    Failed(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(why) | CliError::Failed(why) => f.write_str(why),
        }
    }
}

type CliResult = Result<ExitCode, CliError>;

/// Runs one tool and gives its exit status.
pub fn run(tool: Tool) -> ExitCode {
    let (name, result) = match tool {
        Tool::Bench(args) => ("bench", bench(args)),
        Tool::Perft(args) => ("perft", perft_command(args)),
        Tool::PerftSuite(args) => ("perft-suite", perft_suite(args)),
        Tool::Epd(args) => ("epd", epd_command(args)),
        Tool::Tb(args) => ("tb", tablebase::tablebase_command(args)),
        Tool::Book(args) => ("book", book::book_command(args)),
        Tool::Datagen(args) => ("datagen", datagen::datagen_command(args)),
        Tool::Convert(args) => ("convert", convert::convert_command(args)),
        Tool::Tune(args) => ("tune", tune::tune_command(args)),
        Tool::Train(args) => ("train", train::train_command(args)),
    };
    match result {
        Ok(code) => code,
        Err(CliError::Usage(why)) => {
            // In clap's form, with the usage line of the tool.
            let mut command = Cli::command();
            command.build();
            let error = match command.find_subcommand_mut(name) {
                Some(tool) => tool.error(ErrorKind::ValueValidation, why),
                None => command.error(ErrorKind::ValueValidation, why),
            };
            // Nothing more can be said if stderr is gone.
            let _ = error.print();
            ExitCode::from(2)
        }
        Err(CliError::Failed(why)) => {
            eprintln!("bramble: {why}");
            ExitCode::FAILURE
        }
    }
}

fn read_file(path: &str) -> Result<String, CliError> {
    let bytes = std::fs::read(path).map_err(|e| CliError::Failed(format!("cannot read {path}: {e}")))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

#[derive(Args)]
pub struct BenchArgs {
    /// Search depth, 1 to 100
    #[arg(default_value_t = crate::bench::DEFAULT_DEPTH, value_parser = value_parser!(i32).range(1..=MAX_DEPTH as i64))]
    depth: i32,
}

fn bench(args: BenchArgs) -> CliResult {
    let depth = args.depth;
    let count = crate::bench::POSITIONS.len();
    let signals = Signals::default();
    let total = crate::bench::run(depth, &signals, &mut |index, line| {
        eprintln!(
            "position {:>2}/{count}: {:>9} nodes  {:>5} ms  bestmove {}  {}",
            index + 1,
            line.nodes,
            line.elapsed.as_millis(),
            line.best_move,
            line.fen
        );
    })
    .ok_or_else(|| CliError::Failed("bench stopped".into()))?;
    println!("{}", nodes_and_speed(total.nodes, total.elapsed));
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct PerftArgs {
    /// Depth in plies, 0 to 64
    #[arg(value_parser = value_parser!(u32).range(..=perft::MAX_DEPTH as i64))]
    depth: u32,
    /// The position: a FEN as one quoted argument or as several [default: the start position]
    fen: Vec<String>,
    /// Print the count below each root move
    #[arg(long)]
    divide: bool,
    /// Read castling rights as Chess960 (Shredder-FEN or X-FEN)
    #[arg(long)]
    chess960: bool,
    /// Also run shakmaty::perft on the position and compare counts and speeds (best of three)
    #[arg(long)]
    compare: bool,
}

fn perft_command(args: PerftArgs) -> CliResult {
    let (depth, fen) = (args.depth, args.fen.join(" "));
    let mode = castling_mode(args.chess960);
    let pos = if fen.is_empty() {
        Position::startpos()
    } else {
        Position::from_fen(&fen, mode).map_err(|e| CliError::Failed(e.to_string()))?.0
    };
    let never = AtomicBool::new(false);

    // --compare: shakmaty's own perft on the same position; each side's best of three runs,
    // taken in turns, so that a busy moment of the machine does not decide the ratio.
    let rounds = if args.compare { 3 } else { 1 };
    let mut reference: Option<(u64, Duration)> = None;
    let mut best: Option<(u64, Duration)> = None;
    let mut split = Vec::new();
    for _ in 0..rounds {
        if args.compare {
            let start = Instant::now();
            let nodes = shakmaty::perft(pos.chess(), depth);
            let elapsed = start.elapsed();
            reference = Some((nodes, reference.map_or(elapsed, |(_, t)| t.min(elapsed))));
        }
        let start = Instant::now();
        let nodes = if args.divide {
            split = perft::divide(&pos, depth, &never);
            perft::divide_total(&split, depth)
        } else {
            perft::perft(&pos, depth, &never)
        };
        let elapsed = start.elapsed();
        best = Some((nodes, best.map_or(elapsed, |(_, t)| t.min(elapsed))));
    }
    let (nodes, elapsed) = best.unwrap_or((0, Duration::ZERO));
    if args.divide {
        for (m, count) in &split {
            println!("{}: {count}", uci_move(*m, mode));
        }
        println!();
    }

    if let Some((reference_nodes, reference_time)) = reference {
        println!("shakmaty::perft: {}", nodes_and_speed(reference_nodes, reference_time));
        let ratio = reference_time.as_secs_f64() / elapsed.as_secs_f64().max(1e-9);
        println!("speed of bramble perft / shakmaty::perft: {ratio:.3}");
        if reference_nodes != nodes {
            return Err(CliError::Failed(format!("counts differ: shakmaty {reference_nodes}, bramble {nodes}")));
        }
    }
    println!("{}", nodes_and_speed(nodes, elapsed));
    Ok(ExitCode::SUCCESS)
}

#[derive(Args)]
pub struct PerftSuiteArgs {
    /// EPD perft file: a FEN and `;D<n> <count>` operations a line
    file: String,
    /// Check the counts only up to this depth (at most 64)
    #[arg(long, value_name = "D", default_value_t = perft::MAX_DEPTH)]
    max_depth: u32,
    /// Read castling rights as Chess960 (Shredder-FEN or X-FEN)
    #[arg(long)]
    chess960: bool,
}

fn perft_suite(args: PerftSuiteArgs) -> CliResult {
    let path = &args.file;
    let max_depth = args.max_depth.min(perft::MAX_DEPTH);
    let mode = castling_mode(args.chess960);
    let entries = perft::parse_suite(&read_file(path)?).map_err(|e| CliError::Failed(format!("{path}: {e}")))?;
    let never = AtomicBool::new(false);
    let (mut checks, mut failures) = (0, 0);
    for (index, entry) in entries.iter().enumerate() {
        let start = Instant::now();
        let mut verdicts = Vec::new();
        match Position::from_fen(&entry.fen, mode) {
            Ok((pos, _)) => {
                for &(depth, expected) in entry.counts.iter().filter(|(d, _)| *d <= max_depth) {
                    let got = perft::perft(&pos, depth, &never);
                    checks += 1;
                    if got == expected {
                        verdicts.push(format!("D{depth} ok"));
                    } else {
                        failures += 1;
                        verdicts.push(format!("D{depth} FAIL expected {expected} got {got}"));
                    }
                }
            }
            Err(error) => {
                failures += 1;
                verdicts.push(format!("FAIL {error}"));
            }
        }
        println!(
            "{}/{} {} | {} | {} ms",
            index + 1,
            entries.len(),
            entry.fen,
            verdicts.join(", "),
            start.elapsed().as_millis()
        );
    }
    println!("positions {}, checks {checks}, failures {failures}", entries.len());
    Ok(if failures == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

#[derive(Args)]
pub struct EpdArgs {
    /// EPD file of `bm`, `am` or `dm` records
    file: String,
    #[command(flatten)]
    limit: EpdLimitArgs,
}

/// How long each position is searched: at most one of these (default --movetime 1000).
#[derive(Args)]
#[group(multiple = false)]
struct EpdLimitArgs {
    /// Milliseconds per position [default: 1000]
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
    /// Depth per position (1 to 100; beyond that range the nearest end)
    #[arg(long, value_name = "D", allow_negative_numbers = true)]
    depth: Option<i32>,
    /// Nodes per position
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
}

fn epd_command(args: EpdArgs) -> CliResult {
    let path = &args.file;
    let EpdLimitArgs { movetime, depth, nodes } = args.limit;
    let limit = match (movetime, depth, nodes) {
        (_, Some(depth), _) => EpdLimit::Depth(depth.clamp(1, MAX_DEPTH)),
        (_, _, Some(nodes)) => EpdLimit::Nodes(nodes),
        (movetime, _, _) => EpdLimit::MoveTime(Duration::from_millis(movetime.unwrap_or(1000))),
    };
    let text = read_file(path)?;
    let mut session = SearchSession::new(16);
    let (mut solved, mut total, mut bad) = (0, 0, 0);
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let record = match epd::parse_record(line, index + 1) {
            Ok(record) => record,
            Err(error) => {
                eprintln!("bramble: {path}: {error}");
                bad += 1;
                continue;
            }
        };
        let outcome = epd::solve(&record, limit, &mut session);
        total += 1;
        solved += usize::from(outcome.solved);
        println!(
            "{}  expected {}  played {}  {}  {} ms",
            record.id,
            record.expected,
            outcome.played,
            if outcome.solved { "ok" } else { "miss" },
            outcome.elapsed.as_millis()
        );
    }
    println!("solved {solved}/{total}");
    if bad > 0 {
        return Err(CliError::Failed(format!("{bad} records of {path} could not be read")));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// The ranges written in the help are the ones checked.
    #[test]
    fn the_help_gives_the_depth_limits() {
        let command = Cli::command();
        let help = |tool: &str, arg: &str| {
            let tool = command.find_subcommand(tool).expect("a tool");
            let arg = tool.get_arguments().find(|a| a.get_id() == arg).expect("an argument");
            arg.get_help().map(ToString::to_string).unwrap_or_default()
        };
        assert!(help("bench", "depth").contains(&format!("1 to {}", crate::search::MAX_DEPTH)));
        assert!(help("epd", "depth").contains(&format!("1 to {}", crate::search::MAX_DEPTH)));
        assert!(help("perft", "depth").contains(&format!("0 to {}", crate::perft::MAX_DEPTH)));
        assert!(help("perft-suite", "max_depth").contains(&format!("at most {}", crate::perft::MAX_DEPTH)));
    }
}
