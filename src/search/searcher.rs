//! The state of one running search: the shared table, the limits, the history tables,
//! the search control (nodes, stop, clock: `control.rs`), the keys of the game and the
//! line (`repetition.rs`), the stack of plies, the PV table, and the evaluation (with the
//! network's accumulators when the network evaluates).

use std::sync::Arc;

use shakmaty::{Bitboard, Color, Move, Position as _};

use super::control::SearchControl;
use super::history::{Context, History, PieceTo};
use super::repetition::LineKeys;
use super::{Limits, MAX_PLY, Signals};
use crate::eval::{self, EVAL_LIMIT};
use crate::nnue::AccumulatorStack;
use crate::packed_move::PackedMove;
use crate::position::Position;
use crate::syzygy::RootRanking;
use crate::tt::TranspositionTable;

pub(crate) struct Searcher<'a> {
    pub tt: &'a TranspositionTable,
    pub limits: &'a Limits,
    pub history: &'a mut History,
    /// Node counting, the stop flag, the clock.
    pub control: SearchControl<'a>,
    /// 0 for the main thread; helper threads of a Lazy SMP search count from 1.
    pub thread: usize,
    pub seldepth: usize,
    /// The iteration's depth; bounds how far checks may extend.
    pub root_depth: i32,
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
    /// The game's keys and the line's, for repetitions.
    pub line_keys: LineKeys,
    /// The network's accumulators for each ply of the line; `None` when the tables
    /// evaluate, so that mode does no network work at all.
    nnue: Option<AccumulatorStack>,
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
        Searcher {
            tt,
            limits,
            history,
            control: SearchControl::new(limits, signals),
            thread: 0,
            seldepth: 0,
            root_depth: 0,
            pv: PvTable::new(),
            stack: [Frame::default(); MAX_PLY + 1],
            pruning: limits.heuristics.pruning && limits.mate.is_none(),
            nmp_min_ply: 0,
            nmp_side: Color::White,
            root_tablebase: None,
            line_keys: LineKeys::new(game_keys, root.key()),
            nnue: limits.evaluator.network().map(|net| {
                // Once per search: every ply the search can reach, the root's built now.
                let mut stack = AccumulatorStack::new(Arc::clone(net), MAX_PLY + 1);
                stack.refresh(0, root.chess().board());
                stack
            }),
        }
    }

    /// The static evaluation of `pos`, the position at `ply` of the current line, for
    /// the side to move. The network's is clamped like the tables' (never a mate score).
    #[inline]
    pub fn evaluate(&self, pos: &Position, ply: usize) -> i32 {
        match &self.nnue {
            None => eval::evaluate(pos.chess()),
            Some(stack) => stack.evaluate(ply, pos.turn()).clamp(-EVAL_LIMIT, EVAL_LIMIT),
        }
    }

    /// The child of `pos` (at `ply`) after `m`, with the accumulators of ply `ply + 1`
    /// brought up to date when the network evaluates.
    #[inline]
    pub fn play(&mut self, pos: &Position, m: Move, ply: usize) -> Position {
        let mut child = pos.clone();
        child.make_move(m);
        if let Some(stack) = &mut self.nnue {
            stack.play(ply, pos.turn(), &m);
        }
        child
    }

    /// The child of `pos` (at `ply`) after a null move, if the side to move may pass.
    #[inline]
    pub fn pass(&mut self, pos: &Position, ply: usize) -> Option<Position> {
        let child = pos.null_move()?;
        if let Some(stack) = &mut self.nnue {
            stack.pass(ply);
        }
        Some(child)
    }

    /// What the quiet moves of a node at `ply` with `side` to move are scored against:
    /// the moves one and two plies before.
    #[inline]
    pub fn quiet_context(&self, side: Color, ply: usize) -> Context {
        let back = |plies: usize| ply.checked_sub(plies).and_then(|earlier| self.stack[earlier].moved);
        Context { side, previous: [back(1), back(2)] }
    }

    /// Draw by the fifty-move rule, repetition or insufficient material. Not called at the
    /// root: there we must still pick a move.
    pub fn is_draw(&self, pos: &Position, in_check: bool) -> bool {
        if pos.halfmoves() >= 100 && !(in_check && pos.legal_moves().is_empty()) {
            return true;
        }
        self.line_keys.last_repeats(pos.halfmoves()) || is_insufficient_material(pos)
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
