//! Endgame knowledge the sum of terms lacks: material that cannot win is scaled toward a
//! draw (a lone minor piece, two knights, a rook against a minor piece, the bishop of the
//! wrong colour for a rook pawn, opposite-coloured bishops), and a side with only its king
//! left is driven to the edge (to a corner of the bishop's colour against bishop and
//! knight) by its opponent's king, which the search alone does not see far enough to do.

use shakmaty::{Bitboard, Board, Color, File, Rank, Role, Square};

/// King, bishop and knight against king before the lone king's place is counted: about
/// what the terms give it.
const BISHOP_AND_KNIGHT_WIN: i32 = 800;

/// The full scale: the evaluation as the terms give it.
pub const SCALE_FULL: i32 = 64;
/// A rook (or more) against a minor piece, no pawns for the stronger side: mostly drawn.
const SCALE_ROOK_VS_MINOR: i32 = 4;
/// A minor piece up, no pawns for the stronger side, more than a minor piece beside it.
const SCALE_MINOR_UP: i32 = 14;
/// Opposite-coloured bishops and pawns only.
const SCALE_OPPOSITE_BISHOPS: i32 = 32;

/// Driving a lone king: per step its king is from the centre (or the right corner)...
const MOP_UP_EDGE: i32 = 20;
/// ... per step toward a right corner against bishop and knight (below) ...
const MOP_UP_CORNER: i32 = 60;
/// ... and per step the kings are closer together.
const MOP_UP_KINGS: i32 = 8;

/// Whether any of this knowledge can apply: not while both sides have pawns and a piece
/// beside them and a knight, rook or queen is on the board (most positions of a game).
#[inline]
pub fn may_apply(board: &Board) -> bool {
    let has_pawns_and_a_piece = |color: Color| {
        let ours = board.by_color(color);
        (ours & board.pawns()).any() && (ours & !board.pawns() & !board.kings()).any()
    };
    !(has_pawns_and_a_piece(Color::White)
        && has_pawns_and_a_piece(Color::Black)
        && (board.knights() | board.rooks() | board.queens()).any())
}

/// The share of the evaluation (out of `SCALE_FULL`) that stands when `strong` is the side
/// ahead.
#[inline]
pub fn scale(board: &Board, strong: Color) -> i32 {
    let weak = !strong;
    let count = |color: Color, role: Role| (board.by_role(role) & board.by_color(color)).count() as i32;
    if (board.pawns() & board.by_color(strong)).is_empty() {
        let knights = count(strong, Role::Knight);
        let bishops = count(strong, Role::Bishop);
        let major = count(strong, Role::Rook) + count(strong, Role::Queen) > 0;
        // A lone minor piece or two knights cannot force mate.
        if !major && (knights + bishops <= 1 || (bishops == 0 && knights == 2)) {
            return 0;
        }
        let (ours, theirs) = (piece_material(board, strong), piece_material(board, weak));
        if ours - theirs <= MINOR {
            return if theirs <= MINOR { SCALE_ROOK_VS_MINOR } else { SCALE_MINOR_UP };
        }
        return SCALE_FULL;
    }
    if wrong_rook_pawn(board, strong) {
        return 0;
    }
    let bishops = board.bishops();
    if (board.knights() | board.rooks() | board.queens()).is_empty()
        && (bishops & board.by_color(strong)).count() == 1
        && (bishops & board.by_color(weak)).count() == 1
        && (bishops & Bitboard::LIGHT_SQUARES).count() == 1
    {
        return SCALE_OPPOSITE_BISHOPS;
    }
    SCALE_FULL
}

/// A bishop and pawns on one rook file against a bare king that holds the corner the
/// bishop cannot cover: a draw.
fn wrong_rook_pawn(board: &Board, strong: Color) -> bool {
    let ours = board.by_color(strong);
    let pawns = board.pawns() & ours;
    let bishops = board.bishops() & ours;
    let only_bishop_and_pawns = (ours & !board.kings()) == (pawns | bishops) && bishops.count() == 1;
    let weak_bare = (board.by_color(!strong) & !board.kings()).is_empty();
    if !only_bishop_and_pawns || !weak_bare {
        return false;
    }
    let file = if pawns.is_subset(Bitboard::from(File::A)) {
        File::A
    } else if pawns.is_subset(Bitboard::from(File::H)) {
        File::H
    } else {
        return false;
    };
    let rank = if strong == Color::White { Rank::Eighth } else { Rank::First };
    let promotion = Square::from_coords(file, rank);
    let bishop_is_light = (bishops & Bitboard::LIGHT_SQUARES).any();
    let (Some(king), true) = (board.king_of(!strong), bishop_is_light != promotion.is_light()) else { return false };
    king.distance(promotion) <= 1
}

