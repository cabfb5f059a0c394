//! What the search learns about moves: killer moves per ply, a butterfly history table
//! (side, whether the opponent attacks the from and the to square, from, to), a countermove
//! table (the quiet reply that last refuted a move), continuation histories (how well a
//! quiet move did after the moves one and two plies before it, by those moves' piece and
//! target square) and a capture history (by piece, target square and captured role). Kept
//! between the moves of a game; `ucinewgame` clears it.

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position, Role, Square};

use super::correction::CorrectionHistory;
use super::params::{HISTORY_BONUS_BASE, HISTORY_BONUS_LINEAR, HISTORY_BONUS_MAX, HISTORY_BONUS_QUADRATIC};
use crate::eval::bits::pawn_attacks;
use crate::movegen::is_noisy;
use crate::packed_move::PackedMove;
use crate::scores::MAX_PLY;

/// History scores stay within +-HISTORY_MAX.
pub const HISTORY_MAX: i32 = 16_384;
/// How many earlier plies the continuation histories look back at.
pub const CONTINUATION_PLIES: usize = 2;

/// A move as the continuation tables know it: the piece that moved (colour and role) and
/// its target square, kept as its row in those tables (piece * 64 + square), which every
/// quiet move's score reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

impl PieceTo {
    pub fn new(side: Color, m: Move) -> PieceTo {
        PieceTo::of(side, m.role(), m.to())
    }

    #[inline]
    fn of(side: Color, role: Role, to: Square) -> PieceTo {
        PieceTo((piece_index(side, role) * 64 + usize::from(to)) as u16)
    }

    #[inline]
    fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The moves before a node that its quiet moves are scored against: one and two plies
/// back (`None` at the root, after a null move, or beyond the game's start); and the
/// squares the opponent attacks (`threats`), which pick the butterfly entry.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    pub side: Color,
    pub previous: [Option<PieceTo>; CONTINUATION_PLIES],
    pub threats: Bitboard,
}

impl Context {
    /// No earlier moves: the root.
    pub fn root(pos: &Chess) -> Context {
        Context { side: pos.turn(), previous: [None; CONTINUATION_PLIES], threats: threats(pos) }
    }
}

/// The squares the side not to move attacks in `pos`: a quiet move's butterfly entry
/// depends on whether they hold its from and its to square (issue 83's threat history, as
/// Viridithas' and Stormphrax's), so that a move taking a piece out of an attack and one
/// walking into an attack learn apart.
#[inline]
pub fn threats(pos: &Chess) -> Bitboard {
    attacked_squares(pos.board(), !pos.turn())
}

/// The squares `by` attacks on `board`.
#[inline]
fn attacked_squares(board: &Board, by: Color) -> Bitboard {
    // Pawns all at once, the other pieces one by one.
    let pawns = pawn_attacks(by, (board.pawns() & board.by_color(by)).0);
    let pieces = board.by_color(by) & !board.pawns();
    pieces.into_iter().fold(Bitboard(pawns), |attacked, sq| attacked | board.attacks_from(sq))
}

/// Which of the four butterfly entries of a move from `from` to `to` a node with these
/// threats reads: whether the from square is attacked, twice, plus whether the to square is.
#[inline]
fn threat_bucket(threats: Bitboard, from: usize, to: usize) -> usize {
    (2 * ((threats.0 >> from) & 1) + ((threats.0 >> to) & 1)) as usize
}

/// 12 pieces times 64 squares.
const PIECE_SQUARES: usize = 12 * 64;
/// Captured roles: pawn to queen, and the king's place for a promotion without capture.
const ROLES: usize = 6;

