//! Captures and promotions alone, for quiescence. shakmaty only filters them out of all
//! legal moves, which cost quiescence more than anything else it did; this generates
//! just them, legal, in the order shakmaty's `legal_moves` lists them (so the search
//! visits the same tree either way; docs/experiments.md has its measurement).

use shakmaty::{Bitboard, Chess, Color, File, Move, MoveList, Position, Role, Square, attacks};

/// Captures and promotions: the moves quiescence searches and killers exclude.
#[inline]
pub fn is_noisy(m: Move) -> bool {
    m.is_capture() || m.is_promotion()
}

/// Appends the legal captures and promotions of `pos` to `moves` (the caller keeps its
/// list where it is, since a returned list, 2 KB, is copied). In check, all evasions are
/// generated and filtered, as shakmaty does (quiescence searches every evasion anyway).
pub fn add_noisy_moves(pos: &Chess, moves: &mut MoveList) {
    let board = pos.board();
    let us = pos.turn();
    let king = board.king_of(us);
    let (Some(king), false) = (king, pos.is_check()) else {
        moves.extend(pos.legal_moves().into_iter().filter(|&m| is_noisy(m)));
        return;
    };

    // En passant first, already tested for legality by shakmaty (rare: only asked for
    // when a pawn could take, since the list it returns is a copy).
    if pos.maybe_ep_square().is_some() {
        moves.extend(pos.en_passant_moves());
    }
    let ep_end = moves.len();
    let them = pos.them();
    let occupied = board.occupied();
    let push_capture = |moves: &mut MoveList, role: Role, from: Square, to: Square| {
        moves.push(Move::Normal { role, from, capture: board.role_at(to), to, promotion: None });
    };

    // Pawn captures towards the a-file, then towards the h-file; then pushes that promote.
    let pawns = pos.our(Role::Pawn);
    let (west, east, forward) = match us {
        Color::White => (7, 9, 8),
        Color::Black => (-9, -7, -8),
    };
    let west_targets = shift(pawns & !Bitboard::from(File::A), west);
    let east_targets = shift(pawns & !Bitboard::from(File::H), east);
    for (targets, offset) in [(west_targets & them, west), (east_targets & them, east)] {
        for to in targets & !Bitboard::BACKRANKS {
            push_capture(moves, Role::Pawn, from_offset(to, offset), to);
        }
        for to in targets & Bitboard::BACKRANKS {
            push_promotions(moves, from_offset(to, offset), to, board.role_at(to));
        }
    }
    for to in shift(pawns, forward) & !occupied & Bitboard::BACKRANKS {
        push_promotions(moves, from_offset(to, forward), to, None);
    }

    // Pieces, in shakmaty's order: knights, bishops, rooks, queens.
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for from in pos.our(role) {
            for to in attacks::attacks(from, role.of(us), occupied) & them {
                push_capture(moves, role, from, to);
            }
        }
    }

    // The king takes what is not defended (not in check, so it shields no slider's ray).
    for to in attacks::king_attacks(king) & them {
        if board.attacks_to(to, !us, occupied).is_empty() {
            push_capture(moves, Role::King, king, to);
        }
    }

    // A pinned piece may only move along its pin.
    let pinned = pinned(pos, king);
    if pinned.any() {
        let mut index = 0;
        moves.retain(|m| {
            index += 1;
            let from = m.from().unwrap_or(king);
            index <= ep_end || !pinned.contains(from) || attacks::aligned(from, m.to(), king)
        });
    }
}

/// Our pieces that alone stand between our king and an enemy slider.
fn pinned(pos: &Chess, king: Square) -> Bitboard {
    let board = pos.board();
    let snipers = (attacks::rook_attacks(king, Bitboard::EMPTY) & board.rooks_and_queens())
        | (attacks::bishop_attacks(king, Bitboard::EMPTY) & board.bishops_and_queens());
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers & pos.them() {
        let between = attacks::between(king, sniper) & board.occupied();
        if !between.more_than_one() {
            pinned |= between;
        }
    }
    pinned & pos.us()
}

/// The four promotions of one pawn move, queen first (shakmaty's order).
fn push_promotions(moves: &mut MoveList, from: Square, to: Square, capture: Option<Role>) {
    for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
        moves.push(Move::Normal { role: Role::Pawn, from, capture, to, promotion: Some(promotion) });
    }
}

/// A bitboard moved `offset` squares up (positive) or down (negative) the board.
fn shift(squares: Bitboard, offset: i32) -> Bitboard {
    if offset >= 0 { Bitboard(squares.0 << offset) } else { Bitboard(squares.0 >> -offset) }
}

/// The square a pawn came from to reach `to` by a step of `offset`.
fn from_offset(to: Square, offset: i32) -> Square {
    // The targets were shifted from real squares, so the step back stays on the board.
    to.offset(-offset).unwrap_or(to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position as Game;
    use shakmaty::CastlingMode;

    fn noisy_moves(pos: &Chess) -> MoveList {
        let mut moves = MoveList::new();
        add_noisy_moves(pos, &mut moves);
        moves
    }

    /// The same moves, in the same order, as filtering all legal moves.
    fn assert_same_as_filter(pos: &Chess) {
        let mut expected = pos.legal_moves();
        expected.retain(|&mut m| is_noisy(m));
        let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
        assert_eq!(noisy_moves(pos), expected, "{fen}");
    }

    #[test]
    fn pins_en_passant_promotions_and_king_captures() {
        for fen in [
            // Pinned bishop and knight that may not take; a pinned rook may take its pinner.
            "4k3/8/8/4r3/8/2b2p2/1p1NR3/r1B1K3 w - - 0 1",
            // En passant that would expose the king along the rank, and a legal one.
            "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1",
            "8/8/8/3pP3/8/8/8/K6k w - d6 0 1",
            // Promotions by push and by capture, for both colours; a defended piece the
            // king may not take.
            "1n2k3/P7/8/8/8/8/6p1/4K2R b K - 0 1",
            "1n2k3/P7/8/8/8/8/6p1/4K2R w K - 0 1",
            "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1",
            // In check: evasions that capture.
            "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ] {
            let (game, _) = Game::from_fen(fen, CastlingMode::Standard).expect("valid FEN");
            assert_same_as_filter(game.chess());
        }
    }

    #[test]
    fn agrees_with_the_filter_over_random_games() {
        use rand::{RngExt, SeedableRng, rngs::StdRng};
        let mut rng = StdRng::seed_from_u64(7);
        let mut positions = 0;
        for _ in 0..300 {
            let mut pos = Chess::default();
            for _ in 0..120 {
                assert_same_as_filter(&pos);
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer captures now and then, so the games reach sparse endings.
                let noisy = noisy_moves(&pos);
                let m = if !noisy.is_empty() && rng.random_bool(0.5) {
                    noisy[rng.random_range(0..noisy.len())]
                } else {
                    moves[rng.random_range(0..moves.len())]
                };
                pos.play_unchecked(m);
            }
        }
        assert!(positions > 20_000, "{positions}");
    }
}