/// A minor piece, in the coarse values of [`piece_material`].
const MINOR: i32 = 3;

/// The pieces of `color` other than pawns and king, in pawns (3, 3, 5, 9).
fn piece_material(board: &Board, color: Color) -> i32 {
    let ours = board.by_color(color);
    3 * (board.knights() & ours).count() as i32
        + 3 * (board.bishops() & ours).count() as i32
        + 5 * (board.rooks() & ours).count() as i32
        + 9 * (board.queens() & ours).count() as i32
}

/// From White's point of view: a bonus for the side whose opponent has only its king left
/// (and who has no pawns, which win by promoting, and can mate), for pushing that king to
/// the edge and closing in with its own.
#[inline]
pub fn mop_up(board: &Board) -> i32 {
    let Some((strong, winner, loser)) = lone_king(board) else { return 0 };
    if is_bishop_and_knight(board, strong) {
        return 0;
    }
    let bonus = MOP_UP_EDGE * centre_distance(loser) + MOP_UP_KINGS * (7 - winner.distance(loser) as i32);
    if strong == Color::White { bonus } else { -bonus }
}

/// From White's point of view, the whole evaluation of king, bishop and knight against a
/// king, where the sum of terms (which likes centralised pieces) only gets in the way:
/// a won ending, better the nearer the lone king is to a corner of the bishop's colour
/// (the only corners it can be mated in) and the nearer the kings are.
#[inline]
pub fn bishop_and_knight_mate(board: &Board) -> Option<i32> {
    let (strong, winner, loser) = lone_king(board)?;
    if !is_bishop_and_knight(board, strong) {
        return None;
    }
    // Steps from the long diagonal of the other colour: 7 in the right corners, 0 in the
    // wrong ones and in the centre, growing along the edges from a wrong corner to a right one.
    let (file, rank) = (loser.file() as i32, loser.rank() as i32);
    let light = (board.bishops() & Bitboard::LIGHT_SQUARES).any();
    let corner = if light { (file - rank).abs() } else { (7 - file - rank).abs() };
    let score = BISHOP_AND_KNIGHT_WIN + MOP_UP_CORNER * corner + MOP_UP_KINGS * (7 - winner.distance(loser) as i32);
    Some(if strong == Color::White { score } else { -score })
}

/// Whether one side has a lone king and the other enough to mate it, without pawns.
#[inline]
pub fn is_lone_king(board: &Board) -> bool {
    lone_king(board).is_some()
}

/// The side with more than its king, its king and the lone king, when the other side has
/// only its king and this one has no pawns and enough to mate.
fn lone_king(board: &Board) -> Option<(Color, Square, Square)> {
    // The network's every evaluation asks (`is_lone_king`): the bare side is tested
    // first, one bitboard test that settles nearly every position.
    Color::ALL.into_iter().find_map(|strong| {
        let bare = (board.by_color(!strong) & !board.kings()).is_empty();
        let can_mate = || (board.pawns() & board.by_color(strong)).is_empty() && scale(board, strong) == SCALE_FULL;
        if !bare || !can_mate() {
            return None;
        }
        Some((strong, board.king_of(strong)?, board.king_of(!strong)?))
    })
}

/// Whether `color` has exactly a bishop and a knight beside its king.
fn is_bishop_and_knight(board: &Board, color: Color) -> bool {
    let ours = board.by_color(color);
    ours.count() == 3 && (board.bishops() & ours).count() == 1 && (board.knights() & ours).count() == 1
}

