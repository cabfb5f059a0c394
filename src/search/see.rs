//! Static exchange evaluation (SEE): what a capture sequence on one square wins or loses
//! when both sides always recapture with their least valuable piece and may stop at any
//! time. It splits captures into good and bad ones and prunes moves that lose material.
//! Pins are ignored, and castling, en passant and promotions count as even exchanges.

use shakmaty::{Bitboard, Board, Chess, Color, Move, Position as _, Role, Square, attacks};

/// Piece values for exchanges only.
pub const fn see_value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 320,
        Role::Rook => 500,
        Role::Queen => 950,
        Role::King => 20_000,
    }
}

/// Whether the move `m` wins at least `threshold` centipawns by the exchange it starts.
pub fn see_at_least(pos: &Chess, m: Move, threshold: i32) -> bool {
    let Move::Normal { role, from, capture, to, promotion: None } = m else {
        return threshold <= 0;
    };
    // What we have won if the opponent does not recapture, minus what we need.
    let mut balance = capture.map_or(0, see_value) - threshold;
    if balance < 0 {
        return false;
    }
    // What we have won if the opponent takes our piece and we stop.
    balance = see_value(role) - balance;
    if balance <= 0 {
        return true;
    }

    let board = pos.board();
    let mut occupied = board.occupied() ^ Bitboard::from(from) ^ Bitboard::from(to);
    let mut attackers = attackers_to(board, to, occupied);
    let mut side = pos.turn();
    // 1 while the side that moved last is winning the exchange.
    let mut winning = true;
    loop {
        side = !side;
        attackers &= occupied;
        let Some((role, square)) = least_valuable(board, attackers & board.by_color(side)) else {
            break;
        };
        winning = !winning;
        if role == Role::King {
            // The king may only take last: with an enemy attacker left, it cannot.
            return if (attackers & !board.by_color(side)).any() { !winning } else { winning };
        }
        balance = see_value(role) - balance;
        if balance < i32::from(winning) {
            break;
        }
        occupied ^= Bitboard::from(square);
        // Sliders behind the piece that just took now see the square.
        if matches!(role, Role::Pawn | Role::Bishop | Role::Queen) {
            attackers |= attacks::bishop_attacks(to, occupied) & board.bishops_and_queens();
        }
        if matches!(role, Role::Rook | Role::Queen) {
            attackers |= attacks::rook_attacks(to, occupied) & board.rooks_and_queens();
        }
    }
    winning
}

fn attackers_to(board: &Board, sq: Square, occupied: Bitboard) -> Bitboard {
    board.attacks_to(sq, Color::White, occupied) | board.attacks_to(sq, Color::Black, occupied)
}

/// The least valuable of `attackers` and its square; `None` when there is none.
fn least_valuable(board: &Board, attackers: Bitboard) -> Option<(Role, Square)> {
    Role::ALL.into_iter().find_map(|role| (attackers & board.by_role(role)).first().map(|square| (role, square)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use shakmaty::CastlingMode;

    fn see(fen: &str, uci: &str, threshold: i32) -> bool {
        let (pos, _) = Position::from_fen(fen, CastlingMode::Standard).expect("valid FEN");
        let m = pos.parse_uci_move(uci).expect("legal move");
        see_at_least(pos.chess(), m, threshold)
    }

    #[test]
    fn undefended_piece_is_won() {
        let fen = "4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1";
        assert!(see(fen, "d2d5", 500));
        assert!(!see(fen, "d2d5", 501));
    }

    #[test]
    fn defended_pawn_taken_by_a_queen_loses_the_queen() {
        let fen = "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1";
        assert!(!see(fen, "d1d5", 0));
        assert!(see(fen, "d1d5", 100 - 950));
        assert!(!see(fen, "d1d5", 100 - 950 + 1));
    }

    #[test]
    fn x_ray_recaptures_count() {
        // Rook takes the defended knight, backed by the second rook: R x N, p x R, R x p.
        let fen = "4k3/8/4p3/3n4/8/8/3R4/3RK3 w - - 0 1";
        // The knight is defended by the pawn only: 320 - 500 + 100 = -80.
        assert!(see(fen, "d2d5", -80));
        assert!(!see(fen, "d2d5", -79));
        // Without the pawn the knight is simply won.
        assert!(see("4k3/8/8/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 320));
    }

    #[test]
    fn king_cannot_recapture_a_defended_piece() {
        // Qxf7+ with the bishop on c4 behind: the king may not take back.
        let fen = "4k3/5p2/8/8/2B5/8/8/4KQ2 w - - 0 1";
        assert!(see(fen, "f1f7", 100));
        // Without the bishop the king takes the queen.
        assert!(!see("4k3/5p2/8/8/8/8/8/4KQ2 w - - 0 1", "f1f7", 0));
    }

    #[test]
    fn quiet_moves_to_attacked_squares_lose_the_piece() {
        let fen = "4k3/8/8/2p5/8/1N6/8/4K3 w - - 0 1";
        assert!(!see(fen, "b3d4", 0));
        assert!(see(fen, "b3d4", -320));
        assert!(see(fen, "b3d2", 0));
        assert!(see(fen, "b3c5", 100));
    }
}
