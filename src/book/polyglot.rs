//! The polyglot book format: 16-byte big-endian entries (key, move, weight, learn), sorted
//! by key. A move is `to | from << 6 | promotion << 12` with squares numbered a1 = 0 to
//! h8 = 63; castling is written as the king taking its own rook (`e1h1`).

use shakmaty::{Move, Role, Square};

pub const ENTRY_BYTES: usize = 16;

/// One book entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    pub mv: u16,
    pub weight: u16,
    pub learn: u32,
}

impl Entry {
    pub fn from_bytes(bytes: &[u8; ENTRY_BYTES]) -> Entry {
        let [k0, k1, k2, k3, k4, k5, k6, k7, m0, m1, w0, w1, l0, l1, l2, l3] = *bytes;
        Entry {
            key: u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
            mv: u16::from_be_bytes([m0, m1]),
            weight: u16::from_be_bytes([w0, w1]),
            learn: u32::from_be_bytes([l0, l1, l2, l3]),
        }
    }

    pub fn to_bytes(self) -> [u8; ENTRY_BYTES] {
        let mut bytes = [0; ENTRY_BYTES];
        bytes[..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.mv.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }
}

/// The polyglot code of a move; castling as the king taking its rook.
pub fn encode_move(m: Move) -> u16 {
    let (from, to) = match m {
        Move::Castle { king, rook } => (king, rook),
        _ => (m.from().unwrap_or(m.to()), m.to()),
    };
    let promotion = match m.promotion() {
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(Role::Queen) => 4,
        _ => 0,
    };
    u16::from(to) | u16::from(from) << 6 | promotion << 12
}

/// Whether the polyglot code `code` is the move `m`.
pub fn is_move(code: u16, m: Move) -> bool {
    encode_move(m) == code & 0x7fff
}

/// `e2e4`, `e1h1`, `a7a8q`: the code as the polyglot tools print it.
pub fn code_text(code: u16) -> String {
    let square = |bits: u16| Square::new(u32::from(bits & 63));
    let promotion = ["", "n", "b", "r", "q", "?", "?", "?"][usize::from(code >> 12 & 7)];
    format!("{}{}{promotion}", square(code >> 6), square(code))
}

/// The bytes of a book with these entries, sorted as the format requires.
pub fn write_entries(mut entries: Vec<Entry>) -> Vec<u8> {
    entries.sort_by(|a, b| a.key.cmp(&b.key).then(b.weight.cmp(&a.weight)).then(a.mv.cmp(&b.mv)));
    entries.iter().flat_map(|entry| entry.to_bytes()).collect()
}

/// The reference keys of the polyglot book format specification: moves from the start
/// position and the key after them. The engine's own keys (`position.rs`) and the book's
/// are both tested against them.
#[cfg(test)]
pub(crate) const REFERENCE_KEYS: &[(&[&str], u64)] = &[
    (&[], 0x463b96181691fc9c),
    (&["e2e4"], 0x823c9b50fd114196),
    (&["e2e4", "d7d5"], 0x0756b94461c50fb0),
    (&["e2e4", "d7d5", "e4e5"], 0x662fafb965db29d4),
    (&["e2e4", "d7d5", "e4e5", "f7f5"], 0x22a48b5a8e47ff78),
    (&["e2e4", "d7d5", "e4e5", "f7f5", "e1e2"], 0x652a607ca3f242c1),
    (&["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"], 0x00fdd303c946bdd9),
    (&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4"], 0x3c8123ea7b067637),
    (&["a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"], 0x5c3f9b829b279560),
];

#[cfg(test)]
mod tests {
    use shakmaty::{Chess, Position as _};

    use super::*;
    use crate::testing::chess;

    fn find(pos: &Chess, code: u16) -> Option<Move> {
        pos.legal_moves().into_iter().find(|&m| is_move(code, m))
    }

    #[test]
    fn entries_round_trip_big_endian() {
        let entry = Entry { key: 0x463b96181691fc9c, mv: 0x031c, weight: 7, learn: 0x01020304 };
        let bytes = entry.to_bytes();
        assert_eq!(bytes[..8], [0x46, 0x3b, 0x96, 0x18, 0x16, 0x91, 0xfc, 0x9c]);
        assert_eq!(bytes[8..], [0x03, 0x1c, 0x00, 0x07, 0x01, 0x02, 0x03, 0x04]);
        assert_eq!(Entry::from_bytes(&bytes), entry);
    }

    #[test]
    fn moves_castling_and_promotions_decode() {
        let start = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        // e2e4: to e4 = 28, from e2 = 12.
        let e4 = find(&start, 28 | 12 << 6).expect("e2e4");
        assert_eq!((e4.from(), e4.to()), (Some(Square::E2), Square::E4));
        assert_eq!(code_text(28 | 12 << 6), "e2e4");
        assert_eq!(find(&start, 36 | 12 << 6), None, "e2e5 is not a move");

        let castles = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for (text, code) in [("e1h1", 7 | 4 << 6), ("e1a1", 4 << 6)] {
            let m = find(&castles, code).unwrap_or_else(|| panic!("{text}"));
            assert!(m.is_castle(), "{text}");
            assert_eq!(code_text(code), text);
        }
        let black = chess("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        assert!(find(&black, 63 | 60 << 6).is_some_and(|m| m.is_castle()), "e8h8");
        assert!(find(&black, 56 | 60 << 6).is_some_and(|m| m.is_castle()), "e8a8");

        let promotion = chess("8/P6k/8/8/8/8/8/K7 w - - 0 1");
        for (role, bits) in [(Role::Knight, 1), (Role::Bishop, 2), (Role::Rook, 3), (Role::Queen, 4)] {
            let code = 56 | 48 << 6 | bits << 12;
            assert_eq!(find(&promotion, code).and_then(|m| m.promotion()), Some(role));
        }
        assert_eq!(code_text(56 | 48 << 6 | 4 << 12), "a7a8q");
    }

    #[test]
    fn written_books_are_sorted_by_key() {
        let entry = |key, weight| Entry { key, mv: 1, weight, learn: 0 };
        let bytes = write_entries(vec![entry(9, 1), entry(2, 1), entry(9, 5)]);
        let keys: Vec<(u64, u16)> = bytes
            .chunks_exact(ENTRY_BYTES)
            .map(|chunk| {
                let entry = Entry::from_bytes(chunk.try_into().expect("16 bytes"));
                (entry.key, entry.weight)
            })
            .collect();
        assert_eq!(keys, [(2, 1), (9, 5), (9, 1)]);
    }
}
