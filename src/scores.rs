//! Search scores: mate and tablebase-win scores, their bounds, and their conversion
//! between "plies from the root" (the search) and "plies from this node" (the table). A
//! leaf module: the search and the transposition table both use it.

/// Plies the search can go below the root, quiescence included.
pub const MAX_PLY: usize = 128;
/// The score of being mated right now; a mate in n plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores at or beyond this (in either sign) are mate scores.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A tablebase win `n` plies from the root scores `TB_WIN - n`: below every mate, above
/// every evaluation.
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores at or beyond this (in either sign) are tablebase results or mates.
pub const TB_WIN_BOUND: i32 = TB_WIN - MAX_PLY as i32;
/// Above every score the search can return.
pub const INFINITY: i32 = MATE + 1;
pub const DRAW: i32 = 0;

/// Full moves to mate for a mate score: positive when the side to move mates,
/// negative when it is mated, `Some(0)` when it is checkmated now.
pub fn mate_in_moves(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

/// Mate distance from the root -> mate distance from this node.
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= TB_WIN_BOUND {
        score + ply
    } else if score <= -TB_WIN_BOUND {
        score - ply
    } else {
        score
    }
}

/// Mate distance from the stored node -> mate distance from the current root.
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= TB_WIN_BOUND {
        score - ply
    } else if score <= -TB_WIN_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(mate_in_moves(MATE - 1), Some(1));
        assert_eq!(mate_in_moves(MATE - 3), Some(2));
        assert_eq!(mate_in_moves(-(MATE - 2)), Some(-1));
        assert_eq!(mate_in_moves(-(MATE - 4)), Some(-2));
        assert_eq!(mate_in_moves(-MATE), Some(0));
        assert_eq!(mate_in_moves(150), None);
    }

    #[test]
    fn table_scores_count_plies_from_the_stored_node() {
        // A mate in 5 plies from the root, found 3 plies down: 2 plies from that node.
        assert_eq!(score_to_tt(MATE - 5, 3), MATE - 2);
        assert_eq!(score_from_tt(MATE - 2, 3), MATE - 5);
        assert_eq!(score_to_tt(-(TB_WIN - 7), 4), -(TB_WIN - 3));
        for score in [MATE - 9, -(MATE - 9), TB_WIN - 20, -(TB_WIN - 20), 0, 250, -TB_WIN_BOUND + 1] {
            assert_eq!(score_from_tt(score_to_tt(score, 6), 6), score, "{score}");
        }
        // Evaluations are stored as they are.
        assert_eq!(score_to_tt(250, 9), 250);
    }
}
