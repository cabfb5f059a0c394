//! `bramble convert`: training data between the text form `datagen` writes and the
//! binary form trainers read (both described in `crate::trainingdata`).

use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::process::ExitCode;

use super::{Args, CliError, CliResult};
use crate::trainingdata::{self, Converted};

pub(super) fn convert_command(args: &[String]) -> CliResult {
    let args = Args::parse(args, &[], &["--to"])?;
    let [input, output] = args.positional.as_slice() else {
        return Err(CliError::Usage("convert needs an input and an output file".into()));
    };
    if input == output {
        return Err(CliError::Usage("convert cannot write over its input".into()));
    }
    let to_binary = match args.text("--to") {
        Some("binary") => true,
        Some("text") => false,
        Some(other) => return Err(CliError::Usage(format!("--to must be binary or text, not '{other}'"))),
        None => return Err(CliError::Usage("convert needs --to binary or --to text".into())),
    };
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
