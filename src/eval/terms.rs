//! The terms of the evaluation, written once for two uses: the engine adds up the
//! weights (`Scorer` in `mod.rs`), the tuner records how often each weight counts
//! (its trace). Both see the same calls to [`Collector::add`].

use shakmaty::{Board, Color, Role};

use super::collector::Collector;
use super::params::{MATERIAL, TEMPO, piece_square};
use super::{pawns, pieces};

/// Game phase weight of each role; 24 is a full board, 0 a pawn ending.
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const PHASE_MAX: i32 = 24;

/// Every term of `board` with `turn` to move.
#[inline]
pub fn collect(board: &Board, turn: Color, out: &mut impl Collector) {
    out.add(turn, TEMPO, 1);
    for (role_index, role) in Role::ALL.into_iter().enumerate() {
        for color in Color::ALL {
            let pieces = board.by_role(role) & board.by_color(color);
            out.add(color, MATERIAL + role_index, pieces.count() as i32);
            for square in pieces {
                out.add(color, piece_square(role_index, usize::from(square), color), 1);
            }
        }
    }
    // Mobility, pieces, pawns, passed pawns, king safety and threats, each weight fitted
    // with the tables to the search scores of Bramble's games (docs/tuning.md: each round).
    let attacks = pieces::collect(board, out);
    pawns::collect(board, &attacks, out);
}

