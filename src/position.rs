//! A chess position together with its Zobrist key.
//!
//! The key is shakmaty's `Zobrist64` in `EnPassantMode::Legal`: it is the polyglot key
//! (start position 0x463b96181691fc9c), and two positions with the same pieces, side to move,
//! castling rights and *legal* en passant captures get the same key, which is what the FIDE
//! repetition rule asks for. Keys are updated incrementally on every move, never recomputed.

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::zobrist::{Zobrist64, ZobristValue};
use shakmaty::{Bitboard, attacks};
use shakmaty::{
    CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move, MoveList, Piece, Position as _,
    PositionError, PositionErrorKinds, Role, Square,
};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A legal position and its Zobrist key.
#[derive(Clone, Debug)]
pub struct Position {
    chess: Chess,
    key: u64,
    /// The en passant part of `key` (0 when no legal en passant capture exists). Kept so
    /// that a move need not test the parent's en passant capture for legality again.
    ep_key: u64,
    /// The pawns' part of the key (for the correction history), kept up to date by
    /// `make_move` as cheaply as the key itself.
    pawn_key: u64,
}

/// The squares from which each kind of piece of the side to move would give check, and
/// the pieces whose moves off their line uncover a check: computed once for a node, it
/// answers "does this move give check" for each move with a few bit tests (`gives_check`
/// computes attacks from the king for every move).
#[derive(Clone, Copy, Debug, Default)]
pub struct CheckSquares {
    /// The enemy king (`None` only in positions without one, which never check).
    king: Option<Square>,
    /// Indexed by role (pawn first).
    by_role: [Bitboard; 6],
    discoverers: Bitboard,
}

impl CheckSquares {
    /// Whether the legal move `m` of `pos` (the position these squares were made from)
    /// gives check.
    #[inline]
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        let Some(king) = self.king else { return false };
        match m {
            // A promoted piece may look through the square its pawn left: worked out in full,
            // as castling and en passant are (all rare).
            Move::Normal { role, from, to, promotion: None, .. } => {
                self.by_role[role as usize - 1].contains(to)
                    || (self.discoverers.contains(from) && !attacks::aligned(from, to, king))
            }
            _ => pos.gives_check(m),
        }
    }
}

