//! `bramble tune`: fits the evaluation's weights to game results (method in
//! `crate::train::tune`) and writes them as `src/eval/weights.rs`.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::common::{CliError, CliResult, at_least_one, check_writable, read_bytes, threads_or_cores};
use super::progress::Progress;
use crate::eval::params;
use crate::train::dataset::DataKind;
use crate::train::trainingdata::split_last;
use crate::train::tune::{self, EpochLoss, Sample, Start, TuneOptions};

const DEFAULT_EPOCHS: usize = 300;
const DEFAULT_LEARNING_RATE: f64 = 1.0;
const DEFAULT_OUT: &str = "src/eval/weights.rs";
/// The weight of the game result in each target (the rest: the data's search score). The
/// score alone fitted best on a few thousand games (docs/tuning.md).
const DEFAULT_RESULT_WEIGHT: f64 = 0.0;
/// The share of the positions, the last in the data, held out to choose the epoch.
const DEFAULT_HELD_OUT: f64 = 0.05;

#[derive(Args)]
pub struct TuneArgs {
    /// Training data: text files of FEN | score | result lines, as `datagen` writes them
    #[arg(long, value_name = "F[,F...]", value_delimiter = ',', required = true)]
    data: Vec<String>,
    /// The weights to start from
    #[arg(long, value_enum, default_value_t = StartFrom::Current)]
    start: StartFrom,
    /// Passes over the data
    #[arg(long, value_name = "N", default_value_t = DEFAULT_EPOCHS)]
    epochs: usize,
    /// Learning rate, above 0
    #[arg(long, value_name = "X", default_value_t = DEFAULT_LEARNING_RATE)]
    lr: f64,
    /// Threads [default: the number of cores]
    #[arg(long, value_name = "T", value_parser = at_least_one::<usize>)]
    threads: Option<usize>,
    /// Keep the material and piece-square weights; fit the rest
    #[arg(long)]
    keep_tables: bool,
    /// Weight of the game result in each target, 0 to 1 (the rest: the search score)
    #[arg(long, value_name = "W", default_value_t = DEFAULT_RESULT_WEIGHT)]
    result_weight: f64,
    /// Share of the positions, the last ones, held out to choose the epoch (at least 0, below 0.5)
    #[arg(long, value_name = "SHARE", default_value_t = DEFAULT_HELD_OUT)]
    held_out: f64,
    /// The weights file to write
    #[arg(long, value_name = "F", default_value = DEFAULT_OUT)]
    out: String,
}

#[derive(Clone, Copy, ValueEnum)]
enum StartFrom {
    /// The weights the engine has now
    Current,
    /// Bare material values
    Plain,
}

