//! Every tunable number of the search, declared once with its default and the range and
//! step an SPSA tuning run may use. The names follow one vocabulary:
//!
//! - `..._DEPTH`: a depth (in plies) at or below / at or above which a technique applies.
//! - `..._MARGIN`: a score margin in centipawns, usually per ply of depth.
//! - `..._BASE`, `..._DIVISOR`, `..._FACTOR`: the terms of a formula.
//! - `..._PERCENT`: a fraction, in hundredths (SPSA tunes whole numbers).
//!
//! Each is read as `NAME.get()`. In the default build that is a constant the compiler
//! folds in; built with `--features tune`, each is a UCI `spin` option (`setoption name
//! RFP_MARGIN value 90`) so that an SPSA run can set it, and `bramble params` prints them
//! in OpenBench's SPSA input format either way. The measured worth of each technique, and
//! of those tried and deleted, is in `docs/experiments.md`.

#[cfg(feature = "tune")]
use std::sync::atomic::{AtomicI32, Ordering};

/// One tunable number: its name, default, the range a tuner may try and the step
/// (OpenBench's `c_end`) it starts with.
pub struct Param {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    pub step: i32,
    #[cfg(feature = "tune")]
    value: AtomicI32,
}

impl Param {
    const fn new(name: &'static str, default: i32, min: i32, max: i32, step: i32) -> Param {
        assert!(min <= default && default <= max && step > 0);
        Param {
            name,
            default,
            min,
            max,
            step,
            #[cfg(feature = "tune")]
            value: AtomicI32::new(default),
        }
    }

    /// The value the search uses: the default, or what `setoption` set in a tuning build.
    #[cfg(not(feature = "tune"))]
    #[inline(always)]
    pub const fn get(&self) -> i32 {
        self.default
    }

    #[cfg(feature = "tune")]
    #[inline(always)]
    pub fn get(&self) -> i32 {
        self.value.load(Ordering::Relaxed)
    }

    /// Sets the value within the range (tuning builds only); false when out of range.
    #[cfg(feature = "tune")]
    pub fn set(&self, value: i64) -> bool {
        if !(i64::from(self.min)..=i64::from(self.max)).contains(&value) {
            return false;
        }
        self.value.store(value as i32, Ordering::Relaxed);
        if std::ptr::eq(self, &LMR_BASE_PERCENT) || std::ptr::eq(self, &LMR_DIVISOR_PERCENT) {
            super::alphabeta::rebuild_reductions();
        }
        true
    }

    /// The line of OpenBench's SPSA input: `NAME, int, default, min, max, c_end, r_end`.
    pub fn spsa_line(&self) -> String {
        format!("{}, int, {}, {}, {}, {}, 0.002", self.name, self.default, self.min, self.max, self.step)
    }
}

