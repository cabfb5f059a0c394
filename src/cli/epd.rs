//! `bramble epd`: an EPD test suite searched and scored.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use super::common::{CliError, CliResult, read_file};
use crate::epd::{self, EpdLimit};
use crate::search::{Heuristics, MAX_DEPTH, SearchSession, SearchSettings};

#[derive(Args)]
pub struct EpdArgs {
    /// EPD file of `bm`, `am` or `dm` records
    file: String,
    #[command(flatten)]
    limit: EpdLimitArgs,
    /// Search without forward pruning and reductions (null move, futility, late move
    /// reductions, ...): what a miss needs when no pruning rule hides it
    #[arg(long)]
    no_prune: bool,
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

pub(super) fn epd_command(args: EpdArgs) -> CliResult {
    let path = &args.file;
    let EpdLimitArgs { movetime, depth, nodes } = args.limit;
    let limit = match (movetime, depth, nodes) {
        (_, Some(depth), _) => EpdLimit::Depth(depth.clamp(1, MAX_DEPTH)),
        (_, _, Some(nodes)) => EpdLimit::Nodes(nodes),
        (movetime, _, _) => EpdLimit::MoveTime(Duration::from_millis(movetime.unwrap_or(1000))),
    };
    let text = read_file(path)?;
    let heuristics = Heuristics { pruning: !args.no_prune, ..Heuristics::default() };
    let mut session = SearchSession::with_settings(16, SearchSettings { heuristics, ..SearchSettings::default() });
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
        // When solved: the depth and time from which the search kept the move.
        let found = outcome
            .found_at
            .map_or(String::new(), |(depth, time)| format!("  (from depth {depth}, {} ms)", time.as_millis()));
        println!(
            "{}  expected {}  played {}  {}  {} ms{found}",
            record.id,
            record.expected,
            outcome.played,
            if outcome.solved { "ok" } else { "miss" },
            outcome.elapsed.as_millis()
        );
    }
    if total == 0 && bad == 0 {
        return Err(CliError::Failed(format!("{path} holds no EPD records")));
    }
    println!("solved {solved}/{total}");
    if bad > 0 {
        return Err(CliError::Failed(format!("{bad} records of {path} could not be read")));
    }
    Ok(ExitCode::SUCCESS)
}
