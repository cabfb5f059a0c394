//! When a search stops: its node count (this thread's, and its share of the totals of all
//! threads), the stop flag, the node limit and the clock, and pondering.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::interface::{Limits, Signals};

/// Check the clock and the stop flag once per this many nodes (about a millisecond).
const POLL_INTERVAL: u64 = 1024;

pub(crate) struct SearchControl<'a> {
    pub signals: &'a Signals,
    limits: &'a Limits,
    /// This thread's nodes.
    pub nodes: u64,
    /// This thread's tablebase probes that gave a result.
    pub tbhits: u64,
    /// How much of `nodes` and `tbhits` is already in the shared totals.
    counted_nodes: u64,
    counted_tbhits: u64,
    /// Set once the search must unwind; every node returns at once after that.
    pub stopped: bool,
    start: Instant,
    /// When the hard time limit starts counting: the start, or the `ponderhit`.
    hard_start: Instant,
    pondering: bool,
}

impl<'a> SearchControl<'a> {
    pub fn new(limits: &'a Limits, signals: &'a Signals) -> SearchControl<'a> {
        let now = Instant::now();
        SearchControl {
            signals,
            limits,
            nodes: 0,
            tbhits: 0,
            counted_nodes: 0,
            counted_tbhits: 0,
            stopped: false,
            start: now,
            hard_start: now,
            pondering: signals.pondering.load(Ordering::Relaxed),
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Counts a node; true when the search must stop. Once stopped, nothing more is
    /// counted, so `go nodes N` reports exactly N.
    #[inline]
    pub fn visit_node(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.limits.nodes.is_some_and(|max| self.nodes >= max) {
            self.stopped = true;
        }
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll();
        }
        self.stopped
    }

    /// Adds this thread's counts to the totals, looks at the stop flag, the node limit
    /// (of all threads together) and the clock.
    pub fn poll(&mut self) {
        self.add_to_totals();
        if self.signals.stop.load(Ordering::Relaxed) || self.limits.nodes.is_some_and(|max| self.total_nodes() >= max) {
            self.stopped = true;
            return;
        }
        self.notice_ponderhit();
        if let Some(budget) = self.limits.time
            && !self.pondering
            && self.hard_start.elapsed() >= budget.hard
        {
            self.stopped = true;
        }
    }

    pub fn add_to_totals(&mut self) {
        self.signals.nodes.fetch_add(self.nodes - self.counted_nodes, Ordering::Relaxed);
        self.signals.tbhits.fetch_add(self.tbhits - self.counted_tbhits, Ordering::Relaxed);
        self.counted_nodes = self.nodes;
        self.counted_tbhits = self.tbhits;
    }

    /// Nodes of all threads: this one's exactly, the others' as of their last poll.
    pub fn total_nodes(&self) -> u64 {
        self.signals.nodes.load(Ordering::Relaxed) + self.nodes - self.counted_nodes
    }

    pub fn total_tbhits(&self) -> u64 {
        self.signals.tbhits.load(Ordering::Relaxed) + self.tbhits - self.counted_tbhits
    }

    /// After `ponderhit` the clock runs: the hard limit counts from now.
    pub fn notice_ponderhit(&mut self) {
        if self.pondering && !self.signals.pondering.load(Ordering::Relaxed) {
            self.pondering = false;
            self.hard_start = Instant::now();
        }
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering
    }

    /// Whether the soft limit, scaled by `scale` (`TimeBudget::scaled_soft`), has passed.
    /// It counts from the `go`: time spent pondering is time we had.
    pub fn past_soft_limit(&self, scale: f64) -> bool {
        self.limits.time.is_some_and(|budget| !self.pondering && self.start.elapsed() >= budget.scaled_soft(scale))
    }
}
