//! Training data for the network: the binary format and its text form.
//!
//! # Binary: bulletformat's `ChessBoard`, 32 bytes a position
//!
//! The format most NNUE trainers read (the `bulletformat` crate, MIT, used by the `bullet`
//! trainer). A file is a plain sequence of records, no header. The board is stored as the
//! side to move sees it (flipped vertically, colours swapped, when Black is to move), so
//! "us" is always the side to move. All numbers are little-endian.
//!
//! | Bytes | Field | Meaning |
//! |---|---|---|
//! | 0-7 | `occ` | occupied squares (a1 = bit 0), as the side to move sees the board |
//! | 8-23 | `pcs` | one nibble per occupied square, in square order, low nibble first: colour (8 = them) + role (0 pawn ... 5 king) |
//! | 24-25 | `score` | the search's score, centipawns, for the side to move (i16) |
//! | 26 | `result` | the game's result for the side to move: 2 won, 1 drawn, 0 lost |
//! | 27 | `ksq` | our king's square |
//! | 28 | `opp_ksq` | their king's square, flipped vertically |
//! | 29-31 | `extra` | zero |
//!
//! Castling rights, the en-passant square and the move counters are not stored; the
//! trainer needs none of them.
//!
//! # Text: `FEN | score | result`
//!
//! What `bramble datagen` writes: score and result from White's point of view, e.g.
//! `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | -25 | 0.5`. Binary to text
//! gives the position as the side to move sees it (always `w`, no castling), with the
//! score and result for that side, so text -> binary -> text -> binary keeps every byte.

use std::io::{self, BufRead, Read, Write};

use bulletformat::ChessBoard;
use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Color, Piece, Position as _, Role, Square};

/// Bytes of one binary record.
pub const RECORD_BYTES: usize = 32;

/// One training position in the binary layout.
pub type Record = ChessBoard;

/// Packs a legal position with the search's score and the game's result (1.0 won, 0.5
/// drawn, 0.0 lost), both from White's point of view.
pub fn pack(pos: &Chess, white_score: i16, white_result: f32) -> Record {
    let board = pos.board();
    let bitboards = [
        board.white(),
        board.black(),
        board.pawns(),
        board.knights(),
        board.bishops(),
        board.rooks(),
        board.queens(),
        board.kings(),
    ]
    .map(u64::from);
    let stm = usize::from(pos.turn() == Color::Black);
    // Cannot fail: every occupied square of a shakmaty board holds a piece.
    ChessBoard::from_raw(bitboards, stm, white_score, white_result).unwrap_or_default()
}

/// Parses one line of the text form; the FEN must be a legal standard position.
pub fn parse_text(line: &str) -> Result<Record, String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, score, result] = fields.as_slice() else {
        return Err(format!("expected 'FEN | score | result', got '{line}'"));
    };
    let pos: Chess = Fen::from_ascii(fen.as_bytes())
        .map_err(|e| format!("bad FEN '{fen}': {e}"))?
        .into_position(CastlingMode::Standard)
        .map_err(|e| format!("illegal position '{fen}': {e}"))?;
    let score: i16 = score.parse().map_err(|_| format!("bad score '{score}' (centipawns, -32768 to 32767)"))?;
    let result = match *result {
        "1.0" | "1" => 1.0,
        "0.5" | "1/2" => 0.5,
        "0.0" | "0" => 0.0,
        other => return Err(format!("bad result '{other}' (1.0, 0.5 or 0.0)")),
    };
    Ok(pack(&pos, score, result))
}

/// The text form of a record: the position as the side to move sees it (White to move),
/// with the score and result for that side.
pub fn to_text(record: &Record) -> String {
    let board = record_board(record);
    let result = match record.result {
        2 => "1.0",
        1 => "0.5",
        _ => "0.0",
    };
    format!("{board} w - - 0 1 | {} | {result}", record.score)
}

/// The board of a record, as the side to move sees it (that side is White).
pub fn record_board(record: &Record) -> Board {
    let mut board = Board::empty();
    for (piece, square) in *record {
        let color = if piece & 8 == 0 { Color::White } else { Color::Black };
        // `decode` checked every role code (0 to 5).
        let role = Role::ALL.get(usize::from(piece & 7)).copied().unwrap_or(Role::Pawn);
        board.set_piece_at(Square::new(u32::from(square)), Piece { color, role });
    }
    board
}

