//! The state of one thread's search, in parts with one job each: what it searches with
//! (the shared table, the limits and settings, its history tables), the search control
//! (nodes, stop, clock: `control.rs`), what it knows of the root ([`RootState`]), the line
//! being searched ([`LineState`]: the stack of plies, the PV table, the keys for
//! repetitions from `repetition.rs`), null-move verification, and the evaluation (with the
//! network's accumulators when the network evaluates). Only the search module sees it.

use std::sync::Arc;

use shakmaty::{Bitboard, Color, Move, Position as _};

use super::control::SearchControl;
use super::history::{Context, History, PieceTo};
use super::interface::{Limits, Signals};
use super::repetition::LineKeys;
use super::settings::SearchSettings;
use crate::eval;
use crate::nnue::AccumulatorStack;
use crate::packed_move::PackedMove;
use crate::position::Position;
use crate::scores::MAX_PLY;
use crate::syzygy::RootRanking;
use crate::tt::TranspositionTable;

pub(super) struct Searcher<'a> {
    pub(super) tt: &'a TranspositionTable,
    pub(super) limits: &'a Limits,
    pub(super) settings: &'a SearchSettings,
    pub(super) history: &'a mut History,
    /// Node counting, the stop flag, the clock.
    pub(super) control: SearchControl<'a>,
    /// 0 for the main thread; helper threads of a Lazy SMP search count from 1.
    pub(super) thread: usize,
    /// What this iteration knows of the root.
    pub(super) root: RootState,
    /// The line being searched, ply by ply.
    pub(super) line: LineState,
    /// Forward pruning and reductions are on: not in `go mate` searches, whose answer
    /// must be a proven mate (null-move pruning cannot see zugzwang).
    pub(super) pruning: bool,
    pub(super) null_move_verification: NullMoveVerification,
    /// The network's accumulators for each ply of the line; `None` when the tables
    /// evaluate, so that mode does no network work at all.
    nnue: Option<AccumulatorStack>,
}

/// The root as the search sees it besides its moves (which the driver keeps).
pub(super) struct RootState {
    /// The iteration's depth; bounds how far checks may extend.
    pub(super) depth: i32,
    /// The root moves ranked by the tablebases, when the root is in them.
    pub(super) tablebase: Option<RootRanking>,
}

/// The line from the root to the node being searched.
pub(super) struct LineState {
    /// What each ply of the line knows about itself.
    pub(super) stack: [Frame; MAX_PLY + 1],
    /// The best line found below each ply.
    pub(super) pv: PvTable,
    /// The game's keys and the line's, for repetitions.
    pub(super) keys: LineKeys,
    /// The deepest ply this iteration reached.
    pub(super) seldepth: usize,
}

/// While a deep null-move cut-off is verified by a search without null moves, the side
/// that passed may not pass again before `min_ply` (the other side still may).
#[derive(Clone, Copy, Debug)]
pub(super) struct NullMoveVerification {
    min_ply: usize,
    side: Color,
}

impl NullMoveVerification {
    /// No verification running: everyone may pass.
    const NONE: NullMoveVerification = NullMoveVerification { min_ply: 0, side: Color::White };

    /// Whether `side` may pass at `ply`.
    #[inline]
    pub(super) fn allows(&self, side: Color, ply: usize) -> bool {
        ply >= self.min_ply || side != self.side
    }

    pub(super) fn start(&mut self, side: Color, min_ply: usize) {
        *self = NullMoveVerification { min_ply, side };
    }

    pub(super) fn end(&mut self) {
        self.min_ply = 0;
    }
}

