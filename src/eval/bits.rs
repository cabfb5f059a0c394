//! Square sets the evaluation terms share, as plain `u64` masks (bit 0 = a1).

use shakmaty::{Color, Square};

pub const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// One bit for `square`.
#[inline]
pub fn bit(square: Square) -> u64 {
    1 << usize::from(square)
}

/// The file of `square`.
#[inline]
pub fn file_of(square: Square) -> u64 {
    FILE_A << (usize::from(square) & 7)
}

/// The files beside that of `square`.
#[inline]
pub fn adjacent_files(square: Square) -> u64 {
    let file = file_of(square);
    ((file << 1) & !FILE_A) | ((file >> 1) & !FILE_H)
}

/// The rank of `square` as `color` sees it: 0 is its first rank.
#[inline]
pub fn relative_rank(color: Color, square: Square) -> usize {
    let rank = usize::from(square) / 8;
    if color == Color::White { rank } else { 7 - rank }
}

/// Ranks `low..high` (clamped to the board), whole.
#[inline]
fn ranks(low: isize, high: isize) -> u64 {
    let below = |rank: isize| match rank {
        ..=0 => 0,
        8.. => !0,
        _ => (1u64 << (8 * rank)) - 1,
    };
    below(high) & !below(low)
}

/// The next `count` ranks in front of `square`, as `color` moves.
#[inline]
pub fn ranks_ahead(color: Color, square: Square, count: isize) -> u64 {
    let rank = (usize::from(square) / 8) as isize;
    match color {
        Color::White => ranks(rank + 1, rank + 1 + count),
        Color::Black => ranks(rank - count, rank),
    }
}

/// Every rank in front of `square`, as `color` moves.
#[inline]
pub fn all_ahead(color: Color, square: Square) -> u64 {
    ranks_ahead(color, square, 8)
}

/// The rank of `square`, whole.
#[inline]
pub fn rank_of(square: Square) -> u64 {
    0xFF << (usize::from(square) & !7)
}

/// The squares of the dark colour (a1 is dark), as shakmaty has them.
pub const DARK_SQUARES: u64 = shakmaty::Bitboard::DARK_SQUARES.0;

/// Each of `squares` moved one rank forward, as `color` moves (off the board: gone).
#[inline]
pub fn forward(color: Color, squares: u64) -> u64 {
    match color {
        Color::White => squares << 8,
        Color::Black => squares >> 8,
    }
}

/// The squares that `color`'s `pawns` attack.
#[inline]
pub fn pawn_attacks(color: Color, pawns: u64) -> u64 {
    match color {
        Color::White => ((pawns << 7) & !FILE_H) | ((pawns << 9) & !FILE_A),
        Color::Black => ((pawns >> 9) & !FILE_H) | ((pawns >> 7) & !FILE_A),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::attacks;

    #[test]
    fn masks_match_the_board() {
        assert_eq!(file_of(Square::C5), 0x0404_0404_0404_0404);
        assert_eq!(adjacent_files(Square::A3), FILE_A << 1);
        assert_eq!(adjacent_files(Square::H3), FILE_A << 6);
        assert_eq!(ranks_ahead(Color::White, Square::E2, 2), 0xFFFF << 16);
        assert_eq!(ranks_ahead(Color::White, Square::E7, 2), 0xFF << 56);
        assert_eq!(ranks_ahead(Color::White, Square::E8, 2), 0);
        assert_eq!(ranks_ahead(Color::Black, Square::E7, 2), 0xFFFF << 32);
        assert_eq!(ranks_ahead(Color::Black, Square::E2, 2), 0xFF);
        assert_eq!(all_ahead(Color::Black, Square::E1), 0);
        assert_eq!(rank_of(Square::D4), 0xFF << 24);
        assert_eq!(relative_rank(Color::Black, Square::D7), 1);
        assert!(DARK_SQUARES & bit(Square::A1) != 0 && DARK_SQUARES & bit(Square::H1) == 0);
        assert_eq!(forward(Color::White, bit(Square::E2) | bit(Square::A8)), bit(Square::E3));
        assert_eq!(forward(Color::Black, bit(Square::E2) | bit(Square::A1)), bit(Square::E1));
        for color in Color::ALL {
            for square in Square::ALL {
                assert_eq!(pawn_attacks(color, bit(square)), attacks::pawn_attacks(color, square).0, "{square}");
            }
        }
    }
}
