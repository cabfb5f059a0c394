//! What the pieces do: mobility, the bishop pair, rooks on files and on the seventh,
//! outposts, minor pieces behind pawns, bishops' own pawns, knights' and rooks' own pawns,
//! attacks on the enemy king's zone and their number, weak squares at the king, safe
//! checks, king shelter and pawn storms, and threats.

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks};
use shakmaty::{Board, Color, Role, Square};

use super::bits::{
    DARK_SQUARES, FILE_A, adjacent_files, all_ahead, bit, file_of, forward, pawn_attacks, rank_of, ranks_ahead,
    relative_rank,
};
use super::collector::{Attacks, Collector};
use super::params::{
    BISHOP_LONG_DIAGONAL, BISHOP_PAIR, BISHOP_PAWNS, BISHOP_RAMMED_PAWNS, HANGING, KING_ATTACKERS,
    KING_ATTACKERS_NO_QUEEN, KING_DEFENDERS, KING_OPEN_FILE, KING_SHELTER, KING_WEAK_SQUARES, KING_ZONE_ATTACK,
    MINOR_ATTACKED_BY_MINOR, MINOR_ATTACKED_BY_ROOK, MINOR_BEHIND_PAWN, MOBILITY_TABLE, OUTPOST, PAWN_PUSH_THREAT,
    PAWN_SHIELD, PAWN_STORM, PAWN_STORM_BLOCKED, PIECE_OWN_PAWNS, ROOK_HALF_OPEN_FILE, ROOK_ON_SEVENTH, ROOK_OPEN_FILE,
    SAFE_CHECK, THREAT_BY_KING, THREAT_BY_MINOR, THREAT_BY_PAWN, THREAT_BY_ROOK, WEAK_PAWN,
};

const PIECES: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
/// The diagonals a1-h8 and h1-a8.
const LONG_DIAGONALS: u64 = 0x8040_2010_0804_0201 | 0x0102_0408_1020_4080;
/// d4, e4, d5, e5.
const CENTRE: u64 = 0x0000_0018_1800_0000;

/// The pieces' terms; returns what each side attacks.
#[inline]
pub fn collect(board: &Board, out: &mut impl Collector) -> Attacks {
    let occupied = board.occupied();
    let pawns_of = |color: Color| (board.by_role(Role::Pawn) & board.by_color(color)).0;
    let mut attacks = Attacks::default();
    for color in Color::ALL {
        attacks.pawns[color as usize] = pawn_attacks(color, pawns_of(color));
    }

    for color in Color::ALL {
        let us = color as usize;
        let them = !color as usize;
        let safe = !board.by_color(color).0 & !attacks.pawns[them];
        let zone = board.king_of(!color).map_or(0, |king| king_attacks(king).0 | bit(king));
        attacks.all[us] = attacks.pawns[us] | board.king_of(color).map_or(0, |king| king_attacks(king).0);
        let mut attackers = 0;
        for (piece, role) in PIECES.into_iter().enumerate() {
            let mut zone_attacks = 0;
            for square in board.by_role(role) & board.by_color(color) {
                let reach = match role {
                    Role::Knight => knight_attacks(square),
                    Role::Bishop => bishop_attacks(square, occupied),
                    Role::Rook => rook_attacks(square, occupied),
                    _ => queen_attacks(square, occupied),
                }
                .0;
                attacks.all[us] |= reach;
                attacks.pieces[us][piece] |= reach;
                out.add(color, MOBILITY_TABLE[piece] + (reach & safe).count_ones() as usize, 1);
                zone_attacks += (reach & zone).count_ones() as i32;
                attackers += usize::from(reach & zone != 0);
            }
            out.add(color, KING_ZONE_ATTACK + piece, zone_attacks);
        }
        let has_queen = (board.by_role(Role::Queen) & board.by_color(color)).any();
        let attackers_table = if has_queen { KING_ATTACKERS } else { KING_ATTACKERS_NO_QUEEN };
        out.add(color, attackers_table + attackers.min(7), 1);
        piece_placement(board, color, attacks.pawns[us], pawns_of(!color), out);
        king_shelter(board, color, pawns_of(color), pawns_of(!color), out);
    }

    for color in Color::ALL {
        threats(board, color, &attacks, out);
        safe_checks(board, color, &attacks, out);
        king_weak_squares(board, color, &attacks, out);
        pawn_push_threats(board, color, &attacks, out);
    }
    attacks
}

