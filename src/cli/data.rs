//! `bramble data`: the training data kept in `data/` (`crate::train::dataset`): `verify`
//! checks every file against the manifest, `describe` prints the checked fields of a new
//! file's manifest line.

use std::path::Path;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::common::{CliError, CliResult};
use crate::train::dataset;

#[derive(Args)]
pub struct DataArgs {
    #[command(subcommand)]
    action: DataAction,
}

#[derive(Subcommand)]
enum DataAction {
    /// Read every file the manifest lists and check its size, checksum and counts; one line
    /// per damaged, missing or unlisted file, exit status 1 if there is any
    Verify {
        /// The data folder, holding manifest.txt
        #[arg(long, value_name = "DIR", default_value = "data")]
        dir: String,
    },
    /// Print the checked fields of a manifest line (file, games, positions, plies, bytes,
    /// sha256) for files of games, plain or xz-compressed
    Describe {
        /// Files of games (`datagen --format games`, optionally compressed with xz)
        #[arg(required = true)]
        files: Vec<String>,
    },
}

pub(super) fn data_command(args: DataArgs) -> CliResult {
    match args.action {
        DataAction::Verify { dir } => verify(&dir),
        DataAction::Describe { files } => {
            for file in files {
                println!(
                    "{}",
                    dataset::describe(Path::new(&file)).map_err(|e| CliError::Failed(format!("{file}: {e}")))?
                );
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn verify(dir: &str) -> CliResult {
    let verified = dataset::verify(Path::new(dir)).map_err(CliError::Failed)?;
    for problem in &verified.problems {
        eprintln!("bramble: {dir}/{problem}");
    }
    let total = verified.total();
    println!(
        "{} files verified: {} games, {} positions, {} plies{}",
        verified.files.len(),
        total.games,
        total.positions,
        total.plies,
        match verified.problems.len() {
            0 => String::new(),
            n => format!("; {n} damaged, missing or unlisted"),
        }
    );
    Ok(if verified.problems.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