impl<'a> Searcher<'a> {
    pub(super) fn new(
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
            root: RootState { depth: 0, tablebase: None },
            line: LineState {
                stack: [Frame::default(); MAX_PLY + 1],
                pv: PvTable::new(),
                keys: LineKeys::new(game_keys, root.key()),
                seldepth: 0,
            },
            pruning: settings.heuristics.pruning && limits.mate.is_none(),
            null_move_verification: NullMoveVerification::NONE,
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
    pub(super) fn evaluate(&self, pos: &Position, ply: usize) -> i32 {
        match &self.nnue {
            None => eval::evaluate(pos.chess()),
            Some(stack) => {
                let eval = stack.evaluate(ply, pos.turn(), pos.chess().board().occupied().count());
                // The unit tests check every evaluation of every search against one from
                // scratch: the accumulators must follow each move, capture and null move.
                #[cfg(test)]
                {
                    assert_eq!(eval, stack.network().evaluate_full(pos.chess().board(), pos.turn()), "{}", pos.fen());
                    EVALUATIONS_CHECKED.with(|count| count.set(count.get() + 1));
                }
                eval::with_endgame_knowledge(pos.chess().board(), pos.turn(), eval)
            }
        }
    }

    /// The child of `pos` (at `ply`) after `m`, with the accumulators of ply `ply + 1`
    /// brought up to date when the network evaluates.
    #[inline]
    pub(super) fn play(&mut self, pos: &Position, m: Move, ply: usize) -> Position {
        // The child's table entry starts loading now, while the position is copied and the
        // move played; for the moves whose key is known only once played, right after.
        let key_after = pos.key_after(m);
        if let Some(key) = key_after {
            self.tt.prefetch(key);
        }
        let mut child = pos.clone();
        child.make_move_with_key(m, key_after);
        if key_after.is_none() {
            self.tt.prefetch(child.key());
        }
        if let Some(stack) = &mut self.nnue {
            stack.play(ply, pos.turn(), &m, child.chess().board());
        }
        child
    }

    /// The child of `pos` (at `ply`) after a null move, if the side to move may pass.
    #[inline]
    pub(super) fn pass(&mut self, pos: &Position, ply: usize) -> Option<Position> {
        let child = pos.null_move()?;
        if let Some(stack) = &mut self.nnue {
            stack.pass(ply);
        }
        Some(child)
    }

    /// Steps into the child of `pos` (at `ply`) after `m` for a search of it: the
    /// position played, the move in the line's stack (what the histories of the plies
    /// below are scored against) and the child's key in the line (for repetitions).
    /// [`Searcher::leave_child`] undoes the line's part.
    #[inline]
    pub(super) fn enter_child(&mut self, pos: &Position, m: Move, ply: usize) -> Position {
        let child = self.play(pos, m, ply);
        self.line.stack[ply].passed = false;
        self.line.stack[ply].moved = Some(PieceTo::new(pos.turn(), m));
        self.line.keys.push(child.key());
        child
    }

    /// The same after a null move, if the side to move may pass.
    #[inline]
    pub(super) fn enter_null_child(&mut self, pos: &Position, ply: usize) -> Option<Position> {
        let child = self.pass(pos, ply)?;
        self.line.stack[ply].passed = true;
        self.line.stack[ply].moved = None;
        self.line.keys.push(child.key());
        Some(child)
    }

    /// Back from a child entered with [`Searcher::enter_child`] or
    /// [`Searcher::enter_null_child`].
    #[inline]
    pub(super) fn leave_child(&mut self) {
        self.line.keys.pop();
    }

    /// What the quiet moves of a node at `ply` with `side` to move are scored against:
    /// the moves one and two plies before, and the threats the node recorded.
    #[inline]
    pub(super) fn quiet_context(&self, side: Color, ply: usize) -> Context {
        let back = |plies: usize| ply.checked_sub(plies).and_then(|earlier| self.line.stack[earlier].moved);
        Context { side, previous: [back(1), back(2)], threats: self.line.stack[ply].threats }
    }

    /// Draw by the fifty-move rule, repetition or insufficient material. Not called at the
    /// root: there we must still pick a move.
    pub(super) fn is_draw(&self, pos: &Position, in_check: bool) -> bool {
        if pos.halfmoves() >= 100 && !(in_check && pos.legal_moves().is_empty()) {
            return true;
        }
        self.line.keys.last_repeats(pos.halfmoves()) || is_insufficient_material(pos)
    }
}

/// One ply of the line being searched.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Frame {
    /// The static evaluation, `None` in check.
    pub(super) eval: Option<i32>,
    /// The move searched from this ply is a null move.
    pub(super) passed: bool,
    /// The move searched from this ply, for the continuation histories (`None` for a
    /// null move).
    pub(super) moved: Option<PieceTo>,
    /// The move left out of this ply's search (`NONE` for none): the table move, while
    /// a singular extension tests whether any other move comes near it.
    pub(super) excluded: PackedMove,
    /// Double extensions along the line from the root to this ply.
    pub(super) double_extensions: u8,
    /// The squares the opponent of the side to move attacks at this ply's node, for the
    /// quiet histories; set when the node starts on its moves.
    pub(super) threats: Bitboard,
    /// Beta cut-offs of the nodes at this ply since their parent started: many say the
    /// parent's moves are being refuted.
    pub(super) cutoffs: u8,
}

