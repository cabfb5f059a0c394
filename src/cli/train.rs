//! `bramble train`: trains an NNUE network (`crate::train::trainer`) on binary training
//! data and writes it in the `.nnue` format (`crate::nnue::format`) after every epoch. Its
//! defaults are the shipped network's recipe.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::RangedU64ValueParser;
use clap::{Args, ValueEnum};

use super::common::{CliError, CliResult, at_least_one, check_writable, counted, read_bytes, threads_or_cores};
use super::progress::Progress;
use crate::nnue::features::KING_BUCKETS;
use crate::nnue::format::{MAX_BUCKETS, MAX_HIDDEN};
use crate::train::dataset::DataKind;
use crate::train::loader::Loaded;
use crate::train::trainer::{EpochReport, LrSchedule, TrainOptions, Trainer};
use crate::train::trainingdata::{Record, split_last};

// The defaults are the shipped network's recipe (src/nnue/builtin.rs, docs/networks.md):
// `bramble train --data FILES` trains as bramble-8 to bramble-11 were trained.
const DEFAULT_HIDDEN: usize = 384;
const DEFAULT_OUTPUT_BUCKETS: usize = 8;
const DEFAULT_EPOCHS: usize = 40;
const DEFAULT_BATCH: usize = 16_384;
const DEFAULT_LR: f32 = 0.001;
/// Epochs 1-16 at the full rate, then a tenth, then a hundredth from epoch 33.
const DEFAULT_LR_DROP_EPOCH: usize = 16;
const DEFAULT_RESULT_WEIGHT: f32 = 0.1;
const DEFAULT_VALIDATION: f64 = 0.05;
const DEFAULT_SEED: u64 = 1;
const DEFAULT_OUT: &str = "bramble.nnue";

#[derive(Args)]
pub struct TrainArgs {
    /// Training data: files of games (`bramble datagen --format games`, data/) or of 32-byte bulletformat records
    #[arg(long, value_name = "F[,F...]", value_delimiter = ',', required = true)]
    data: Vec<String>,
    /// Neurons of each accumulator, N (1 to 4096)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_HIDDEN,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_HIDDEN as u64))]
    hidden: usize,
    /// Output buckets, picked by the number of pieces on the board (1 to 16; 1: none)
    #[arg(long, value_name = "B", default_value_t = DEFAULT_OUTPUT_BUCKETS,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_BUCKETS as u64))]
    output_buckets: usize,
    /// King buckets: 1 (none), or 4 (each side's king square picks its inputs' set, the board mirrored to the king's half)
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = king_buckets_arg)]
    king_buckets: usize,
    /// With king buckets: train each bucket's weights as its own part plus a part all buckets share (learnt from every position)
    #[arg(long)]
    factorise: bool,
    /// Passes over the data
    #[arg(long, value_name = "N", default_value_t = DEFAULT_EPOCHS,
          value_parser = at_least_one::<usize>)]
    epochs: usize,
    /// Positions a mini-batch (one optimiser step)
    #[arg(long, value_name = "N", default_value_t = DEFAULT_BATCH,
          value_parser = at_least_one::<usize>)]
    batch: usize,
    /// Learning rate of AdamW, above 0
    #[arg(long, value_name = "X", default_value_t = DEFAULT_LR)]
    lr: f32,
    /// The learning rate is multiplied by 0.1 after every this many epochs (0: never); with --lr-schedule step
    #[arg(long, value_name = "E", default_value_t = DEFAULT_LR_DROP_EPOCH)]
    lr_drop_epoch: usize,
    /// How the learning rate falls: step (by --lr-drop-epoch) or cosine (half a cosine from --lr at the first epoch to --lr x 0.3^5 at the last)
    #[arg(long, value_name = "S", value_enum, default_value_t = ScheduleArg::Step)]
    lr_schedule: ScheduleArg,
    /// Weight of the game result in each target, 0 to 1 (the rest: the search score)
    #[arg(long, value_name = "W", default_value_t = DEFAULT_RESULT_WEIGHT)]
    result_weight: f32,
    /// Share of the positions, the last ones in file order, held out for validation (0 to below 0.5)
    #[arg(long, value_name = "SHARE", default_value_t = DEFAULT_VALIDATION)]
    validation: f64,
    /// Validate on these files instead of a share of --data (all of which then trains): a fixed set, so runs on growing data compare
    #[arg(long, value_name = "F[,F...]", value_delimiter = ',', conflicts_with = "validation")]
    validation_data: Vec<String>,
    /// Threads [default: the number of cores]
    #[arg(long, value_name = "T", value_parser = RangedU64ValueParser::<usize>::new().range(1..=256))]
    threads: Option<usize>,
    /// Seed of the initial weights and the shuffles (a run repeats for a seed and thread count)
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Learn about half of the positions each epoch mirrored left to right (files a-h swapped); `--mirror false` learns them as they are
    #[arg(long, value_name = "BOOL", default_value_t = true, num_args = 0..=1, default_missing_value = "true",
          action = clap::ArgAction::Set)]
    mirror: bool,
    /// The network file to write (after every epoch)
    #[arg(long, value_name = "F", default_value = DEFAULT_OUT)]
    out: String,
    /// Also keep every epoch's network as DIR/epoch-K.nnue
    #[arg(long, value_name = "DIR")]
    checkpoints: Option<String>,
}

/// `--lr-schedule`.
#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum ScheduleArg {
    Step,
    Cosine,
}