/// 24 with all pieces on the board, 0 with kings and pawns only; more after promotions
/// (the taper caps it).
#[inline]
pub fn phase(board: &Board) -> i32 {
    Role::ALL.into_iter().zip(PHASE_WEIGHT).map(|(role, weight)| weight * board.by_role(role).count() as i32).sum()
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use crate::eval::params::*;
    use shakmaty::fen::Fen;

    /// Each weight's count for White and for Black in `fen`.
    pub fn counts(fen: &str) -> Vec<[i32; 2]> {
        struct Counts(Vec<[i32; 2]>);
        impl Collector for Counts {
            fn add(&mut self, color: Color, index: usize, count: i32) {
                self.0[index][usize::from(color == Color::Black)] += count;
            }
        }
        let fen: Fen = fen.parse().expect("valid FEN");
        let mut out = Counts(vec![[0, 0]; COUNT]);
        let setup = fen.into_setup();
        collect(&setup.board, setup.turn, &mut out);
        out.0
    }

    #[test]
    fn pawn_terms_find_their_pawns() {
        // White c2 c3 d5: c2 doubled behind c3; c3 and d5 passed with free paths.
        // Black a7 h6 g5: all passed (ranks 2, 3, 4 as Black sees them); a7 isolated;
        // g5 guarded by h6.
        let c = counts("4k3/p7/7p/3P2p1/8/2P5/2P5/4K3 w - - 0 1");
        assert_eq!(c[PASSED_PAWN + 2], [1, 1]);
        assert_eq!(c[PASSED_PAWN + 4], [1, 0]);
        assert_eq!(c[PASSED_PAWN + 1], [0, 1]);
        assert_eq!(c[PASSED_PAWN + 3], [0, 1]);
        assert_eq!(c[PASSED_FREE_PATH + 2], [1, 1]);
        assert_eq!(c[PASSED_FREE_PATH + 4], [1, 0]);
        assert_eq!(c[DOUBLED_PAWN], [1, 0]);
        assert_eq!(c[ISOLATED_PAWN], [0, 1]);
        assert_eq!(c[SUPPORTED_PAWN], [0, 1]);
        assert_eq!(c[PHALANX_PAWN], [0, 0]);
        // Kings to the stop squares c4 and d6 (White: 3 + 5, Black king: 4 + 2) and
        // a6, h5, g4 (Black king: 4 + 3 + 4, White king: 5 + 4 + 3).
        assert_eq!(c[PASSED_OWN_KING_DISTANCE + 2], [3, 3], "c4 from e1; h5 from e8");
        assert_eq!(c[PASSED_OWN_KING_DISTANCE + 4], [5, 0]);
        assert_eq!(c[PASSED_OWN_KING_DISTANCE + 1], [0, 4]);
        assert_eq!(c[PASSED_OWN_KING_DISTANCE + 3], [0, 4]);
        assert_eq!(c[PASSED_ENEMY_KING_DISTANCE + 2], [4, 4]);
        assert_eq!(c[PASSED_ENEMY_KING_DISTANCE + 4], [2, 0]);
        assert_eq!(c[PASSED_ENEMY_KING_DISTANCE + 1], [0, 5]);
        assert_eq!(c[PASSED_ENEMY_KING_DISTANCE + 3], [0, 3]);
    }

    #[test]
    fn piece_terms_find_their_pieces() {
        // The knight reaches a3 and c3 safely (d2 is attacked by the c3 pawn); the rook
        // sees seven squares up the open a-file; no pawn shelters either king.
        let c = counts("4k3/8/8/8/8/2p5/8/RN2K3 w - - 0 1");
        assert_eq!(c[MOBILITY_TABLE[0] + 2], [1, 0]);
        assert_eq!(c[MOBILITY_TABLE[2] + 7], [1, 0]);
        assert_eq!(c[MOBILITY..BISHOP_PAIR].iter().map(|count| count[0]).sum::<i32>(), 2, "one entry a piece");
        assert_eq!(c[ROOK_OPEN_FILE], [1, 0]);
        assert_eq!(c[PAWN_SHIELD], [0, 0]);
        assert_eq!(c[KING_OPEN_FILE], [3, 3]);
        assert_eq!(c[BISHOP_PAIR], [0, 0]);

        // A knight attacked by a pawn and defended by nothing.
        let c = counts("4k3/8/8/8/8/3n4/2P5/4K3 w - - 0 1");
        assert_eq!(c[THREAT_BY_PAWN], [0, 1]);
        assert_eq!(c[HANGING], [0, 1]);
        assert_eq!(c[KING_ZONE_ATTACK], [0, 2], "d3 attacks e1 and f2 of the king's zone");
    }

    #[test]
    fn checks_pushes_and_placement_are_counted() {
        // The d4 knight stands behind the d5 pawn; the dark c1 bishop has one own pawn on
        // its colour (e3); the a7 rook is on the seventh and can check safely from a8 (e7
        // is guarded by the king); e3-e4 would attack the f5 knight; the stop square of d5
        // is attacked by that knight, that of e3 is free.
        let c = counts("4k3/R7/8/3P1n2/3N4/4P3/8/2B3K1 w - - 0 1");
        assert_eq!(c[MINOR_BEHIND_PAWN], [1, 0]);
        assert_eq!(c[BISHOP_PAWNS], [1, 0]);
        assert_eq!(c[ROOK_ON_SEVENTH], [1, 0]);
        assert_eq!(c[SAFE_CHECK..SAFE_CHECK + 4], [[0, 0], [0, 0], [1, 0], [0, 0]]);
        assert_eq!(c[PAWN_PUSH_THREAT], [1, 0]);
        assert_eq!(c[PASSED_SAFE_STOP + 4], [0, 0]);
        assert_eq!(c[PASSED_SAFE_STOP + 2], [1, 0]);
    }

    #[test]
    fn king_attack_space_and_backward_pawns_are_counted() {
        // The f5 knight (g7) and the h5 queen (f7, h7, h8) attack the black king's zone;
        // no black pawn or piece guards f7, g7, h7 or h8. d3 is backward: c4 is ahead of
        // it and e5 attacks d4. White's space: c2 d2 e2 f2 c3 e3 f3 e4, and c2 c3 d2
        // behind its pawns again; Black's: c5 f5 and the sixth and seventh ranks' eight,
        // and e6 e7 behind e5 again.
        let c = counts("6k1/8/8/4pN1Q/2P5/3P4/8/R5K1 w - - 0 1");
        assert_eq!(c[KING_ATTACKERS + 2], [1, 0]);
        assert_eq!(c[KING_ATTACKERS_NO_QUEEN], [0, 1], "Black has no queen");
        assert_eq!(c[KING_ATTACKERS..KING_ATTACKERS + 8].iter().map(|count| count[0]).sum::<i32>(), 1);
        assert_eq!(c[KING_WEAK_SQUARES], [4, 0]);
        assert_eq!(c[BACKWARD_PAWN], [1, 0]);
        assert_eq!(c[SPACE], [11, 12]);
        assert_eq!(c[PIECE_OWN_PAWNS], [2, 0], "one knight, two pawns");
        assert_eq!(c[PIECE_OWN_PAWNS + 1], [2, 0], "one rook, two pawns");
    }

    #[test]
    fn round_7_terms_are_counted() {
        // d4 is a candidate: only e6 can stop it, and c3 stands beside it to help; e6 has
        // d4 to pass and no help, so it is none. Both kings stand on a file with pawns.
        let c = counts("4k3/8/4p3/8/3P4/2P5/8/4K3 w - - 0 1");
        assert_eq!(c[CANDIDATE_PASSER + 3], [1, 0]);
        assert_eq!(c[CANDIDATE_PASSER..CANDIDATE_PASSER + 8].iter().map(|count| count[0] + count[1]).sum::<i32>(), 1);
        assert_eq!(c[KING_PAWN_FILE_DISTANCE], [1, 1]);

        // The h1 king is seven files from the only pawn; the a8 king is on its file.
        let c = counts("k7/8/8/8/8/8/P7/7K w - - 0 1");
        assert_eq!(c[KING_PAWN_FILE_DISTANCE + 7], [1, 0]);
        assert_eq!(c[KING_PAWN_FILE_DISTANCE], [0, 1]);

        // The d4 knight attacks the undefended e6 pawn.
        let c = counts("4k3/8/4p3/8/3N4/8/8/4K3 w - - 0 1");
        assert_eq!(c[WEAK_PAWN], [0, 1]);

        // The e3 knight attacks the d5 bishop, which does not attack it back.
        let c = counts("4k3/8/8/3b4/8/4N3/8/4K3 w - - 0 1");
        assert_eq!(c[MINOR_ATTACKED_BY_MINOR], [0, 1]);

        // The g1 king has f2 g2 h2 beside it; the e8 king has nothing.
        let c = counts("4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1");
        assert_eq!(c[KING_DEFENDERS + 3], [1, 0]);
        assert_eq!(c[KING_DEFENDERS], [0, 1]);

        // The b2 bishop sees d4 and e5 down the long diagonal; its e3 pawn (a dark square,
        // like b2) is blocked by e4.
        let c = counts("4k3/8/8/8/4p3/4P3/1B6/4K3 w - - 0 1");
        assert_eq!(c[BISHOP_LONG_DIAGONAL], [1, 0]);
        assert_eq!(c[BISHOP_RAMMED_PAWNS], [1, 0]);
        assert_eq!(c[BISHOP_PAWNS], [1, 0]);
    }

    #[test]
    fn shelter_storms_and_king_threats_are_counted() {
        // White's king shelters behind f2 g2 (rank index 1) and h3 (2); Black's pawns storm
        // f7 (6), g5 (the nearer of g5 and g7: 4) and h4, which h3 blocks. Black's king
        // shelters behind f7 g7 (1) and h4 (4, blocked by h3: White's rank 5 from Black's
        // side), and White's f2 g2 storm from rank 6. The h1 knight is next to White's
        // king with nothing defending it and attacks f2 in its zone; no side has a queen.
        let c = counts("6k1/5pp1/8/6p1/7p/7P/5PP1/6Kn w - - 0 1");
        assert_eq!(c[KING_SHELTER + 16 + 1], [1, 1], "f-file, two from the edge");
        assert_eq!(c[KING_SHELTER + 8 + 1], [1, 1], "g-file");
        assert_eq!(c[KING_SHELTER + 2], [1, 0], "h3");
        assert_eq!(c[KING_SHELTER + 4], [0, 1], "h4");
        assert_eq!(c[KING_SHELTER..KING_SHELTER + 32].iter().map(|count| count[0]).sum::<i32>(), 3);
        assert_eq!(c[PAWN_STORM + 6], [1, 2]);
        assert_eq!(c[PAWN_STORM + 4], [1, 0]);
        assert_eq!(c[PAWN_STORM_BLOCKED + 3], [1, 0]);
        assert_eq!(c[PAWN_STORM_BLOCKED + 5], [0, 1]);
        assert_eq!(c[KING_ATTACKERS_NO_QUEEN], [1, 0]);
        assert_eq!(c[KING_ATTACKERS_NO_QUEEN + 1], [0, 1]);
        assert_eq!(c[KING_ATTACKERS..KING_ATTACKERS + 8].iter().map(|count| count[0] + count[1]).sum::<i32>(), 0);
        assert_eq!(c[THREAT_BY_KING], [0, 1]);

        // The b1 rook attacks the b4 knight.
        let c = counts("4k3/8/8/8/1n6/8/8/1R2K3 w - - 0 1");
        assert_eq!(c[MINOR_ATTACKED_BY_ROOK], [0, 1]);
        assert_eq!(c[THREAT_BY_KING], [0, 0]);
    }
}
