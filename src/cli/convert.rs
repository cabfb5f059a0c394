//! `bramble convert`: training data between the text form `datagen` writes and the
//! binary form trainers read (both described in `crate::train::trainingdata`), and from
//! files of games (`crate::train::gamefile`, plain or xz) to either: their training
//! positions, filtered as `bramble train` filters them.

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
    /// The file to read: the other form, or games (`datagen --format games`, data/)
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
}

pub(super) fn convert_command(args: ConvertArgs) -> CliResult {
    let (input, output) = (args.input.as_str(), args.output.as_str());
    if input == output {
        return Err(CliError::Usage("convert cannot write over its input".into()));
    }
    let to_binary = args.to == Form::Binary;
    let result = convert(input, output, to_binary);
    if result.is_err() {
        // A failed conversion leaves no output file behind.
        let _ = std::fs::remove_file(output);
    }
    result
}

fn convert(input: &str, output: &str, to_binary: bool) -> CliResult {
    let bytes = crate::train::dataset::decompressed(read_bytes(input)?)
        .map_err(|e| CliError::Failed(format!("{input}: {e}")))?;
    let kind = DataKind::of(&bytes);
    let (already, other) = if to_binary { (DataKind::Records, "text") } else { (DataKind::Text, "binary") };
    if kind == already {
        return Err(CliError::Failed(format!(
            "{input} holds {} already; bramble convert --to {other} turns it into the other form",
            kind.words()
        )));
    }
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
