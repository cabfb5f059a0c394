//! `bramble book probe` and `bramble book build`.

use std::io::Write as _;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Move};

use clap::{ArgGroup, Args, Subcommand};

use super::common::{CliError, CliResult, check_writable, fen_argument, read_file};
use super::progress::Progress as ProgressDisplay;
use crate::book::build::{self, Analysis, BuildProgress};
use crate::book::{Book, pgn, polyglot};
use crate::position::{Position, uci_move};

/// Plain progress lines (no terminal) at most this often.
const PROGRESS_INTERVAL: Duration = Duration::from_secs(5);

#[derive(Args)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand)]
enum BookCommand {
    /// The book moves of a position, with weight and share
    Probe(ProbeArgs),
    /// Write a polyglot book from PGN games (--pgn) or from searched opening lines (--tree)
    Build(BuildArgs),
}

#[derive(Args)]
struct ProbeArgs {
    /// The position: a FEN as one quoted argument or as several, or `startpos` [default: the start position]
    fen: Vec<String>,
    /// The book to read [default: the book built into Bramble]
    #[arg(long, value_name = "F")]
    file: Option<String>,
}

/// `--pgn` takes the moves that were played; `--tree` searches each position of the lines
/// and keeps the moves within `--margin` of the best.
#[derive(Args)]
#[command(group(ArgGroup::new("source").required(true).args(["pgn", "tree"])))]
struct BuildArgs {
    /// PGN games to take the moves from
    #[arg(long, value_name = "F")]
    pgn: Option<String>,
    /// Opening lines to search, one a line (movetext, or the pgn column of a lichess .tsv)
    #[arg(long, value_name = "F[,F...]", value_delimiter = ',')]
    tree: Vec<String>,
    /// The book file to write
    #[arg(long, value_name = "F")]
    out: String,
    /// Positions of the first N plies get book moves [default: 16 with --pgn, 8 with --tree]
    #[arg(long, value_name = "N")]
    max_ply: Option<usize>,
    /// --pgn: keep only moves played in at least this many games
    #[arg(long, value_name = "N", default_value_t = 1)]
    min_games: u32,
    /// --tree: the only first moves to analyse [default: the tree's]
    #[arg(long, value_name = "SAN,...", value_delimiter = ',')]
    first: Vec<String>,
    /// --tree: search depth for each position
    #[arg(long, value_name = "D", default_value_t = 12)]
    depth: i32,
    /// --tree: keep moves that lose at most this much against the best, in centipawns
    #[arg(long, value_name = "CP", default_value_t = 40)]
    margin: i32,
    /// --tree: candidates per position, the moves the most lines play there; one number per ply
    /// (the last for the plies beyond)
    #[arg(long, value_name = "N[,N...]", value_delimiter = ',', default_value = "3")]
    max_moves: Vec<usize>,
    /// --tree: search threads
    #[arg(long, value_name = "N", default_value_t = 1)]
    threads: usize,
    /// --tree: hash table size in MB
    #[arg(long, value_name = "MB", default_value_t = 64)]
    hash: usize,
    /// --tree: write every scored candidate (FEN, move, score, best, loss, kept) to this file
    #[arg(long, value_name = "F")]
    report: Option<String>,
}

pub(super) fn book_command(args: BookArgs) -> CliResult {
    match args.command {
        BookCommand::Probe(args) => probe(args),
        BookCommand::Build(args) => build_command(args),
    }
}

/// `book probe [fen] [--file F]`: the book moves of a position (the start position when
/// no FEN is given) from the shipped book or `F`, with weight and share.
fn probe(args: ProbeArgs) -> CliResult {
    let fen = fen_argument(&args.fen);
    let pos = if fen.is_empty() {
        Position::startpos()
    } else {
        Position::from_fen(&fen, CastlingMode::Standard).map_err(|e| CliError::Failed(e.to_string()))?.0
    };
    let book = match &args.file {
        Some(path) => Book::from_file(path),
        None => Book::shipped(),
    }
    .map_err(|e| CliError::Failed(format!("book not usable: {e}")))?;
    let moves = book.moves(pos.chess());
    let total: u32 = moves.iter().map(|m| u32::from(m.weight)).sum();
    for book_move in &moves {
        let san = San::from_move(pos.chess(), book_move.m);
        let share = 100.0 * f64::from(book_move.weight) / f64::from(total.max(1));
        println!(
            "{:<6} {:<7} weight {:>5}  {share:5.1}%",
            uci_move(book_move.m, CastlingMode::Standard),
            san.to_string(),
            book_move.weight
        );
    }
    if moves.is_empty() {
        println!("no book moves");
    }
    Ok(ExitCode::SUCCESS)
}

