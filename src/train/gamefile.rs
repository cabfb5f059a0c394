//! Self-play games in a compact binary form: what `bramble datagen --format games` writes
//! and `data/` keeps. A game is its start position, then one move and one search score per
//! ply, and its result; the positions are replayed from the moves when read, so every
//! position of a game costs about 2 bytes instead of the 32 of a bulletformat record, and
//! the training filters (check, captures, mate scores) are applied when the data is loaded.
//!
//! # Layout
//!
//! A file is a plain sequence of games, no file header. All numbers are little-endian.
//!
//! | Bytes | Field | Meaning |
//! |---|---|---|
//! | 0-3 | magic | `BRG2` (every game starts with it: a damaged or foreign file is found at once) |
//! | 4-11 | occupied | the occupied squares of the start position (a1 = bit 0) |
//! | 12-27 | pieces | one nibble per occupied square, in square order, low nibble first: colour (8 = black) + role (0 pawn ... 5 king) |
//! | 28 | flags | bit 0: Black to move; bits 1-4: castling rights with the rook on h1, a1, h8, a8 |
//! | 29 | en passant | the en passant square + 1 where a capture there is legal, else 0 |
//! | 30 | halfmoves | the halfmove clock (at most 255) |
//! | 31-32 | fullmoves | the move number |
//! | 33 | result | for White: 0 lost, 1 drawn, 2 won |
//! | 34-35 | plies | the number of plies that follow |
//! | 36- | ply | per ply: the move played, as its index (u8) among the legal moves of its position sorted by their code (u16: from + 64 to + 4096 promotion role, castling as king takes rook); then the search's score for White (centipawns; `NO_SCORE`, -32768, where there was none) as its difference from the previous ply's score (0 before the first), zigzag-encoded (0, -1, 1, -2, ... as 0, 1, 2, 3, ...) in 1 to 3 bytes of 7 bits, low first, the high bit set on every byte but the last |
//!
//! The start position is the one after the opening's random moves; the plies are the
//! engine's own moves, each with the score of the search that chose it. Reading replays
//! every move against the legal moves of its position, so a damaged move is an error, not
//! a wrong position. The index of a move and the score's difference take about 2 bytes a
//! ply; under `xz -9e` a file is 63% of its size in the first form (d99, session 71).
//!
//! The first form, `BRG1` (data/'s files up to d102), is read as well: the same header,
//! then per ply the move's code (u16) and the score for White (i16). A file may hold
//! games of both forms (each game names its own).

use std::fmt;

use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, MoveList, Piece, Position, Role,
    Setup, Square,
};

use crate::packed_move::PackedMove;
use crate::scores::TB_WIN_BOUND;

/// The first four bytes of every game written now (the dense form).
pub const MAGIC: [u8; 4] = *b"BRG2";
/// The first four bytes of a game of the first form (4 bytes a ply), still read.
pub const MAGIC_WIDE: [u8; 4] = *b"BRG1";
/// Bytes of a game before its plies.
pub const HEADER_BYTES: usize = 36;
/// Bytes of one ply of the first form.
const WIDE_PLY_BYTES: usize = 4;
/// The most bytes a score's difference takes: 17 bits of zigzag code, 7 a byte.
const MAX_SCORE_BYTES: usize = 3;
/// The score of a ply that has none: a move of a converted PGN without an engine's score
/// (`crate::train::pgn`). Beyond every search score, so never a training position.
pub const NO_SCORE: i16 = i16::MIN;

/// A game's result from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
}

impl Outcome {
    /// 1.0 won, 0.5 drawn, 0.0 lost, for White.
    pub fn white_points(self) -> f32 {
        match self {
            Outcome::WhiteWins => 1.0,
            Outcome::Draw => 0.5,
            Outcome::BlackWins => 0.0,
        }
    }

    pub fn win_for(color: Color) -> Outcome {
        match color {
            Color::White => Outcome::WhiteWins,
            Color::Black => Outcome::BlackWins,
        }
    }

    fn byte(self) -> u8 {
        match self {
            Outcome::BlackWins => 0,
            Outcome::Draw => 1,
            Outcome::WhiteWins => 2,
        }
    }

