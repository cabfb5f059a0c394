//! The search: iterative deepening over a principal variation search (PVS) with a
//! transposition table, quiescence search, killer moves and a history table.
//!
//! The search only reports and returns results; the caller (the UCI engine, bench, the EPD
//! runner) decides what to print. Stopping is shared through [`Signals`].

mod alphabeta;
mod control;
mod correction;
mod driver;
mod history;
mod ordering;
mod params;
mod qsearch;
mod repetition;
mod root;
mod searcher;
mod see;
mod session;
mod smp;
mod stopping;
mod tablebase;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Duration;

use shakmaty::Move;

pub use driver::search;
pub use history::History;
pub use session::{SearchSession, search_fresh};
pub use smp::{best_thread_result, search_helper};

use crate::nnue::Network;
use crate::syzygy::Tablebases;
use crate::time::TimeBudget;
use crate::tt::Bound;

pub use crate::scores::{DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY, TB_WIN, TB_WIN_BOUND, mate_in_moves};

/// The deepest iteration the driver starts.
pub const MAX_DEPTH: i32 = 100;

/// When to stop searching. Everything `None` and not `infinite`: search until `stop`
/// or the maximum depth.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    /// Start no new iteration once this many nodes are searched (the node count of data
    /// generation, which must not stop an iteration halfway).
    pub soft_nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is proven.
    pub mate: Option<u32>,
    /// From the clock or `movetime`; not enforced while pondering.
    pub time: Option<TimeBudget>,
    /// Never stop by itself: only `stop` ends the search.
    pub infinite: bool,
    /// Root moves to consider; empty means all.
    pub searchmoves: Vec<Move>,
    /// How many best lines to find and report (`MultiPV`); 0 counts as 1.
    pub multipv: usize,
    pub heuristics: Heuristics,
    /// Endgame tablebases to probe, if any are loaded.
    pub syzygy: Option<SyzygyProbe>,
    /// What the search evaluates positions with (the `Evaluator` option).
    pub evaluator: Evaluator,
}

/// The static evaluation the search uses. The tables need no state; the network needs
/// accumulators, which each search thread keeps for its own line.
#[derive(Clone, Default)]
pub enum Evaluator {
    /// The tuned piece-square evaluation (`crate::eval`).
    #[default]
    Tables,
    /// The neural network, shared by all threads.
    Network(Arc<Network>),
}

impl Evaluator {
    /// The network, when it is the evaluator.
    pub fn network(&self) -> Option<&Arc<Network>> {
        match self {
            Evaluator::Tables => None,
            Evaluator::Network(net) => Some(net),
        }
    }
}

impl fmt::Debug for Evaluator {
    /// The kind and size, not the weights.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evaluator::Tables => write!(f, "Tables"),
            Evaluator::Network(net) => write!(f, "Network({} hidden)", net.hidden()),
        }
    }
}

/// The tablebases and how the search uses them (the `Syzygy...` options).
#[derive(Clone, Debug)]
pub struct SyzygyProbe {
    pub tables: Arc<Tablebases>,
    /// Probe in the tree only at this depth or more (below the largest piece count).
    pub probe_depth: i32,
    /// Probe only positions with at most this many pieces.
    pub probe_limit: usize,
    /// Count wins and losses that the fifty-move rule spoils as draws.
    pub rule50: bool,
}

impl SyzygyProbe {
    /// The most pieces a probed position may have.
    pub fn cardinality(&self) -> usize {
        self.probe_limit.min(self.tables.max_pieces())
    }
}

/// Switches for the parts of the search that change its values, not only its speed.
/// All on for play; tests turn them off to compare the search with plain minimax.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristics {
    /// Return a stored score when the table entry is deep enough.
    pub tt_cutoffs: bool,
    /// Search one ply deeper after a move that gives check.
    pub check_extension: bool,
    /// Resolve captures at the horizon; off: evaluate the horizon node statically.
    pub quiescence: bool,
    /// Forward pruning and reductions (null move, futility, late move reductions, ...).
    pub pruning: bool,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics { tt_cutoffs: true, check_extension: true, quiescence: true, pruning: true }
    }
}

impl Heuristics {
    /// Only what leaves the minimax value unchanged (move ordering).
    pub const MINIMAX: Heuristics =
        Heuristics { tt_cutoffs: false, check_extension: false, quiescence: false, pruning: false };
}

/// What the threads of one search share besides the table: the flags the controller
/// sets, and the running totals of all threads.
#[derive(Debug, Default)]
pub struct Signals {
    /// End the search now.
    pub stop: AtomicBool,
    /// A `go ponder` search not yet converted by `ponderhit`: no time limits apply.
    pub pondering: AtomicBool,
    /// Nodes of all threads, each adding its own count about once a millisecond.
    pub nodes: AtomicU64,
    /// Tablebase hits of all threads, added like `nodes`.
    pub tbhits: AtomicU64,
}

/// The state of the search after an iteration (or at the end).
#[derive(Clone, Debug)]
pub struct Report<'a> {
    /// The line's rank among the `MultiPV` lines, from 1.
    pub multipv: usize,
    pub depth: i32,
    pub seldepth: usize,
    pub score: i32,
    /// `Exact` unless the score is only a bound.
    pub bound: Bound,
    pub nodes: u64,
    pub elapsed: Duration,
    pub hashfull: u32,
    /// Tablebase probes that gave a result.
    pub tbhits: u64,
    pub pv: &'a [Move],
}

impl Signals {
    /// The totals count one search; a caller that runs several searches in a row with one
    /// `Signals` (bench) starts each from zero.
    pub fn reset_totals(&self) {
        self.nodes.store(0, std::sync::atomic::Ordering::Relaxed);
        self.tbhits.store(0, std::sync::atomic::Ordering::Relaxed);
    }
}

/// What the search settled on.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` only when the root has no legal move.
    pub best_move: Option<Move>,
    pub ponder_move: Option<Move>,
    pub score: i32,
    /// The depth of the line (an iteration stopped part way counts when it found a move).
    pub depth: i32,
    /// The deepest iteration that searched every root move.
    pub completed_depth: i32,
    pub seldepth: usize,
    /// Nodes of all threads.
    pub nodes: u64,
    pub pv: Vec<Move>,
    /// The first move and shown score of each `MultiPV` line, the first line first.
    pub lines: Vec<(Move, i32)>,
}
