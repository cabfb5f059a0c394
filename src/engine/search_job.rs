//! A `go`: the search on the engine's workers (Lazy SMP, all in `search/smp.rs`: the
//! main thread on worker 0, helpers on the others), its reports and notices, and the best
//! move, with the strength limit applied.

use std::sync::Arc;

use super::event::{Event, EventSink};
use crate::search::{History, Report, ThreadedSearch};
use crate::strength::StrengthLimit;
use crate::syzygy::Tablebases;

/// Everything the main search thread needs.
pub(super) struct SearchJob {
    /// The search, its helpers already started.
    pub search: ThreadedSearch,
    pub sink: EventSink,
    /// Lines reported (`MultiPV`); a strength limit may search more.
    pub shown_lines: usize,
    pub strength: Option<StrengthLimit>,
    /// The tablebases searched with, asked afterwards whether a probe failed.
    pub tablebases: Option<Arc<Tablebases>>,
}

impl SearchJob {
    /// Runs on worker 0 with its history tables.
    pub fn run(self, history: &mut History) {
        let SearchJob { search, sink, shown_lines, strength, tablebases } = self;
        let mut report = |r: &Report| {
            if r.multipv <= shown_lines {
                sink(Event::Report(r));
            }
        };
        let mut result = search.run(history, &mut report);
        // The strength limit draws the move from the lines found (shown as searched).
        if let Some(strength) = strength
            && let Some(chosen) = strength.choose(&result.lines, &mut rand::rng())
            && Some(chosen) != result.best_move
        {
            result.best_move = Some(chosen);
            result.ponder_move = None;
        }
        if let Some(failure) = tablebases.and_then(|tables| tables.take_failure()) {
            sink(Event::Notice(&format!("Syzygy: {failure}; searched on without it")));
        }
        sink(Event::BestMove { best: result.best_move, ponder: result.ponder_move });
    }
}
