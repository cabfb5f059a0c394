//! The search's use of the Syzygy tablebases: WDL probes inside the tree, and at the root
//! the moves that keep the tables' best result.

use shakmaty::{Move, Position as _};
use shakmaty_syzygy::Wdl;

use super::interface::MAX_DEPTH;
use super::searcher::Searcher;
use crate::position::Position;
use crate::scores::{DRAW, TB_WIN, TB_WIN_BOUND};
use crate::syzygy::{Outcome, RootRanking};
use crate::tt::Bound;

/// A tablebase result is worth a deeper search than the node's: stored this much deeper.
const TABLEBASE_DEPTH_BONUS: i32 = 6;

/// A win or loss that the fifty-move rule turns into a draw: a draw, but a hair better or
/// worse than a plain one, so the side with chances keeps them.
const CURSED_WIN_SCORE: i32 = 1;

pub(crate) fn tablebase_store_depth(depth: i32) -> i32 {
    (depth + TABLEBASE_DEPTH_BONUS).min(MAX_DEPTH)
}

impl Searcher<'_> {
    /// After a capture or pawn move (the halfmove clock is 0, so the result is exact), in
    /// a position with few enough pieces and deep enough in the tree: the score and bound
    /// the WDL tables give. A win scores below every mate, so mates are still preferred.
    pub(super) fn probe_tablebase(&mut self, pos: &Position, depth: i32, ply: usize) -> Option<(i32, Bound)> {
        let probe = self.settings.syzygy.as_ref()?;
        if ply == 0 || pos.halfmoves() != 0 {
            return None;
        }
        let pieces = pos.chess().board().occupied().count();
        let cardinality = probe.cardinality();
        if pieces > cardinality || (pieces == cardinality && depth < probe.probe_depth) {
            return None;
        }
        let wdl = probe.tables.probe_wdl(pos.chess())?;
        self.control.tbhits += 1;
        let win = TB_WIN - ply as i32;
        Some(match (wdl, probe.rule50) {
            (Wdl::Win, _) | (Wdl::CursedWin, false) => (win, Bound::Lower),
            (Wdl::Loss, _) | (Wdl::BlessedLoss, false) => (-win, Bound::Upper),
            (Wdl::CursedWin, true) => (DRAW + CURSED_WIN_SCORE, Bound::Exact),
            (Wdl::BlessedLoss, true) => (DRAW - CURSED_WIN_SCORE, Bound::Exact),
            (Wdl::Draw, _) => (DRAW, Bound::Exact),
        })
    }

    /// The root moves ranked by the DTZ tables, when the root is in them. `None` when
    /// there are no tables, the root is not covered or a probe failed.
    pub(super) fn rank_root_by_tablebase(&mut self, root: &Position, moves: &[Move]) -> Option<RootRanking> {
        let probe = self.settings.syzygy.as_ref()?;
        if root.chess().board().occupied().count() > probe.cardinality() {
            return None;
        }
        let repeated = self.line.keys.repeated_since_zeroing(root.halfmoves());
        let ranking = probe.tables.rank_root_moves(root.chess(), moves, probe.rule50, repeated)?;
        self.control.tbhits += moves.len() as u64;
        Some(ranking)
    }
}

/// The score shown for a root whose tables say `outcome` and whose search found no mate:
/// wins and losses by their distance to the next capture, pawn move or mate.
pub(crate) fn root_tablebase_score(outcome: Outcome, dtz: i32) -> i32 {
    let distance = dtz.abs().min(TB_WIN - TB_WIN_BOUND);
    match outcome {
        Outcome::Win => TB_WIN - distance,
        Outcome::CursedWin => DRAW + CURSED_WIN_SCORE,
        Outcome::Draw => DRAW,
        Outcome::BlessedLoss => DRAW - CURSED_WIN_SCORE,
        Outcome::Loss => -(TB_WIN - distance),
    }
}
