//! `bramble book probe` and `bramble book build`.

use std::io::Write as _;
use std::process::ExitCode;

use shakmaty::san::San;
use shakmaty::{CastlingMode, Chess, Move};

use super::{Args, CliError, CliResult, read_file};
use crate::book::build::{self, Analysis};
use crate::book::{Book, pgn, polyglot};
use crate::position::{Position, uci_move};

pub(super) fn book_command(args: &[String]) -> CliResult {
    match args.split_first() {
        Some((sub, rest)) if sub == "probe" => probe(rest),
        Some((sub, rest)) if sub == "build" => build_command(rest),
        _ => Err(CliError::Usage("book needs 'probe' or 'build'".into())),
    }
}

/// `book probe [fen] [--file F]`: the book moves of a position (the start position when
/// no FEN is given) from the shipped book or `F`, with weight and share.
fn probe(args: &[String]) -> CliResult {
    let args = Args::parse(args, &[], &["--file"])?;
    let fen = args.positional.join(" ");
    let pos = if fen.is_empty() || fen == "startpos" {
        Position::startpos()
    } else {
        Position::from_fen(&fen, CastlingMode::Standard).map_err(|e| CliError::Failed(e.to_string()))?.0
    };
    let book = match args.text("--file") {
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

fn build_command(args: &[String]) -> CliResult {
    let valued = [
        "--pgn",
        "--tree",
        "--out",
        "--max-ply",
        "--min-games",
        "--first",
        "--depth",
        "--margin",
        "--max-moves",
        "--threads",
        "--hash",
        "--report",
    ];
    let args = Args::parse(args, &[], &valued)?;
    if !args.positional.is_empty() {
        return Err(CliError::Usage(format!("book build: unexpected '{}'", args.positional[0])));
    }
    let out = args.text("--out").ok_or_else(|| CliError::Usage("book build needs --out F".into()))?;
    let entries = match (args.text("--pgn"), args.text("--tree")) {
        (Some(path), None) => build_from_pgn(&args, path)?,
        (None, Some(paths)) => build_from_tree(&args, paths)?,
        _ => return Err(CliError::Usage("book build needs one of --pgn F or --tree F".into())),
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

fn build_from_pgn(args: &Args, path: &str) -> Result<Vec<polyglot::Entry>, CliError> {
    let max_ply = args.value::<usize>("--max-ply")?.unwrap_or(16);
    let min_games = args.value::<u32>("--min-games")?.unwrap_or(1);
    let (games, dropped) = pgn::read_games(&read_file(path)?);
    eprintln!("{path}: {} games read, {dropped} dropped (bad FEN or move)", games.len());
    Ok(build::from_games(&games, max_ply, min_games))
}

fn build_from_tree(args: &Args, paths: &str) -> Result<Vec<polyglot::Entry>, CliError> {
    let mut lines = Vec::new();
    for path in paths.split(',') {
        lines.extend(read_lines(path)?);
    }
    let first_moves = match args.text("--first") {
        Some(list) => list.split(',').map(|san| parse_san(&Chess::default(), san)).collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    let options = Analysis {
        depth: args.value("--depth")?.unwrap_or(12),
        margin: args.value("--margin")?.unwrap_or(40),
        max_ply: args.value("--max-ply")?.unwrap_or(8),
        max_moves: number_list("--max-moves", args.text("--max-moves").unwrap_or("3"))?,
        first_moves,
        threads: args.value("--threads")?.unwrap_or(1),
        hash_mb: args.value("--hash")?.unwrap_or(64),
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
    let progress = |line: &str| eprintln!("{line}");
    let (entries, scored) = build::from_analysis(&lines, &options, &progress);
    let kept = scored.iter().filter(|s| s.kept).count();
    let worst = scored.iter().filter(|s| s.kept).map(|s| s.best_score - s.score).max().unwrap_or(0);
    eprintln!("{} candidates scored, {kept} kept, largest kept loss {worst} cp", scored.len());
    if let Some(report) = args.text("--report") {
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

/// `6,5,3`
fn number_list(flag: &str, text: &str) -> Result<Vec<usize>, CliError> {
    text.split(',').map(|part| super::number(flag, part)).collect()
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
