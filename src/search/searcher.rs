//! The state of one running search: the shared table, the limits, the history tables,
//! the search control (nodes, stop, clock: `control.rs`), the keys of the game and the
//! line (`repetition.rs`), the stack of plies, the PV table, and the evaluation (with the
//! network's accumulators when the network evaluates).

use std::sync::Arc;

use shakmaty::{Bitboard, Color, Move, Position as _};

use super::control::SearchControl;
use super::history::{Context, History, PieceTo};
use super::repetition::LineKeys;
use super::{Limits, MAX_PLY, SearchSettings, Signals};
use crate::eval::{self, EVAL_LIMIT};
use crate::nnue::AccumulatorStack;
use crate::packed_move::PackedMove;
use crate::position::Position;
use crate::syzygy::RootRanking;
use crate::tt::TranspositionTable;

pub(crate) struct Searcher<'a> {
    pub tt: &'a TranspositionTable,
    pub limits: &'a Limits,
    pub settings: &'a SearchSettings,
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
        settings: &'a SearchSettings,
        tt: &'a TranspositionTable,
        signals: &'a Signals,
        history: &'a mut History,
    ) -> Searcher<'a> {
        Searcher {
            tt,
            limits,
            settings,
            history,
            control: SearchControl::new(limits, signals),
            thread: 0,
            seldepth: 0,
            root_depth: 0,
            pv: PvTable::new(),
            stack: [Frame::default(); MAX_PLY + 1],
            pruning: settings.heuristics.pruning && limits.mate.is_none(),
            nmp_min_ply: 0,
            nmp_side: Color::White,
            root_tablebase: None,
            line_keys: LineKeys::new(game_keys, root.key()),
            nnue: settings.evaluator.network().map(|net| {
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
            Some(stack) => {
                let eval = stack.evaluate(ply, pos.turn());
                // The unit tests check every evaluation of every search against one from
                // scratch: the accumulators must follow each move, capture and null move.
                #[cfg(test)]
                assert_eq!(eval, stack.network().evaluate_full(pos.chess().board(), pos.turn()), "{}", pos.fen());
                eval.clamp(-EVAL_LIMIT, EVAL_LIMIT)
            }
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

#[cfg(test)]
mod tests {
    use shakmaty::CastlingMode;

    use super::super::{Evaluator, SearchSession};
    use super::*;
    use crate::nnue::builtin::builtin;

    /// Full searches (null moves, ProbCut, quiescence, ...) with the network: `evaluate`
    /// compares each evaluation with one from scratch (see above).
    #[test]
    fn the_network_search_keeps_its_accumulators_in_step() {
        let net = builtin().expect("the built-in network");
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ] {
            let (pos, _) = Position::from_fen(fen, CastlingMode::Standard).expect("legal");
            let settings = SearchSettings { evaluator: Evaluator::Network(Arc::clone(&net)), ..Default::default() };
            let limits = Limits { depth: Some(7), ..Limits::default() };
            let result = SearchSession::with_settings(16, settings).search(&pos, &[], &limits);
            assert!(result.best_move.is_some() && result.nodes > 1000, "{fen}");
        }
    }
}