/// Why a FEN was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text is not FEN at all.
    Syntax(String),
    /// The text is FEN, but not a position one can play from.
    Illegal(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Syntax(why) => write!(f, "invalid FEN: {why}"),
            FenError::Illegal(why) => write!(f, "illegal position: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

/// A FEN that was accepted after dropping castling rights or an en passant square that
/// the position cannot have. Many tools write such FENs; the caller decides whether to say so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenRepair(pub String);

impl Default for Position {
    fn default() -> Self {
        Position::from_chess(Chess::default())
    }
}

impl Position {
    pub fn startpos() -> Position {
        Position::default()
    }

    /// Wraps a shakmaty position, computing its key once.
    pub fn from_chess(chess: Chess) -> Position {
        let key = chess.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        let ep_key = en_passant_key(&chess);
        let pawn_key = pawn_key_of(&chess);
        Position { chess, key, ep_key, pawn_key }
    }

    /// Parses a FEN (the move counters may be left out). Kings missing, too much material,
    /// the side not to move in check or pawns on the back rank are errors; impossible
    /// castling rights and en passant squares are dropped and reported. Checks that no
    /// game could reach (two aligned sliders, as in some perft suites) are played as given.
    pub fn from_fen(fen: &str, mode: CastlingMode) -> Result<(Position, Option<FenRepair>), FenError> {
        let fen = fen.trim();
        if fen.is_empty() {
            return Err(FenError::Syntax("empty".into()));
        }
        // shakmaty's messages say "invalid ... in fen" and "illegal position: ..." themselves:
        // keep only what is wrong, once.
        let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|e| {
            let what = e.to_string();
            let what = what.trim_start_matches("invalid ").trim_end_matches(" in fen");
            FenError::Syntax(format!("bad {what} in '{fen}'"))
        })?;
        let mut repair = Vec::new();
        let chess = match parsed.into_position::<Chess>(mode) {
            Ok(chess) => chess,
            Err(err) => {
                let kinds = err.kinds();
                let tolerated = PositionErrorKinds::INVALID_CASTLING_RIGHTS
                    | PositionErrorKinds::INVALID_EP_SQUARE
                    | PositionErrorKinds::IMPOSSIBLE_CHECK;
                if !(kinds - tolerated).is_empty() {
                    let what = err.to_string();
                    let what = what.trim_start_matches("illegal position: ");
                    return Err(FenError::Illegal(format!("{what} in '{fen}'")));
                }
                if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
                    repair.push("castling rights");
                }
                if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE) {
                    repair.push("en passant square");
                }
                accept_tolerated(err).ok_or_else(|| FenError::Illegal(format!("unplayable position '{fen}'")))?
            }
        };
        // File letters in the castling field (Shredder-FEN, X-FEN) mean Chess960.
        let chess960_rights = mode == CastlingMode::Standard
            && fen.split_whitespace().nth(2).is_some_and(|rights| rights.chars().any(|c| !"KQkq-".contains(c)));
        let hint = if chess960_rights { " (Chess960 castling rights: they need Chess960 mode)" } else { "" };
        let repair = (!repair.is_empty())
            .then(|| FenRepair(format!("dropped impossible {} from '{fen}'{hint}", repair.join(" and "))));
        Ok((Position::from_chess(chess), repair))
    }

    #[inline]
    pub fn chess(&self) -> &Chess {
        &self.chess
    }

    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The key after `m`, where shakmaty's incremental update answers (most moves; see
    /// `make_move`), without making it: the search prefetches the child's table entry
    /// before it spends time copying the position and playing the move.
    #[inline]
    pub fn key_after(&self, m: Move) -> Option<u64> {
        self.chess.update_zobrist_hash(Zobrist64(self.key), m, EnPassantMode::Legal).map(|key| key.0)
    }

    /// A Zobrist key of the pawns alone (for the correction history).
    #[inline]
    pub fn pawn_key(&self) -> u64 {
        self.pawn_key
    }

    #[inline]
    pub fn turn(&self) -> Color {
        self.chess.turn()
    }

    #[inline]
    pub fn is_check(&self) -> bool {
        self.chess.is_check()
    }

    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        self.chess.legal_moves()
    }

    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.chess.halfmoves()
    }

    pub fn fen(&self) -> String {
        Fen::from_position(&self.chess, EnPassantMode::Legal).to_string()
    }

    /// The FEN as `mode` writes castling rights: in Chess960, Shredder-FEN's rook files
    /// (`HAha`), as Chess960 GUIs send them; X-FEN (`KQkq`) in standard chess.
    pub fn fen_in(&self, mode: CastlingMode) -> String {
        let fen = self.fen();
        let castles = self.chess.castles();
        if mode == CastlingMode::Standard || castles.is_empty() {
            return fen;
        }
        let mut rights = String::new();
        for color in Color::ALL {
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(rook) = castles.rook(color, side) {
                    let file = rook.file();
                    rights.push(if color == Color::White { file.upper_char() } else { file.char() });
                }
            }
        }
        let mut fields: Vec<&str> = fen.split(' ').collect();
        fields[2] = &rights;
        fields.join(" ")
    }

    /// Copy-make: the position after the legal move `m`. Hot loops clone into their own
    /// local and call [`Position::make_move`] instead, which saves a copy of the position.
    pub fn play(&self, m: Move) -> Position {
        let mut child = self.clone();
        child.make_move(m);
        child
    }

    /// The position with the turn passed to the opponent (a "null move", for null-move
    /// pruning), or `None` in check. The halfmove clock restarts, so that repetition checks
    /// never reach back across the null move.
    pub fn null_move(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut setup = self.chess.to_setup(EnPassantMode::Legal);
        setup.swap_turn();
        setup.halfmoves = 0;
        let chess = Chess::from_setup(setup, self.chess.castles().mode()).ok()?;
        let key = self.key ^ Zobrist64::zobrist_for_white_turn().0 ^ self.ep_key;
        Some(Position { chess, key, ep_key: 0, ..*self })
    }

    /// Whether the legal move `m` gives check, without playing it: the moved piece attacks
    /// the enemy king from its new square, or a slider of ours sees the king once the
    /// piece has left its square (a discovered check).
    pub fn gives_check(&self, m: Move) -> bool {
        let Move::Normal { role, from, capture: _, to, promotion } = m else {
            // Castling, en passant and drops are rare: play them to see.
            return self.play(m).is_check();
        };
        let board = self.chess.board();
        let us = self.chess.turn();
        let Some(king) = board.king_of(!us) else { return false };
        let occupied = (board.occupied() & !Bitboard::from(from)) | Bitboard::from(to);
        let piece = promotion.unwrap_or(role).of(us);
        if attacks::attacks(to, piece, occupied).contains(king) {
            return true;
        }
        let ours = board.by_color(us) & !Bitboard::from(from);
        let sliders = (attacks::bishop_attacks(king, occupied) & board.bishops_and_queens())
            | (attacks::rook_attacks(king, occupied) & board.rooks_and_queens());
        (sliders & ours).any()
    }

    /// What [`CheckSquares::gives_check`] needs to answer for every move of this node.
    pub fn check_squares(&self) -> CheckSquares {
        let board = self.chess.board();
        let us = self.chess.turn();
        let Some(king) = board.king_of(!us) else { return CheckSquares::default() };
        let occupied = board.occupied();
        let ours = board.by_color(us);
        let diagonal = attacks::bishop_attacks(king, occupied);
        let straight = attacks::rook_attacks(king, occupied);
        let mut by_role = [Bitboard::EMPTY; 6];
        by_role[Role::Pawn as usize - 1] = attacks::pawn_attacks(!us, king);
        by_role[Role::Knight as usize - 1] = attacks::knight_attacks(king);
        by_role[Role::Bishop as usize - 1] = diagonal;
        by_role[Role::Rook as usize - 1] = straight;
        by_role[Role::Queen as usize - 1] = diagonal | straight;
        // Our sliders that would see the king but for exactly one piece of ours.
        let snipers = ((attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens())
            | (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens()))
            & ours;
        let mut discoverers = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if blockers.count() == 1 {
                discoverers |= blockers & ours;
            }
        }
        CheckSquares { king: Some(king), by_role, discoverers }
    }

    /// Plays the legal move `m` here, updating the key incrementally. This is the one
    /// make-move path of the engine (search, perft and the UCI move list).
    #[inline]
    pub fn make_move(&mut self, m: Move) {
        self.make_move_with_key(m, self.key_after(m));
    }

    /// `make_move` for a caller that has already asked `key_after(m)` (the search does, to
    /// prefetch the child's table entry): `key_after` is that answer.
    #[inline]
    pub fn make_move_with_key(&mut self, m: Move, key_after: Option<u64>) {
        self.pawn_key ^= pawn_key_change(m, self.chess.turn());
        // shakmaty's update covers most moves; it leaves king moves, castling, double pushes,
        // moves touching a castling rook and moves made while an en passant square is set to
        // the general update below. Where it answers, neither position has an en passant key.
        if let Some(key) = key_after {
            self.chess.play_unchecked(m);
            self.key = key;
            return;
        }
        let us = self.chess.turn();
        let rights = self.chess.castles().castling_rights();
        let mut key = self.key ^ Zobrist64::zobrist_for_white_turn().0 ^ self.ep_key;
        let touches_castling = match m {
            Move::Normal { role, from, capture, to, promotion } => {
                key ^= piece_key(from, role.of(us)) ^ piece_key(to, promotion.unwrap_or(role).of(us));
                if let Some(captured) = capture {
                    key ^= piece_key(to, captured.of(!us));
                }
                role == Role::King || rights.contains(from) || rights.contains(to)
            }
            Move::EnPassant { from, to } => {
                let captured = en_passant_victim(from, to);
                key ^= piece_key(from, Role::Pawn.of(us))
                    ^ piece_key(to, Role::Pawn.of(us))
                    ^ piece_key(captured, Role::Pawn.of(!us));
                false
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                let king_to = Square::from_coords(side.king_to_file(), king.rank());
                let rook_to = Square::from_coords(side.rook_to_file(), king.rank());
                key ^= piece_key(king, Role::King.of(us))
                    ^ piece_key(rook, Role::Rook.of(us))
                    ^ piece_key(king_to, Role::King.of(us))
                    ^ piece_key(rook_to, Role::Rook.of(us));
                true
            }
            // Drops do not exist in standard chess; the caller only passes legal moves.
            Move::Put { .. } => false,
        };
        let castling_before = if touches_castling { castling_key(&self.chess) } else { 0 };
        self.chess.play_unchecked(m);
        if touches_castling {
            key ^= castling_before ^ castling_key(&self.chess);
        }
        self.ep_key = en_passant_key(&self.chess);
        self.key = key ^ self.ep_key;
    }

    /// Parses a move in UCI notation and checks it is legal here. Both castling notations
    /// (`e1g1` and king-takes-rook `e1h1`) are accepted in either mode.
    pub fn parse_uci_move(&self, text: &str) -> Result<Move, IllegalMove> {
        let uci = UciMove::from_ascii(text.as_bytes()).map_err(|_| IllegalMove(text.to_string()))?;
        uci.to_move(&self.chess).map_err(|_| IllegalMove(text.to_string()))
    }
}