/// `--king-buckets`: 1, or the one layout of [`KING_BUCKETS`] that networks know.
fn king_buckets_arg(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(1) => Ok(1),
        Ok(KING_BUCKETS) => Ok(KING_BUCKETS),
        _ => Err(format!("'{text}' is not 1 or {KING_BUCKETS}")),
    }
}

pub(super) fn train_command(args: TrainArgs) -> CliResult {
    if args.factorise && args.king_buckets == 1 {
        return Err(CliError::Usage("--factorise needs --king-buckets 4".into()));
    }
    if !(args.lr.is_finite() && args.lr > 0.0) {
        return Err(CliError::Usage("--lr must be above 0".into()));
    }
    if !(0.0..=1.0).contains(&args.result_weight) || !(0.0..0.5).contains(&args.validation) {
        return Err(CliError::Usage("--result-weight must be within 0..1 and --validation within 0..0.5".into()));
    }
    // The network is written after minutes of training: a path that cannot be written is
    // said now.
    check_writable(&args.out)?;
    let loaded = load(&args.data)?;
    let (mut training, validation) = if args.validation_data.is_empty() {
        split_last(loaded, args.validation)
    } else {
        (loaded, load(&args.validation_data)?)
    };
    if training.is_empty() {
        return Err(CliError::Failed(format!("no positions to train on in {}", args.data.join(","))));
    }
    if let Some(dir) = &args.checkpoints {
        std::fs::create_dir_all(dir).map_err(|e| CliError::Failed(format!("cannot create {dir}: {e}")))?;
    }

    let options = TrainOptions {
        hidden: args.hidden,
        buckets: args.output_buckets,
        king_buckets: args.king_buckets,
        batch: args.batch,
        lr: args.lr,
        schedule: match args.lr_schedule {
            ScheduleArg::Step => LrSchedule::Step { drop_epoch: args.lr_drop_epoch },
            ScheduleArg::Cosine => LrSchedule::Cosine { epochs: args.epochs },
        },
        result_weight: args.result_weight,
        threads: threads_or_cores(args.threads),
        seed: args.seed,
        mirror: args.mirror,
        factorise: args.factorise,
    };
    eprintln!(
        "training (768x{} -> {}) x 2 -> 1 ({}) on {}, {} held out; {}",
        options.king_buckets,
        options.hidden,
        counted(options.buckets, "output bucket"),
        counted(training.len(), "position"),
        validation.len(),
        counted(options.threads, "thread")
    );
    let batches = training.len().div_ceil(args.batch) as u64;
    let all_batches = batches * args.epochs as u64;
    let mut shown = Progress::new(all_batches, "batches", Duration::from_secs(30));
    let mut trainer = Trainer::new(options);
    let mut last = None;
    for epoch in 1..=args.epochs {
        let before = (epoch as u64 - 1) * batches;
        let report = trainer.epoch(&mut training, &validation, &mut |in_epoch| {
            let done = before + in_epoch as u64;
            let at = || format!("epoch {epoch}");
            let epochs = args.epochs;
            shown.update(done, at, || format!("epoch {epoch}/{epochs}: batch {in_epoch}/{batches}"));
        });
        let (network, clamped) = trainer.network().quantise();
        let bytes = network.to_bytes();
        let mut written = vec![args.out.clone()];
        if let Some(dir) = &args.checkpoints {
            written.push(Path::new(dir).join(format!("epoch-{epoch}.nnue")).to_string_lossy().into_owned());
        }
        for path in &written {
            std::fs::write(path, &bytes).map_err(|e| CliError::Failed(format!("cannot write {path}: {e}")))?;
        }
        shown.line(&format!("{}; {clamped} weights clamped to i16", epoch_line(&report)));
        last = Some(report);
    }
    let summary = last.map_or_else(String::new, |report| epoch_line(&report));
    shown.finish(all_batches, format!("done: {summary}"));
    println!(
        "network written to {} ({}, {}, {})",
        args.out,
        counted(args.hidden, "hidden neuron"),
        counted(args.output_buckets, "output bucket"),
        counted(args.king_buckets, "king bucket")
    );
    Ok(ExitCode::SUCCESS)
}

/// The positions of `paths`, filtered (`Loaded`), with what was kept and left out on stderr.
fn load(paths: &[String]) -> Result<Vec<Record>, CliError> {
    let mut loaded = Loaded::default();
    for path in paths {
        let bytes = crate::train::dataset::decompressed(read_bytes(path)?)
            .map_err(|e| CliError::Failed(format!("{path}: {e}")))?;
        let kind = DataKind::of(&bytes);
        if matches!(kind, DataKind::Text | DataKind::Pgn) {
            return Err(CliError::Failed(format!(
                "{path} holds {}; train reads games or binary records: bramble convert --to binary {path} OUT.bin",
                kind.words()
            )));
        }
        loaded.add(&bytes).map_err(|e| CliError::Failed(format!("{path}: {e}")))?;
        eprintln!("{path}: {} positions kept so far", loaded.records.len());
    }
    eprintln!(
        "left out {} positions: {} in check, {} with mate scores, {} captures or promotions (games only: records store no move){}",
        loaded.skipped(),
        loaded.in_check,
        loaded.mate_scores,
        loaded.noisy,
        if loaded.unscored > 0 { format!(", {} without a score (PGN moves)", loaded.unscored) } else { String::new() }
    );
    Ok(loaded.records)
}

fn epoch_line(report: &EpochReport) -> String {
    let validation = report.validation_loss.map_or_else(|| "-".to_string(), |loss| format!("{loss:.6}"));
    format!(
        "epoch {} lr {:.1e} loss {:.6} validation {validation} {:.0} positions/s",
        report.epoch, report.lr, report.training_loss, report.positions_per_second
    )
}
