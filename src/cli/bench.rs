//! `bramble bench`: the fixed search whose node count fingerprints the search.

use std::process::ExitCode;

use clap::{Args, ValueEnum, value_parser};

use super::common::{CliError, CliResult};
use crate::nnue::builtin::builtin;
use crate::search::{Evaluator, MAX_DEPTH, Signals};
use crate::time::nodes_and_speed;

#[derive(Args)]
pub struct BenchArgs {
    /// Search depth, 1 to 100
    #[arg(default_value_t = crate::bench::DEFAULT_DEPTH, value_parser = value_parser!(i32).range(1..=MAX_DEPTH as i64))]
    depth: i32,
    /// What the search evaluates with (as the UCI option `Evaluator`)
    #[arg(long, value_enum, default_value_t = BenchEvaluator::Network)]
    evaluator: BenchEvaluator,
}

#[derive(Clone, Copy, ValueEnum)]
enum BenchEvaluator {
    /// The built-in network (the default evaluator)
    Network,
    /// The piece-square tables
    Tables,
}

pub(super) fn bench(args: BenchArgs) -> CliResult {
    let depth = args.depth;
    let count = crate::bench::POSITIONS.len();
    let signals = Signals::default();
    let evaluator = match args.evaluator {
        BenchEvaluator::Network => Evaluator::Network(builtin().map_err(CliError::Failed)?),
        BenchEvaluator::Tables => Evaluator::Tables,
    };
    let total = crate::bench::run(depth, &evaluator, &signals, &mut |index, line| {
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
