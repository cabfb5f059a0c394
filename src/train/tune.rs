//! Texel tuning of the evaluation's weights on positions with game results (the output of
//! `bramble datagen`).
//!
//! The evaluation is linear in its weights once the phase is known: a position's score is
//! `taper(sum of count_i * weight_i)`, where the counts come from the same term code the
//! engine runs (`eval::terms`, through a recording [`Collector`]). The tuner predicts the
//! result as `1 / (1 + 10^(-K * score / 400))` and minimises the mean squared error over
//! all positions:
//!
//! 1. `K` is fitted first, with the weights as they start (a golden-section search).
//! 2. Each position's target is then its result blended with the search's score in the
//!    data: `w * result + (1 - w) * sigmoid(K * score)`. A game result is one noisy bit
//!    for a hundred positions; the score is a measurement of each position, so a blend
//!    lets a few thousand games fit hundreds of weights without fitting their noise.
//! 3. Then all weights, by full-batch gradient descent with Adam. The gradient is summed
//!    over a fixed number of chunks in a fixed order, so a run gives the same weights
//!    whatever the number of threads. The last positions of the data (the last games)
//!    are held out: their loss is reported with each epoch, and the weights of the epoch
//!    where it was least are the ones kept (more epochs would fit the training games).
//!
//! The result is written as Rust source (`src/eval/weights.rs`), which the engine then
//! compiles in.

use std::fmt::Write as _;

use shakmaty::fen::Fen;
use shakmaty::{Board, Color};

use crate::eval::collector::Collector;
use crate::eval::params::{self, COUNT, MATERIAL};
use crate::eval::terms::{PHASE_MAX, collect, phase};
use crate::eval::{S, WEIGHTS};

/// Chunks the gradient is summed over (independent of the thread count).
const CHUNKS: usize = 64;
const ADAM_BETA1: f64 = 0.9;
const ADAM_BETA2: f64 = 0.999;
const ADAM_EPSILON: f64 = 1e-8;

/// One position: its weights' counts (White's minus Black's), phase, result and score.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    counts: Vec<(u16, i16)>,
    /// The middlegame share, `min(phase, 24) / 24`.
    mg_share: f64,
    /// 1 a White win, 0.5 a draw, 0 a Black win.
    result: f64,
    /// The search's score in the data, centipawns from White's side.
    score: f64,
    /// What the tuner fits the prediction to: the result until [`set_targets`] blends in
    /// the score.
    target: f64,
}

/// Records the counts of each weight.
struct Trace(Vec<(u16, i16)>);

impl Collector for Trace {
    fn add(&mut self, color: Color, index: usize, count: i32) {
        if count != 0 {
            let signed = if color == Color::White { count } else { -count };
            self.0.push((index as u16, signed as i16));
        }
    }
}

impl Sample {
    pub fn new(board: &Board, turn: Color, score: f64, result: f64) -> Sample {
        let mut trace = Trace(Vec::new());
        collect(board, turn, &mut trace);
        // White's and Black's counts of one weight become one net count.
        trace.0.sort_unstable_by_key(|&(index, _)| index);
        let mut counts: Vec<(u16, i16)> = Vec::with_capacity(trace.0.len());
        for (index, count) in trace.0 {
            match counts.last_mut() {
                Some((last, total)) if *last == index => *total += count,
                _ => counts.push((index, count)),
            }
        }
        counts.retain(|&(_, count)| count != 0);
        let mg_share = f64::from(phase(board).min(PHASE_MAX)) / f64::from(PHASE_MAX);
        Sample { counts, mg_share, result, score, target: result }
    }