pub struct History {
    /// `butterfly[side][threat_bucket][from][to]`.
    butterfly: [[[[i32; 64]; 64]; 4]; 2],
    killers: [[Option<Move>; 2]; MAX_PLY],
    countermoves: [Option<Move>; PIECE_SQUARES],
    /// `continuation[earlier move][this move]`, both as `PieceTo::index`; shared by both
    /// distances back (what follows a move one or two plies later is alike).
    continuation: Vec<[i16; PIECE_SQUARES]>,
    /// How well captures and promotions did, by piece, target square and captured role.
    captures: [[[i16; ROLES]; 64]; 12],
    /// How wrong the static evaluation was, by pawn structure.
    pub correction: CorrectionHistory,
}

impl History {
    /// On the heap: the continuation table is 1.2 MB.
    pub fn new() -> Box<History> {
        Box::new(History {
            butterfly: [[[[0; 64]; 64]; 4]; 2],
            killers: [[None; 2]; MAX_PLY],
            countermoves: [None; PIECE_SQUARES],
            continuation: vec![[0; PIECE_SQUARES]; PIECE_SQUARES],
            captures: [[[0; ROLES]; 64]; 12],
            correction: CorrectionHistory::new(),
        })
    }

    pub fn clear(&mut self) {
        self.butterfly = [[[[0; 64]; 64]; 4]; 2];
        self.countermoves = [None; PIECE_SQUARES];
        self.continuation.iter_mut().for_each(|row| row.fill(0));
        self.captures = [[[0; ROLES]; 64]; 12];
        self.correction.clear();
        self.clear_killers();
    }

    /// Killers are per ply, and plies shift between searches: start each search without.
    pub fn clear_killers(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
    }

    /// The history of a quiet move: its butterfly entry plus its continuation entries
    /// after the moves of `context`.
    #[inline]
    pub fn quiet_score(&self, context: &Context, m: Move) -> i32 {
        // Quiet moves are normal moves but for castling: read their squares and piece in
        // one match instead of one per field.
        let (from, to, this) = match m {
            Move::Normal { role, from, to, .. } => {
                (usize::from(from), usize::from(to), PieceTo::of(context.side, role, to).index())
            }
            _ => {
                let (from, to) = PackedMove::new(m).squares();
                (from, to, PieceTo::new(context.side, m).index())
            }
        };
        let continuation: i32 =
            context.previous.iter().flatten().map(|earlier| i32::from(self.continuation[earlier.index()][this])).sum();
        self.butterfly[context.side as usize][threat_bucket(context.threats, from, to)][from][to] + continuation
    }

    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    /// The quiet move that last refuted the move one ply before `context`.
    #[inline]
    pub fn countermove(&self, context: &Context) -> Option<Move> {
        context.previous[0].and_then(|earlier| self.countermoves[earlier.index()])
    }

    /// The history of a capture or promotion.
    #[inline]
    pub fn capture_score(&self, side: Color, m: Move) -> i32 {
        let (piece, to, captured) = capture_index(side, m);
        i32::from(self.captures[piece][to][captured])
    }

    /// Move `best` caused a beta cut-off after the quiet moves `quiets` and the captures
    /// and promotions `noisies` had failed: a quiet `best` becomes a killer and the
    /// countermove and gains quiet history, the quiet moves tried before it lose as much;
    /// a noisy `best` gains capture history; the noisy moves tried before it lose as much.
    pub fn reward_cutoff(
        &mut self,
        context: &Context,
        ply: usize,
        best: Move,
        quiets: &[Move],
        noisies: &[Move],
        depth: i32,
    ) {
        let bonus = bonus(depth);
        for &m in noisies {
            self.update_capture(context.side, m, -bonus);
        }
        if is_noisy(best) {
            self.update_capture(context.side, best, bonus);
            return;
        }
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        if let Some(earlier) = context.previous[0] {
            self.countermoves[earlier.index()] = Some(best);
        }
        self.update(context, best, bonus);
        for &m in quiets {
            self.update(context, m, -bonus);
        }
    }

    fn update_capture(&mut self, side: Color, m: Move, bonus: i32) {
        let (piece, to, captured) = capture_index(side, m);
        let entry = &mut self.captures[piece][to][captured];
        let mut value = i32::from(*entry);
        gravity(&mut value, bonus);
        // Gravity keeps it within +-HISTORY_MAX, which fits an i16.
        *entry = value as i16;
    }

