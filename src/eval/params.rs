//! Where each weight of the evaluation lives in `WEIGHTS`. The evaluation (`terms.rs`)
//! and the tuner reach every weight through these indices, so each is declared once, in
//! `weights.rs`, which `bramble tune` writes.

use shakmaty::Color;

/// Material, by role: pawn, knight, bishop, rook, queen, king.
pub const MATERIAL: usize = 0;
/// Piece-square bonuses, 64 per role, each table rank 8 first as White sees the board.
pub const PIECE_SQUARE: usize = MATERIAL + 6;
/// The number of weights.
pub const COUNT: usize = PIECE_SQUARE + 6 * 64;

const ROLE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// The weight of a piece of `role_index` (pawn = 0) and `color` on `square` (a1 = 0):
/// White reads its square mirrored (a1 is entry 56, the table's bottom left), Black its
/// own, so both read the table from their side of the board.
#[inline]
pub fn piece_square(role_index: usize, square: usize, color: Color) -> usize {
    let relative = if color == Color::White { square ^ 56 } else { square };
    PIECE_SQUARE + 64 * role_index + relative
}

/// Groups of weights, as the `eval` command shows them; `group as usize` is its place
/// in `Group::ALL`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Group {
    Material,
    PieceSquare,
}

impl Group {
    pub const ALL: [Group; 2] = [Group::Material, Group::PieceSquare];

    pub fn name(self) -> &'static str {
        match self {
            Group::Material => "Material",
            Group::PieceSquare => "Piece-square",
        }
    }

    /// The group of weight `index`.
    pub fn of(index: usize) -> Group {
        if index < PIECE_SQUARE { Group::Material } else { Group::PieceSquare }
    }
}

/// How `weights.rs` lays out weight `index`: the comment line that starts a section
/// there, if any, and the number of weights per line of its section.
pub fn layout(index: usize) -> (Option<String>, usize) {
    if index == MATERIAL {
        return (Some(format!("Material: {}", ROLE_NAMES.join(", "))), 6);
    }
    let offset = index - PIECE_SQUARE;
    let label = offset
        .is_multiple_of(64)
        .then(|| format!("Piece-square, {}: rank 8 first, as White sees the board", ROLE_NAMES[offset / 64]));
    (label, 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_index_has_one_place() {
        assert_eq!(piece_square(0, 0, Color::White), PIECE_SQUARE + 56);
        assert_eq!(piece_square(0, 0, Color::Black), PIECE_SQUARE);
        assert_eq!(piece_square(5, 63, Color::White), PIECE_SQUARE + 5 * 64 + 7);
        assert_eq!(piece_square(5, 63, Color::Black), COUNT - 1);
        assert_eq!(Group::of(MATERIAL + 5), Group::Material);
        assert_eq!(Group::of(PIECE_SQUARE), Group::PieceSquare);
        assert!(Group::ALL.iter().enumerate().all(|(place, &group)| group as usize == place));
        let labels = (0..COUNT).filter(|&i| layout(i).0.is_some()).count();
        assert_eq!(labels, 1 + 6);
    }
}