/// The castling notation asked for: Chess960 (king takes rook) or standard.
pub fn castling_mode(chess960: bool) -> CastlingMode {
    if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard }
}

/// A move that is malformed or not legal in the position it was given for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove(pub String);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move '{}'", self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// The UCI text of a move: `e1g1` castling normally, `e1h1` (king takes rook) in Chess960.
pub fn uci_move(m: Move, mode: CastlingMode) -> String {
    UciMove::from_move(m, mode).to_string()
}

/// The position behind an error whose kinds are all tolerated (each call drops one kind).
fn accept_tolerated(err: PositionError<Chess>) -> Option<Chess> {
    let err = match err.ignore_invalid_castling_rights() {
        Ok(chess) => return Some(chess),
        Err(err) => err,
    };
    let err = match err.ignore_invalid_ep_square() {
        Ok(chess) => return Some(chess),
        Err(err) => err,
    };
    err.ignore_impossible_check().ok()
}

#[inline]
fn piece_key(sq: Square, piece: Piece) -> u64 {
    Zobrist64::zobrist_for_piece(sq, piece).0
}

/// The square of the pawn an en passant capture from `from` to `to` takes.
#[inline]
pub(crate) fn en_passant_victim(from: Square, to: Square) -> Square {
    Square::from_coords(to.file(), from.rank())
}