/// The records of a whole file's bytes, in order; an error names the damaged record, or
/// says the length is not a whole number of records.
pub fn decode_all(bytes: &[u8]) -> Result<impl Iterator<Item = Result<Record, String>> + '_, String> {
    if !bytes.len().is_multiple_of(RECORD_BYTES) {
        return Err(format!("{} bytes is not a whole number of {RECORD_BYTES}-byte records", bytes.len()));
    }
    Ok(bytes.chunks_exact(RECORD_BYTES).enumerate().map(|(index, chunk)| {
        let raw: &[u8; RECORD_BYTES] = chunk.try_into().map_err(|_| format!("record {}: short", index + 1))?;
        decode(raw).map_err(|e| format!("record {}: {e}", index + 1))
    }))
}

/// Splits off the last `share` of `items` (in file order): `(kept, held_out)`. The tuner
/// and the trainer choose and check on the held-out part.
pub fn split_last<T>(mut items: Vec<T>, share: f64) -> (Vec<T>, Vec<T>) {
    let held = ((items.len() as f64 * share) as usize).min(items.len());
    let held_out = items.split_off(items.len() - held);
    (items, held_out)
}

/// The 32 bytes of a record.
pub fn encode(record: &Record) -> [u8; RECORD_BYTES] {
    let mut bytes = [0; RECORD_BYTES];
    bytes[0..8].copy_from_slice(&record.occ.to_le_bytes());
    bytes[8..24].copy_from_slice(&record.pcs);
    bytes[24..26].copy_from_slice(&record.score.to_le_bytes());
    bytes[26] = record.result;
    bytes[27] = record.ksq;
    bytes[28] = record.opp_ksq;
    bytes[29..32].copy_from_slice(&record.extra);
    bytes
}

/// Reads a record back, checking what a damaged file would get wrong: the result, the
/// number of pieces, each piece code, and one king a side on the squares stated.
pub fn decode(bytes: &[u8; RECORD_BYTES]) -> Result<Record, String> {
    let mut pcs = [0; 16];
    pcs.copy_from_slice(&bytes[8..24]);
    let record = ChessBoard {
        occ: u64::from_le_bytes(bytes[0..8].try_into().unwrap_or_default()),
        pcs,
        score: i16::from_le_bytes([bytes[24], bytes[25]]),
        result: bytes[26],
        ksq: bytes[27],
        opp_ksq: bytes[28],
        extra: [bytes[29], bytes[30], bytes[31]],
    };
    if record.result > 2 {
        return Err(format!("result {} is not 0, 1 or 2", record.result));
    }
    if record.occ.count_ones() > 32 {
        return Err(format!("{} pieces", record.occ.count_ones()));
    }
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for (piece, square) in record {
        if piece & 7 > 5 {
            return Err(format!("piece code {piece} on square {square}"));
        }
        match piece {
            5 => ours.push(square),
            13 => theirs.push(square ^ 56),
            _ => {}
        }
    }
    if ours != [record.ksq] || theirs != [record.opp_ksq] {
        return Err("not one king a side on the squares the record states".into());
    }
    Ok(record)
}

/// What a conversion did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    pub positions: u64,
    /// Lines of the text form that could not be read (reported, then left out).
    pub skipped: u64,
}

/// Text to binary. Blank lines and lines starting with `#` are ignored; a bad line is
/// reported through `warn` (with its line number) and left out.
pub fn text_to_binary(
    input: impl BufRead,
    output: &mut impl Write,
    warn: &mut dyn FnMut(&str),
) -> io::Result<Converted> {
    let mut done = Converted::default();
    for (index, line) in input.lines().enumerate() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match parse_text(line) {
            Ok(record) => {
                output.write_all(&encode(&record))?;
                done.positions += 1;
            }
            Err(error) => {
                warn(&format!("line {}: {error}", index + 1));
                done.skipped += 1;
            }
        }
    }
    output.flush()?;
    Ok(done)
}

/// Binary to text. A damaged record or a file whose length is not a whole number of
/// records is an error (`InvalidData`) naming the record.
pub fn binary_to_text(mut input: impl Read, output: &mut impl Write) -> io::Result<Converted> {
    let mut done = Converted::default();
    let mut bytes = [0; RECORD_BYTES];
    loop {
        let filled = read_full(&mut input, &mut bytes)?;
        if filled == 0 {
            break;
        }
        let invalid = |why: String| io::Error::new(io::ErrorKind::InvalidData, why);
        if filled < RECORD_BYTES {
            return Err(invalid(format!("the file ends inside record {}", done.positions + 1)));
        }
        let record = decode(&bytes).map_err(|e| invalid(format!("record {}: {e}", done.positions + 1)))?;
        writeln!(output, "{}", to_text(&record))?;
        done.positions += 1;
    }
    output.flush()?;
    Ok(done)
}

