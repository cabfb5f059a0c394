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
        PackedMove::with_noisiness(m).0
    }

    /// The move's code and whether it is noisy (a capture or a promotion, as
    /// `movegen::is_noisy`), from one match on the move: the move picker asks both of
    /// every move, and a match on a move costs more than the arithmetic.
    #[inline]
    pub fn with_noisiness(m: Move) -> (PackedMove, bool) {
        let (from, to, promotion, noisy) = match m {
            Move::Normal { from, to, capture, promotion, .. } => {
                (from, to, promotion, capture.is_some() || promotion.is_some())
            }
            Move::EnPassant { from, to } => (from, to, None, true),
            Move::Castle { king, rook } => (king, rook, None, false),
            Move::Put { .. } => return (PackedMove::NONE, false),
        };
        let promotion = promotion.map_or(0, |role| role as u16);
        (PackedMove(u16::from(from) | (u16::from(to) << 6) | (promotion << 12)), noisy)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::is_noisy;
    use crate::position::Position;
    use shakmaty::CastlingMode;

    #[test]
    fn noisiness_is_movegens_and_every_legal_move_has_its_own_code() {
        // Castling both ways, en passant, promotions with and without a capture.
        let fens = [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        ];
        let mut kinds = [0; 2];
        for fen in fens {
            let (pos, _) = Position::from_fen(fen, CastlingMode::Standard).expect("valid FEN");
            let moves = pos.legal_moves();
            let mut codes: Vec<PackedMove> = moves.iter().map(|&m| PackedMove::new(m)).collect();
            for &m in &moves {
                let (code, noisy) = PackedMove::with_noisiness(m);
                assert_eq!(noisy, is_noisy(m), "{m:?}");
                assert_eq!(code, PackedMove::new(m));
                assert!(code.is(m) && !code.is_none());
                kinds[usize::from(noisy)] += 1;
            }
            codes.sort_by_key(|code| code.bits());
            codes.dedup();
            assert_eq!(codes.len(), moves.len(), "{fen}");
        }
        assert!(kinds[0] > 20 && kinds[1] >= 8, "{kinds:?}");
    }
}
