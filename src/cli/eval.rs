//! `bramble eval FEN`: the static evaluation of a position and its parts, as the UCI
//! command `eval` prints them, from the shell.

use std::process::ExitCode;

use clap::Args;

use super::common::{CliError, CliResult, fen_argument};
use crate::position::{Position, castling_mode};

#[derive(Args)]
pub struct EvalArgs {
    /// The position (FEN, quotes optional; or `startpos`)
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    fen: Vec<String>,
    /// Read castling rights as Chess960 (Shredder-FEN or X-FEN)
    #[arg(long)]
    chess960: bool,
}

pub(super) fn eval_command(args: EvalArgs) -> CliResult {
    let fen = fen_argument(&args.fen);
    // A bad FEN is this tool's one error line (the UCI side would keep the start position).
    let (_, repair) =
        Position::from_fen(&fen, castling_mode(args.chess960)).map_err(|e| CliError::Failed(e.to_string()))?;
    if let Some(repair) = repair {
        eprintln!("bramble: {}", repair.0);
    }
    let chess960 = if args.chess960 { "true" } else { "false" };
    crate::uci::run_commands(vec![
        format!("setoption name UCI_Chess960 value {chess960}"),
        format!("position fen {fen}"),
        "eval".to_string(),
    ]);
    Ok(ExitCode::SUCCESS)
}
