//! A `go`: the main search thread on worker 0 and, with `Threads` above 1, Lazy SMP
//! helpers on the other workers. The helpers search the same position with the shared
//! table; the main thread alone decides when to stop, then stops them, takes the best
//! thread's result and sends the best move.

use std::sync::atomic::Ordering;
use std::sync::{Arc, mpsc};
use std::time::Instant;

use super::{Engine, Event, EventSink, SearchRequest};
use crate::position::Position;
use crate::search::{self, History, Limits, Report, SearchResult, SearchSettings, Signals};
use crate::tt::{Bound, TranspositionTable};

/// Everything the main search thread needs.
pub(super) struct SearchJob {
    pub position: Position,
    pub game_keys: Vec<u64>,
    pub request: SearchRequest,
    pub tt: Arc<TranspositionTable>,
    pub sink: EventSink,
    /// The helpers' results, one per helper; disconnected once all are in.
    pub helper_results: mpsc::Receiver<SearchResult>,
}

impl SearchJob {
    /// Runs on worker 0 with its history tables.
    pub fn run(self, signals: &Signals, history: &mut History) {
        let start = Instant::now();
        let SearchJob { position, game_keys, request, tt, sink, helper_results } = self;
        let SearchRequest { limits, settings, shown_lines, strength } = request;
        let mut report = |r: &Report| {
            if r.multipv <= shown_lines {
                sink(Event::Report(r));
            }
        };
        let main = search::search(&position, &game_keys, &limits, &settings, &tt, signals, history, &mut report);

        signals.stop.store(true, Ordering::Relaxed);
        let helpers: Vec<SearchResult> = helper_results.iter().collect();
        let main_move = main.best_move;
        // With several lines the main thread's are the ones reported; keep its choice.
        let mut result = if limits.multipv > 1 { main } else { search::best_thread_result(main, helpers) };
        if result.best_move != main_move {
            // A helper's line: show it, so that the last report matches the best move.
            report(&Report {
                multipv: 1,
                depth: result.depth,
                seldepth: result.seldepth,
                score: result.score,
                bound: Bound::Exact,
                nodes: signals.nodes.load(Ordering::Relaxed),
                elapsed: start.elapsed(),
                hashfull: tt.hashfull(),
                tbhits: signals.tbhits.load(Ordering::Relaxed),
                pv: &result.pv,
            });
        }
        // The strength limit draws the move from the lines found (shown as searched).
        if let Some(strength) = strength
            && let Some(chosen) = strength.choose(&result.lines, &mut rand::rng())
            && Some(chosen) != result.best_move
        {
            result.best_move = Some(chosen);
            result.ponder_move = None;
        }
        if let Some(failure) = settings.syzygy.as_ref().and_then(|probe| probe.tables.take_failure()) {
            sink(Event::Notice(&format!("Syzygy: {failure}; searched on without it")));
        }
        sink(Event::BestMove { best: result.best_move, ponder: result.ponder_move });
    }
}

impl Engine {
    /// Starts a helper search on each worker but the first; their results arrive on the
    /// returned channel. Helpers have no clock or depth of their own: the main thread
    /// stops them.
    pub(super) fn start_helpers(
        &mut self,
        limits: &Limits,
        settings: &SearchSettings,
        signals: &Arc<Signals>,
    ) -> mpsc::Receiver<SearchResult> {
        let (sender, receiver) = mpsc::channel();
        let helper_limits = Limits { time: None, depth: None, multipv: 1, ..limits.clone() };
        for thread in 1..self.pool.size() {
            let position = self.position.clone();
            let game_keys = self.game_keys.clone();
            let limits = helper_limits.clone();
            let settings = settings.clone();
            let tt = Arc::clone(&self.tt);
            let signals = Arc::clone(signals);
            let sender = sender.clone();
            self.pool.run(
                thread,
                Box::new(move |history: &mut History| {
                    let result = search::search_helper(
                        &position, &game_keys, &limits, &settings, &tt, &signals, history, thread,
                    );
                    let _ = sender.send(result);
                }),
            );
        }
        receiver
    }
}