/// The pawn key of a position, from its board.
fn pawn_key_of(chess: &Chess) -> u64 {
    let board = chess.board();
    let mut key = 0;
    for sq in board.pawns() {
        if let Some(piece) = board.piece_at(sq) {
            key ^= piece_key(sq, piece);
        }
    }
    key
}

/// How the legal move `m` of side `us` changes the pawn key: a pawn leaves or arrives (not
/// when it promotes), a pawn is captured.
#[inline]
fn pawn_key_change(m: Move, us: Color) -> u64 {
    match m {
        Move::Normal { role, from, capture, to, promotion } => {
            let mut change = 0;
            if role == Role::Pawn {
                change ^= piece_key(from, Role::Pawn.of(us));
                if promotion.is_none() {
                    change ^= piece_key(to, Role::Pawn.of(us));
                }
            }
            if capture == Some(Role::Pawn) {
                change ^= piece_key(to, Role::Pawn.of(!us));
            }
            change
        }
        Move::EnPassant { from, to } => {
            let captured = en_passant_victim(from, to);
            piece_key(from, Role::Pawn.of(us))
                ^ piece_key(to, Role::Pawn.of(us))
                ^ piece_key(captured, Role::Pawn.of(!us))
        }
        Move::Castle { .. } | Move::Put { .. } => 0,
    }
}