/// Fills `buffer` as far as the input goes; the count read (less only at the end).
fn read_full(input: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match input.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINES: &str = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | -25 | 0.5
r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 | 31 | 1.0
8/8/4k3/8/2K5/8/3P4/8 b - - 0 60 | -180 | 0.0
";

    fn records() -> Vec<Record> {
        LINES.lines().map(|line| parse_text(line).expect("valid line")).collect()
    }

    #[test]
    fn the_layout_is_bulletformats() {
        // The start position after 1. e4, Black to move: stored from Black's side.
        let record = &records()[0];
        assert_eq!(std::mem::size_of::<ChessBoard>(), RECORD_BYTES);
        assert_eq!(record.occ.count_ones(), 32);
        assert_eq!(record.score, 25, "score for the side to move");
        assert_eq!(record.result, 1);
        assert_eq!(record.ksq, 4, "Black's king on e8 is 'our' king on e1 once flipped");
        assert_eq!(record.opp_ksq, 4, "White's king on e1, flipped");
        // The first occupied square is a1 as Black sees it: Black's rook on a8, ours.
        assert_eq!(record.pcs[0] & 15, 3);
        let bytes = encode(record);
        assert_eq!(bytes[24..26], 25i16.to_le_bytes());
        assert_eq!(bytes[26], 1);
        assert_eq!(&bytes[0..8], &record.occ.to_le_bytes());
        // The record as bulletformat's own text parser makes it.
        let theirs: ChessBoard = LINES.lines().next().unwrap_or_default().parse().expect("bulletformat parses it");
        assert_eq!(*record, theirs);
    }

    #[test]
    fn binary_and_text_round_trip() {
        let mut binary = Vec::new();
        let done = text_to_binary(LINES.as_bytes(), &mut binary, &mut |w| panic!("{w}")).expect("in memory");
        assert_eq!(done, Converted { positions: 3, skipped: 0 });
        assert_eq!(binary.len(), 3 * RECORD_BYTES);

        let mut text = Vec::new();
        assert_eq!(binary_to_text(binary.as_slice(), &mut text).expect("valid").positions, 3);
        let text = String::from_utf8(text).expect("utf-8");
        let first = text.lines().next().expect("a line");
        // Black to move becomes White to move on the flipped board, score and result his.
        assert_eq!(first, "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 | 25 | 0.5");

        let mut again = Vec::new();
        text_to_binary(text.as_bytes(), &mut again, &mut |w| panic!("{w}")).expect("in memory");
        assert_eq!(again, binary, "text -> binary -> text -> binary keeps every byte");
    }

    #[test]
    fn bad_text_lines_are_reported_and_left_out() {
        let input = "\
# a comment
not a fen | 1 | 0.5
8/8/8/8/8/8/8/8 w - - 0 1 | 0 | 0.5
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 99999 | 0.5
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 10 | 2
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 10
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 10 | 1.0
";
        let mut warnings = Vec::new();
        let mut binary = Vec::new();
        let done =
            text_to_binary(input.as_bytes(), &mut binary, &mut |w| warnings.push(w.to_string())).expect("in memory");
        assert_eq!(done, Converted { positions: 1, skipped: 5 });
        assert_eq!(binary.len(), RECORD_BYTES);
        assert!(warnings[0].starts_with("line 2: bad FEN"), "{warnings:?}");
        assert!(warnings[1].starts_with("line 3: illegal position"), "{warnings:?}");
        assert!(warnings[2].contains("bad score"), "{warnings:?}");
        assert!(warnings[3].contains("bad result"), "{warnings:?}");
        assert!(warnings[4].contains("expected 'FEN | score | result'"), "{warnings:?}");
    }

    #[test]
    fn damaged_binary_is_an_error_not_a_position() {
        let good = encode(&records()[1]);
        let convert = |bytes: &[u8]| binary_to_text(bytes, &mut Vec::new());

        let truncated = convert(&good[..20]).expect_err("truncated");
        assert!(truncated.to_string().contains("ends inside record 1"), "{truncated}");

        let mut bad_result = good;
        bad_result[26] = 7;
        assert!(convert(&bad_result).expect_err("result").to_string().contains("record 1: result 7"));

        let mut bad_piece = good;
        bad_piece[8] = 0x66;
        assert!(convert(&bad_piece).is_err());

        let mut moved_king = good;
        moved_king[27] ^= 1;
        assert!(convert(&moved_king).expect_err("king").to_string().contains("king"));

        let two = [good, good].concat();
        assert_eq!(convert(&two).expect("valid").positions, 2);
    }
}
