//! Opening books in the polyglot format: reading one (the book Bramble ships is embedded
//! in the binary), looking up the legal book moves of a position, choosing one, and
//! building books from games or from Bramble's own analysis.

pub mod build;
pub mod pgn;
pub mod polyglot;

use std::fmt;

use rand::{Rng, RngExt};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Move, Position as _};

use polyglot::{ENTRY_BYTES, Entry};

/// The book Bramble ships (`book/README.md` says how it was made).
pub static SHIPPED_BOOK: &[u8] = include_bytes!("../../book/bramble.bin");

/// A polyglot book, checked and in memory.
#[derive(Clone, Debug)]
pub struct Book {
    entries: Vec<Entry>,
}

/// A legal book move of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub m: Move,
    pub weight: u16,
}

/// Why a book file was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    Empty,
    /// The size is not a whole number of entries.
    Size(usize),
    /// The entry at this index has a smaller key than the one before.
    Unsorted(usize),
    Read(String),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Empty => write!(f, "the book is empty"),
            BookError::Size(bytes) => write!(f, "{bytes} bytes is not a whole number of 16-byte entries"),
            BookError::Unsorted(index) => write!(f, "the entries are not sorted by key (entry {index})"),
            BookError::Read(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for BookError {}

impl Book {
    /// Checks the bytes of a polyglot book: whole entries, sorted by key.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        if bytes.is_empty() {
            return Err(BookError::Empty);
        }
        if !bytes.len().is_multiple_of(ENTRY_BYTES) {
            return Err(BookError::Size(bytes.len()));
        }
        let entries: Vec<Entry> =
            bytes.chunks_exact(ENTRY_BYTES).filter_map(|chunk| chunk.try_into().ok()).map(Entry::from_bytes).collect();
        if let Some(index) = entries.windows(2).position(|pair| pair[1].key < pair[0].key) {
            return Err(BookError::Unsorted(index + 1));
        }
        Ok(Book { entries })
    }

    /// Reads and checks a book file.
    pub fn from_file(path: &str) -> Result<Book, BookError> {
        let bytes = std::fs::read(path).map_err(|e| BookError::Read(format!("cannot read {path}: {e}")))?;
        Book::from_bytes(&bytes)
    }

    /// The book that ships inside the binary.
    pub fn shipped() -> Result<Book, BookError> {
        Book::from_bytes(SHIPPED_BOOK)
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Distinct positions in the book.
    pub fn positions(&self) -> usize {
        self.entries.chunk_by(|a, b| a.key == b.key).count()
    }

    /// The entries of a key (found by binary search).
    fn entries_of(&self, key: u64) -> &[Entry] {
        let start = self.entries.partition_point(|entry| entry.key < key);
        let end = start + self.entries[start..].partition_point(|entry| entry.key == key);
        &self.entries[start..end]
    }

    /// The legal book moves of `pos` with a weight above zero, heaviest first. Entries
    /// whose move is not legal here (a key collision or a broken book) are left out.
    pub fn moves(&self, pos: &Chess) -> Vec<BookMove> {
        let key = polyglot_key(pos);
        let legal = pos.legal_moves();
        let mut moves: Vec<BookMove> = Vec::new();
        for entry in self.entries_of(key).iter().filter(|entry| entry.weight > 0) {
            if let Some(&m) = legal.iter().find(|&&m| polyglot::is_move(entry.mv, m))
                && !moves.iter().any(|known| known.m == m)
            {
                moves.push(BookMove { m, weight: entry.weight });
            }
        }
        moves.sort_by_key(|book_move| std::cmp::Reverse(book_move.weight));
        moves
    }

    /// A book move for `pos`: the heaviest when `best`, otherwise one drawn with chances
    /// in proportion to the weights. Also returns the total weight of the position.
    pub fn choose(&self, pos: &Chess, best: bool, rng: &mut impl Rng) -> Option<(BookMove, u32)> {
        let moves = self.moves(pos);
        let total: u32 = moves.iter().map(|m| u32::from(m.weight)).sum();
        let chosen = if best { moves.first().copied() } else { weighted_choice(&moves, total, rng) };
        chosen.map(|m| (m, total))
    }
}

/// Draws a move with chances in proportion to the weights.
fn weighted_choice(moves: &[BookMove], total: u32, rng: &mut impl Rng) -> Option<BookMove> {
    if total == 0 {
        return None;
    }
    let mut ticket = rng.random_range(0..total);
    for &book_move in moves {
        let weight = u32::from(book_move.weight);
        if ticket < weight {
            return Some(book_move);
        }
        ticket -= weight;
    }
    None
}

/// The polyglot key of a position: shakmaty's `Zobrist64` with the en passant square
/// counted as the polyglot specification does, whenever a pawn could capture there (the
/// engine's own key counts it only when that capture is legal).
pub fn polyglot_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(shakmaty::EnPassantMode::PseudoLegal).0
}