/// The bishop pair, rooks on open files and the seventh rank, minor pieces behind pawns,
/// bishops' own pawns and outposts of `color`.
#[inline]
fn piece_placement(board: &Board, color: Color, guarded: u64, their_pawns: u64, out: &mut impl Collector) {
    let ours = board.by_color(color);
    out.add(color, BISHOP_PAIR, i32::from((board.by_role(Role::Bishop) & ours).more_than_one()));

    let pawns = board.by_role(Role::Pawn).0;
    let our_pawns = pawns & ours.0;
    for square in board.by_role(Role::Rook) & ours {
        let file = file_of(square);
        if pawns & file == 0 {
            out.add(color, ROOK_OPEN_FILE, 1);
        } else if our_pawns & file == 0 {
            out.add(color, ROOK_HALF_OPEN_FILE, 1);
        }
    }

    let pawns_ahead = forward(!color, pawns);
    let minors = (board.by_role(Role::Knight) | board.by_role(Role::Bishop)).0 & ours.0;
    out.add(color, MINOR_BEHIND_PAWN, (minors & pawns_ahead).count_ones() as i32);
    let rammed = our_pawns & forward(!color, pawns & !our_pawns);
    for square in board.by_role(Role::Bishop) & ours {
        let same_colour = if DARK_SQUARES & bit(square) != 0 { DARK_SQUARES } else { !DARK_SQUARES };
        out.add(color, BISHOP_PAWNS, (our_pawns & same_colour).count_ones() as i32);
        out.add(color, BISHOP_RAMMED_PAWNS, (rammed & same_colour).count_ones() as i32);
        // Past the pawns only: a piece in the way moves, a pawn hardly does.
        let centre_seen = bishop_attacks(square, shakmaty::Bitboard(pawns)).0 & CENTRE;
        let long = LONG_DIAGONALS & !CENTRE & bit(square) != 0 && centre_seen.count_ones() > 1;
        out.add(color, BISHOP_LONG_DIAGONAL, i32::from(long));
    }
    let seventh = rank_of(if color == Color::White { Square::A7 } else { Square::A2 });
    out.add(color, ROOK_ON_SEVENTH, (board.by_role(Role::Rook).0 & ours.0 & seventh).count_ones() as i32);
    let own_pawns = our_pawns.count_ones() as i32;
    out.add(color, PIECE_OWN_PAWNS, (board.by_role(Role::Knight) & ours).count() as i32 * own_pawns);
    out.add(color, PIECE_OWN_PAWNS + 1, (board.by_role(Role::Rook) & ours).count() as i32 * own_pawns);

    // An outpost: ranks 4 to 6, guarded by a pawn, and no enemy pawn can ever attack it.
    for (minor, role) in [Role::Knight, Role::Bishop].into_iter().enumerate() {
        for square in board.by_role(role) & ours {
            let outpost = (3..=5).contains(&relative_rank(color, square))
                && guarded & bit(square) != 0
                && their_pawns & adjacent_files(square) & all_ahead(color, square) == 0;
            out.add(color, OUTPOST + minor, i32::from(outpost));
        }
    }
}

/// Pawns in front of `color`'s king, open files beside it, and the shelter and the enemy
/// pawn storm on the three files around it.
#[inline]
fn king_shelter(board: &Board, color: Color, our_pawns: u64, their_pawns: u64, out: &mut impl Collector) {
    let Some(king) = board.king_of(color) else { return };
    let files = file_of(king) | adjacent_files(king);
    out.add(color, PAWN_SHIELD, (our_pawns & files & ranks_ahead(color, king, 2)).count_ones() as i32);
    let zone = king_attacks(king).0 | bit(king);
    let defenders = (board.by_role(Role::Knight) | board.by_role(Role::Bishop) | board.by_role(Role::Pawn)).0
        & board.by_color(color).0
        & zone;
    out.add(color, KING_DEFENDERS + (defenders.count_ones() as usize).min(11), 1);
    let king_file = usize::from(king) & 7;
    let open = (king_file.saturating_sub(1)..=(king_file + 1).min(7))
        .filter(|&file| our_pawns & (FILE_A << file) == 0)
        .count();
    out.add(color, KING_OPEN_FILE, open as i32);

    // Pawns behind the king neither shelter it nor storm it.
    let in_front = rank_of(king) | all_ahead(color, king);
    let middle = king_file.clamp(1, 6);
    for file in middle - 1..=middle + 1 {
        let on_file = FILE_A << file & in_front;
        let our_rank = nearest_rank(color, our_pawns & on_file);
        let their_rank = nearest_rank(color, their_pawns & on_file);
        let edge_distance = file.min(7 - file);
        out.add(color, KING_SHELTER + 8 * edge_distance + our_rank, 1);
        let blocked = our_rank != 0 && our_rank + 1 == their_rank;
        out.add(color, if blocked { PAWN_STORM_BLOCKED } else { PAWN_STORM } + their_rank, 1);
    }
}

/// The relative rank, as `color` sees it, of the square of `pawns` nearest `color`'s
/// first rank; 0 when there is none.
#[inline]
fn nearest_rank(color: Color, pawns: u64) -> usize {
    if pawns == 0 {
        return 0;
    }
    let nearest = match color {
        Color::White => pawns.trailing_zeros(),
        Color::Black => 63 - pawns.leading_zeros(),
    };
    relative_rank(color, Square::new(nearest))
}

