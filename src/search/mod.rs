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
mod interface;
mod ordering;
pub mod params;
mod qsearch;
mod repetition;
mod root;
mod searcher;
mod see;
mod session;
mod settings;
mod smp;
mod stopping;
mod tablebase;

pub use history::History;
pub use interface::{Limits, MAX_DEPTH, Report, SearchResult, Signals};
pub use session::{SearchSession, search_fresh};
pub use settings::{Evaluator, Heuristics, SearchSettings, SyzygyProbe};
pub use smp::{HelperTask, SharedSearch, ThreadedSearch};

pub use crate::scores::{DRAW, INFINITY, MATE, MATE_BOUND, MAX_PLY, TB_WIN, TB_WIN_BOUND, mate_in_moves};
