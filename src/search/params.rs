//! Every tunable number of the search, declared once. The names follow one vocabulary:
//!
//! - `..._DEPTH`: a depth (in plies) at or below / at or above which a technique applies.
//! - `..._MARGIN`: a score margin in centipawns, usually per ply of depth.
//! - `..._BASE`, `..._DIVISOR`, `..._FACTOR`: the terms of a formula.
//!
//! The measured worth of each technique, and of those tried and deleted, is in
//! `docs/experiments.md`.

/// Reverse futility pruning: up to this depth, with this margin per ply.
pub const RFP_MAX_DEPTH: i32 = 7;
pub const RFP_MARGIN: i32 = 80;

/// Null-move pruning: tried from this depth on.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Null-move pruning: the reduction is `NMP_REDUCTION_BASE + depth / NMP_REDUCTION_DIVISOR`
/// plus one per `NMP_EVAL_DIVISOR` the static evaluation exceeds beta (at most `NMP_EVAL_MAX`).
pub const NMP_REDUCTION_BASE: i32 = 3;
pub const NMP_REDUCTION_DIVISOR: i32 = 3;
pub const NMP_EVAL_DIVISOR: i32 = 200;
pub const NMP_EVAL_MAX: i32 = 3;
/// Null-move pruning: from this depth on a cut-off is verified by a search without null moves.
pub const NMP_VERIFY_DEPTH: i32 = 12;

/// Late move reductions: from this depth on, after this many moves (one more in PV nodes).
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_MIN_MOVES: usize = 2;
/// Late move reductions: the base reduction is `LMR_BASE + ln(depth) ln(move number) / LMR_DIVISOR`,
/// one ply less per `LMR_HISTORY_DIVISOR` of history score.
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;
pub const LMR_HISTORY_DIVISOR: i32 = 8_192;

/// Capture history: captures that win or break even are ordered by the victim's value
/// and then by how well the same capture did before (`history.rs`): one victim's worth
/// of ordering is this many history points.
pub const CAPTURE_HISTORY_VICTIM: i32 = 2_048;

/// ProbCut: from this depth on, in null-window nodes, a capture that beats beta plus this
/// margin in a search this many plies shallower cuts the node off.
pub const PROBCUT_MIN_DEPTH: i32 = 5;
pub const PROBCUT_MARGIN: i32 = 200;
pub const PROBCUT_REDUCTION: i32 = 4;

/// Internal iterative reduction: from this depth on, a node without a table move is
/// searched one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Singular extensions: from this depth on, when the table's entry is at most
/// `SE_TT_DEPTH_MARGIN` plies shallower; the other moves must stay below the table score
/// minus `SE_MARGIN` per ply.
pub const SE_MIN_DEPTH: i32 = 8;
pub const SE_TT_DEPTH_MARGIN: i32 = 3;
pub const SE_MARGIN: i32 = 2;

/// Futility pruning of quiet moves: up to this LMR depth (the depth late move reductions
/// would leave the move), when the static evaluation plus
/// `FUTILITY_BASE + FUTILITY_MARGIN * lmr_depth` does not reach alpha.
pub const FUTILITY_MAX_DEPTH: i32 = 8;
pub const FUTILITY_BASE: i32 = 100;
pub const FUTILITY_MARGIN: i32 = 100;

/// History pruning: quiet moves whose history is below `-HISTORY_PRUNING_MARGIN` per ply,
/// at an LMR depth (the depth late move reductions would leave them) up to
/// `HISTORY_PRUNING_MAX_DEPTH`, are not searched.
pub const HISTORY_PRUNING_MAX_DEPTH: i32 = 3;
pub const HISTORY_PRUNING_MARGIN: i32 = 2_048;
/// Razoring: up to `RAZOR_MAX_DEPTH`, a null-window node whose evaluation is
/// `RAZOR_MARGIN` per ply below alpha is settled by quiescence when quiescence agrees.
/// Quiescence does not see quiet mating moves below a razored node, so it delays some
/// short mates by a few plies.
pub const RAZOR_MAX_DEPTH: i32 = 3;
pub const RAZOR_MARGIN: i32 = 250;

/// Static exchange pruning in the main search: up to these depths, quiet moves that lose
/// more than `SEE_QUIET_MARGIN` per ply and captures that lose more than
/// `SEE_CAPTURE_MARGIN` per ply are not searched.
pub const SEE_QUIET_MAX_DEPTH: i32 = 8;
pub const SEE_QUIET_MARGIN: i32 = 60;
pub const SEE_CAPTURE_MAX_DEPTH: i32 = 6;
pub const SEE_CAPTURE_MARGIN: i32 = 100;

/// Late move pruning: up to this depth a node searches at most `LMP_BASE + depth^2` quiet
/// moves, half as many when the evaluation is not improving.
pub const LMP_MAX_DEPTH: i32 = 8;
pub const LMP_BASE: i32 = 3;

/// Aspiration windows: from this depth on, the first window is the previous score plus or
/// minus this margin; it doubles on each fail.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
pub const ASPIRATION_DELTA: i32 = 25;

/// Time use: the soft time limit is scaled by `TIME_STABILITY_FACTOR[n]` when the best
/// move has stood for `n` iterations after the one that found it (the last entry for more),
/// and grows by `TIME_SCORE_DROP_FACTOR` per centipawn the score fell in the last iteration
/// (counting at most `TIME_SCORE_DROP_MAX`). The hard limit stays as it is.
pub const TIME_STABILITY_FACTOR: [f64; 5] = [1.8, 1.4, 1.1, 0.9, 0.75];
pub const TIME_SCORE_DROP_FACTOR: f64 = 0.01;
pub const TIME_SCORE_DROP_MAX: i32 = 50;