/// `color`'s pieces under attack.
#[inline]
fn threats(board: &Board, color: Color, attacks: &Attacks, out: &mut impl Collector) {
    let us = color as usize;
    let them = !color as usize;
    let ours = board.by_color(color).0;
    let of_role = |role: Role| board.by_role(role).0 & ours;
    let minors = of_role(Role::Knight) | of_role(Role::Bishop);
    for (piece, role) in PIECES.into_iter().enumerate() {
        out.add(color, THREAT_BY_PAWN + piece, (of_role(role) & attacks.pawns[them]).count_ones() as i32);
    }
    out.add(color, THREAT_BY_MINOR, (of_role(Role::Rook) & attacks.minors(them)).count_ones() as i32);
    out.add(color, THREAT_BY_MINOR + 1, (of_role(Role::Queen) & attacks.minors(them)).count_ones() as i32);
    out.add(color, THREAT_BY_ROOK, (of_role(Role::Queen) & attacks.pieces[them][2]).count_ones() as i32);
    out.add(color, MINOR_ATTACKED_BY_ROOK, (minors & attacks.pieces[them][2]).count_ones() as i32);
    out.add(color, MINOR_ATTACKED_BY_MINOR, (minors & attacks.minors(them)).count_ones() as i32);
    let undefended = ours & !board.by_role(Role::King).0 & !attacks.all[us];
    let hanging = undefended & !board.by_role(Role::Pawn).0 & attacks.all[them];
    out.add(color, HANGING, hanging.count_ones() as i32);
    let their_king = board.king_of(!color).map_or(0, |king| king_attacks(king).0);
    out.add(color, THREAT_BY_KING, (undefended & their_king).count_ones() as i32);
    let their_men = attacks.pawns[them] | attacks.minors(them) | attacks.pieces[them][2] | attacks.pieces[them][3];
    out.add(color, WEAK_PAWN, (undefended & board.by_role(Role::Pawn).0 & their_men).count_ones() as i32);
}

/// Enemy pieces that a safe push of one of `color`'s pawns would attack: pushes (one
/// square, or two from the second rank) to squares no enemy pawn attacks and that the
/// enemy does not attack unless `color` defends them; pieces a pawn attacks already
/// are not counted.
#[inline]
fn pawn_push_threats(board: &Board, color: Color, attacks: &Attacks, out: &mut impl Collector) {
    let us = color as usize;
    let them = !color as usize;
    let occupied = board.occupied().0;
    let our_pawns = (board.by_role(Role::Pawn) & board.by_color(color)).0;
    let third = rank_of(if color == Color::White { Square::A3 } else { Square::A6 });
    let single = forward(color, our_pawns) & !occupied;
    let pushes = single | (forward(color, single & third) & !occupied);
    let safe = pushes & !attacks.pawns[them] & (attacks.all[us] | !attacks.all[them]);
    let targets = board.by_color(!color).0 & !board.by_role(Role::Pawn).0 & !board.by_role(Role::King).0;
    let threatened = pawn_attacks(color, safe) & targets & !attacks.pawns[us];
    out.add(color, PAWN_PUSH_THREAT, threatened.count_ones() as i32);
}

/// Squares next to the enemy king that `color` attacks and that the enemy guards with
/// nothing but its king or queen.
#[inline]
fn king_weak_squares(board: &Board, color: Color, attacks: &Attacks, out: &mut impl Collector) {
    let Some(king) = board.king_of(!color) else { return };
    let them = !color as usize;
    let guards = attacks.pawns[them] | attacks.pieces[them][0] | attacks.pieces[them][1] | attacks.pieces[them][2];
    let weak = king_attacks(king).0 & attacks.all[color as usize] & !guards;
    out.add(color, KING_WEAK_SQUARES, weak.count_ones() as i32);
}

/// Squares from which `color`'s pieces could give check to the enemy king: those they
/// reach, that hold none of `color`'s pieces and that the enemy does not attack.
#[inline]
fn safe_checks(board: &Board, color: Color, attacks: &Attacks, out: &mut impl Collector) {
    let Some(king) = board.king_of(!color) else { return };
    let occupied = board.occupied();
    let safe = !board.by_color(color).0 & !attacks.all[!color as usize];
    let diagonal = bishop_attacks(king, occupied).0;
    let straight = rook_attacks(king, occupied).0;
    let checks = [knight_attacks(king).0, diagonal, straight, diagonal | straight];
    for (piece, squares) in checks.into_iter().enumerate() {
        let count = (squares & attacks.pieces[color as usize][piece] & safe).count_ones() as i32;
        out.add(color, SAFE_CHECK + piece, count);
    }
}