/// Declares each parameter (a `const` in the default build, a `static` with an atomic
/// value in a tuning build) and `ALL`, the list of them in declaration order.
macro_rules! params {
    ($($(#[doc = $doc:literal])* $name:ident = $default:literal, $min:literal..=$max:literal, step $step:literal;)*) => {
        $(
            $(#[doc = $doc])*
            #[cfg(not(feature = "tune"))]
            pub const $name: Param = Param::new(stringify!($name), $default, $min, $max, $step);
            $(#[doc = $doc])*
            #[cfg(feature = "tune")]
            pub static $name: Param = Param::new(stringify!($name), $default, $min, $max, $step);
        )*
        /// Every parameter, in declaration order.
        pub static ALL: &[&Param] = &[$(&$name),*];
    };
}

params! {
    /// Reverse futility pruning: up to this depth, with this margin per ply.
    RFP_MAX_DEPTH = 7, 4..=10, step 1;
    RFP_MARGIN = 80, 40..=160, step 8;

    /// Null-move pruning: tried from this depth on.
    NMP_MIN_DEPTH = 3, 2..=5, step 1;
    /// Null-move pruning: the reduction is `NMP_REDUCTION_BASE + depth / NMP_REDUCTION_DIVISOR`
    /// plus one per `NMP_EVAL_DIVISOR` the static evaluation exceeds beta (at most
    /// `NMP_EVAL_MAX`).
    NMP_REDUCTION_BASE = 3, 2..=5, step 1;
    NMP_REDUCTION_DIVISOR = 3, 2..=6, step 1;
    NMP_EVAL_DIVISOR = 200, 100..=400, step 20;
    NMP_EVAL_MAX = 3, 1..=5, step 1;
    /// Null-move pruning: from this depth on a cut-off is verified by a search without
    /// null moves.
    NMP_VERIFY_DEPTH = 12, 8..=20, step 1;

    /// Late move reductions: from this depth on, after this many moves (one more in PV
    /// nodes).
    LMR_MIN_DEPTH = 3, 2..=5, step 1;
    LMR_MIN_MOVES = 2, 1..=5, step 1;
    /// Late move reductions: the base reduction is
    /// `LMR_BASE_PERCENT / 100 + ln(depth) ln(move number) / (LMR_DIVISOR_PERCENT / 100)`,
    /// one ply less per `LMR_HISTORY_DIVISOR` of history score.
    LMR_BASE_PERCENT = 75, 25..=150, step 8;
    LMR_DIVISOR_PERCENT = 225, 150..=350, step 12;
    LMR_HISTORY_DIVISOR = 8192, 4096..=16384, step 512;

    /// ProbCut: from this depth on, in null-window nodes, a capture that beats beta plus
    /// this margin in a search this many plies shallower cuts the node off.
    PROBCUT_MIN_DEPTH = 5, 3..=8, step 1;
    PROBCUT_MARGIN = 200, 100..=350, step 15;
    PROBCUT_REDUCTION = 4, 3..=5, step 1;

    /// Internal iterative reduction: from this depth on, a node without a table move is
    /// searched one ply shallower.
    IIR_MIN_DEPTH = 4, 2..=8, step 1;

    /// Singular extensions: from this depth on, when the table's entry is at most
    /// `SE_TT_DEPTH_MARGIN` plies shallower; the other moves must stay below the table
    /// score minus `SE_MARGIN` per ply.
    SE_MIN_DEPTH = 8, 5..=12, step 1;
    SE_TT_DEPTH_MARGIN = 3, 1..=5, step 1;
    SE_MARGIN = 2, 1..=4, step 1;
    /// Double extensions: in null-window nodes, when the others stay this far below the
    /// singular bound, the table move is extended two plies, at most `DOUBLE_EXT_LIMIT`
    /// times along a line.
    DOUBLE_EXT_MARGIN = 20, 5..=50, step 3;
    DOUBLE_EXT_LIMIT = 6, 2..=12, step 1;
    /// Late move reductions: one ply more once more than this many of the node's children
    /// have failed high.
    LMR_CUTOFF_COUNT = 3, 1..=6, step 1;

    /// Futility pruning of quiet moves: up to this LMR depth (the depth late move
    /// reductions would leave the move), when the static evaluation plus
    /// `FUTILITY_BASE + FUTILITY_MARGIN * lmr_depth` does not reach alpha.
    FUTILITY_MAX_DEPTH = 8, 4..=12, step 1;
    FUTILITY_BASE = 100, 40..=200, step 10;
    FUTILITY_MARGIN = 100, 50..=200, step 10;

    /// History pruning: quiet moves whose history is below `-HISTORY_PRUNING_MARGIN` per
    /// ply, at an LMR depth (the depth late move reductions would leave them) up to
    /// `HISTORY_PRUNING_MAX_DEPTH`, are not searched.
    HISTORY_PRUNING_MAX_DEPTH = 3, 1..=6, step 1;
    HISTORY_PRUNING_MARGIN = 2048, 512..=4096, step 200;
    /// Razoring: up to `RAZOR_MAX_DEPTH`, a null-window node whose evaluation is
    /// `RAZOR_MARGIN` per ply below alpha is settled by quiescence when quiescence agrees.
    /// Quiescence does not see quiet mating moves below a razored node, so it delays some
    /// short mates by a few plies.
    RAZOR_MAX_DEPTH = 3, 1..=5, step 1;
    RAZOR_MARGIN = 250, 150..=450, step 20;

    /// Static exchange pruning in the main search: up to these depths, quiet moves that
    /// lose more than `SEE_QUIET_MARGIN` per ply and captures that lose more than
    /// `SEE_CAPTURE_MARGIN` per ply are not searched.
    SEE_QUIET_MAX_DEPTH = 8, 4..=12, step 1;
    SEE_QUIET_MARGIN = 60, 20..=120, step 6;
    SEE_CAPTURE_MAX_DEPTH = 6, 3..=10, step 1;
    SEE_CAPTURE_MARGIN = 100, 40..=200, step 10;

    /// Late move pruning: up to this depth a node searches at most `LMP_BASE + depth^2`
    /// quiet moves, half as many when the evaluation is not improving.
    LMP_MAX_DEPTH = 8, 4..=12, step 1;
    LMP_BASE = 3, 1..=8, step 1;

    /// Aspiration windows: from this depth on, the first window is the previous score
    /// plus or minus this margin; it doubles on each fail.
    ASPIRATION_MIN_DEPTH = 4, 2..=8, step 1;
    ASPIRATION_DELTA = 25, 10..=50, step 3;

    /// The history bonus of a move at `depth`:
    /// `min(HISTORY_BONUS_QUADRATIC * depth^2 + HISTORY_BONUS_LINEAR * depth + HISTORY_BONUS_BASE, HISTORY_BONUS_MAX)`.
    HISTORY_BONUS_QUADRATIC = 16, 4..=32, step 2;
    HISTORY_BONUS_LINEAR = 32, 0..=96, step 6;
    HISTORY_BONUS_BASE = 16, 0..=64, step 6;
    HISTORY_BONUS_MAX = 1500, 800..=3000, step 120;

    /// Time use: the soft time limit is scaled by `TIME_STABILITY_<n>_PERCENT` when the
    /// best move has stood for `n` iterations after the one that found it (the last for
    /// more), and grows by `TIME_SCORE_DROP_PERCENT` hundredths per centipawn the score
    /// fell in the last iteration (counting at most `TIME_SCORE_DROP_MAX`). The hard limit
    /// stays as it is.
    TIME_STABILITY_0_PERCENT = 180, 100..=250, step 10;
    TIME_STABILITY_1_PERCENT = 140, 80..=200, step 8;
    TIME_STABILITY_2_PERCENT = 110, 60..=160, step 6;
    TIME_STABILITY_3_PERCENT = 90, 50..=130, step 5;
    TIME_STABILITY_4_PERCENT = 75, 40..=110, step 5;
    TIME_SCORE_DROP_PERCENT = 1, 0..=4, step 1;
    TIME_SCORE_DROP_MAX = 50, 20..=150, step 8;
    /// Time use (`src/time.rs`): the moves the remaining time is planned for when the
    /// clock does not say, and the hard budget in soft budgets (within a share of the clock).
    TIME_SUDDEN_DEATH_MOVES = 25, 10..=50, step 3;
    TIME_HARD_FACTOR = 3, 2..=6, step 1;
    /// Time use at a repeating control (`movestogo`): the time left is planned over this
    /// many hundredths of the moves to go. The scale above spends about 1.3 soft budgets a
    /// move on average, so planning over the moves to go alone spends the time early and
    /// plays the last moves before the control on a fraction of their share.
    TIME_MOVES_TO_GO_PERCENT = 100, 100..=200, step 10;
    /// Time use at sudden death without an increment: the moves the remaining time is
    /// planned for (`TIME_SUDDEN_DEATH_MOVES` plans for increment games). Each move spends
    /// about 1.3 soft budgets, so over 25 moves a side keeps 12% of its clock after 40
    /// moves and 4% after 60, and half of session 72's self-play games (40/4) ran past
    /// 111 plies; with no increment nothing comes back. 40 against 25 (every build
    /// before it) at 10+0: +63.0 [+37.3, +89.5] over 234 games (docs/experiments.md).
    TIME_NO_INCREMENT_MOVES = 40, 10..=50, step 3;
    /// Time use (issue 83, on trial): the soft limit is also scaled by
    /// `TIME_NODE_SHARE_OFFSET_PERCENT + TIME_NODE_SHARE_SCALE_PERCENT * (1 - share)`
    /// hundredths, where `share` is the best move's share of the nodes searched so far: a
    /// best move that took most of the search is settled. Off (factor 1) until its SPRT.
    TIME_NODE_SHARE_SCALE_PERCENT = 0, 0..=300, step 15;
    TIME_NODE_SHARE_OFFSET_PERCENT = 100, 25..=150, step 5;
    /// Time use with an increment (issue 83, on trial): the increment's part of the soft
    /// budget is at most this many hundredths of the usable clock, so that a clock fallen
    /// to a few increments grows back and keeps a reserve for a move delayed outside the
    /// search (cause unknown: 24-103 ms late, five moves in 119,601 of session 90's games;
    /// two such moves lost on time at about 150 ms left). Off (100: never binding, the
    /// hard cap is half the clock) until its SPRT; 12 keeps the clock above about six
    /// increments.
    TIME_INCREMENT_CLOCK_PERCENT = 100, 5..=100, step 2;
}

/// The soft time limit's factor after `stable` iterations that kept the best move.
pub fn time_stability_factor(stable: usize) -> f64 {
    let percent = match stable {
        0 => TIME_STABILITY_0_PERCENT.get(),
        1 => TIME_STABILITY_1_PERCENT.get(),
        2 => TIME_STABILITY_2_PERCENT.get(),
        3 => TIME_STABILITY_3_PERCENT.get(),
        _ => TIME_STABILITY_4_PERCENT.get(),
    };
    f64::from(percent) / 100.0
}

/// The growth of the soft limit per centipawn the score fell.
pub fn time_score_drop_factor() -> f64 {
    f64::from(TIME_SCORE_DROP_PERCENT.get()) / 100.0
}

/// The soft time limit's factor when the best move took `share` (0 to 1) of the nodes.
pub fn time_node_share_factor(share: f64) -> f64 {
    node_share_factor(share, TIME_NODE_SHARE_SCALE_PERCENT.get(), TIME_NODE_SHARE_OFFSET_PERCENT.get())
}

fn node_share_factor(share: f64, scale_percent: i32, offset_percent: i32) -> f64 {
    (f64::from(offset_percent) + f64::from(scale_percent) * (1.0 - share.clamp(0.0, 1.0))) / 100.0
}

/// The parameter of this name (tuning builds take them as options).
pub fn by_name(name: &str) -> Option<&'static Param> {
    ALL.iter().copied().find(|param| param.name.eq_ignore_ascii_case(name))
}

/// Capture history: captures that win or break even are ordered by the victim's value
/// and then by how well the same capture did before (`history.rs`): one victim's worth
/// of ordering is this many history points. Not tunable: the move picker's score bands
/// are laid out around it at compile time (`ordering.rs`).
pub const CAPTURE_HISTORY_VICTIM: i32 = 2_048;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_param_has_a_unique_name_and_a_default_inside_its_range() {
        let mut names: Vec<&str> = ALL.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALL.len());
        for param in ALL {
            assert!(param.min <= param.default && param.default <= param.max && param.step > 0, "{}", param.name);
            assert_eq!(param.get(), param.default, "{}", param.name);
        }
        assert_eq!(RFP_MARGIN.spsa_line(), "RFP_MARGIN, int, 80, 40, 160, 8, 0.002");
        assert_eq!(by_name("rfp_margin").map(|p| p.name), Some("RFP_MARGIN"));
        assert!(by_name("NO_SUCH").is_none());
    }

    /// Runs with `cargo test --features tune` (.ci/run does).
    #[cfg(feature = "tune")]
    #[test]
    fn a_tuning_build_sets_values_within_the_range_only() {
        let param = by_name("SE_MARGIN").expect("known");
        assert!(!param.set(i64::from(param.max) + 1) && param.get() == param.default);
        assert!(param.set(i64::from(param.max)) && param.get() == param.max);
        assert!(param.set(i64::from(param.default)) && param.get() == param.default);
    }

    #[test]
    fn the_fractions_in_hundredths_are_the_old_constants_exactly() {
        // The search's numbers before they were declared in hundredths: the same doubles,
        // so the same search (bench unchanged).
        assert_eq!(f64::from(LMR_BASE_PERCENT.default) / 100.0, 0.75);
        assert_eq!(f64::from(LMR_DIVISOR_PERCENT.default) / 100.0, 2.25);
        let factors: Vec<f64> = (0..6).map(time_stability_factor).collect();
        assert_eq!(factors, [1.8, 1.4, 1.1, 0.9, 0.75, 0.75]);
        assert_eq!(time_score_drop_factor(), 0.01);
        // Off until its SPRT: the node share leaves the soft limit as it was.
        assert!([0.0, 0.3, 1.0].iter().all(|&share| time_node_share_factor(share) == 1.0));
    }

    #[test]
    fn a_best_move_that_took_less_of_the_nodes_gets_more_time() {
        // The values on trial: (1.5 - share) * 1.35, about.
        let factor = |share| node_share_factor(share, 135, 68);
        let (all, most, half, little) = (factor(1.0), factor(0.9), factor(0.5), factor(0.05));
        assert!(all < most && most < half && half < little, "{all} {most} {half} {little}");
        assert!(all < 1.0 && little > 1.5);
        assert_eq!(factor(1.7), all, "a share is at most 1");
    }
}