/// No side can mate: bare kings, or kings with a single minor piece, or bishops all on
/// squares of one colour. The cheap bitboard test avoids the full rule most of the time.
pub(crate) fn is_insufficient_material(pos: &Position) -> bool {
    let board = pos.chess().board();
    let heavy_or_pawns: Bitboard = board.pawns() | board.rooks() | board.queens();
    heavy_or_pawns.is_empty() && pos.chess().is_insufficient_material()
}

/// The triangular PV table: `line(ply)` is the best line found from `ply` downwards.
pub(super) struct PvTable {
    lines: Vec<Vec<Move>>,
}

impl PvTable {
    fn new() -> PvTable {
        PvTable { lines: (0..=MAX_PLY).map(|_| Vec::with_capacity(MAX_PLY)).collect() }
    }

    #[inline]
    pub(super) fn clear(&mut self, ply: usize) {
        self.lines[ply].clear();
    }

    /// `m` followed by the child's line becomes this ply's line.
    #[inline]
    pub(super) fn update(&mut self, ply: usize, m: Move) {
        let (this, below) = self.lines.split_at_mut(ply + 1);
        let line = &mut this[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&below[0]);
    }

    pub(super) fn line(&self, ply: usize) -> &[Move] {
        &self.lines[ply]
    }
}

// How many network evaluations `evaluate` compared with one from scratch on this thread.
#[cfg(test)]
thread_local! {
    static EVALUATIONS_CHECKED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

#[cfg(test)]
mod tests {
    use shakmaty::CastlingMode;

    use super::super::{Evaluator, SearchSession};
    use super::*;
    use crate::nnue::builtin::builtin;
    use crate::nnue::features::KING_BUCKETS;
    use crate::nnue::test_networks::random_king_bucketed;

    /// Full searches (null moves, ProbCut, quiescence, ...) with the network, and with a
    /// random one of king buckets (whose king moves rebuild a side): `evaluate` compares
    /// each evaluation with one from scratch (see above).
    #[test]
    fn the_network_search_keeps_its_accumulators_in_step() {
        let king_bucketed = Arc::new(random_king_bucketed(32, &[10, -10], KING_BUCKETS, 3));
        for (net, fen) in [builtin().expect("the built-in network"), king_bucketed].into_iter().flat_map(|net| {
            [
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
            ]
            .map(|fen| (Arc::clone(&net), fen))
        }) {
            let (pos, _) = Position::from_fen(fen, CastlingMode::Standard).expect("legal");
            let settings = SearchSettings { evaluator: Evaluator::Network(Arc::clone(&net)), ..Default::default() };
            let limits = Limits { depth: Some(7), ..Limits::default() };
            let before = EVALUATIONS_CHECKED.with(std::cell::Cell::get);
            let result = SearchSession::with_settings(16, settings).search(&pos, &[], &limits);
            let checked = EVALUATIONS_CHECKED.with(std::cell::Cell::get) - before;
            assert!(result.best_move.is_some(), "{fen}");
            // The search ran on this thread, and every evaluation in it was compared (how
            // many depends on the built-in network's tree, hence a low floor).
            assert!(checked > 300, "{fen}: {checked} evaluations compared");
        }
    }
}