    fn from_byte(byte: u8) -> Option<Outcome> {
        [Outcome::BlackWins, Outcome::Draw, Outcome::WhiteWins].get(usize::from(byte)).copied()
    }
}

/// One game: where it started, each move with the score for White of the search that
/// chose it, and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub start: Chess,
    pub plies: Vec<(Move, i16)>,
    pub outcome: Outcome,
}

impl GameRecord {
    /// Every position of the game with the move played from it and its score for White.
    pub fn replay(&self) -> impl Iterator<Item = (Chess, Move, i16)> + '_ {
        let mut pos = self.start.clone();
        self.plies.iter().map(move |&(m, score)| {
            let before = pos.clone();
            pos.play_unchecked(m);
            (before, m, score)
        })
    }

    /// The positions a static evaluation learns from, with White's score: not in check,
    /// the move played neither a capture nor a promotion, the score not a mate.
    pub fn training_positions(&self) -> impl Iterator<Item = (Chess, i16)> + '_ {
        self.replay().filter(|(pos, m, score)| is_training_position(pos, *m, i32::from(*score))).map(|(p, _, s)| (p, s))
    }

    /// Appends the game's bytes to `out` in the dense form. At most `u16::MAX` plies are
    /// written (a game of datagen's rules has at most 400), and none from a move that is
    /// not legal where it stands (a record is made of legal moves, so none is left out).
    pub fn encode(&self, out: &mut Vec<u8>) {
        let mut pos = self.start.clone();
        let mut plies = Vec::with_capacity(self.plies.len());
        for &(m, score) in self.plies.iter().take(usize::from(u16::MAX)) {
            let Some(index) = move_index(&pos.legal_moves(), m) else { break };
            pos.play_unchecked(m);
            plies.push((index, score));
        }
        self.write_header(MAGIC, plies.len() as u16, out);
        let mut previous = 0;
        for (index, score) in plies {
            out.push(index);
            write_score_difference(i32::from(score) - previous, out);
            previous = i32::from(score);
        }
    }

    /// The header: `magic`, the start position, the result and the number of plies.
    fn write_header(&self, magic: [u8; 4], plies: u16, out: &mut Vec<u8>) {
        out.extend_from_slice(&magic);
        let board = self.start.board();
        out.extend_from_slice(&u64::from(board.occupied()).to_le_bytes());
        let mut pieces = [0u8; 16];
        for (i, square) in board.occupied().into_iter().enumerate() {
            let piece = board.piece_at(square).map_or(0, piece_nibble);
            pieces[i / 2] |= piece << (4 * (i % 2));
        }
        out.extend_from_slice(&pieces);
        let rights = self.start.castles().castling_rights();
        let mut flags = u8::from(self.start.turn() == Color::Black);
        for (bit, square) in CASTLING_ROOKS.iter().enumerate() {
            if rights.contains(*square) {
                flags |= 2 << bit;
            }
        }
        out.push(flags);
        out.push(self.start.ep_square(EnPassantMode::Legal).map_or(0, |sq| u8::from(sq) + 1));
        out.push(u8::try_from(self.start.halfmoves()).unwrap_or(u8::MAX));
        out.extend_from_slice(&u16::try_from(self.start.fullmoves().get()).unwrap_or(u16::MAX).to_le_bytes());
        out.push(self.outcome.byte());
        out.extend_from_slice(&plies.to_le_bytes());
    }
}

/// The index the dense form gives `m` among the legal moves `legal`: the number of them
/// whose code is smaller (an order of our own, not the move generator's, which a new
/// version of shakmaty may change). `None` when `m` is not among them.
fn move_index(legal: &MoveList, m: Move) -> Option<u8> {
    let code = move_code(m);
    // At most 218 legal moves in any position.
    legal.contains(&m).then(|| legal.iter().filter(|&&other| move_code(other) < code).count() as u8)
}

/// The legal move that the dense form writes as `index`, if there is one.
fn move_at_index(legal: &MoveList, index: u8) -> Option<Move> {
    let index = usize::from(index);
    if index >= legal.len() {
        return None;
    }
    // Each move's code with its place in `legal` below it: the index-th smallest is found
    // without sorting them all.
    let mut keyed = [0u32; 256];
    let keyed = &mut keyed[..legal.len()];
    for (place, (key, &m)) in keyed.iter_mut().zip(legal).enumerate() {
        *key = (u32::from(move_code(m)) << 8) | place as u32;
    }
    let (_, &mut key, _) = keyed.select_nth_unstable(index);
    legal.get((key & 0xff) as usize).copied()
}