/// Steps from the centre, files and ranks added: 0 on d4, d5, e4 and e5, 6 in a corner.
fn centre_distance(square: Square) -> i32 {
    let from_centre = |coordinate: u32| if coordinate < 4 { 3 - coordinate } else { coordinate - 4 };
    (from_centre(square.file() as u32) + from_centre(square.rank() as u32)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::START_FEN;
    use crate::position::tests::for_random_positions;
    use shakmaty::Position as _;
    use shakmaty::fen::Fen;

    fn board(fen: &str) -> Board {
        let fen: Fen = fen.parse().expect("valid FEN");
        fen.into_setup().board
    }

    #[test]
    fn knowledge_that_may_not_apply_does_not() {
        let (mut skipped, mut applied) = (0, 0);
        for_random_positions(&[START_FEN], 200, 300, |pos| {
            let board = pos.chess().board();
            if may_apply(board) {
                applied += 1;
                return;
            }
            skipped += 1;
            for color in Color::ALL {
                assert_eq!(scale(board, color), SCALE_FULL, "{}", pos.fen());
            }
            assert_eq!(mop_up(board), 0, "{}", pos.fen());
            assert_eq!(bishop_and_knight_mate(board), None, "{}", pos.fen());
        });
        assert!(skipped > 1000 && applied > 1000, "skipped {skipped}, applied {applied}");
    }

    #[test]
    fn scales_follow_the_material() {
        let cases = [
            ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", SCALE_FULL, "rook"),
            ("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", 0, "bishop"),
            ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", 0, "two knights"),
            ("4k3/8/8/8/8/8/8/1BN1K3 w - - 0 1", SCALE_FULL, "bishop and knight"),
            ("3bk3/8/8/8/8/8/8/R3K3 w - - 0 1", SCALE_ROOK_VS_MINOR, "rook against bishop"),
            ("3rk3/8/8/8/8/8/8/R2BK3 w - - 0 1", SCALE_MINOR_UP, "rook and bishop against rook"),
            ("4k3/8/8/8/8/8/P7/2B1K3 w - - 0 1", SCALE_FULL, "rook pawn, king far from the corner"),
            ("k7/8/8/8/8/8/P7/2B1K3 w - - 0 1", 0, "rook pawn, wrong bishop, king in the corner"),
            ("k7/8/8/8/8/8/P7/3BK3 w - - 0 1", SCALE_FULL, "rook pawn, right bishop"),
            ("4k3/3b4/8/8/8/8/P7/2B1K3 w - - 0 1", SCALE_OPPOSITE_BISHOPS, "opposite bishops"),
            ("4k3/4b3/8/8/8/8/P7/2B1K3 w - - 0 1", SCALE_FULL, "bishops of one colour"),
        ];
        for (fen, expected, what) in cases {
            assert_eq!(scale(&board(fen), Color::White), expected, "{what}: {fen}");
        }
    }

    #[test]
    fn only_a_side_that_can_mate_drives_the_lone_king() {
        assert_eq!(mop_up(&board("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")), 0);
        assert_eq!(mop_up(&board("4k3/8/8/8/8/8/P7/R3K3 w - - 0 1")), 0, "pawns win by promoting");
        let corner = mop_up(&board("k7/8/2K5/8/8/8/8/7R w - - 0 1"));
        let centre = mop_up(&board("8/8/2K5/3k4/8/8/8/7R w - - 0 1"));
        assert!(corner > centre && centre > 0, "{corner} {centre}");
        assert_eq!(mop_up(&board("7r/8/8/8/3K4/8/2k5/8 w - - 0 1")), -mop_up(&board("8/2K5/8/3k4/8/8/8/7R w - - 0 1")));
    }

    #[test]
    fn bishop_and_knight_drive_the_king_to_the_bishop_s_corner() {
        // Light-squared bishop (b1): a8 and h1 are the corners to mate in.
        let score = |fen| bishop_and_knight_mate(&board(fen)).expect("bishop and knight");
        let right = score("k7/8/2K5/8/8/8/8/1BN5 w - - 0 1");
        let wrong = score("7k/8/5K2/8/8/8/8/1BN5 w - - 0 1");
        assert!(right > wrong + 300, "{right} {wrong}");
        assert!(bishop_and_knight_mate(&board("k7/8/2K5/8/8/8/P7/1BN5 w - - 0 1")).is_none());
    }
}