pub(super) fn tune_command(args: TuneArgs) -> CliResult {
    let start = match args.start {
        StartFrom::Current => Start::Current,
        StartFrom::Plain => Start::Plain,
    };
    let options = TuneOptions {
        epochs: args.epochs,
        learning_rate: args.lr,
        threads: threads_or_cores(args.threads),
        // Material and piece-square weights come first in `WEIGHTS`.
        kept: if args.keep_tables { params::MOBILITY } else { 0 },
    };
    if !(options.learning_rate.is_finite() && options.learning_rate > 0.0) {
        return Err(CliError::Usage("--lr must be above 0".into()));
    }
    let out = args.out.as_str();
    let (result_weight, held_out_share) = (args.result_weight, args.held_out);
    if !(0.0..=1.0).contains(&result_weight) || !(0.0..0.5).contains(&held_out_share) {
        return Err(CliError::Usage("--result-weight must be within 0..1 and --held-out within 0..0.5".into()));
    }
    // The output is written after minutes of work: a path that cannot be written is said
    // now (the default, src/eval/weights.rs, exists only in the repository).
    let folder = Path::new(out).parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Err(CliError::Failed(format!(
            "cannot write {out}: no folder {} (run tune in the repository, or give --out)",
            folder.display()
        )));
    }
    check_writable(out)?;
    let mut samples = Vec::new();
    for path in &args.data {
        let bytes = read_bytes(path)?;
        let kind = DataKind::of(&bytes);
        if matches!(kind, DataKind::Games | DataKind::Records | DataKind::Xz | DataKind::Pgn) {
            return Err(CliError::Failed(format!(
                "{path} holds {}; tune reads text lines: bramble convert --to text {path} OUT.txt",
                kind.words()
            )));
        }
        let text = String::from_utf8_lossy(&bytes);
        read_samples(path, &text, &mut samples)?;
        eprintln!("{path}: {} positions in all so far", samples.len());
    }
    if samples.is_empty() {
        return Err(CliError::Failed(format!("no positions in {}", args.data.join(","))));
    }

    let mut weights = tune::starting_weights(start);
    let k = tune::fit_k(&samples, &weights);
    eprintln!("K = {k:.4}");
    tune::set_targets(&mut samples, k, result_weight);
    // The last positions are the last games: held out whole, but for one game cut in two.
    let (samples, held_out) = split_last(samples, held_out_share);
    let start_weights = weights.clone();
    let mut first = None;
    // Every epoch's line in a log; a bar on a terminal.
    let mut shown = Progress::new(options.epochs as u64, "epochs", Duration::ZERO);
    let line =
        |loss: &EpochLoss| format!("epoch {} loss {:.6} held-out {:.6}", loss.epoch, loss.training, loss.validation);
    let best = tune::tune(&samples, &held_out, &mut weights, k, &options, &mut |loss| {
        let message = || format!("loss {:.6} held-out {:.6}", loss.training, loss.validation);
        shown.update(loss.epoch as u64, message, || line(&loss));
        first.get_or_insert(loss);
    });
    shown.finish(options.epochs as u64, format!("kept epoch {} ({})", best.epoch, line(&best)));
    let first = first.unwrap_or(best);

    let files: Vec<String> = args
        .data
        .iter()
        .map(|path| Path::new(path).file_name().map_or(path.to_string(), |n| n.to_string_lossy().into_owned()))
        .collect();
    let start_name = if start == Start::Plain { "plain" } else { "current" };
    let header = [
        "The weights of the evaluation, in the layout of `params.rs`.".to_string(),
        String::new(),
        format!(
            "Tuned with `bramble tune --start {start_name}{} --epochs {} --lr {} --result-weight {} --held-out {}`",
            if options.kept > 0 { " --keep-tables" } else { "" },
            options.epochs,
            options.learning_rate,
            result_weight,
            held_out_share,
        ),
        format!(
            "on {} positions of {} ({} held out):",
            samples.len() + held_out.len(),
            files.join(", "),
            held_out.len()
        ),
        format!(
            "K = {k:.4}; mean squared error {:.6} before, {:.6} after epoch {} (held out: {:.6}, {:.6}).",
            first.training, best.training, best.epoch, first.validation, best.validation
        ),
        String::new(),
        "Written by `bramble tune` (docs/tuning.md): change the weights by tuning, not by hand.".to_string(),
    ];
    let text = tune::render_weights(&tune::rounded(&weights), &header);
    std::fs::write(out, text).map_err(|e| CliError::Failed(format!("cannot write {out}: {e}")))?;
    println!(
        "{} weights written to {out}; loss {:.6} -> {:.6} (held out {:.6} -> {:.6}, epoch {})",
        weights.len(),
        first.training,
        best.training,
        first.validation,
        best.validation,
        best.epoch
    );
    // Against the game results alone, each set of weights with its own best K (fitted on
    // the training positions, so that unchanged weights give the same figure).
    let (k_before, k_after) = (tune::fit_k(&samples, &start_weights), tune::fit_k(&samples, &weights));
    println!(
        "held-out loss against the game results: {:.6} -> {:.6} (K {k_before:.4} -> {k_after:.4})",
        tune::result_loss(&held_out, &start_weights, k_before),
        tune::result_loss(&held_out, &weights, k_after)
    );
    Ok(ExitCode::SUCCESS)
}

/// Adds the samples of `text`, the file `path`. A last line without its newline that does
/// not parse was cut short (`datagen` stopped while writing): it is skipped, and said; any
/// other bad line is an error.
fn read_samples(path: &str, text: &str, samples: &mut Vec<Sample>) -> Result<(), CliError> {
    let lines: Vec<&str> = text.lines().collect();
    let cut = !text.ends_with('\n');
    for (number, line) in lines.iter().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        match Sample::parse(line) {
            Ok(sample) => samples.push(sample),
            Err(e) if cut && number + 1 == lines.len() => {
                eprintln!("{path}: line {} has no newline and does not parse ({e}): cut short, skipped", number + 1)
            }
            Err(e) => return Err(CliError::Failed(format!("{path} line {}: {e}", number + 1))),
        }
    }
    Ok(())
}
