//! `bramble perft` and `bramble perft-suite`: move generation counted and checked.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::{Args, value_parser};

use super::common::{CliError, CliResult, fen_argument, read_file};
use crate::perft;
use crate::position::{Position, castling_mode, uci_move};
use crate::time::nodes_and_speed;

#[derive(Args)]
pub struct PerftArgs {
    /// Depth in plies, 0 to 64
    #[arg(value_parser = value_parser!(u32).range(..=perft::MAX_DEPTH as i64))]
    depth: u32,
    /// The position: a FEN as one quoted argument or as several, or `startpos` [default: the start position]
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

pub(super) fn perft_command(args: PerftArgs) -> CliResult {
    let (depth, fen) = (args.depth, fen_argument(&args.fen));
    let mode = castling_mode(args.chess960);
    let pos = if fen.is_empty() {
        Position::startpos()
    } else {
        let (pos, repair) = Position::from_fen(&fen, mode).map_err(|e| CliError::Failed(e.to_string()))?;
        if let Some(repair) = repair {
            eprintln!("bramble: {}{}", repair.0, if args.chess960 { "" } else { "; --chess960 reads them" });
        }
        pos
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

pub(super) fn perft_suite(args: PerftSuiteArgs) -> CliResult {
    let path = &args.file;
    let max_depth = args.max_depth.min(perft::MAX_DEPTH);
    let mode = castling_mode(args.chess960);
    let entries = perft::parse_suite(&read_file(path)?).map_err(|e| CliError::Failed(format!("{path}: {e}")))?;
    if entries.is_empty() {
        return Err(CliError::Failed(format!("{path} holds no perft positions")));
    }
    let never = AtomicBool::new(false);
    let (mut checks, mut failures) = (0, 0);
    for (index, entry) in entries.iter().enumerate() {
        let start = Instant::now();
        let mut verdicts = Vec::new();
        match Position::from_fen(&entry.fen, mode) {
            Ok((pos, repair)) => {
                if let Some(repair) = repair {
                    eprintln!(
                        "bramble: {path}: {}{}",
                        repair.0,
                        if args.chess960 { "" } else { "; --chess960 reads them" }
                    );
                }
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
