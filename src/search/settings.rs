//! How to search, as opposed to what for and how long ([`Limits`](super::Limits)): the
//! switches tests use to compare the search with minimax, the tablebases, and the
//! evaluator. They come from the engine's options, not from `go`; the tools search with
//! the default.

use std::fmt;
use std::sync::Arc;

use crate::nnue::Network;
use crate::nnue::builtin::builtin;
use crate::syzygy::Tablebases;

/// How to search: all heuristics, no tablebases and the built-in network by default.
#[derive(Clone, Debug, Default)]
pub struct SearchSettings {
    pub heuristics: Heuristics,
    /// Endgame tablebases to probe, if any are loaded.
    pub syzygy: Option<SyzygyProbe>,
    /// What the search evaluates positions with (the `Evaluator` option).
    pub evaluator: Evaluator,
}

/// The static evaluation the search uses. The tables need no state; the network needs
/// accumulators, which each search thread keeps for its own line.
#[derive(Clone)]
pub enum Evaluator {
    /// The tuned piece-square evaluation (`crate::eval`).
    Tables,
    /// The neural network, shared by all threads.
    Network(Arc<Network>),
}

impl Default for Evaluator {
    /// The built-in network, the stronger evaluator (docs/networks.md, bramble-11); the
    /// tables should it not parse, which a unit test rules out.
    fn default() -> Evaluator {
        builtin().map_or(Evaluator::Tables, Evaluator::Network)
    }
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