/// Appends a score's difference from the previous ply's, zigzag-encoded 7 bits a byte.
fn write_score_difference(difference: i32, out: &mut Vec<u8>) {
    let mut code = ((difference << 1) ^ (difference >> 31)) as u32;
    while code >= 0x80 {
        out.push((code & 0x7f) as u8 | 0x80);
        code >>= 7;
    }
    out.push(code as u8);
}

/// Reads a score's difference written by `write_score_difference` at `bytes[*offset..]`,
/// moving `offset` past it.
fn read_score_difference(bytes: &[u8], offset: &mut usize) -> Result<i32, Decode> {
    let mut code = 0u32;
    for shift in 0..MAX_SCORE_BYTES {
        let &byte = bytes.get(*offset).ok_or(Decode::Short)?;
        *offset += 1;
        code |= u32::from(byte & 0x7f) << (7 * shift);
        if byte & 0x80 == 0 {
            return Ok((code >> 1) as i32 ^ -((code & 1) as i32));
        }
    }
    Err(Decode::Bad(format!("a score difference longer than {MAX_SCORE_BYTES} bytes")))
}

/// The filter of training positions, shared by `datagen`'s position formats and the
/// loader of games: the side to move not in check, the move played quiet, the score not
/// a mate or tablebase win.
pub fn is_training_position(pos: &Chess, m: Move, score: i32) -> bool {
    score.abs() < TB_WIN_BOUND && !pos.is_check() && !m.is_capture() && !m.is_promotion()
}

/// The rook squares of the four castling rights, in the order of their flag bits.
const CASTLING_ROOKS: [Square; 4] = [Square::H1, Square::A1, Square::H8, Square::A8];

fn piece_nibble(piece: Piece) -> u8 {
    (u8::from(piece.color == Color::Black) << 3) | (piece.role as u8 - 1)
}

fn nibble_piece(nibble: u8) -> Option<Piece> {
    let color = if nibble & 8 == 0 { Color::White } else { Color::Black };
    let role = Role::try_from((nibble & 7) + 1).ok()?;
    Some(Piece { color, role })
}

fn move_code(m: Move) -> u16 {
    PackedMove::new(m).bits()
}

/// Why a file's bytes are not whole games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The file ends inside a game (a run stopped while writing): the games before it
    /// are whole, and `whole_bytes` is where they end.
    Truncated { games: u64, whole_bytes: usize },
    /// Game number `game` (from 1) is damaged.
    Damaged { game: u64, why: String },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Truncated { games, whole_bytes } => {
                write!(f, "the file ends inside game {} (after {whole_bytes} bytes of whole games)", games + 1)
            }
            ReadError::Damaged { game, why } => write!(f, "game {game}: {why}"),
        }
    }
}

/// Reads the games of a file's bytes in order.
pub struct Games<'a> {
    bytes: &'a [u8],
    offset: usize,
    games: u64,
    failed: bool,
}

/// The games of `bytes`; an error ends the iteration.
pub fn games(bytes: &[u8]) -> Games<'_> {
    Games { bytes, offset: 0, games: 0, failed: false }
}

impl Iterator for Games<'_> {
    type Item = Result<GameRecord, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed || self.offset == self.bytes.len() {
            return None;
        }
        let rest = &self.bytes[self.offset..];
        let result = match decode(rest) {
            Ok((game, len)) => {
                self.offset += len;
                self.games += 1;
                Ok(game)
            }
            Err(Decode::Short) => Err(ReadError::Truncated { games: self.games, whole_bytes: self.offset }),
            Err(Decode::Bad(why)) => Err(ReadError::Damaged { game: self.games + 1, why }),
        };
        self.failed = result.is_err();
        Some(result)
    }
}

/// Whether bytes start like a file of games (of either form).
pub fn looks_like_games(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC) || bytes.starts_with(&MAGIC_WIDE)
}

