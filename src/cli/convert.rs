//! `bramble convert`: training data between the text form `datagen` writes and the
//! binary form trainers read (both described in `crate::train::trainingdata`), and from
//! files of games (`crate::train::gamefile`, plain or xz) to either: their training
//! positions, filtered as `bramble train` filters them. PGN games (fastchess or cutechess,
//! OpenBench's datagen: `crate::train::pgn`) become games first, then go out as games or
//! as their training positions, through the same filter. Games to games writes them
//! again in the dense form (from the first form, `BRG1`).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::common::{CliError, CliResult, read_bytes};
use crate::train::dataset::DataKind;
use crate::train::loader::Loaded;
use crate::train::trainingdata::{self, Converted};

#[derive(Args)]
pub struct ConvertArgs {
    /// The form to write
    #[arg(long, value_enum)]
    to: Form,
    /// The file to read: the other form, games (`datagen --format games`, data/) or PGN games with engine scores (fastchess)
    input: String,
    /// The file to write
    output: String,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Form {
    /// 32-byte bulletformat records
    Binary,
    /// FEN | score | result lines
    Text,
    /// Whole games (`datagen --format games`), from PGN, or from games of either form (written in the dense one)
    Games,
}

pub(super) fn convert_command(args: ConvertArgs) -> CliResult {
    let (input, output) = (args.input.as_str(), args.output.as_str());
    if input == output {
        return Err(CliError::Usage("convert cannot write over its input".into()));
    }
    let result = convert(input, output, args.to);
    if result.is_err() {
        // A failed conversion leaves no output file behind.
        let _ = std::fs::remove_file(output);
    }
    result
}

fn convert(input: &str, output: &str, form: Form) -> CliResult {
    let mut bytes = crate::train::dataset::decompressed(read_bytes(input)?)
        .map_err(|e| CliError::Failed(format!("{input}: {e}")))?;
    let mut kind = DataKind::of(&bytes);
    let (already, other) = match form {
        Form::Binary => (DataKind::Records, "--to text turns it into the other form"),
        Form::Text => (DataKind::Text, "--to binary turns it into the other form"),
        Form::Games => return write_games(&bytes, kind, input, output),
    };
    if kind == already {
        return Err(CliError::Failed(format!("{input} holds {} already; bramble convert {other}", kind.words())));
    }
    if kind == DataKind::Pgn {
        bytes = pgn_to_games(&bytes, input)?;
        kind = DataKind::Games;
    }
    let to_binary = form == Form::Binary;
    if kind == DataKind::Games {
        let done = convert_games(&bytes, input, output, to_binary)?;
        println!("{} positions written to {output} ({} left out)", done.positions, done.skipped);
        return Ok(ExitCode::SUCCESS);
    }
    let file = File::create(output).map_err(|e| CliError::Failed(format!("cannot create {output}: {e}")))?;
    let mut writer = BufWriter::new(file);
    let done: Converted = if to_binary {
        trainingdata::text_to_binary(bytes.as_slice(), &mut writer, &mut |warning| {
            eprintln!("bramble: {input}: {warning}");
        })
    } else {
        trainingdata::binary_to_text(bytes.as_slice(), &mut writer)
    }
    .map_err(|e| CliError::Failed(format!("{input} -> {output}: {e}")))?;
    let skipped = if done.skipped > 0 { format!(" ({} bad lines left out)", done.skipped) } else { String::new() };
    println!("{} positions written to {output}{skipped}", done.positions);
    Ok(ExitCode::SUCCESS)
}

/// The finished games of a PGN file's bytes in the games format; the games left out are
/// said in one line, and a file without one finished game is an error.
fn pgn_to_games(bytes: &[u8], input: &str) -> Result<Vec<u8>, CliError> {
    let read = crate::train::pgn::read(bytes);
    if read.games.is_empty() {
        return Err(CliError::Failed(format!("{input}: no finished game in the PGN; {}", read.skipped_line())));
    }
    if read.skipped() > 0 {
        eprintln!("bramble: {input}: {}", read.skipped_line());
    }
    let plies: usize = read.games.iter().map(|game| game.plies.len()).sum();
    println!("{} games ({plies} plies) read from {input}", read.games.len());
    let mut games = Vec::new();
    for game in &read.games {
        game.encode(&mut games);
    }
    Ok(games)
}

/// `--to games`: PGN games, or games of either form written again in the dense one.
fn write_games(bytes: &[u8], kind: DataKind, input: &str, output: &str) -> CliResult {
    let games = match kind {
        DataKind::Pgn => pgn_to_games(bytes, input)?,
        DataKind::Games => games_again(bytes, input)?,
        _ => {
            return Err(CliError::Failed(format!(
                "{input} holds {}; convert --to games reads PGN games or games (datagen --format games plays new ones)",
                kind.words()
            )));
        }
    };
    write_file(output, &games)?;
    let counts = crate::train::dataset::count_games(&games).map_err(CliError::Failed)?;
    println!("{} games written to {output} ({} training positions)", counts.games, counts.positions);
    Ok(ExitCode::SUCCESS)
}

/// A file of games (either form, `crate::train::gamefile`) written again in the dense
/// form: the same games, moves and scores. A damaged or cut file is refused.
fn games_again(bytes: &[u8], input: &str) -> Result<Vec<u8>, CliError> {
    let mut dense = Vec::with_capacity(bytes.len() / 2);
    for game in crate::train::gamefile::games(bytes) {
        game.map_err(|e| CliError::Failed(format!("{input}: {e}")))?.encode(&mut dense);
    }
    Ok(dense)
}

fn write_file(output: &str, bytes: &[u8]) -> Result<(), CliError> {
    std::fs::write(output, bytes).map_err(|e| CliError::Failed(format!("cannot write {output}: {e}")))
}

/// The training positions of a file of games (its decompressed `bytes`) in the form
/// asked for.
fn convert_games(bytes: &[u8], input: &str, output: &str, to_binary: bool) -> Result<Converted, CliError> {
    let mut loaded = Loaded::default();
    loaded.add(bytes).map_err(|e| CliError::Failed(format!("{input}: {e}")))?;
    let file = File::create(output).map_err(|e| CliError::Failed(format!("cannot create {output}: {e}")))?;
    let mut writer = BufWriter::new(file);
    let written = loaded.records.iter().try_for_each(|record| {
        if to_binary {
            writer.write_all(&trainingdata::encode(record))
        } else {
            writeln!(writer, "{}", trainingdata::to_text(record))
        }
    });
    written.and_then(|()| writer.flush()).map_err(|e| CliError::Failed(format!("cannot write {output}: {e}")))?;
    Ok(Converted { positions: loaded.records.len() as u64, skipped: loaded.skipped() })
}
