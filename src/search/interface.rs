//! What a search is asked and what it answers: the [`Limits`], the [`Signals`] shared with
//! the caller, the [`Report`]s along the way and the [`SearchResult`]. Not in `mod.rs`,
//! which re-exports the search's modules: they import these from here instead.

use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Duration;

use shakmaty::Move;

use crate::time::TimeBudget;
use crate::tt::Bound;

/// The deepest iteration the driver starts.
pub const MAX_DEPTH: i32 = 100;

/// What to search for and for how long. Everything `None` and not `infinite`: search
/// until `stop` or the maximum depth. How to search is
/// [`SearchSettings`](super::SearchSettings).
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