    /// Gravity update of every table that scores `m`: entries near the limit move less,
    /// so scores stay bounded and recent results weigh more.
    fn update(&mut self, context: &Context, m: Move, bonus: i32) {
        let (from, to) = PackedMove::new(m).squares();
        gravity(&mut self.butterfly[context.side as usize][threat_bucket(context.threats, from, to)][from][to], bonus);
        let this = PieceTo::new(context.side, m).index();
        for earlier in context.previous.iter().flatten() {
            let entry = &mut self.continuation[earlier.index()][this];
            let mut value = i32::from(*entry);
            gravity(&mut value, bonus);
            // Gravity keeps it within +-HISTORY_MAX, which fits an i16.
            *entry = value as i16;
        }
    }
}

/// Where a capture or promotion lives in the capture history: the moving piece, the
/// target square and the captured role (a promotion without capture in the king's place).
#[inline]
fn capture_index(side: Color, m: Move) -> (usize, usize, usize) {
    let piece = piece_index(side, m.role());
    let captured = m.capture().map_or(Role::King, |role| role) as usize - Role::Pawn as usize;
    (piece, usize::from(m.to()), captured)
}

/// A piece (colour and role) as the tables index it: 0-5 White's pawn to king, 6-11 Black's.
#[inline]
fn piece_index(side: Color, role: Role) -> usize {
    6 * side as usize + (role as usize - Role::Pawn as usize)
}

/// The history bonus of a cut-off at `depth`.
#[inline]
fn bonus(depth: i32) -> i32 {
    let quadratic = HISTORY_BONUS_QUADRATIC.get() * depth * depth;
    (quadratic + HISTORY_BONUS_LINEAR.get() * depth + HISTORY_BONUS_BASE.get()).min(HISTORY_BONUS_MAX.get())
}

