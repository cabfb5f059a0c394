//! `bramble datagen`: self-play positions for the evaluation tuner (format and rules in
//! `crate::train::datagen`).

use std::fs::{File, OpenOptions};
use std::io::BufWriter;
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::RangedU64ValueParser;
use clap::{Args, ValueEnum};

use super::common::{CliError, CliResult, at_least_one, read_file, threads_or_cores};
use super::progress::Progress as ProgressDisplay;
use crate::position::Position;
use crate::train::datagen::{self, DataFormat, DatagenOptions, Progress};
use crate::train::dataset::DataKind;
use crate::train::gamefile::{self, ReadError};
use crate::train::trainingdata;

const DEFAULT_POSITIONS: u64 = 1_000_000;
const DEFAULT_NODES: u64 = 3_000;
const DEFAULT_RANDOM_PLIES: u32 = 8;
/// Progress lines at most this often.
const PROGRESS_INTERVAL: Duration = Duration::from_secs(5);

#[derive(Args)]
pub struct DatagenArgs {
    /// The file to write
    #[arg(long, value_name = "F")]
    out: String,
    /// Positions to write
    #[arg(long, value_name = "N", default_value_t = DEFAULT_POSITIONS)]
    positions: u64,
    /// Games played at once, 1 to 1024 [default: the number of cores]
    #[arg(long, value_name = "T", value_parser = RangedU64ValueParser::<usize>::new().range(1..=1024))]
    threads: Option<usize>,
    /// Nodes a move: no new iteration starts past them (the soft limit)
    #[arg(long, value_name = "K", default_value_t = DEFAULT_NODES, value_parser = at_least_one::<u64>)]
    nodes: u64,
    /// Nodes a move at most: the search stops inside an iteration here (the hard limit) [default: 2 times --nodes]
    #[arg(long, value_name = "H", value_parser = at_least_one::<u64>)]
    hard_nodes: Option<u64>,
    /// Random moves at the start of each game
    #[arg(long, value_name = "R", default_value_t = DEFAULT_RANDOM_PLIES)]
    random_plies: u32,
    /// Seed of the random moves (another seed gives other games)
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// EPD or FEN file of start positions, one a line (random moves are played from them)
    #[arg(long, value_name = "F")]
    openings: Option<String>,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Add to the file instead of replacing it: it must hold the same format; a games
    /// file that ends inside a game (a run stopped while writing) is first cut back to its
    /// whole games
    #[arg(long)]
    append: bool,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// FEN | score | result lines
    Text,
    /// 32-byte bulletformat records
    Binary,
    /// Whole games, about 2 bytes a ply (the form data/ keeps; filtered when read)
    Games,
}

pub(super) fn datagen_command(args: DatagenArgs) -> CliResult {
    let out = args.out.as_str();
    let options = DatagenOptions {
        positions: args.positions,
        threads: threads_or_cores(args.threads),
        nodes: args.nodes,
        hard_nodes: args.hard_nodes,
        random_plies: args.random_plies,
        seed: args.seed,
        openings: match &args.openings {
            Some(path) => openings(path)?,
            None => Vec::new(),
        },
        format: match args.format {
            Format::Text => DataFormat::Text,
            Format::Binary => DataFormat::Binary,
            Format::Games => DataFormat::Games,
        },
    };
    if args.append {
        prepare_append(out, options.format)?;
    }
    // Appending adds games to a file of the same format (another --seed gives new ones).
    let file = if args.append { OpenOptions::new().create(true).append(true).open(out) } else { File::create(out) }
        .map_err(|e| CliError::Failed(format!("cannot create {out}: {e}")))?;
    let mut writer = BufWriter::new(file);
    let line = |p: &Progress| {
        let rate = p.positions as f64 / p.elapsed.as_secs_f64().max(1e-3);
        let nodes_a_move = p.nodes / p.moves.max(1);
        format!(
            "positions {}/{} games {} {rate:.0} positions/s {nodes_a_move} nodes/move elapsed {}s",
            p.positions,
            options.positions,
            p.games,
            p.elapsed.as_secs()
        )
    };
    let mut shown = ProgressDisplay::new(options.positions, "positions", PROGRESS_INTERVAL);
    let total = datagen::generate(&options, &mut writer, &mut |p| {
        let rate = p.positions as f64 / p.elapsed.as_secs_f64().max(1e-3);
        shown.update(p.positions, || format!("{} games, {rate:.0}/s", p.games), || line(&p));
    })
    .map_err(|e| CliError::Failed(format!("cannot write {out}: {e}")))?;
    shown.finish(total.positions, line(&total));
    println!("{} positions from {} games written to {out}", total.positions, total.games);
    Ok(ExitCode::SUCCESS)
}

/// Checks that an existing file holds the format to be appended, and cuts a games file
/// back to its whole games (one line on stderr says so). A missing or empty file is fine.
fn prepare_append(path: &str, format: DataFormat) -> Result<(), CliError> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(CliError::Failed(format!("cannot read {path}: {e}"))),
    };
    if bytes.is_empty() {
        return Ok(());
    }
    let (wanted, name) = match format {
        DataFormat::Text => (DataKind::Text, "text"),
        DataFormat::Binary => (DataKind::Records, "binary"),
        DataFormat::Games => (DataKind::Games, "games"),
    };
    let kind = DataKind::of(&bytes);
    let whole_records = bytes.len().is_multiple_of(trainingdata::RECORD_BYTES);
    if kind != wanted || (kind == DataKind::Records && !whole_records) {
        let held = if kind == wanted { "no whole binary records" } else { kind.noun() };
        return Err(CliError::Failed(format!("{path} holds {held}, not --format {name}; nothing appended")));
    }
    if format == DataFormat::Games {
        for game in gamefile::games(&bytes) {
            match game {
                Ok(_) => {}
                Err(ReadError::Truncated { games, whole_bytes }) => {
                    let file = OpenOptions::new()
                        .write(true)
                        .open(path)
                        .map_err(|e| CliError::Failed(format!("cannot open {path}: {e}")))?;
                    file.set_len(whole_bytes as u64)
                        .map_err(|e| CliError::Failed(format!("cannot cut {path}: {e}")))?;
                    eprintln!(
                        "bramble: {path} ended inside a game (a run stopped while writing); cut back to its {games} whole games"
                    );
                }
                Err(damaged) => return Err(CliError::Failed(format!("{path}: {damaged}; nothing appended"))),
            }
        }
    }
    Ok(())
}

/// The positions of an EPD or FEN file, one a line (`crate::epd::start_positions`); at
/// least one must be legal.
fn openings(path: &str) -> Result<Vec<Position>, CliError> {
    let positions = crate::epd::start_positions(&read_file(path)?);
    if positions.is_empty() {
        return Err(CliError::Failed(format!("no legal position in {path}")));
    }
    Ok(positions)
}
