//! The state of one running search: the shared table and signals, the limits, the node
//! count, the keys of the game and the current line (for repetitions), and the PV table.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use shakmaty::{Bitboard, Color, Move, Position as _};

use super::history::{Context, History, PieceTo};
use super::{Limits, MAX_PLY, Signals};
use crate::packed_move::PackedMove;
use crate::position::Position;
use crate::syzygy::RootRanking;
use crate::tt::TranspositionTable;

/// Check the clock and the stop flag once per this many nodes (about a millisecond).
const POLL_INTERVAL: u64 = 1024;

pub(crate) struct Searcher<'a> {
    pub tt: &'a TranspositionTable,
    pub signals: &'a Signals,
    pub limits: &'a Limits,
    pub history: &'a mut History,
    /// This thread's nodes.
    pub nodes: u64,
    /// This thread's tablebase probes that gave a result.
    pub tbhits: u64,
    /// 0 for the main thread; helper threads of a Lazy SMP search count from 1.
    pub thread: usize,
    /// How much of `nodes` and `tbhits` is already in the shared totals.
    counted_nodes: u64,
    counted_tbhits: u64,
    pub seldepth: usize,
    /// The iteration's depth; bounds how far checks may extend.
    pub root_depth: i32,
    /// Set once the search must unwind; every node returns at once after that.
    pub stopped: bool,
    pub pv: PvTable,
    /// What each ply of the current line knows about itself.
    pub stack: [Frame; MAX_PLY + 1],
    /// Forward pruning and reductions are on: not in `go mate` searches, whose answer
    /// must be a proven mate (null-move pruning cannot see zugzwang).
    pub pruning: bool,
    /// While a null-move cut-off is verified, `nmp_side` may not pass before this ply.
    pub nmp_min_ply: usize,
    pub nmp_side: Color,
    /// The root moves ranked by the tablebases, when the root is in them.
    pub root_tablebase: Option<RootRanking>,
    /// Keys of the game before the root, the root, then the line being searched.
    keys: Vec<u64>,
    root_index: usize,
    start: Instant,
    /// When the hard time limit starts counting: the start, or the `ponderhit`.
    hard_start: Instant,
    pondering: bool,
}

impl<'a> Searcher<'a> {
    pub fn new(
        root: &Position,
        game_keys: &[u64],
        limits: &'a Limits,
        tt: &'a TranspositionTable,
        signals: &'a Signals,
        history: &'a mut History,
    ) -> Searcher<'a> {
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY + 1);
        keys.extend_from_slice(game_keys);
        keys.push(root.key());
        let now = Instant::now();
        Searcher {
            tt,
            signals,
            limits,
            history,
            nodes: 0,
            tbhits: 0,
            thread: 0,
            counted_nodes: 0,
            counted_tbhits: 0,
            seldepth: 0,
            root_depth: 0,
            stopped: false,
            pv: PvTable::new(),
            stack: [Frame::default(); MAX_PLY + 1],
            pruning: limits.heuristics.pruning && limits.mate.is_none(),
            nmp_min_ply: 0,
            nmp_side: Color::White,
            root_tablebase: None,
            keys,
            root_index: game_keys.len(),
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

    /// What the quiet moves of a node at `ply` with `side` to move are scored against:
    /// the moves one and two plies before.
    #[inline]
    pub fn quiet_context(&self, side: Color, ply: usize) -> Context {
        let back = |plies: usize| ply.checked_sub(plies).and_then(|earlier| self.stack[earlier].moved);
        Context { side, previous: [back(1), back(2)] }
    }

    pub fn push_key(&mut self, key: u64) {
        self.keys.push(key);
    }

    pub fn pop_key(&mut self) {
        self.keys.pop();
    }

    /// Draw by the fifty-move rule, repetition or insufficient material. Not called at the
    /// root: there we must still pick a move.
    pub fn is_draw(&self, pos: &Position, in_check: bool) -> bool {
        if pos.halfmoves() >= 100 && !(in_check && pos.legal_moves().is_empty()) {
            return true;
        }
        self.is_repetition(pos.halfmoves()) || is_insufficient_material(pos)
    }

    /// Whether some position of the game since the last capture or pawn move (the root
    /// included) occurred twice. Asked at the root only.
    pub fn repeated_since_zeroing(&self, halfmoves: u32) -> bool {
        let recent = &self.keys[self.keys.len().saturating_sub(halfmoves as usize + 1)..];
        recent.iter().enumerate().any(|(index, key)| recent[index + 1..].contains(key))
    }

    /// A position that occurred earlier in the search line repeats: the side that
    /// repeated it could repeat it again, so it is scored as a draw at once. One that
    /// occurred only before the root must have occurred twice (threefold repetition).
    fn is_repetition(&self, halfmoves: u32) -> bool {
        let current = self.keys.len() - 1;
        let key = self.keys[current];
        let window = (halfmoves as usize).min(current);
        let mut before_root = 0;
        // The same side is to move only every second ply, and a position cannot
        // repeat within two plies.
        for back in (4..=window).step_by(2) {
            let index = current - back;
            if self.keys[index] == key {
                if index >= self.root_index {
                    return true;
                }
                before_root += 1;
                if before_root == 2 {
                    return true;
                }
            }
        }
        false
    }
}

/// One ply of the line being searched.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Frame {
    /// The static evaluation, `None` in check.
    pub eval: Option<i32>,
    /// The move searched from this ply is a null move.
    pub passed: bool,
    /// The move searched from this ply, for the continuation histories (`None` for a
    /// null move).
    pub moved: Option<PieceTo>,
    /// The move left out of this ply's search (`NONE` for none): the table move, while
    /// a singular extension tests whether any other move comes near it.
    pub excluded: PackedMove,
    /// How many plies more than the base reduction late moves of this ply's node are
    /// reduced (0 at the root).
    pub extra_reduction: i32,
}

/// No side can mate: bare kings, or kings with a single minor piece, or bishops all on
/// squares of one colour. The cheap bitboard test avoids the full rule most of the time.
pub(crate) fn is_insufficient_material(pos: &Position) -> bool {
    let board = pos.chess().board();
    let heavy_or_pawns: Bitboard = board.pawns() | board.rooks() | board.queens();
    heavy_or_pawns.is_empty() && pos.chess().is_insufficient_material()
}

/// The triangular PV table: `line(ply)` is the best line found from `ply` downwards.
pub(crate) struct PvTable {
    lines: Vec<Vec<Move>>,
}

impl PvTable {
    fn new() -> PvTable {
        PvTable { lines: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect() }
    }

    #[inline]
    pub fn clear(&mut self, ply: usize) {
        self.lines[ply].clear();
    }

    /// `m` followed by the child's line becomes this ply's line.
    #[inline]
    pub fn update(&mut self, ply: usize, m: Move) {
        let (this, below) = self.lines.split_at_mut(ply + 1);
        let line = &mut this[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&below[0]);
    }

    pub fn line(&self, ply: usize) -> &[Move] {
        &self.lines[ply]
    }
}