    /// Parses a `FEN | score | result` line of `bramble datagen`.
    pub fn parse(line: &str) -> Result<Sample, String> {
        let mut fields = line.split('|').map(str::trim);
        let (Some(fen), Some(score), Some(result), None) = (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(format!("not 'FEN | score | result': '{line}'"));
        };
        let fen: Fen = fen.parse().map_err(|e| format!("bad FEN '{fen}': {e}"))?;
        let result = match result {
            "1.0" | "1" => 1.0,
            "0.5" => 0.5,
            "0.0" | "0" => 0.0,
            other => return Err(format!("bad result '{other}' (1.0, 0.5 or 0.0)")),
        };
        let score: i32 = score.parse().map_err(|_| format!("bad score '{score}' (centipawns)"))?;
        let setup = fen.into_setup();
        Ok(Sample::new(&setup.board, setup.turn, f64::from(score), result))
    }

    /// The tapered score from White's side with `weights` (middlegame, endgame pairs).
    fn evaluate(&self, weights: &[[f64; 2]]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(index, count) in &self.counts {
            let [w_mg, w_eg] = weights[usize::from(index)];
            mg += f64::from(count) * w_mg;
            eg += f64::from(count) * w_eg;
        }
        mg * self.mg_share + eg * (1.0 - self.mg_share)
    }
}

