//! Pawn structure and passed pawns.

use shakmaty::{Board, Color, Role};

use super::bits::{adjacent_files, all_ahead, bit, file_of, pawn_attacks, rank_of, relative_rank};
use super::params::{
    DOUBLED_PAWN, ISOLATED_PAWN, PASSED_FREE_PATH, PASSED_KING_DISTANCE, PASSED_PAWN, PASSED_SAFE_STOP, PHALANX_PAWN,
    SUPPORTED_PAWN,
};
use super::pieces::Attacks;
use super::terms::Collector;

/// The pawns' terms; `attacks` (from the pieces' terms) says which stop squares are safe.
#[inline]
pub fn collect(board: &Board, attacks: &Attacks, out: &mut impl Collector) {
    let occupied = board.occupied().0;
    for color in Color::ALL {
        let ours = (board.by_role(Role::Pawn) & board.by_color(color)).0;
        let theirs = (board.by_role(Role::Pawn) & board.by_color(!color)).0;
        let guarded = pawn_attacks(color, ours);
        for square in board.by_role(Role::Pawn) & board.by_color(color) {
            let file = file_of(square);
            let beside = adjacent_files(square);
            let ahead = all_ahead(color, square);
            out.add(color, DOUBLED_PAWN, i32::from(ours & file & ahead != 0));
            out.add(color, ISOLATED_PAWN, i32::from(ours & beside == 0));
            out.add(color, SUPPORTED_PAWN, i32::from(guarded & bit(square) != 0));
            out.add(color, PHALANX_PAWN, i32::from(ours & beside & rank_of(square) != 0));

            // Passed: no enemy pawn can stop or take it, and it is the front pawn of its file.
            if theirs & (file | beside) & ahead == 0 && ours & file & ahead == 0 {
                let rank = relative_rank(color, square);
                out.add(color, PASSED_PAWN + rank, 1);
                out.add(color, PASSED_FREE_PATH + rank, i32::from(occupied & file & ahead == 0));
                let stop = if color == Color::White { square.offset(8) } else { square.offset(-8) };
                if let Some(stop) = stop {
                    let distance = |side| board.king_of(side).map_or(0, |king| king.distance(stop) as i32);
                    out.add(color, PASSED_KING_DISTANCE, distance(color));
                    out.add(color, PASSED_KING_DISTANCE + 1, distance(!color));
                    let safe = attacks.all[!color as usize] & bit(stop) == 0;
                    out.add(color, PASSED_SAFE_STOP + rank, i32::from(safe));
                }
            }
        }
    }
}
