//! Pawn structure and passed pawns.

use shakmaty::{Board, Color, Role};

use super::bits::{FILE_A, adjacent_files, all_ahead, bit, file_of, forward, rank_of, relative_rank};
use super::collector::{Attacks, Collector};
use super::params::{
    BACKWARD_PAWN, CANDIDATE_PASSER, DOUBLED_PAWN, ISOLATED_PAWN, KING_PAWN_FILE_DISTANCE, PASSED_ENEMY_KING_DISTANCE,
    PASSED_FREE_PATH, PASSED_OWN_KING_DISTANCE, PASSED_PAWN, PASSED_SAFE_STOP, PHALANX_PAWN, SPACE, SUPPORTED_PAWN,
};

/// The pawns' terms; `attacks` (from the pieces' terms) says which stop squares are safe.
#[inline]
pub fn collect(board: &Board, attacks: &Attacks, out: &mut impl Collector) {
    let occupied = board.occupied().0;
    for color in Color::ALL {
        let ours = (board.by_role(Role::Pawn) & board.by_color(color)).0;
        let theirs = (board.by_role(Role::Pawn) & board.by_color(!color)).0;
        let guarded = attacks.pawns[color as usize];
        for square in board.by_role(Role::Pawn) & board.by_color(color) {
            let file = file_of(square);
            let beside = adjacent_files(square);
            let ahead = all_ahead(color, square);
            out.add(color, DOUBLED_PAWN, i32::from(ours & file & ahead != 0));
            out.add(color, ISOLATED_PAWN, i32::from(ours & beside == 0));
            out.add(color, SUPPORTED_PAWN, i32::from(guarded & bit(square) != 0));
            out.add(color, PHALANX_PAWN, i32::from(ours & beside & rank_of(square) != 0));
            let backward = ours & beside != 0
                && ours & beside & !ahead == 0
                && attacks.pawns[!color as usize] & forward(color, bit(square)) != 0;
            out.add(color, BACKWARD_PAWN, i32::from(backward));

            // Passed: no enemy pawn can stop or take it, and it is the front pawn of its file.
            // A candidate: none ahead on its file, and no more beside it ahead than own
            // pawns beside it level or behind.
            let stoppers = theirs & beside & ahead;
            if ours & file & ahead != 0 || theirs & file & ahead != 0 {
                continue;
            }
            let rank = relative_rank(color, square);
            if stoppers != 0 {
                let helpers = ours & beside & !ahead;
                out.add(color, CANDIDATE_PASSER + rank, i32::from(stoppers.count_ones() <= helpers.count_ones()));
                continue;
            }
            out.add(color, PASSED_PAWN + rank, 1);
            out.add(color, PASSED_FREE_PATH + rank, i32::from(occupied & file & ahead == 0));
            let stop = if color == Color::White { square.offset(8) } else { square.offset(-8) };
            if let Some(stop) = stop {
                let distance = |side| board.king_of(side).map_or(0, |king| king.distance(stop) as i32);
                out.add(color, PASSED_OWN_KING_DISTANCE + rank, distance(color));
                out.add(color, PASSED_ENEMY_KING_DISTANCE + rank, distance(!color));
                let safe = attacks.all[!color as usize] & bit(stop) == 0;
                out.add(color, PASSED_SAFE_STOP + rank, i32::from(safe));
            }
        }
        out.add(color, SPACE, space(color, ours, attacks.pawns[!color as usize]));
        let king_file = board.king_of(color).map(|king| usize::from(king) & 7);
        if let Some(distance) = king_file.and_then(|file| file_distance(file, board.by_role(Role::Pawn).0)) {
            out.add(color, KING_PAWN_FILE_DISTANCE + distance, 1);
        }
    }
}

/// The distance in files from `file` to the nearest file holding one of `pawns`; `None`
/// without pawns.
#[inline]
fn file_distance(file: usize, pawns: u64) -> Option<usize> {
    let mut files = pawns | pawns >> 32;
    files |= files >> 16;
    files |= files >> 8;
    let files = files & 0xFF;
    (0..8).find(|&distance| {
        let left = file.checked_sub(distance).is_some_and(|f| files >> f & 1 != 0);
        let right = file + distance < 8 && files >> (file + distance) & 1 != 0;
        left || right
    })
}

/// The squares on files c to f, ranks 2 to 4 as `color` sees them, that hold none of its
/// `pawns` and that no enemy pawn attacks; those behind one of its pawns count twice.
#[inline]
fn space(color: Color, pawns: u64, enemy_pawn_attacks: u64) -> i32 {
    const CENTRE_FILES: u64 = (FILE_A << 2) | (FILE_A << 3) | (FILE_A << 4) | (FILE_A << 5);
    let own_half = match color {
        Color::White => 0x0000_0000_FFFF_FF00,
        Color::Black => 0x00FF_FFFF_0000_0000,
    };
    let safe = CENTRE_FILES & own_half & !pawns & !enemy_pawn_attacks;
    let mut behind = forward(!color, pawns);
    for _ in 0..5 {
        behind |= forward(!color, behind);
    }
    (safe.count_ones() + (safe & behind).count_ones()) as i32
}