/// The predicted White score of an evaluation.
fn predicted(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

/// The mean squared error of the predictions against the samples' targets.
pub fn loss(samples: &[Sample], weights: &[[f64; 2]], k: f64) -> f64 {
    mean_squared_error(samples, weights, k, |s| s.target)
}

fn mean_squared_error(samples: &[Sample], weights: &[[f64; 2]], k: f64, target: fn(&Sample) -> f64) -> f64 {
    let total: f64 = samples.iter().map(|s| (target(s) - predicted(k, s.evaluate(weights))).powi(2)).sum();
    total / samples.len().max(1) as f64
}

/// The mean squared error of the predictions against the game results alone: what a fit
/// blended with the search score is judged by: the fit that predicts unseen games best
/// played best (docs/tuning.md).
pub fn result_loss(samples: &[Sample], weights: &[[f64; 2]], k: f64) -> f64 {
    mean_squared_error(samples, weights, k, |s| s.result)
}

/// Sets each target to `result_weight * result + (1 - result_weight) * prediction of the
/// data's score` (`result_weight` 1: the results alone).
pub fn set_targets(samples: &mut [Sample], k: f64, result_weight: f64) {
    for sample in samples {
        sample.target = result_weight * sample.result + (1.0 - result_weight) * predicted(k, sample.score);
    }
}

/// The `K` with the least error against the game results, to 4 decimals, within 0.01..10.
pub fn fit_k(samples: &[Sample], weights: &[[f64; 2]]) -> f64 {
    let golden = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.01f64, 10.0f64);
    while high - low > 1e-4 {
        let a = high - golden * (high - low);
        let b = low + golden * (high - low);
        if result_loss(samples, weights, a) < result_loss(samples, weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Where the weights start.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The weights the engine has now.
    Current,
    /// Plain material (100, 300, 300, 500, 900) and nothing else: a start that owes
    /// nothing to any earlier table.
    Plain,
}

pub fn starting_weights(start: Start) -> Vec<[f64; 2]> {
    match start {
        Start::Current => WEIGHTS.iter().map(|w| [f64::from(w.mg()), f64::from(w.eg())]).collect(),
        Start::Plain => {
            let mut weights = vec![[0.0; 2]; COUNT];
            for (role, value) in [100.0, 300.0, 300.0, 500.0, 900.0].into_iter().enumerate() {
                weights[MATERIAL + role] = [value, value];
            }
            weights
        }
    }
}

#[derive(Clone, Debug)]
pub struct TuneOptions {
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub learning_rate: f64,
    pub threads: usize,
    /// The first this many weights stay as they start (`--keep-tables`).
    pub kept: usize,
}

/// The loss after an epoch, on the training positions and on the held-out ones.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EpochLoss {
    pub epoch: usize,
    pub training: f64,
    pub validation: f64,
}

/// Tunes `weights` in place on `samples`, watching the loss on `held_out`; `report` after
/// each epoch (epoch 0: before). Returns the epoch whose weights are kept: the one with
/// the least held-out loss (the last epoch if nothing is held out).
pub fn tune(
    samples: &[Sample],
    held_out: &[Sample],
    weights: &mut [[f64; 2]],
    k: f64,
    options: &TuneOptions,
    report: &mut dyn FnMut(EpochLoss),
) -> EpochLoss {
    let measure = |epoch: usize, weights: &[[f64; 2]]| EpochLoss {
        epoch,
        training: loss(samples, weights, k),
        validation: if held_out.is_empty() { 0.0 } else { loss(held_out, weights, k) },
    };
    let mut best = measure(0, weights);
    let mut best_weights = weights.to_vec();
    report(best);
    let mut moment = vec![[0.0; 2]; weights.len()];
    let mut velocity = vec![[0.0; 2]; weights.len()];
    for epoch in 1..=options.epochs {
        let gradient = gradient(samples, weights, k, options.threads);
        let step = options.learning_rate * (1.0 - ADAM_BETA2.powi(epoch as i32)).sqrt()
            / (1.0 - ADAM_BETA1.powi(epoch as i32));
        let trained = weights.iter_mut().zip(&gradient).zip(&mut moment).zip(&mut velocity).skip(options.kept);
        for (((weight, grad), m), v) in trained {
            for phase in 0..2 {
                m[phase] = ADAM_BETA1 * m[phase] + (1.0 - ADAM_BETA1) * grad[phase];
                v[phase] = ADAM_BETA2 * v[phase] + (1.0 - ADAM_BETA2) * grad[phase] * grad[phase];
                weight[phase] -= step * m[phase] / (v[phase].sqrt() + ADAM_EPSILON);
            }
        }
        let now = measure(epoch, weights);
        report(now);
        if held_out.is_empty() || now.validation <= best.validation {
            best = now;
            best_weights.copy_from_slice(weights);
        }
    }
    weights.copy_from_slice(&best_weights);
    best
}

/// The gradient of the loss, summed chunk by chunk in a fixed order.
fn gradient(samples: &[Sample], weights: &[[f64; 2]], k: f64, threads: usize) -> Vec<[f64; 2]> {
    let chunk_size = samples.len().div_ceil(CHUNKS).max(1);
    let chunks: Vec<&[Sample]> = samples.chunks(chunk_size).collect();
    let per_thread = chunks.len().div_ceil(threads.max(1)).max(1);
    let partial: Vec<Vec<[f64; 2]>> = std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .chunks(per_thread)
            .map(|group| {
                scope.spawn(move || group.iter().map(|chunk| chunk_gradient(chunk, weights, k)).collect::<Vec<_>>())
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect::<Vec<Vec<[f64; 2]>>>()
    });
    let mut total = vec![[0.0; 2]; weights.len()];
    for chunk in partial {
        for (sum, part) in total.iter_mut().zip(chunk) {
            sum[0] += part[0];
            sum[1] += part[1];
        }
    }
    let n = samples.len().max(1) as f64;
    total.iter_mut().for_each(|g| *g = [g[0] / n, g[1] / n]);
    total
}

fn chunk_gradient(samples: &[Sample], weights: &[[f64; 2]], k: f64) -> Vec<[f64; 2]> {
    let mut gradient = vec![[0.0; 2]; weights.len()];
    let slope = k * std::f64::consts::LN_10 / 400.0;
    for sample in samples {
        let p = predicted(k, sample.evaluate(weights));
        // d/dscore of (target - p)^2.
        let d = 2.0 * (p - sample.target) * p * (1.0 - p) * slope;
        for &(index, count) in &sample.counts {
            let g = &mut gradient[usize::from(index)];
            g[0] += d * f64::from(count) * sample.mg_share;
            g[1] += d * f64::from(count) * (1.0 - sample.mg_share);
        }
    }
    gradient
}

/// `weights.rs` for these weights (rounded to whole centipawns), after `header` (the
/// file's opening `//!` lines, without the markers).
pub fn render_weights(weights: &[S], header: &[String]) -> String {
    let mut text = String::new();
    for line in header {
        let _ = writeln!(text, "//!{}{line}", if line.is_empty() { "" } else { " " });
    }
    text.push_str("\nuse super::params::COUNT;\nuse super::score::S;\n\n#[rustfmt::skip]\n");
    text.push_str("pub const WEIGHTS: [S; COUNT] = [\n");
    let mut index = 0;
    while index < weights.len() {
        let (label, on_line) = params::layout(index);
        if let Some(label) = label {
            let _ = writeln!(text, "    // {label}");
        }
        let end = (index + on_line).min(weights.len());
        let entries: Vec<String> = weights[index..end].iter().map(|w| format!("S({}, {}),", w.mg(), w.eg())).collect();
        let _ = writeln!(text, "    {}", entries.join(" "));
        index = end;
    }
    text.push_str("];\n");
    text
}

/// Rounds tuned weights to the engine's integers.
pub fn rounded(weights: &[[f64; 2]]) -> Vec<S> {
    weights.iter().map(|[mg, eg]| S(mg.round() as i32, eg.round() as i32)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;
    use shakmaty::{CastlingMode, Chess, Position as _};

    const WEIGHTS_FILE: &str = include_str!("../eval/weights.rs");

    fn header_of(file: &str) -> Vec<String> {
        file.lines()
            .take_while(|l| l.starts_with("//!"))
            .map(|l| l.trim_start_matches("//!").trim_start().to_string())
            .collect()
    }

    #[test]
    fn the_weights_file_is_what_the_tuner_writes() {
        assert_eq!(render_weights(&WEIGHTS, &header_of(WEIGHTS_FILE)), WEIGHTS_FILE);
    }

    #[test]
    fn the_tuner_scores_positions_as_the_engine_does() {
        let weights = starting_weights(Start::Current);
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "6k1/5ppp/8/8/8/8/1Q3PPP/6K1 w - - 0 1",
        ] {
            let fen: Fen = fen.parse().expect("FEN");
            let pos: Chess = fen.clone().into_position(CastlingMode::Standard).expect("legal");
            let sample = Sample::new(pos.board(), pos.turn(), 0.0, 0.5);
            // The engine rounds the taper down; the tuner does not.
            assert!((sample.evaluate(&weights) - f64::from(evaluate(&pos))).abs() < 1.0, "{fen}");
        }
    }

    #[test]
    fn lines_parse_and_bad_lines_say_why() {
        let sample = Sample::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 120 | 1.0").expect("a line");
        assert_eq!(sample.result, 1.0);
        assert_eq!(sample.score, 120.0);
        assert_eq!(sample.mg_share, 0.0);
        assert!(sample.counts.contains(&((MATERIAL) as u16, 1)));
        assert!(Sample::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 120").is_err());
        assert!(Sample::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 120 | 2").is_err());
        assert!(Sample::parse("not a fen | 0 | 0.5").is_err());
        assert!(Sample::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 1.5x | 1.0").is_err());
    }

    /// Positions where an extra pawn wins and an extra knight wins more often.
    fn toy_samples() -> Vec<Sample> {
        let mut samples = Vec::new();
        let line = |fen: &str, result: &str| Sample::parse(&format!("{fen} | 0 | {result}")).expect("a line");
        for _ in 0..30 {
            samples.push(line("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", "1.0"));
            samples.push(line("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1", "0.5"));
            samples.push(line("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "0.5"));
            samples.push(line("4k3/3p4/8/8/8/8/3PP3/4K3 w - - 0 1", "0.5"));
        }
        samples.push(line("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", "0.5"));
        samples
    }

    #[test]
    fn tuning_lowers_the_loss_and_gives_the_same_weights_on_any_thread_count() {
        let samples = toy_samples();
        let start = starting_weights(Start::Plain);
        let k = fit_k(&samples, &start);
        assert!(k > 0.01 && k < 10.0, "{k}");
        let run = |threads: usize| {
            let mut weights = start.clone();
            let mut losses = Vec::new();
            let options = TuneOptions { epochs: 50, learning_rate: 2.0, threads, kept: 0 };
            tune(&samples, &[], &mut weights, k, &options, &mut |loss| losses.push(loss.training));
            (weights, losses)
        };
        let (one, losses) = run(1);
        let (three, _) = run(3);
        assert_eq!(one, three);
        assert_eq!(losses.len(), 51);
        assert!(losses[50] < losses[0] * 0.9, "{losses:?}");
        // A knight alone draws here: its value falls; the pawn's moves with the results.
        assert!(one[MATERIAL + 1][1] < 300.0, "{:?}", one[MATERIAL + 1]);
    }

    #[test]
    fn kept_weights_stay_as_they_start() {
        let samples = toy_samples();
        let start = starting_weights(Start::Plain);
        let k = fit_k(&samples, &start);
        let mut weights = start.clone();
        let options = TuneOptions { epochs: 20, learning_rate: 2.0, threads: 1, kept: params::MOBILITY };
        tune(&samples, &[], &mut weights, k, &options, &mut |_| {});
        assert_eq!(weights[..params::MOBILITY], start[..params::MOBILITY]);
        // The pawns' terms still learn: the doubled pawns on d2 and e2 are not doubled, but
        // guarded and side by side, and they win.
        assert_ne!(weights[params::PHALANX_PAWN], start[params::PHALANX_PAWN]);
    }

    #[test]
    fn targets_blend_the_result_with_the_score() {
        let mut samples = vec![Sample::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 0 | 1.0").expect("a line")];
        assert_eq!(samples[0].target, 1.0);
        set_targets(&mut samples, 1.0, 0.25);
        // A score of 0 predicts 0.5: 0.25 * 1 + 0.75 * 0.5.
        assert!((samples[0].target - 0.625).abs() < 1e-12, "{}", samples[0].target);
        set_targets(&mut samples, 1.0, 1.0);
        assert_eq!(samples[0].target, 1.0);
    }

    #[test]
    fn the_result_loss_ignores_the_score_and_the_target() {
        // With every weight 0 the evaluation is 0 and predicts 0.5: a win costs 0.25, a
        // draw nothing, whatever the search score or the blended target say.
        let mut samples = vec![
            Sample::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 600 | 1.0").expect("a line"),
            Sample::parse("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 | 600 | 0.5").expect("a line"),
        ];
        set_targets(&mut samples, 1.0, 0.0);
        let zero = vec![[0.0, 0.0]; COUNT];
        assert!((result_loss(&samples, &zero, 1.0) - 0.125).abs() < 1e-12);
        assert!(loss(&samples, &zero, 1.0) > 0.125, "the score's targets lie above 0.5 for both");
    }

    #[test]
    fn the_kept_weights_are_those_of_the_best_held_out_epoch() {
        // Training says the extra pawn wins; the held-out games say it draws: the held-out
        // loss is least before any step, so the starting weights are kept.
        let line = |fen: &str, result: &str| Sample::parse(&format!("{fen} | 0 | {result}")).expect("a line");
        let samples: Vec<Sample> = (0..20).map(|_| line("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", "1.0")).collect();
        let held_out = vec![line("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1", "0.5")];
        let start = starting_weights(Start::Plain);
        let mut weights = start.clone();
        let mut epochs = Vec::new();
        let options = TuneOptions { epochs: 10, learning_rate: 5.0, threads: 1, kept: 0 };
        let best = tune(&samples, &held_out, &mut weights, 1.0, &options, &mut |loss| epochs.push(loss));
        assert_eq!(epochs.len(), 11);
        assert!(epochs[10].training < epochs[0].training, "{epochs:?}");
        assert!(epochs[10].validation > epochs[0].validation, "{epochs:?}");
        assert_eq!(best.epoch, 0);
        assert_eq!(weights, start);
    }
}
