//! `bramble convert`: training data between the text form `datagen` writes and the
//! binary form trainers read (both described in `crate::trainingdata`).

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::{CliError, CliResult};
use crate::trainingdata::{self, Converted};

#[derive(Args)]
pub struct ConvertArgs {
    /// The form to write
    #[arg(long, value_enum)]
    to: Form,
    /// The file to read, in the other form
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
    let (input, output) = (&args.input, &args.output);
    if input == output {
        return Err(CliError::Usage("convert cannot write over its input".into()));
    }
    let to_binary = args.to == Form::Binary;
    let reader = File::open(input).map_err(|e| CliError::Failed(format!("cannot read {input}: {e}")))?;
    let file = File::create(output).map_err(|e| CliError::Failed(format!("cannot create {output}: {e}")))?;
    let mut writer = BufWriter::new(file);
    let done: Converted = if to_binary {
        trainingdata::text_to_binary(BufReader::new(reader), &mut writer, &mut |warning| {
            eprintln!("bramble: {input}: {warning}");
        })
    } else {
        trainingdata::binary_to_text(BufReader::new(reader), &mut writer)
    }
    .map_err(|e| CliError::Failed(format!("{input} -> {output}: {e}")))?;
    let skipped = if done.skipped > 0 { format!(" ({} bad lines left out)", done.skipped) } else { String::new() };
    println!("{} positions written to {output}{skipped}", done.positions);
    Ok(ExitCode::SUCCESS)
}