fn castling_key(chess: &Chess) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if chess.castles().has(color, side) {
                key ^= Zobrist64::zobrist_for_castling_right(color, side).0;
            }
        }
    }
    key
}

fn en_passant_key(chess: &Chess) -> u64 {
    chess.ep_square(EnPassantMode::Legal).map_or(0, |sq| Zobrist64::zobrist_for_en_passant_file(sq.file()).0)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn play_line(fen: &str, moves: &[&str]) -> Position {
        let (mut pos, _) = Position::from_fen(fen, CastlingMode::Standard).expect("valid FEN");
        for text in moves {
            let m = pos.parse_uci_move(text).expect("legal move");
            pos = pos.play(m);
        }
        pos
    }

    /// Plays `games` pseudo-random games of at most `plies` moves from each start and calls
    /// `visit` with every position reached. The generator has a fixed seed, so every run
    /// sees the same positions; castling, en passant and promotions all come up.
    pub(crate) fn for_random_positions(starts: &[&str], games: usize, plies: usize, mut visit: impl FnMut(&Position)) {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for fen in starts {
            for _game in 0..games {
                let (mut pos, _) = Position::from_fen(fen, CastlingMode::Standard).expect("valid FEN");
                for _ply in 0..plies {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos = pos.play(moves[(seed % moves.len() as u64) as usize]);
                    visit(&pos);
                }
            }
        }
    }

    /// The reference keys of the polyglot book format specification.
    #[test]
    fn keys_match_polyglot_reference() {
        for (moves, expected) in crate::book::polyglot::REFERENCE_KEYS {
            let pos = play_line(START_FEN, moves);
            assert_eq!(pos.key(), *expected, "after {moves:?}");
        }
    }

    /// Plays pseudo-random legal games and compares the incremental key with a key
    /// computed from scratch after every move: castling, en passant, promotions and
    /// captures of castling rooks all come up within a few thousand moves.
    #[test]
    fn incremental_key_equals_key_from_scratch() {
        let starts = [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
        ];
        let mut checked = 0;
        for_random_positions(&starts, 20, 120, |pos| {
            let scratch = pos.chess().zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
            assert_eq!(pos.key(), scratch, "{}", pos.fen());
            checked += 1;
        });
        assert!(checked > 5_000, "only {checked} moves checked");
    }

    #[test]
    fn the_pawn_key_kept_by_make_move_is_the_one_of_the_board() {
        let mut moves = 0;
        let starts = [START_FEN, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1"];
        for_random_positions(&starts, 20, 120, |pos| {
            assert_eq!(pos.pawn_key(), pawn_key_of(pos.chess()), "{}", pos.fen());
            if let Some(passed) = pos.null_move() {
                assert_eq!(passed.pawn_key(), pawn_key_of(passed.chess()));
            }
            moves += 1;
        });
        assert!(moves > 1_000, "{moves}");
        // En passant and promotions with and without capture.
        let pos = play_line(START_FEN, &["e2e4", "a7a6", "e4e5", "d7d5", "e5d6", "c7d6"]);
        assert_eq!(pos.pawn_key(), pawn_key_of(pos.chess()));
        let pos = play_line("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", &["a7b8q"]);
        assert_eq!(pos.pawn_key(), 0);
    }

    #[test]
    fn null_move_passes_the_turn_and_keeps_the_key_exact() {
        // After e2e4 d7d5 e4e5 f7f5 White could take en passant; the null move drops that.
        let pos = play_line(START_FEN, &["e2e4", "d7d5", "e4e5", "f7f5"]);
        let passed = pos.null_move().expect("not in check");
        assert_eq!(passed.turn(), Color::Black);
        assert_eq!(passed.halfmoves(), 0);
        assert_eq!(passed.key(), passed.chess().zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0);
        let back = passed.null_move().expect("not in check");
        assert_ne!(back.key(), pos.key(), "the en passant right is gone");
        assert_eq!(back.key(), back.chess().zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0);
        let in_check = play_line(START_FEN, &["e2e4", "f7f6", "d1h5"]);
        assert!(in_check.null_move().is_none());
    }

    /// Every move of a few thousand positions from pseudo-random games: `gives_check`
    /// agrees with playing the move.
    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let mut checks = 0;
        let starts = [START_FEN, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"];
        for_random_positions(&starts, 20, 100, |pos| {
            for &m in &pos.legal_moves() {
                let played = pos.play(m).is_check();
                assert_eq!(pos.gives_check(m), played, "{} {m}", pos.fen());
                checks += usize::from(played);
            }
        });
        assert!(checks > 500, "only {checks} checking moves seen");
    }

    #[test]
    fn check_squares_agree_with_gives_check() {
        let mut checks = [0; 2];
        let starts = [
            START_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            // Discovered checks by a bishop, a rook and a queen behind knights and pawns.
            "3k4/8/8/3N4/8/3R1B2/4Q3/K7 w - - 0 1",
        ];
        for_random_positions(&starts, 30, 100, |pos| {
            let squares = pos.check_squares();
            for &m in &pos.legal_moves() {
                let played = pos.play(m);
                assert_eq!(squares.gives_check(pos, m), played.is_check(), "{} {m}", pos.fen());
                if played.is_check() {
                    // Discovered: the moved piece itself does not attack the king.
                    let board = played.chess().board();
                    let piece = m.promotion().unwrap_or(m.role()).of(pos.turn());
                    let king = board.king_of(played.turn()).expect("a king in check");
                    let direct = attacks::attacks(m.to(), piece, board.occupied()).contains(king);
                    checks[usize::from(!direct)] += 1;
                }
            }
        });
        assert!(checks[0] > 500 && checks[1] > 50, "direct and discovered checks seen: {checks:?}");
    }

    #[test]
    fn pinned_en_passant_is_not_in_the_key() {
        // After d2d4 the pawn on e4 could take en passant only by exposing its king.
        let pinned = play_line("8/8/8/8/k3p2Q/8/3P4/3K4 w - - 0 1", &["d2d4"]);
        let (same, _) =
            Position::from_fen("8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1", CastlingMode::Standard).expect("valid FEN");
        assert_eq!(pinned.key(), same.key());
    }

    #[test]
    fn rejects_impossible_positions_and_repairs_castling() {
        let bad = [
            "",
            "nonsense",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K2R b - - 0 1 extra",
            "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
            "qqqqkqqq/qqqqqqqq/8/8/8/8/8/4K3 w - - 0 1",
        ];
        for fen in bad {
            assert!(Position::from_fen(fen, CastlingMode::Standard).is_err(), "accepted '{fen}'");
        }
        let (pos, repair) =
            Position::from_fen("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", CastlingMode::Standard).expect("repairable");
        assert!(repair.is_some());
        assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(pos.fen_in(CastlingMode::Chess960), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    }

    #[test]
    fn castling_notation_follows_the_mode() {
        let pos = play_line("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &[]);
        let castle = pos.parse_uci_move("e1g1").expect("legal");
        assert_eq!(pos.parse_uci_move("e1h1"), Ok(castle));
        assert_eq!(uci_move(castle, CastlingMode::Standard), "e1g1");
        assert_eq!(uci_move(castle, CastlingMode::Chess960), "e1h1");
        assert!(pos.parse_uci_move("e1e3").is_err());
        assert!(pos.parse_uci_move("0000").is_err());
        assert!(pos.parse_uci_move("zz").is_err());
        assert_eq!(pos.fen_in(CastlingMode::Standard), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(pos.fen_in(CastlingMode::Chess960), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
        // A Chess960 start given in Shredder-FEN comes back as given.
        let fen = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
        let (chess960, _) = Position::from_fen(fen, CastlingMode::Chess960).expect("legal");
        assert_eq!(chess960.fen_in(CastlingMode::Chess960), fen);
        let (one_right, _) =
            Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w A - 0 1", CastlingMode::Chess960).expect("legal");
        assert_eq!(one_right.fen_in(CastlingMode::Chess960), "4k3/8/8/8/8/8/8/R3K2R w A - 0 1");
    }
}
