//! `bramble tune`: fits the evaluation's weights to game results (method in
//! `crate::tune`) and writes them as `src/eval/weights.rs`.

use std::path::Path;
use std::process::ExitCode;

use super::{Args, CliError, CliResult, read_file};
use crate::eval::params;
use crate::tune::{self, Sample, Start, TuneOptions};

const DEFAULT_EPOCHS: usize = 300;
const DEFAULT_LEARNING_RATE: f64 = 1.0;
const DEFAULT_OUT: &str = "src/eval/weights.rs";
/// The weight of the game result in each target (the rest: the data's search score).
const DEFAULT_RESULT_WEIGHT: f64 = 1.0;
/// The share of the positions, the last in the data, held out to choose the epoch.
const DEFAULT_HELD_OUT: f64 = 0.05;

pub(super) fn tune_command(args: &[String]) -> CliResult {
    let args = Args::parse(
        args,
        &["--keep-tables"],
        &["--data", "--epochs", "--lr", "--threads", "--start", "--out", "--result-weight", "--held-out"],
    )?;
    if let Some(extra) = args.positional.first() {
        return Err(CliError::Usage(format!("tune takes no argument '{extra}'")));
    }
    let data = args.text("--data").ok_or_else(|| CliError::Usage("tune needs --data FILE[,FILE...]".into()))?;
    let start = match args.text("--start").unwrap_or("current") {
        "current" => Start::Current,
        "plain" => Start::Plain,
        other => return Err(CliError::Usage(format!("--start must be 'current' or 'plain', not '{other}'"))),
    };
    let options = TuneOptions {
        epochs: args.value("--epochs")?.unwrap_or(DEFAULT_EPOCHS),
        learning_rate: args.value("--lr")?.unwrap_or(DEFAULT_LEARNING_RATE),
        threads: args
            .value("--threads")?
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
        // Material and piece-square weights come first in `WEIGHTS`.
        kept: if args.has("--keep-tables") { params::MOBILITY } else { 0 },
    };
    let sensible_rate = options.learning_rate.is_finite() && options.learning_rate > 0.0;
    if !sensible_rate || options.threads == 0 {
        return Err(CliError::Usage("--lr must be above 0 and --threads at least 1".into()));
    }
    let out = args.text("--out").unwrap_or(DEFAULT_OUT);
    let result_weight: f64 = args.value("--result-weight")?.unwrap_or(DEFAULT_RESULT_WEIGHT);
    let held_out_share: f64 = args.value("--held-out")?.unwrap_or(DEFAULT_HELD_OUT);
    if !(0.0..=1.0).contains(&result_weight) || !(0.0..0.5).contains(&held_out_share) {
        return Err(CliError::Usage("--result-weight must be within 0..1 and --held-out within 0..0.5".into()));
    }

    let mut samples = Vec::new();
    for path in data.split(',') {
        let text = read_file(path)?;
        for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let sample =
                Sample::parse(line).map_err(|e| CliError::Failed(format!("{path} line {}: {e}", number + 1)))?;
            samples.push(sample);
        }
        eprintln!("{path}: {} positions in all so far", samples.len());
    }
    if samples.is_empty() {
        return Err(CliError::Failed(format!("no positions in {data}")));
    }

    let mut weights = tune::starting_weights(start);
    let k = tune::fit_k(&samples, &weights);
    eprintln!("K = {k:.4}");
    tune::set_targets(&mut samples, k, result_weight);
    // The last positions are the last games: held out whole, but for one game cut in two.
    let held_out_count = (samples.len() as f64 * held_out_share) as usize;
    let held_out = samples.split_off(samples.len() - held_out_count);
    let mut first = None;
    let best = tune::tune(&samples, &held_out, &mut weights, k, &options, &mut |loss| {
        eprintln!("epoch {} loss {:.6} held-out {:.6}", loss.epoch, loss.training, loss.validation);
        first.get_or_insert(loss);
    });
    let first = first.unwrap_or(best);

    let files: Vec<String> = data
        .split(',')
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
        "Written by `bramble tune` (README, *Tuning*): change the weights by tuning, not by hand.".to_string(),
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
    Ok(ExitCode::SUCCESS)
}
