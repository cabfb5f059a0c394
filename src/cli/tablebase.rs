//! `bramble tb`: the Syzygy tables' verdict on one position.

use std::process::ExitCode;

use shakmaty::{CastlingMode, Position as _};

use clap::Args;

use super::common::{CliError, CliResult, fen_argument};
use crate::position::{Position, uci_move};
use crate::syzygy::Tablebases;

#[derive(Args)]
pub struct TbArgs {
    /// The position: a FEN as one quoted argument or as several
    #[arg(required = true)]
    fen: Vec<String>,
    /// Directories of Syzygy tables, separated by ':' (';' on Windows)
    #[arg(long, value_name = "DIRS")]
    path: String,
}

/// `tb <fen> --path <dirs>`: the tables' verdict on one position, from the side to move:
/// `wdl` (-2 loss, -1 loss saved by the fifty-move rule, 0 draw, 1 win spoiled by it,
/// 2 win, as if right after a capture or pawn move), `dtz` and the tables' best move.
pub(super) fn tablebase_command(args: TbArgs) -> CliResult {
    let (fen, path) = (fen_argument(&args.fen), args.path.as_str());
    let pos = Position::from_fen(&fen, CastlingMode::Standard).map_err(|e| CliError::Failed(e.to_string()))?.0;
    let loaded = Tablebases::load(path);
    for problem in &loaded.problems {
        eprintln!("bramble: {problem}");
    }
    let tables = loaded.tables;
    if tables.max_pieces() == 0 {
        return Err(CliError::Failed(format!("no Syzygy tables found in '{path}'")));
    }
    let chess = pos.chess();
    if !tables.covers(chess) {
        return Err(CliError::Failed(format!(
            "the tables do not cover this position: {} pieces (tables have up to {}){}",
            chess.board().occupied().count(),
            tables.max_pieces(),
            if chess.castles().is_empty() { "" } else { ", castling rights" }
        )));
    }
    let failed = || CliError::Failed(tables.take_failure().unwrap_or_else(|| "the probe failed".into()));
    let wdl = tables.probe_wdl(chess).ok_or_else(failed)?;
    let dtz = tables.probe_dtz(chess).ok_or_else(failed)?;
    let best = tables.best_move(chess);
    println!("wdl {}", wdl as i32);
    println!("dtz {dtz}");
    println!("bestmove {}", best.map_or_else(|| "0000".to_string(), |m| uci_move(m, CastlingMode::Standard)));
    Ok(ExitCode::SUCCESS)
}