#[inline]
fn gravity(entry: &mut i32, bonus: i32) {
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use shakmaty::Position as _;

    #[test]
    fn cutoffs_reward_the_move_and_punish_the_ones_before() {
        let pos = Position::startpos();
        let good = pos.parse_uci_move("g1f3").expect("legal");
        let bad = pos.parse_uci_move("a2a3").expect("legal");
        let other = pos.parse_uci_move("h2h3").expect("legal");
        let white = Context::root(pos.chess());
        let mut history = History::new();
        for _ in 0..1000 {
            history.reward_cutoff(&white, 3, good, &[bad], &[], 20);
        }
        assert_eq!(history.killers(3), [Some(good), None]);
        let score = history.quiet_score(&white, good);
        assert!(score > HISTORY_MAX / 2 && score <= HISTORY_MAX, "{score}");
        let punished = history.quiet_score(&white, bad);
        assert!((-HISTORY_MAX..-HISTORY_MAX / 2).contains(&punished), "{punished}");
        assert_eq!(history.quiet_score(&white, other), 0, "a move neither tried nor refuting");
        let black = Context { side: Color::Black, ..white };
        assert_eq!(history.quiet_score(&black, good), 0);
        history.clear();
        assert_eq!(history.quiet_score(&white, good), 0);
        assert_eq!(history.killers(3), [None, None]);
    }

    #[test]
    fn attacked_squares_are_every_square_the_side_attacks() {
        // Pawns on both edge files (their attacks must not wrap), every piece, both sides.
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/p6p/8/8/8/8/P6P/4K3 w - - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        ] {
            let (pos, _) = Position::from_fen(fen, shakmaty::CastlingMode::Standard).expect("valid FEN");
            let board = pos.chess().board();
            for by in [Color::White, Color::Black] {
                let expected: Bitboard =
                    Square::ALL.into_iter().filter(|&sq| board.attacks_to(sq, by, board.occupied()).any()).collect();
                assert_eq!(attacked_squares(board, by), expected, "{fen} {by:?}");
            }
        }
    }

    #[test]
    fn moves_out_of_and_into_attacks_learn_apart() {
        let pos = Position::startpos();
        let m = pos.parse_uci_move("g1f3").expect("legal");
        let quiet = Context { threats: Bitboard::EMPTY, ..Context::root(pos.chess()) };
        let from_attacked = Context { threats: Bitboard::from(Square::G1), ..quiet };
        let to_attacked = Context { threats: Bitboard::from(Square::F3), ..quiet };
        let mut history = History::new();
        history.update(&from_attacked, m, bonus(6));
        history.update(&to_attacked, m, bonus(4));
        assert_eq!(history.quiet_score(&from_attacked, m), bonus(6));
        assert_eq!(history.quiet_score(&to_attacked, m), bonus(4));
        assert_eq!(history.quiet_score(&quiet, m), 0);
        // Other attacked squares do not matter.
        let elsewhere = Context { threats: Bitboard::from(Square::G1) | Bitboard::from(Square::A8), ..quiet };
        assert_eq!(history.quiet_score(&elsewhere, m), bonus(6));
    }

    #[test]
    fn continuation_and_countermove_follow_the_earlier_move() {
        let pos = Position::startpos();
        let e4 = pos.parse_uci_move("e2e4").expect("legal");
        let d4 = pos.parse_uci_move("d2d4").expect("legal");
        let mut after = pos.clone();
        after.make_move(e4);
        let reply = after.parse_uci_move("b8c6").expect("legal");
        let after_e4 =
            Context { previous: [Some(PieceTo::new(Color::White, e4)), None], ..Context::root(after.chess()) };
        let after_d4 = Context { previous: [Some(PieceTo::new(Color::White, d4)), None], ..after_e4 };
        let mut history = History::new();
        assert_eq!(history.countermove(&after_e4), None);
        history.reward_cutoff(&after_e4, 1, reply, &[], &[], 6);
        assert_eq!(history.countermove(&after_e4), Some(reply));
        assert_eq!(history.countermove(&after_d4), None);
        // The butterfly entry is shared, the continuation entry only after e4.
        let butterfly_only = history.quiet_score(&after_d4, reply);
        assert_eq!(butterfly_only, bonus(6));
        assert_eq!(history.quiet_score(&after_e4, reply), 2 * bonus(6));
    }

    #[test]
    fn capture_history_tells_captures_apart_by_piece_square_and_victim() {
        // The knight and the pawn can both take the queen on d5; the queen can take a7.
        let pos = Position::from_fen("4k3/p7/8/3q4/4P3/2N5/8/Q3K3 w - - 0 1", shakmaty::CastlingMode::Standard)
            .expect("valid FEN")
            .0;
        let pawn_takes = pos.parse_uci_move("e4d5").expect("legal");
        let knight_takes = pos.parse_uci_move("c3d5").expect("legal");
        let queen_takes = pos.parse_uci_move("a1a7").expect("legal");
        let mut history = History::new();
        for _ in 0..100 {
            history.update_capture(Color::White, knight_takes, bonus(8));
        }
        history.update_capture(Color::White, queen_takes, -bonus(8));
        let knight = history.capture_score(Color::White, knight_takes);
        assert!(knight > HISTORY_MAX / 2 && knight <= HISTORY_MAX, "{knight}");
        assert_eq!(history.capture_score(Color::White, pawn_takes), 0);
        assert_eq!(history.capture_score(Color::Black, knight_takes), 0);
        assert_eq!(history.capture_score(Color::White, queen_takes), -bonus(8));
        history.clear();
        assert_eq!(history.capture_score(Color::White, knight_takes), 0);
    }

    #[test]
    fn the_bonus_grows_with_depth_to_its_cap() {
        assert_eq!(bonus(1), 64);
        assert!(bonus(5) > bonus(4));
        assert_eq!(bonus(30), HISTORY_BONUS_MAX.get());
    }
}
