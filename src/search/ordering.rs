//! Move ordering: the table move first, then captures that do not lose material by
//! static exchange (and promotions) by the victim, then the capture history, then the
//! least valuable attacker; then the two killers and the countermove, then quiet moves by
//! history (butterfly and continuation), then losing captures, and under-promotions last.
//! Quiescence and ProbCut order captures and promotions by MVV-LVA (most valuable victim,
//! least valuable attacker) alone. Moves are scored in place and picked best-first from
//! the caller's list (borrowed, not copied: a move list is 2 KB), so no node allocates.

use arrayvec::ArrayVec;
use shakmaty::{Chess, Move, MoveList, Role};

use super::history::{CONTINUATION_PLIES, Context, HISTORY_MAX, History};
use super::params::CAPTURE_HISTORY_VICTIM;
use super::see::{see_at_least, see_value};
use crate::packed_move::PackedMove;

// Ordering scores: every quiet move's history (a sum of one butterfly and up to
// CONTINUATION_PLIES continuation entries) lies between -COUNTERMOVE and COUNTERMOVE.
const TT_MOVE: i32 = 1 << 20;
const GOOD_NOISY: i32 = 1 << 18;
const KILLER: i32 = 1 << 17;
const COUNTERMOVE: i32 = KILLER - 1;
const LOSING_CAPTURE: i32 = -KILLER;
const UNDER_PROMOTION: i32 = -(1 << 18);
const _: () = assert!((1 + CONTINUATION_PLIES as i32) * HISTORY_MAX < COUNTERMOVE);
// Capture-history scores keep good captures above the killers, and losing ones below every
// quiet move and above the under-promotions.
const CAPTURE_SCORE_MAX: i32 = 17 * CAPTURE_HISTORY_VICTIM + HISTORY_MAX;
const _: () = assert!(GOOD_NOISY - HISTORY_MAX - 6 > KILLER + 1);
const _: () = assert!(LOSING_CAPTURE + CAPTURE_SCORE_MAX < -(1 + CONTINUATION_PLIES as i32) * HISTORY_MAX);
const _: () = assert!(LOSING_CAPTURE - HISTORY_MAX - 6 > UNDER_PROMOTION);

/// The most moves a picker orders (no chess position has more than 218).
const MAX_MOVES: usize = 256;
/// Low bits of a key that hold the move's place in the list.
const PLACE_BITS: u32 = 9;
const PLACE_MASK: i32 = (1 << PLACE_BITS) - 1;

/// Picks the best-scored remaining move each time (selection: most nodes cut off after
/// the first few moves, so sorting everything would be wasted).
pub(crate) struct MovePicker<'a> {
    moves: &'a mut MoveList,
    /// Per move, its score shifted left past PLACE_BITS, with its place in the list
    /// (counted down from PLACE_MASK) in the low bits: the largest key is the best score,
    /// the earliest place among equals, and finding it is a plain maximum the compiler
    /// vectorises. As many keys as moves: a fixed array would be zero-filled (1 KB) at
    /// every node.
    keys: ArrayVec<i32, MAX_MOVES>,
    next: usize,
}

