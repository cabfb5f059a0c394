//! `bramble bench`: the fixed search whose node count fingerprints the search.

use std::process::ExitCode;

use clap::{Args, value_parser};

use super::{CliError, CliResult};
use crate::search::{MAX_DEPTH, Signals};
use crate::time::nodes_and_speed;

#[derive(Args)]
pub struct BenchArgs {
    /// Search depth, 1 to 100
    #[arg(default_value_t = crate::bench::DEFAULT_DEPTH, value_parser = value_parser!(i32).range(1..=MAX_DEPTH as i64))]
    depth: i32,
}

pub(super) fn bench(args: BenchArgs) -> CliResult {
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