enum Decode {
    /// Fewer bytes than the game needs.
    Short,
    Bad(String),
}

/// One game from the start of `bytes`, and its length.
fn decode(bytes: &[u8]) -> Result<(GameRecord, usize), Decode> {
    let dense = is_dense(bytes)?;
    let Some(header) = bytes.get(..HEADER_BYTES) else { return Err(Decode::Short) };
    let plies = usize::from(u16::from_le_bytes([header[34], header[35]]));
    if !dense && bytes.len() < HEADER_BYTES + WIDE_PLY_BYTES * plies {
        return Err(Decode::Short);
    }
    let start = start_position(header).map_err(Decode::Bad)?;
    let outcome =
        Outcome::from_byte(header[33]).ok_or_else(|| Decode::Bad(format!("result byte {} (0 to 2)", header[33])))?;
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(plies);
    let mut offset = HEADER_BYTES;
    let mut previous = 0;
    for ply in 1..=plies {
        let (m, score) = if dense {
            let &index = bytes.get(offset).ok_or(Decode::Short)?;
            offset += 1;
            let legal = pos.legal_moves();
            let Some(m) = move_at_index(&legal, index) else {
                return Err(Decode::Bad(format!("ply {ply}: move index {index} of {} legal moves", legal.len())));
            };
            let score = previous + read_score_difference(bytes, &mut offset)?;
            let score = i16::try_from(score).map_err(|_| Decode::Bad(format!("ply {ply}: score {score}")))?;
            previous = i32::from(score);
            (m, score)
        } else {
            let code = u16::from_le_bytes([bytes[offset], bytes[offset + 1]]);
            let score = i16::from_le_bytes([bytes[offset + 2], bytes[offset + 3]]);
            offset += WIDE_PLY_BYTES;
            let Some(m) = pos.legal_moves().into_iter().find(|&m| move_code(m) == code) else {
                return Err(Decode::Bad(format!("ply {ply}: move code {code:#06x} is not legal there")));
            };
            (m, score)
        };
        pos.play_unchecked(m);
        moves.push((m, score));
    }
    Ok((GameRecord { start, plies: moves, outcome }, offset))
}

/// Whether the game at the start of `bytes` is of the dense form (`MAGIC`) or the first
/// (`MAGIC_WIDE`), by its magic; `Short` when the bytes end inside one.
fn is_dense(bytes: &[u8]) -> Result<bool, Decode> {
    let n = bytes.len().min(MAGIC.len());
    for (magic, dense) in [(MAGIC, true), (MAGIC_WIDE, false)] {
        if bytes[..n] == magic[..n] {
            return if n < magic.len() { Err(Decode::Short) } else { Ok(dense) };
        }
    }
    Err(Decode::Bad("no game starts here (not a file of games, or damaged)".into()))
}

