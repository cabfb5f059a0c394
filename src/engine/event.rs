//! What a search tells its caller, and where it goes: used by the engine (`mod.rs`) and by
//! its search job, which therefore do not import each other.

use std::sync::Arc;

use shakmaty::Move;

use crate::search::Report;

/// What a search tells its caller, in order: reports while it runs, notices, and exactly
/// one best move at the end.
pub enum Event<'a> {
    /// A finished iteration, a bound or a line of MultiPV.
    Report(&'a Report<'a>),
    /// Something the user should know that is not a result (a table that failed).
    Notice(&'a str),
    /// The move to play (none: no legal move) and the reply to ponder on.
    BestMove { best: Option<Move>, ponder: Option<Move> },
}

/// Where a search's events go (a job's thread calls it).
pub type EventSink = Arc<dyn Fn(Event) + Send + Sync>;
