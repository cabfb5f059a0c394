//! The weights of the evaluation, in the layout of `params.rs`.
//!
//! Tuned with `bramble tune --start current --epochs 300 --lr 1 --result-weight 0 --held-out 0.05`
//! on 1002491 positions of d24.txt (50124 held out):
//! K = 1.1127; mean squared error 0.005790 before, 0.005489 after epoch 48 (held out: 0.005510, 0.005381).
//!
//! Written by `bramble tune` (README, *Tuning*): change the weights by tuning, not by hand.

use super::params::COUNT;
use super::score::S;

#[rustfmt::skip]
pub const WEIGHTS: [S; COUNT] = [
    // Material: pawn, knight, bishop, rook, queen, king
    S(79, 61), S(299, 249), S(335, 293), S(466, 444), S(996, 830), S(0, 0),
    // Piece-square, pawn: rank 8 first, as White sees the board
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(142, 127), S(102, 163), S(59, 156), S(120, 147), S(81, 138), S(169, 144), S(-20, 197), S(-10, 177),
    S(18, 28), S(18, 40), S(7, 43), S(29, 17), S(26, 22), S(46, 20), S(12, 30), S(6, 29),
    S(0, 21), S(7, 21), S(8, 16), S(18, -6), S(17, 2), S(18, -1), S(15, 13), S(2, 7),
    S(-12, 14), S(-9, 12), S(3, -4), S(5, -5), S(7, -4), S(10, -3), S(3, 7), S(-10, 4),
    S(-9, 3), S(-10, 8), S(-7, 1), S(-18, 6), S(-11, 11), S(-4, 4), S(28, -5), S(-3, -7),
    S(-15, 17), S(-5, 13), S(-14, 19), S(-19, 17), S(-17, 14), S(15, 10), S(28, 7), S(-3, -1),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Piece-square, knight: rank 8 first, as White sees the board
    S(-156, -37), S(-64, 21), S(-61, 8), S(-13, -7), S(66, -16), S(-84, 9), S(-6, -10), S(-51, -18),
    S(-3, -21), S(-7, -3), S(26, -12), S(26, 1), S(13, -2), S(27, -40), S(-39, -2), S(17, -21),
    S(2, -17), S(11, -15), S(9, -3), S(42, -9), S(46, -4), S(61, -14), S(21, -26), S(-8, -9),
    S(4, -12), S(7, -11), S(26, -5), S(24, 2), S(16, -1), S(37, -21), S(10, -10), S(20, -9),
    S(6, -23), S(0, -9), S(12, 3), S(10, -2), S(18, -2), S(19, -5), S(25, -8), S(10, -16),
    S(-22, -32), S(2, -25), S(-2, -20), S(6, -10), S(6, -5), S(4, -23), S(12, -25), S(-19, -14),
    S(-10, -69), S(-15, -18), S(-14, -25), S(-2, -21), S(1, -27), S(4, -33), S(-10, -30), S(-11, -25),
    S(-66, -36), S(-18, -53), S(-11, -43), S(-5, -30), S(-5, -33), S(-6, -40), S(-18, -52), S(-28, -87),
    // Piece-square, bishop: rank 8 first, as White sees the board
    S(-19, -3), S(14, -8), S(-25, 0), S(-13, 14), S(-2, 3), S(-22, 5), S(2, -5), S(-7, -2),
    S(-12, -7), S(-3, -5), S(11, 2), S(5, 3), S(-3, 18), S(39, -10), S(-6, -3), S(-22, -13),
    S(-11, -18), S(23, -13), S(19, -7), S(19, 13), S(32, 5), S(19, 6), S(26, -10), S(-1, -7),
    S(1, -7), S(12, -3), S(23, 2), S(25, 10), S(16, 11), S(27, -2), S(14, 1), S(-2, -12),
    S(10, -15), S(3, 8), S(9, 8), S(21, 9), S(24, 9), S(10, 5), S(6, 1), S(14, -5),
    S(1, -11), S(19, -2), S(7, 3), S(6, 2), S(1, 8), S(12, 2), S(16, 2), S(0, -18),
    S(15, -16), S(6, -19), S(13, -8), S(-3, -2), S(4, -11), S(14, -7), S(14, -18), S(12, -11),
    S(-19, -8), S(1, -21), S(-9, -14), S(1, -11), S(3, -9), S(-13, -10), S(-14, -30), S(-13, -20),
    // Piece-square, rook: rank 8 first, as White sees the board
    S(16, 0), S(27, -7), S(29, -5), S(45, -8), S(55, -12), S(56, -10), S(32, -10), S(65, -16),
    S(18, 9), S(15, 11), S(43, 8), S(63, 4), S(63, 5), S(53, 6), S(26, 9), S(36, 5),
    S(4, 2), S(22, -5), S(21, -3), S(32, 0), S(35, -7), S(47, -2), S(38, -6), S(10, -2),
    S(-8, -2), S(-3, 2), S(12, -1), S(8, -4), S(12, -9), S(13, -2), S(8, -6), S(5, -7),
    S(-17, -6), S(-9, -5), S(-7, -5), S(-13, -6), S(-11, -11), S(-3, -7), S(-10, -6), S(-20, -6),
    S(-21, -13), S(-14, -16), S(-17, -13), S(-22, -17), S(-15, -18), S(-8, -24), S(-18, -17), S(-17, -25),
    S(-27, -28), S(-23, -28), S(-20, -24), S(-11, -32), S(-18, -28), S(-6, -42), S(-9, -37), S(-33, -38),
    S(-6, -47), S(-4, -44), S(-2, -37), S(1, -40), S(3, -45), S(0, -42), S(-19, -40), S(-7, -59),
    // Piece-square, queen: rank 8 first, as White sees the board
    S(-1, 21), S(9, 2), S(30, 9), S(17, 16), S(25, 25), S(67, -6), S(57, -4), S(44, -5),
    S(-21, 4), S(-26, 51), S(-8, 47), S(13, 19), S(2, 50), S(39, 25), S(45, -9), S(25, 6),
    S(-9, -1), S(-9, 26), S(-10, 32), S(8, 32), S(18, 31), S(31, 26), S(39, 14), S(1, 30),
    S(-11, 5), S(-2, 21), S(-5, 24), S(-6, 49), S(-1, 47), S(7, 24), S(4, 45), S(4, 13),
    S(-5, -10), S(-6, 7), S(-6, 35), S(-10, 31), S(-4, 32), S(-3, 27), S(-1, 28), S(-3, 20),
    S(-12, -18), S(-2, -9), S(-7, 4), S(-4, -6), S(-8, 12), S(-4, 12), S(1, -11), S(-3, -21),
    S(-6, -33), S(-11, -19), S(1, -31), S(-2, -24), S(1, -21), S(6, -36), S(-1, -46), S(-2, -50),
    S(-21, -25), S(-7, -33), S(-5, -47), S(-6, -37), S(-3, -48), S(-14, -56), S(-35, -42), S(-3, -48),
    // Piece-square, king: rank 8 first, as White sees the board
    S(-69, -66), S(40, 22), S(56, 20), S(-4, 4), S(-16, 12), S(-6, 32), S(75, 56), S(-1, -44),
    S(29, -7), S(34, 28), S(21, 20), S(22, 13), S(-2, 25), S(9, 38), S(9, 35), S(40, 63),
    S(-25, 7), S(41, 20), S(17, 37), S(-27, 29), S(-8, 27), S(-32, 46), S(14, 40), S(18, 3),
    S(-35, -1), S(-17, 17), S(-35, 37), S(-24, 28), S(-52, 32), S(-21, 29), S(-19, 27), S(-17, 3),
    S(-21, -2), S(-27, 13), S(-34, 17), S(-52, 25), S(-26, 11), S(-40, 21), S(-11, 8), S(-21, -2),
    S(-58, -4), S(-41, 15), S(-29, 14), S(-63, 15), S(-56, 11), S(-34, 8), S(-14, 1), S(-35, -5),
    S(-33, -8), S(-7, -5), S(-25, 6), S(-43, -3), S(-44, 0), S(-19, 0), S(-11, -3), S(0, -20),
    S(-20, -34), S(-3, -20), S(-10, -12), S(-54, -14), S(-19, -29), S(-28, -17), S(1, -17), S(-2, -41),
    // Mobility of a knight, by safe squares 0 to 8
    S(-27, -66), S(-19, -53), S(-14, -31), S(-11, -22), S(-7, -17), S(-4, -9), S(-1, -8), S(2, -5),
    S(-1, -19),
    // Mobility of a bishop, by safe squares 0 to 13
    S(-17, -49), S(-15, -19), S(-10, -11), S(-7, -4), S(-4, 1), S(-2, 3), S(-1, 4), S(0, 2),
    S(2, 2), S(4, -5), S(5, -5), S(1, -12), S(20, -17), S(-43, -16),
    // Mobility of a rook, by safe squares 0 to 14
    S(-23, -73), S(-14, -58), S(-11, -50), S(-7, -45), S(-6, -39), S(-4, -33), S(-1, -31), S(0, -27),
    S(2, -23), S(4, -21), S(6, -18), S(8, -14), S(1, -7), S(8, -9), S(43, -23),
    // Mobility of a queen, by safe squares 0 to 27
    S(-16, -33), S(-12, -43), S(-11, -50), S(-10, -47), S(-10, -38), S(-10, -18), S(-8, -13), S(-7, -5),
    S(-5, -3), S(-5, 2), S(-3, 7), S(-4, 12), S(-1, 15), S(-2, 18), S(-1, 21), S(-2, 18),
    S(1, 15), S(4, 11), S(7, 2), S(12, 0), S(11, -5), S(14, -13), S(20, -13), S(20, -36),
    S(4, -25), S(-1, -29), S(-8, -15), S(-5, -16),
    // Bishop pair
    S(14, 49),
    // Rook on an open file
    S(32, -16),
    // Rook on a half-open file
    S(17, 5),
    // Outpost: knight, bishop
    S(11, 6), S(11, 5),
    // Minor piece behind a pawn
    S(4, 13),
    // Own pawn on the bishop's colour, per bishop
    S(-2, -3),
    // Rook on the seventh rank
    S(-4, -9),
    // Own pawns, per knight, per rook
    S(2, 13), S(-10, 21),
    // Bishop on a long diagonal
    S(0, 0),
    // Own blocked pawn on the bishop's colour, per bishop
    S(0, 0),
    // Passed pawn, by rank 1 to 8
    S(0, 0), S(-10, -18), S(-22, 8), S(-16, 29), S(-3, 41), S(18, 40), S(25, -107), S(0, 0),
    // Passed pawn with a free path, by rank
    S(0, 0), S(-5, 10), S(-11, 3), S(-6, 10), S(-2, 19), S(12, 42), S(88, 87), S(0, 0),
    // Passed pawn, per square of its own king's distance, by rank
    S(0, 0), S(4, -14), S(4, -14), S(4, -14), S(4, -14), S(4, -14), S(4, -14), S(0, 0),
    // Passed pawn, per square of the enemy king's distance, by rank
    S(0, 0), S(-2, 16), S(-2, 16), S(-2, 16), S(-2, 16), S(-2, 16), S(-2, 16), S(0, 0),
    // Passed pawn with a safe stop square, by rank
    S(0, 0), S(5, -8), S(5, -4), S(-2, 6), S(-8, 17), S(-11, 36), S(3, 66), S(0, 0),
    // Candidate passed pawn, by rank
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Doubled pawn
    S(-14, 0),
    // Isolated pawn
    S(-6, -8),
    // Pawn guarded by a pawn
    S(12, 11),
    // Pawn beside a pawn
    S(5, 6),
    // Backward pawn
    S(-2, -6),
    // Space: safe central squares on its side, behind own pawns twice
    S(0, 1),
    // King's distance in files to the nearest pawn, 0 to 7
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // King zone squares attacked: knight, bishop, rook, queen
    S(4, 2), S(6, 1), S(4, 1), S(6, 5),
    // Pawn shield
    S(4, -3),
    // Open file at the king
    S(-10, -10),
    // Pieces attacking the king's zone, 0 to 7
    S(-1, -16), S(-12, -9), S(-8, 4), S(22, 3), S(42, 9), S(16, 1), S(1, 0), S(0, 0),
    // Weak squares next to the enemy king
    S(5, -2),
    // Pieces attacking the king's zone, 0 to 7, without a queen
    S(3, 6), S(-15, 8), S(7, -8), S(22, -6), S(32, 6), S(15, 1), S(1, 0), S(0, 0),
    // King shelter: by file distance from the edge 0 to 3, own pawn's rank (0: none)
    S(-7, 7), S(5, -4), S(4, -5), S(3, -4), S(-4, 1), S(-1, 13), S(9, 16), S(0, 0),
    S(-5, -3), S(3, -9), S(1, -10), S(3, -11), S(-4, -3), S(2, 16), S(8, 3), S(0, 0),
    S(-3, -1), S(4, -2), S(-3, -1), S(-3, -2), S(-5, 3), S(4, 7), S(3, 7), S(0, 0),
    S(-3, 2), S(1, 2), S(-1, -3), S(-1, -2), S(-5, 2), S(-3, 2), S(2, 14), S(0, 0),
    // Blocked pawn storm, by rank (0: none)
    S(0, 0), S(0, 0), S(-9, -9), S(1, 0), S(2, -8), S(7, -13), S(0, -18), S(0, 0),
    // Pawn storm, by rank (0: none)
    S(-2, -2), S(11, 29), S(5, 13), S(-4, 5), S(-1, -1), S(2, -3), S(0, -1), S(0, 0),
    // Own knights, bishops and pawns in the king's zone, 0 to 11
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Safe checks: knight, bishop, rook, queen
    S(28, 4), S(4, 11), S(44, -8), S(13, 12),
    // Attacked by a pawn: knight, bishop, rook, queen
    S(-40, -23), S(-43, -30), S(-50, -12), S(-34, 21),
    // Attacked by a minor piece: rook, queen
    S(-36, -13), S(-24, -8),
    // Queen attacked by a rook
    S(-35, -14),
    // Minor piece attacked by a rook
    S(2, -18),
    // Minor piece attacked by a minor piece
    S(0, 0),
    // Hanging piece
    S(-15, 3),
    // Undefended pawn or piece the enemy king attacks
    S(-27, -27),
    // Undefended pawn an enemy piece attacks
    S(0, 0),
    // Piece a safe pawn push would attack
    S(12, 7),
    // Tempo: the side to move
    S(13, 4),
];