fn build_command(args: BuildArgs) -> CliResult {
    let out = args.out.as_str();
    check_writable(out)?;
    let entries = match &args.pgn {
        Some(path) => build_from_pgn(&args, path)?,
        None => build_from_tree(&args)?,
    };
    if entries.is_empty() {
        return Err(CliError::Failed("no book moves: nothing written".into()));
    }
    let bytes = polyglot::write_entries(entries);
    std::fs::write(out, &bytes).map_err(|e| CliError::Failed(format!("cannot write {out}: {e}")))?;
    let book = Book::from_bytes(&bytes).map_err(|e| CliError::Failed(e.to_string()))?;
    println!("{out}: {} entries, {} positions, {} bytes", book.len(), book.positions(), bytes.len());
    Ok(ExitCode::SUCCESS)
}

fn build_from_pgn(args: &BuildArgs, path: &str) -> Result<Vec<polyglot::Entry>, CliError> {
    let (max_ply, min_games) = (args.max_ply.unwrap_or(16), args.min_games);
    let (games, dropped) = pgn::read_games(&read_file(path)?);
    eprintln!("{path}: {} games read, {dropped} dropped (bad FEN or move)", games.len());
    Ok(build::from_games(&games, max_ply, min_games))
}

fn build_from_tree(args: &BuildArgs) -> Result<Vec<polyglot::Entry>, CliError> {
    let mut lines = Vec::new();
    for path in &args.tree {
        lines.extend(read_lines(path)?);
    }
    let first_moves = args.first.iter().map(|san| parse_san(&Chess::default(), san)).collect::<Result<_, _>>()?;
    let options = Analysis {
        depth: args.depth,
        margin: args.margin,
        max_ply: args.max_ply.unwrap_or(8),
        max_moves: args.max_moves.clone(),
        first_moves,
        threads: args.threads,
        hash_mb: args.hash,
    };
    eprintln!(
        "{} lines; depth {}, margin {} cp, {} plies, candidates per ply {:?}, {} threads",
        lines.len(),
        options.depth,
        options.margin,
        options.max_ply,
        options.max_moves,
        options.threads
    );
    // One bar (or plain lines) per ply; the threads report in turn.
    let display: Mutex<Option<ProgressDisplay>> = Mutex::new(None);
    let progress = |event: BuildProgress| {
        let Ok(mut display) = display.lock() else { return };
        match event {
            BuildProgress::Ply { ply, positions } => {
                let shown = ProgressDisplay::new(positions as u64, "positions", PROGRESS_INTERVAL);
                shown.line(&format!("ply {ply}: {positions} positions"));
                *display = Some(shown);
            }
            BuildProgress::Positions { done, total } => {
                let line = || format!("  {done}/{total} positions");
                if done == total {
                    // The last of the ply; a report that arrives after it is not shown.
                    if let Some(mut shown) = display.take() {
                        shown.finish(done as u64, line());
                    }
                } else if let Some(shown) = display.as_mut() {
                    shown.update(done as u64, String::new, line);
                }
            }
        }
    };
    let (entries, scored) = build::from_analysis(&lines, &options, &progress);
    let kept = scored.iter().filter(|s| s.kept).count();
    let worst = scored.iter().filter(|s| s.kept).map(|s| s.best_score - s.score).max().unwrap_or(0);
    eprintln!("{} candidates scored, {kept} kept, largest kept loss {worst} cp", scored.len());
    if let Some(report) = &args.report {
        write_report(report, &scored)?;
    }
    Ok(entries)
}

/// Opening lines, one per line: the `pgn` column of a lichess `.tsv`, or movetext.
fn read_lines(path: &str) -> Result<Vec<Vec<Move>>, CliError> {
    let text = read_file(path)?;
    let mut lines = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let movetext = if path.ends_with(".tsv") {
            if number == 0 {
                continue;
            }
            line.split('\t').nth(2).unwrap_or_default()
        } else {
            line
        };
        if movetext.trim().is_empty() {
            continue;
        }
        let moves = pgn::parse_movetext(&Chess::default(), movetext)
            .map_err(|e| CliError::Failed(format!("{path}:{}: {e}", number + 1)))?;
        lines.push(moves);
    }
    Ok(lines)
}

fn parse_san(pos: &Chess, text: &str) -> Result<Move, CliError> {
    text.parse::<San>()
        .ok()
        .and_then(|san| san.to_move(pos).ok())
        .ok_or_else(|| CliError::Usage(format!("--first: '{text}' is not a legal first move")))
}

/// One line per scored candidate: FEN, move, its score, the best score, kept or dropped.
fn write_report(path: &str, scored: &[build::ScoredMove]) -> Result<(), CliError> {
    let failed = |e: std::io::Error| CliError::Failed(format!("cannot write {path}: {e}"));
    let mut file = std::io::BufWriter::new(std::fs::File::create(path).map_err(failed)?);
    writeln!(file, "fen\tmove\tscore\tbest\tloss\tkept").map_err(failed)?;
    for s in scored {
        let m = uci_move(s.m, CastlingMode::Standard);
        let loss = s.best_score - s.score;
        writeln!(file, "{}\t{m}\t{}\t{}\t{loss}\t{}", s.fen, s.score, s.best_score, s.kept).map_err(failed)?;
    }
    file.flush().map_err(failed)
}