/// The start position of a game's header, checked as a FEN would be.
fn start_position(header: &[u8]) -> Result<Chess, String> {
    let occupied = Bitboard(u64::from_le_bytes(header[4..12].try_into().map_err(|_| "header")?));
    if occupied.count() > 32 {
        return Err(format!("{} occupied squares (at most 32)", occupied.count()));
    }
    let mut board = Board::empty();
    for (i, square) in occupied.into_iter().enumerate() {
        let nibble = (header[12 + i / 2] >> (4 * (i % 2))) & 15;
        let piece = nibble_piece(nibble).ok_or_else(|| format!("piece code {nibble} on {square}"))?;
        board.set_piece_at(square, piece);
    }
    let flags = header[28];
    if flags >> 5 != 0 {
        return Err(format!("flags {flags:#04x} (bits 5-7 unused)"));
    }
    let castling_rights = CASTLING_ROOKS
        .iter()
        .enumerate()
        .filter(|(bit, _)| flags & (2 << bit) != 0)
        .fold(Bitboard::EMPTY, |rights, (_, square)| rights.with(*square));
    let ep_square = match header[29] {
        0 => None,
        code => Some(Square::try_from(code - 1).map_err(|_| format!("en passant code {code}"))?),
    };
    let fullmoves = u16::from_le_bytes([header[31], header[32]]);
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn: if flags & 1 == 0 { Color::White } else { Color::Black },
        castling_rights,
        ep_square,
        remaining_checks: None,
        halfmoves: u32::from(header[30]),
        fullmoves: std::num::NonZeroU32::new(u32::from(fullmoves)).ok_or("move number 0")?,
    };
    Chess::from_setup(setup, CastlingMode::Standard).map_err(|e| format!("illegal start position: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    fn uci(pos: &Chess, text: &str) -> Move {
        text.parse::<shakmaty::uci::UciMove>().expect("uci").to_move(pos).expect("legal")
    }

    /// A game from `fen` through the UCI moves, scores 10, 20, ...
    fn game(fen: &str, moves: &[&str], outcome: Outcome) -> GameRecord {
        let start = chess(fen);
        let mut pos = start.clone();
        let mut plies = Vec::new();
        for (i, text) in moves.iter().enumerate() {
            let m = uci(&pos, text);
            pos.play_unchecked(m);
            plies.push((m, 10 * (i as i16 + 1)));
        }
        GameRecord { start, plies, outcome }
    }

    fn special_moves_game() -> GameRecord {
        // Castling both ways, en passant, a promotion with capture and an under-promotion.
        game(
            "r3k2r/1P4pp/8/3pP3/8/8/6PP/R3K2R w KQkq d6 0 30",
            &["e5d6", "e8g8", "e1c1", "h7h6", "b7a8q", "g8h7", "d6d7", "f8f7", "d7d8n"],
            Outcome::WhiteWins,
        )
    }

    /// The game in the first form, 4 bytes a ply, as datagen wrote it up to d102.
    fn encode_wide(game: &GameRecord, out: &mut Vec<u8>) {
        game.write_header(MAGIC_WIDE, game.plies.len() as u16, out);
        for &(m, score) in &game.plies {
            out.extend_from_slice(&move_code(m).to_le_bytes());
            out.extend_from_slice(&score.to_le_bytes());
        }
    }

    fn three_games() -> [GameRecord; 3] {
        [
            special_moves_game(),
            game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &["e2e4", "c7c5"], Outcome::Draw),
            game("8/8/4k3/8/2K5/8/3P4/8 b - - 7 61", &[], Outcome::BlackWins),
        ]
    }

    #[test]
    fn games_round_trip_with_special_moves_and_start_fields() {
        let three = three_games();
        let mut bytes = Vec::new();
        for g in &three {
            g.encode(&mut bytes);
        }
        // A ply is its move's index and a one-byte score difference (10 each here).
        assert_eq!(bytes.len(), 3 * HEADER_BYTES + 11 * 2);
        let read: Vec<GameRecord> = games(&bytes).collect::<Result<_, _>>().expect("whole games");
        assert_eq!(read, three);
        let fen = shakmaty::fen::Fen::from_position(&read[0].start, EnPassantMode::Legal).to_string();
        assert_eq!(fen, "r3k2r/1P4pp/8/3pP3/8/8/6PP/R3K2R w KQkq d6 0 30");
        assert!(looks_like_games(&bytes));
    }

    #[test]
    fn games_of_the_first_form_read_the_same_also_mixed_with_dense_ones() {
        let three = three_games();
        let mut wide = Vec::new();
        for g in &three {
            encode_wide(g, &mut wide);
        }
        assert_eq!(wide.len(), 3 * HEADER_BYTES + 11 * WIDE_PLY_BYTES);
        assert!(looks_like_games(&wide));
        let read: Vec<GameRecord> = games(&wide).collect::<Result<_, _>>().expect("whole games");
        assert_eq!(read, three);
        // A file appended to by a newer datagen holds both forms.
        let mut mixed = wide.clone();
        three[0].encode(&mut mixed);
        let read: Vec<GameRecord> = games(&mixed).collect::<Result<_, _>>().expect("whole games");
        assert_eq!(read.len(), 4);
        assert_eq!(read[3], three[0]);
    }

    #[test]
    fn every_score_round_trips_and_a_bad_difference_is_named() {
        let mut g = special_moves_game();
        let extremes = [i16::MIN, i16::MAX, NO_SCORE, 0, -1, 63, -64, 64, 8191, -8192, 8192, i16::MAX, i16::MIN];
        for (ply, score) in g.plies.iter_mut().zip(extremes) {
            ply.1 = score;
        }
        let mut bytes = Vec::new();
        g.encode(&mut bytes);
        assert_eq!(games(&bytes).collect::<Result<Vec<_>, _>>().expect("whole"), vec![g.clone()]);
        // The largest difference, i16::MIN after i16::MAX, takes the most bytes.
        let mut out = Vec::new();
        write_score_difference(i32::from(i16::MIN) - i32::from(i16::MAX), &mut out);
        assert_eq!(out.len(), MAX_SCORE_BYTES);
        assert_eq!(read_score_difference(&out, &mut 0).ok(), Some(-65535));
        // Four bytes of continuation: damage, not a score.
        let err = read_score_difference(&[0x80, 0x80, 0x80, 0x01], &mut 0).expect_err("too long");
        assert!(matches!(err, Decode::Bad(why) if why.contains("longer than 3 bytes")));
        // A difference that leaves the 16 bits of a score.
        let mut bad = Vec::new();
        g.write_header(MAGIC, 1, &mut bad);
        bad.push(0);
        write_score_difference(40_000, &mut bad);
        let err = games(&bad).next().expect("item").expect_err("bad score");
        assert!(err.to_string().contains("ply 1: score 40000"), "{err}");
    }

    #[test]
    fn training_positions_leave_out_checks_captures_promotions_and_mates() {
        let mut g = special_moves_game();
        // e5d6 captures en passant, e8g8 and e1c1 castle, h7h6 quiet, b7a8q promotes
        // capturing, g8h7, d6d7, f8f7 quiet, d7d8n under-promotes.
        let kept: Vec<i16> = g.training_positions().map(|(_, s)| s).collect();
        assert_eq!(kept, vec![20, 30, 40, 60, 70, 80]);
        g.plies[1].1 = i16::try_from(TB_WIN_BOUND).expect("fits");
        let kept: Vec<i16> = g.training_positions().map(|(_, s)| s).collect();
        assert_eq!(kept, vec![30, 40, 60, 70, 80]);
        // In check: after 1. e4 f6 2. Qh5+ the position with Black to move.
        let checked = game(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["e2e4", "f7f6", "d1h5", "g7g6"],
            Outcome::Draw,
        );
        assert_eq!(checked.training_positions().count(), 3);
    }

    #[test]
    fn a_cut_file_reports_its_whole_games_and_damage_is_named() {
        let g = special_moves_game();
        for dense in [true, false] {
            let mut bytes = Vec::new();
            let encode = |out: &mut Vec<u8>| if dense { g.encode(out) } else { encode_wide(&g, out) };
            encode(&mut bytes);
            let one = bytes.len();
            encode(&mut bytes);
            for cut in one + 1..2 * one {
                let read: Vec<_> = games(&bytes[..cut]).collect();
                assert_eq!(read.len(), 2, "cut at {cut}");
                assert_eq!(read[1], Err(ReadError::Truncated { games: 1, whole_bytes: one }), "cut at {cut}");
            }
            // A move that is not there.
            let mut bad = bytes.clone();
            bad[one + HEADER_BYTES] ^= 0xff;
            let err = games(&bad).nth(1).expect("a second item").expect_err("damaged");
            let named = if dense { "ply 1: move index " } else { "ply 1: move code" };
            assert!(matches!(&err, ReadError::Damaged { game: 2, why } if why.starts_with(named)), "{err}");
        }
        let mut bytes = Vec::new();
        g.encode(&mut bytes);
        // A result byte out of range, a flag bit unused, foreign bytes.
        let mut bad = bytes.clone();
        bad[33] = 3;
        assert!(games(&bad).next().expect("item").expect_err("bad").to_string().contains("result byte 3"));
        let mut bad = bytes.clone();
        bad[28] |= 0x80;
        assert!(games(&bad).next().expect("item").is_err());
        let text = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5\n";
        assert!(!looks_like_games(text));
        let err = games(text).next().expect("item").expect_err("foreign");
        assert_eq!(
            err,
            ReadError::Damaged { game: 1, why: "no game starts here (not a file of games, or damaged)".into() }
        );
        assert_eq!(games(&[]).count(), 0);
    }
}
