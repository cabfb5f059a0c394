//! `bramble datagen`: self-play positions for the evaluation tuner (format and rules in
//! `crate::datagen`).

use std::fs::{File, OpenOptions};
use std::io::BufWriter;
use std::process::ExitCode;
use std::time::Duration;

use shakmaty::CastlingMode;

use super::{Args, CliError, CliResult, read_file};
use crate::datagen::{self, DataFormat, DatagenOptions, Progress};
use crate::position::Position;

const DEFAULT_POSITIONS: u64 = 1_000_000;
const DEFAULT_NODES: u64 = 5_000;
const DEFAULT_RANDOM_PLIES: u32 = 8;
/// Progress lines at most this often.
const PROGRESS_INTERVAL: Duration = Duration::from_secs(5);

pub(super) fn datagen_command(args: &[String]) -> CliResult {
    let args = Args::parse(
        args,
        &["--append"],
        &["--out", "--positions", "--threads", "--nodes", "--random-plies", "--seed", "--openings", "--format"],
    )?;
    if let Some(extra) = args.positional.first() {
        return Err(CliError::Usage(format!("datagen takes no argument '{extra}'")));
    }
    let out = args.text("--out").ok_or_else(|| CliError::Usage("datagen needs --out FILE".into()))?;
    let threads =
        args.value("--threads")?.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    let options = DatagenOptions {
        positions: args.value("--positions")?.unwrap_or(DEFAULT_POSITIONS),
        threads,
        nodes: args.value("--nodes")?.unwrap_or(DEFAULT_NODES),
        random_plies: args.value("--random-plies")?.unwrap_or(DEFAULT_RANDOM_PLIES),
        seed: args.value("--seed")?.unwrap_or(1),
        openings: match args.text("--openings") {
            Some(path) => openings(path)?,
            None => Vec::new(),
        },
        format: match args.text("--format") {
            None | Some("text") => DataFormat::Text,
            Some("binary") => DataFormat::Binary,
            Some(other) => return Err(CliError::Usage(format!("--format must be text or binary, not '{other}'"))),
        },
    };
    if options.threads == 0 || options.threads > 1024 || options.nodes == 0 {
        return Err(CliError::Usage("--threads must be from 1 to 1024 and --nodes at least 1".into()));
    }
    // Appending adds games to a file of the same format (another --seed gives new ones).
    let file =
        if args.has("--append") { OpenOptions::new().create(true).append(true).open(out) } else { File::create(out) }
            .map_err(|e| CliError::Failed(format!("cannot create {out}: {e}")))?;
    let mut writer = BufWriter::new(file);
    let mut last_shown = Duration::ZERO;
    let show = |p: Progress| {
        let rate = p.positions as f64 / p.elapsed.as_secs_f64().max(1e-3);
        eprintln!(
            "positions {}/{} games {} {rate:.0} positions/s elapsed {}s",
            p.positions,
            options.positions,
            p.games,
            p.elapsed.as_secs()
        );
    };
    let total = datagen::generate(&options, &mut writer, &mut |p| {
        if p.elapsed >= last_shown + PROGRESS_INTERVAL {
            last_shown = p.elapsed;
            show(p);
        }
    })
    .map_err(|e| CliError::Failed(format!("cannot write {out}: {e}")))?;
    show(total);
    println!("{} positions from {} games written to {out}", total.positions, total.games);
    Ok(ExitCode::SUCCESS)
}

/// The positions of an EPD or FEN file, one a line (EPD operations after the four board
/// fields are ignored); at least one must be legal.
fn openings(path: &str) -> Result<Vec<Position>, CliError> {
    let text = read_file(path)?;
    let mut positions = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let full = fields.get(..6).map(|f| f.join(" "));
        let board_only = fields.get(..4).map(|f| format!("{} 0 1", f.join(" ")));
        let parsed = [full, board_only]
            .into_iter()
            .flatten()
            .find_map(|fen| Position::from_fen(&fen, CastlingMode::Standard).ok().map(|(pos, _)| pos));
        positions.extend(parsed);
    }
    if positions.is_empty() {
        return Err(CliError::Failed(format!("no legal position in {path}")));
    }
    Ok(positions)
}