/// The game ply of a position, from its move number and side to move.
pub fn game_ply(pos: &Chess) -> u32 {
    (pos.fullmoves().get() - 1) * 2 + u32::from(pos.turn().is_black())
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    fn entry(pos: &Chess, uci: &str, weight: u16) -> Entry {
        let m = uci.parse::<shakmaty::uci::UciMove>().expect("uci").to_move(pos).expect("legal");
        Entry { key: polyglot_key(pos), mv: polyglot::encode_move(m), weight, learn: 0 }
    }

    fn start_book() -> (Chess, Book) {
        let start = Chess::default();
        let entries = vec![entry(&start, "e2e4", 60), entry(&start, "d2d4", 30), entry(&start, "c2c4", 10)];
        let book = Book::from_bytes(&polyglot::write_entries(entries)).expect("a valid book");
        (start, book)
    }

    #[test]
    fn probing_finds_the_legal_moves_heaviest_first() {
        let (start, book) = start_book();
        let moves: Vec<(String, u16)> = book.moves(&start).iter().map(|m| (m.m.to_string(), m.weight)).collect();
        assert_eq!(moves.len(), 3);
        assert_eq!(moves.iter().map(|m| m.1).collect::<Vec<_>>(), [60, 30, 10]);
        assert_eq!(book.positions(), 1);
        let after_e4 = start.clone().play(book.moves(&start)[0].m).expect("legal");
        assert!(book.moves(&after_e4).is_empty());
    }

    #[test]
    fn best_move_is_always_the_heaviest() {
        let (start, book) = start_book();
        let mut rng = StdRng::seed_from_u64(1);
        for _ in 0..100 {
            let (chosen, total) = book.choose(&start, true, &mut rng).expect("a move");
            assert_eq!((chosen.weight, total), (60, 100));
        }
    }

    #[test]
    fn weighted_choice_follows_the_weights() {
        let (start, book) = start_book();
        let mut rng = StdRng::seed_from_u64(7);
        let mut counts = [0u32; 3];
        let draws = 20_000;
        for _ in 0..draws {
            let (chosen, _) = book.choose(&start, false, &mut rng).expect("a move");
            counts[[60, 30, 10].iter().position(|&w| w == chosen.weight).expect("a book weight")] += 1;
        }
        // Each share within 1.5 percentage points of its weight (about 5 standard errors).
        for (count, expected) in counts.iter().zip([0.6, 0.3, 0.1]) {
            let share = f64::from(*count) / f64::from(draws);
            assert!((share - expected).abs() < 0.015, "{counts:?}");
        }
    }

    #[test]
    fn broken_books_are_refused() {
        assert_eq!(Book::from_bytes(&[]).err(), Some(BookError::Empty));
        assert_eq!(Book::from_bytes(&[0; 17]).err(), Some(BookError::Size(17)));
        let high = Entry { key: 9, mv: 1, weight: 1, learn: 0 }.to_bytes();
        let low = Entry { key: 2, mv: 1, weight: 1, learn: 0 }.to_bytes();
        let unsorted: Vec<u8> = high.iter().chain(low.iter()).copied().collect();
        assert_eq!(Book::from_bytes(&unsorted).err(), Some(BookError::Unsorted(1)));
        assert!(matches!(Book::from_file("/no/such/book.bin"), Err(BookError::Read(_))));
    }

    #[test]
    fn the_shipped_book_loads() {
        let book = Book::shipped().expect("the shipped book is valid");
        assert!(!book.moves(&Chess::default()).is_empty());
    }

    fn after(fen: &str, moves: &[&str]) -> Chess {
        let fen: shakmaty::fen::Fen = fen.parse().expect("FEN");
        let mut pos: Chess = fen.into_position(shakmaty::CastlingMode::Standard).expect("legal");
        for uci in moves {
            let m = uci.parse::<shakmaty::uci::UciMove>().expect("uci").to_move(&pos).expect("legal");
            pos.play_unchecked(m);
        }
        pos
    }

    /// The reference keys of the polyglot specification, en passant cases included, and a
    /// pinned pawn: polyglot counts the en passant square although the capture is illegal
    /// (the key python-chess's `chess.polyglot.zobrist_hash` gives).
    #[test]
    fn keys_match_the_polyglot_reference() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        for (moves, expected) in polyglot::REFERENCE_KEYS {
            assert_eq!(polyglot_key(&after(start, moves)), *expected, "{moves:?}");
        }
        let pinned = "4k3/2p5/8/KP5r/8/8/8/8 b - - 0 1";
        assert_eq!(polyglot_key(&after(pinned, &["c7c5"])), 0x35166a62c9d2edc7);
    }

    #[test]
    fn game_ply_counts_both_sides() {
        assert_eq!(game_ply(&Chess::default()), 0);
        let fen: shakmaty::fen::Fen =
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".parse().expect("FEN");
        let pos: Chess = fen.into_position(shakmaty::CastlingMode::Standard).expect("legal");
        assert_eq!(game_ply(&pos), 2);
        let fen: shakmaty::fen::Fen = "8/8/8/8/8/8/8/K1k5 b - - 0 40".parse().expect("FEN");
        let pos: Chess = fen.into_position(shakmaty::CastlingMode::Standard).expect("legal");
        assert_eq!(game_ply(&pos), 79);
    }
}
