//! The weights of the evaluation, in the layout of `params.rs`.
//!
//! Tuned with `bramble tune --start current --epochs 300 --lr 1 --result-weight 0 --held-out 0.05`
//! on 642804 positions of tune21.txt (32140 held out):
//! K = 1.1840; mean squared error 0.006624 before, 0.006098 after epoch 170 (held out: 0.007557, 0.006868).
//!
//! Written by `bramble tune` (README, *Tuning*): change the weights by tuning, not by hand.

use super::params::COUNT;
use super::score::S;

#[rustfmt::skip]
pub const WEIGHTS: [S; COUNT] = [
    // Material: pawn, knight, bishop, rook, queen, king
    S(80, 68), S(308, 278), S(340, 307), S(479, 461), S(1005, 849), S(0, 0),
    // Piece-square, pawn: rank 8 first, as White sees the board
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(141, 133), S(112, 176), S(63, 174), S(117, 156), S(80, 122), S(169, 133), S(-34, 179), S(-24, 183),
    S(16, 38), S(21, 50), S(17, 49), S(30, 22), S(21, 27), S(54, 29), S(19, 47), S(10, 43),
    S(0, 21), S(7, 25), S(12, 6), S(20, -7), S(19, 1), S(17, 2), S(17, 13), S(-1, 5),
    S(-14, 13), S(-7, 11), S(5, -6), S(6, -2), S(8, -2), S(7, 0), S(7, 4), S(-11, 3),
    S(-10, 4), S(-9, 11), S(-6, 2), S(-21, 12), S(-12, 13), S(-10, 11), S(28, -4), S(-4, -7),
    S(-17, 18), S(-3, 14), S(-14, 21), S(-21, 24), S(-18, 17), S(18, 15), S(31, 8), S(-5, -1),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Piece-square, knight: rank 8 first, as White sees the board
    S(-155, -30), S(-65, 20), S(-59, 16), S(-11, 1), S(72, -5), S(-83, 2), S(-6, -13), S(-54, -14),
    S(-5, -28), S(-8, 5), S(20, -13), S(22, 11), S(25, 18), S(43, -9), S(-37, 9), S(11, -18),
    S(-5, -11), S(12, -15), S(2, 1), S(32, 14), S(51, -10), S(74, -21), S(18, -10), S(-3, -11),
    S(5, -7), S(11, -11), S(27, -3), S(26, 3), S(15, 7), S(35, 6), S(11, -4), S(34, -14),
    S(5, -23), S(-5, -8), S(15, 0), S(11, -1), S(23, -3), S(23, -9), S(26, 1), S(12, -15),
    S(-22, -24), S(3, -21), S(0, -22), S(7, -11), S(7, -6), S(6, -25), S(14, -26), S(-19, -23),
    S(-12, -79), S(-24, -17), S(-17, -13), S(-2, -18), S(2, -26), S(7, -39), S(-6, -32), S(-8, -34),
    S(-68, -36), S(-19, -55), S(-10, -37), S(-8, -28), S(-8, -32), S(-7, -36), S(-19, -60), S(-34, -91),
    // Piece-square, bishop: rank 8 first, as White sees the board
    S(-18, -4), S(19, -1), S(-27, -7), S(-12, 5), S(2, 6), S(-22, -1), S(5, -7), S(-16, -12),
    S(-12, 10), S(1, 1), S(9, 6), S(1, 6), S(4, 7), S(50, 1), S(-5, -12), S(-12, -7),
    S(-3, -21), S(23, -2), S(16, 2), S(24, 6), S(41, 2), S(19, 7), S(28, 0), S(3, -1),
    S(-8, 1), S(11, -2), S(14, 8), S(24, 9), S(18, 8), S(24, 7), S(12, -6), S(5, -13),
    S(12, -19), S(6, 8), S(10, -1), S(19, 11), S(26, 6), S(8, 4), S(7, 0), S(17, 0),
    S(-1, -13), S(16, -2), S(7, 6), S(5, 1), S(1, 12), S(12, 3), S(17, 3), S(2, -19),
    S(15, -6), S(6, -14), S(13, -6), S(-3, 3), S(4, -6), S(16, -7), S(16, -19), S(9, -4),
    S(-24, 0), S(1, -15), S(-10, -17), S(0, -8), S(4, -6), S(-14, -7), S(-16, -17), S(-15, -25),
    // Piece-square, rook: rank 8 first, as White sees the board
    S(12, 4), S(29, 0), S(39, -3), S(56, -8), S(65, -17), S(62, -9), S(34, -13), S(67, -15),
    S(16, 17), S(14, 11), S(54, 2), S(73, -3), S(73, 4), S(50, 1), S(20, 10), S(31, 7),
    S(0, 3), S(12, 4), S(34, -3), S(33, 3), S(36, -1), S(47, -8), S(42, -8), S(7, 3),
    S(-8, 2), S(2, 2), S(13, -3), S(13, -6), S(8, -3), S(19, -2), S(14, -3), S(7, -9),
    S(-22, -1), S(-2, -6), S(-10, -2), S(-10, -6), S(-5, -14), S(-4, -11), S(-14, -5), S(-21, -3),
    S(-26, -12), S(-17, -13), S(-12, -17), S(-15, -15), S(-14, -18), S(-6, -21), S(-14, -19), S(-17, -27),
    S(-32, -22), S(-21, -22), S(-18, -20), S(-13, -27), S(-21, -28), S(-4, -39), S(-8, -31), S(-35, -34),
    S(-10, -43), S(-5, -41), S(-3, -34), S(0, -39), S(2, -42), S(-2, -38), S(-23, -35), S(-11, -54),
    // Piece-square, queen: rank 8 first, as White sees the board
    S(-8, 16), S(3, -1), S(29, 10), S(9, 11), S(19, 23), S(63, -11), S(51, -8), S(42, -10),
    S(-5, -1), S(-25, 54), S(-19, 42), S(17, 13), S(-8, 47), S(43, 21), S(47, -6), S(24, 12),
    S(-9, 2), S(-8, 31), S(-1, 30), S(15, 38), S(18, 30), S(29, 21), S(35, 6), S(8, 34),
    S(-8, 4), S(-5, 24), S(5, 27), S(-3, 50), S(1, 54), S(6, 30), S(2, 46), S(4, 24),
    S(-4, -5), S(-8, 16), S(-8, 35), S(-10, 41), S(-1, 41), S(0, 18), S(-2, 28), S(0, 28),
    S(-11, -20), S(-2, -9), S(-7, 10), S(-6, 4), S(-5, 14), S(-3, 7), S(1, -1), S(2, -24),
    S(-10, -30), S(-13, -11), S(5, -45), S(1, -25), S(2, -17), S(10, -37), S(5, -44), S(-2, -50),
    S(-29, -22), S(-10, -30), S(-2, -48), S(-4, -44), S(-4, -54), S(-20, -63), S(-41, -40), S(-8, -51),
    // Piece-square, king: rank 8 first, as White sees the board
    S(-68, -57), S(36, 13), S(50, 23), S(9, 31), S(-18, 2), S(18, 70), S(62, 55), S(-1, -40),
    S(26, -3), S(34, 42), S(28, 42), S(25, 18), S(-1, 31), S(2, 37), S(20, 63), S(30, 49),
    S(-27, -1), S(44, 23), S(12, 23), S(-25, 17), S(-8, 22), S(-29, 41), S(11, 28), S(17, -2),
    S(-32, 8), S(-27, 19), S(-42, 16), S(-29, 8), S(-47, 23), S(-20, 16), S(-12, 25), S(-18, 5),
    S(-28, -8), S(-34, 10), S(-39, 6), S(-52, 18), S(-20, 6), S(-43, 11), S(-8, -5), S(-15, -7),
    S(-63, -8), S(-53, 12), S(-32, 4), S(-63, 12), S(-60, 10), S(-40, 0), S(-20, -5), S(-24, -17),
    S(-44, -1), S(-6, -11), S(-27, -4), S(-44, -7), S(-47, -4), S(-19, -10), S(-10, -9), S(1, -25),
    S(-18, -26), S(0, -30), S(-8, -22), S(-53, -21), S(-20, -34), S(-29, -22), S(5, -27), S(1, -48),
    // Mobility of a knight, by safe squares 0 to 8
    S(-22, -48), S(-14, -35), S(-10, -16), S(-7, -8), S(-4, -4), S(-1, 2), S(2, 7), S(6, 8),
    S(-4, 8),
    // Mobility of a bishop, by safe squares 0 to 13
    S(-19, -42), S(-16, -19), S(-11, -13), S(-8, -6), S(-4, -1), S(-1, 2), S(0, 6), S(0, 2),
    S(5, 3), S(7, 2), S(9, 0), S(4, 1), S(25, -10), S(-31, 5),
    // Mobility of a rook, by safe squares 0 to 14
    S(-21, -61), S(-14, -47), S(-10, -39), S(-6, -37), S(-5, -30), S(-2, -27), S(-2, -22), S(1, -21),
    S(3, -16), S(4, -12), S(6, -12), S(14, -12), S(9, -8), S(14, -11), S(49, -32),
    // Mobility of a queen, by safe squares 0 to 27
    S(-13, -32), S(-11, -40), S(-10, -43), S(-10, -38), S(-9, -36), S(-9, -22), S(-8, -13), S(-7, -7),
    S(-5, -2), S(-5, 2), S(-3, 9), S(-5, 13), S(-3, 13), S(-2, 10), S(-4, 17), S(3, 15),
    S(-5, 17), S(2, 15), S(14, -4), S(18, -5), S(13, -4), S(11, -12), S(16, -9), S(20, -30),
    S(3, -21), S(2, -19), S(-5, -9), S(-4, -11),
    // Bishop pair
    S(15, 43),
    // Rook on an open file
    S(32, -14),
    // Rook on a half-open file
    S(16, 6),
    // Outpost: knight, bishop
    S(12, 3), S(11, 5),
    // Minor piece behind a pawn
    S(3, 11),
    // Own pawn on the bishop's colour, per bishop
    S(-1, -4),
    // Rook on the seventh rank
    S(6, -14),
    // Own pawns, per knight, per rook
    S(2, 5), S(-10, 18),
    // Passed pawn, by rank 1 to 8
    S(0, 0), S(-13, -16), S(-25, 9), S(-21, 28), S(-8, 38), S(17, 27), S(11, -101), S(0, 0),
    // Passed pawn with a free path, by rank
    S(0, 0), S(-7, 8), S(-12, 9), S(-6, 11), S(-4, 21), S(13, 41), S(82, 83), S(0, 0),
    // Passed pawn, per square of king distance: own king, enemy king
    S(5, -14), S(-2, 18),
    // Passed pawn with a safe stop square, by rank
    S(0, 0), S(3, -8), S(7, -11), S(-3, 4), S(-4, 15), S(-6, 33), S(-11, 63), S(0, 0),
    // Doubled pawn
    S(-13, -2),
    // Isolated pawn
    S(-4, -9),
    // Pawn guarded by a pawn
    S(11, 11),
    // Pawn beside a pawn
    S(4, 8),
    // Backward pawn
    S(-1, -4),
    // Space: safe central squares on its side, behind own pawns twice
    S(0, 1),
    // King zone squares attacked: knight, bishop, rook, queen
    S(4, -1), S(3, 4), S(4, 2), S(6, 8),
    // Pawn shield
    S(6, -6),
    // Open file at the king
    S(-15, -7),
    // Pieces attacking the king's zone, 0 to 7
    S(-1, 4), S(-10, 4), S(-1, -8), S(22, -7), S(33, 7), S(15, 1), S(1, 0), S(0, 0),
    // Weak squares next to the enemy king
    S(5, -3),
    // Pieces attacking the king's zone, 0 to 7, without a queen
    S(-1, 4), S(-10, 4), S(-1, -8), S(22, -7), S(33, 7), S(15, 1), S(1, 0), S(0, 0),
    // King shelter: by file distance from the edge 0 to 3, own pawn's rank (0: none)
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Blocked pawn storm, by rank (0: none)
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Pawn storm, by rank (0: none)
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Safe checks: knight, bishop, rook, queen
    S(25, 1), S(4, 14), S(45, -7), S(14, 11),
    // Attacked by a pawn: knight, bishop, rook, queen
    S(-42, -22), S(-42, -31), S(-46, -14), S(-37, 27),
    // Attacked by a minor piece: rook, queen
    S(-40, 2), S(-24, -8),
    // Queen attacked by a rook
    S(-31, -19),
    // Minor piece attacked by a rook
    S(0, 0),
    // Hanging piece
    S(-13, -13),
    // Undefended pawn or piece the enemy king attacks
    S(0, 0),
    // Piece a safe pawn push would attack
    S(12, 4),
    // Tempo: the side to move
    S(14, 3),
];