impl<'a> MovePicker<'a> {
    /// Ordering for the main search.
    pub fn new(
        pos: &Chess,
        moves: &'a mut MoveList,
        tt_move: PackedMove,
        history: &History,
        context: &Context,
        ply: usize,
    ) -> MovePicker<'a> {
        let killers = history.killers(ply);
        let countermove = history.countermove(context);
        let killer_codes = killers.map(|killer| killer.map_or(PackedMove::NONE, PackedMove::new));
        let countermove_code = countermove.map_or(PackedMove::NONE, PackedMove::new);
        MovePicker::scored(moves, |m| {
            // No legal move packs to NONE, so an empty table move, killer or countermove
            // matches none; a code that matches is checked against the whole move.
            let (code, noisy) = PackedMove::with_noisiness(m);
            if code == tt_move {
                TT_MOVE
            } else if noisy {
                let score = capture_score(m, history, context);
                if score > UNDER_PROMOTION && !see_at_least(pos, m, 0) {
                    score - GOOD_NOISY + LOSING_CAPTURE
                } else {
                    score
                }
            } else if code == killer_codes[0] && killers[0] == Some(m) {
                KILLER + 1
            } else if code == killer_codes[1] && killers[1] == Some(m) {
                KILLER
            } else if code == countermove_code && countermove == Some(m) {
                COUNTERMOVE
            } else {
                history.quiet_score(context, m)
            }
        })
    }

    /// Ordering for quiescence and ProbCut: captures and promotions by MVV-LVA alone.
    pub fn noisy(moves: &'a mut MoveList) -> MovePicker<'a> {
        MovePicker::scored(moves, noisy_score)
    }

    fn scored(moves: &'a mut MoveList, score: impl Fn(Move) -> i32) -> MovePicker<'a> {
        moves.truncate(MAX_MOVES);
        let keys = moves.iter().enumerate().map(|(place, &m)| with_place(score(m) << PLACE_BITS, place)).collect();
        MovePicker { moves, keys, next: 0 }
    }

    /// The best move not yet picked.
    pub fn next_move(&mut self) -> Option<Move> {
        let start = self.next;
        let keys = self.keys.get(start..self.moves.len()).filter(|keys| !keys.is_empty())?;
        // A fold over values, not `max()` over references, so that it vectorises.
        let best_key = keys.iter().copied().fold(i32::MIN, i32::max);
        let best = place(best_key);
        self.moves.swap(start, best);
        self.keys.swap(start, best);
        self.keys[best] = with_place(self.keys[best], best);
        self.next += 1;
        Some(self.moves[start])
    }
}

/// A key with its place bits set to `place`.
#[inline]
fn with_place(key: i32, place: usize) -> i32 {
    (key & !PLACE_MASK) | (PLACE_MASK - place as i32)
}

/// The place a key stands for.
#[inline]
fn place(key: i32) -> usize {
    (PLACE_MASK - (key & PLACE_MASK)) as usize
}

/// A capture or promotion by MVV-LVA.
fn noisy_score(m: Move) -> i32 {
    material_gain(m).map_or(UNDER_PROMOTION, |gain| GOOD_NOISY + 16 * gain - m.role() as i32)
}

/// A capture or promotion by the value it wins, then by its capture history, then by the
/// attacker (the least valuable first).
fn capture_score(m: Move, history: &History, context: &Context) -> i32 {
    material_gain(m).map_or(UNDER_PROMOTION, |gain| {
        GOOD_NOISY + CAPTURE_HISTORY_VICTIM * gain + history.capture_score(context.side, m) - m.role() as i32
    })
}

/// What a capture or promotion wins in coarse piece values (the victim, plus the promoted
/// piece less the pawn); `None` for an under-promotion that captures nothing, ordered last.
fn material_gain(m: Move) -> Option<i32> {
    if m.promotion().is_some_and(|role| role != Role::Queen) && !m.is_capture() {
        return None;
    }
    let victim = m.capture().map_or(0, value);
    let promoted = m.promotion().map_or(0, |role| value(role) - value(Role::Pawn));
    Some(victim + promoted)
}

/// Coarse piece values for ordering: the exchange values in whole pawns (1, 3, 3, 5, 9);
/// a king is never captured.
fn value(role: Role) -> i32 {
    if role == Role::King { 0 } else { see_value(role) / see_value(Role::Pawn) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use shakmaty::CastlingMode;

    fn order(fen: &str, tt: &str) -> Vec<String> {
        let (pos, _) = Position::from_fen(fen, CastlingMode::Standard).expect("valid FEN");
        let tt_move = pos.parse_uci_move(tt).map(PackedMove::new).unwrap_or(PackedMove::NONE);
        let history = History::new();
        let mut moves = pos.legal_moves();
        let context = Context::root(pos.chess());
        let mut picker = MovePicker::new(pos.chess(), &mut moves, tt_move, &history, &context, 0);
        let mut out = Vec::new();
        while let Some(m) = picker.next_move() {
            out.push(m.to_uci(CastlingMode::Standard).to_string());
        }
        out
    }

    #[test]
    fn table_move_then_most_valuable_victim_then_least_valuable_attacker() {
        // The black queen on d5 can be taken by the pawn and by the knight.
        let fen = "r3k3/8/8/3q4/4P3/2N5/8/4K1B1 w - - 0 1";
        let moves = order(fen, "e1e2");
        assert_eq!(moves[..3], ["e1e2", "e4d5", "c3d5"]);
        let without_table_move = order(fen, "none");
        assert_eq!(without_table_move[..2], ["e4d5", "c3d5"]);
        assert_eq!(moves.len(), without_table_move.len());
    }

    #[test]
    fn losing_captures_come_after_quiet_moves() {
        // The queen takes a pawn that the e6 pawn defends; the rook takes a free knight.
        let moves = order("4k3/8/4p3/3p4/8/8/3Q3K/R5n1 w - - 0 1", "none");
        assert_eq!(moves[0], "a1g1");
        let queen_takes = moves.iter().position(|m| m == "d2d5").expect("legal");
        let quiet = moves.iter().position(|m| m == "d2d3").expect("legal");
        assert!(quiet < queen_takes, "{moves:?}");
        assert_eq!(queen_takes, moves.len() - 1, "{moves:?}");
    }

    #[test]
    fn quiescence_takes_the_most_valuable_victim_with_the_least_valuable_attacker() {
        let (pos, _) =
            Position::from_fen("r3k3/8/8/3q4/4P3/2N5/8/4K1B1 w - - 0 1", CastlingMode::Standard).expect("valid FEN");
        let mut moves = MoveList::new();
        crate::movegen::add_noisy_moves(pos.chess(), &mut moves);
        let mut picker = MovePicker::noisy(&mut moves);
        let picked: Vec<String> =
            std::iter::from_fn(|| picker.next_move()).map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect();
        assert_eq!(picked, ["e4d5", "c3d5"]);
    }

    #[test]
    fn under_promotions_come_last() {
        let moves = order("8/P6k/8/8/8/8/8/K7 w - - 0 1", "none");
        assert_eq!(moves[0], "a7a8q");
        assert_eq!(moves.len(), 7);
        assert!(moves[4..].iter().all(|m| m.starts_with("a7a8")), "{moves:?}");
    }
}
