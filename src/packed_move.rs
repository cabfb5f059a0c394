//! A move in 16 bits, as the transposition table stores it and move ordering compares it.

use shakmaty::Move;

/// A move in 16 bits: from square, to square, promotion role. Castling is stored as king
/// takes rook, so every legal move of a position has its own code. 0 means no move.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PackedMove(u16);

impl PackedMove {
    pub const NONE: PackedMove = PackedMove(0);

    #[inline]
    pub fn new(m: Move) -> PackedMove {
        let (from, to, promotion) = match m {
            Move::Normal { from, to, promotion, .. } => (from, to, promotion),
            Move::EnPassant { from, to } => (from, to, None),
            Move::Castle { king, rook } => (king, rook, None),
            Move::Put { .. } => return PackedMove::NONE,
        };
        let promotion = promotion.map_or(0, |role| role as u16);
        PackedMove(u16::from(from) | (u16::from(to) << 6) | (promotion << 12))
    }

    /// The code as the table stores it.
    pub(crate) const fn from_bits(bits: u16) -> PackedMove {
        PackedMove(bits)
    }

    pub(crate) const fn bits(self) -> u16 {
        self.0
    }

    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The from and to square indices (castling: king and rook).
    #[inline]
    pub fn squares(self) -> (usize, usize) {
        (usize::from(self.0 & 63), usize::from((self.0 >> 6) & 63))
    }

    /// Whether `m` is the move this code stands for.
    #[inline]
    pub fn is(self, m: Move) -> bool {
        !self.is_none() && PackedMove::new(m) == self
    }
}

/// The move with this code among `moves`, if any: the only way a table move is played.
pub fn find_move(moves: &[Move], code: PackedMove) -> Option<Move> {
    moves.iter().copied().find(|&m| code.is(m))
}
