//! The weights of the evaluation, in the layout of `params.rs`.
//!
//! Tuned with `bramble tune --start current --epochs 300 --lr 1 --result-weight 0 --held-out 0.05`
//! on 2002491 positions of d24-25.txt (100124 held out):
//! K = 1.1961; mean squared error 0.005925 before, 0.005672 after epoch 300 (held out: 0.006740, 0.006415).
//!
//! Written by `bramble tune` (docs/tuning.md): change the weights by tuning, not by hand.

use super::params::COUNT;
use super::score::S;

#[rustfmt::skip]
pub const WEIGHTS: [S; COUNT] = [
    // Material: pawn, knight, bishop, rook, queen, king
    S(80, 55), S(299, 244), S(333, 284), S(463, 423), S(1019, 793), S(0, 0),
    // Piece-square, pawn: rank 8 first, as White sees the board
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(145, 120), S(108, 151), S(80, 160), S(125, 153), S(87, 151), S(144, 155), S(13, 194), S(56, 148),
    S(17, 23), S(16, 33), S(9, 33), S(32, 9), S(37, 8), S(37, 17), S(14, 32), S(10, 23),
    S(2, 18), S(6, 20), S(7, 12), S(15, -6), S(14, -1), S(15, -2), S(14, 13), S(3, 7),
    S(-11, 14), S(-10, 12), S(2, -3), S(3, -6), S(5, -3), S(8, -1), S(1, 9), S(-11, 7),
    S(-9, 4), S(-11, 9), S(-7, 3), S(-18, 7), S(-11, 11), S(-5, 6), S(26, -3), S(-4, -5),
    S(-14, 15), S(-6, 14), S(-14, 19), S(-19, 20), S(-18, 17), S(12, 12), S(25, 8), S(-5, 2),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Piece-square, knight: rank 8 first, as White sees the board
    S(-141, -39), S(-34, 10), S(-25, -5), S(-6, -7), S(54, -17), S(-124, 15), S(-8, 3), S(-44, -20),
    S(-2, -35), S(-1, -7), S(21, -15), S(22, 8), S(25, -9), S(51, -51), S(-17, -17), S(14, -21),
    S(6, -21), S(8, -18), S(9, -8), S(39, -11), S(36, -7), S(42, -7), S(21, -26), S(2, -26),
    S(2, -15), S(6, -13), S(23, -7), S(24, -2), S(17, 4), S(34, -18), S(11, -13), S(19, -14),
    S(3, -20), S(-2, -11), S(12, -4), S(9, -6), S(18, -4), S(19, -11), S(22, -14), S(7, -15),
    S(-21, -30), S(1, -27), S(-3, -24), S(5, -13), S(7, -9), S(3, -25), S(10, -28), S(-18, -15),
    S(-18, -52), S(-15, -23), S(-15, -27), S(-4, -23), S(-1, -29), S(1, -36), S(-12, -29), S(-14, -20),
    S(-41, -36), S(-20, -50), S(-15, -39), S(-12, -27), S(-9, -29), S(-11, -35), S(-20, -44), S(-34, -62),
    // Piece-square, bishop: rank 8 first, as White sees the board
    S(-33, 1), S(2, -5), S(-18, -3), S(-16, 9), S(0, -5), S(-29, 5), S(-32, 3), S(14, -19),
    S(-6, -9), S(-7, -10), S(13, -2), S(9, -4), S(-7, 12), S(24, -9), S(-21, -5), S(-10, -8),
    S(-8, -14), S(21, -7), S(16, -15), S(19, 6), S(26, 1), S(10, -1), S(22, -12), S(4, -9),
    S(-2, -6), S(9, -3), S(19, 2), S(23, 5), S(13, 11), S(25, 0), S(11, -2), S(1, -12),
    S(11, -15), S(4, 6), S(10, 7), S(16, 9), S(22, 7), S(11, 3), S(11, -5), S(11, -6),
    S(1, -4), S(20, -7), S(6, -4), S(7, 4), S(4, 7), S(12, -9), S(19, -4), S(1, -15),
    S(15, -18), S(6, -24), S(12, -7), S(-1, -2), S(6, -8), S(16, -8), S(14, -25), S(12, -15),
    S(-14, -16), S(-1, -14), S(-6, -13), S(3, -8), S(4, -8), S(-13, -9), S(-4, -27), S(-9, -23),
    // Piece-square, rook: rank 8 first, as White sees the board
    S(26, -7), S(23, -7), S(19, -3), S(32, -6), S(23, -3), S(43, -10), S(14, -4), S(45, -12),
    S(22, 10), S(15, 14), S(37, 10), S(56, 6), S(50, 6), S(58, 1), S(36, 5), S(43, 0),
    S(7, 1), S(21, -7), S(23, -6), S(33, -5), S(34, -13), S(43, -7), S(33, -9), S(15, -6),
    S(-5, -4), S(2, -4), S(11, -5), S(9, -8), S(13, -13), S(16, -9), S(6, -8), S(5, -12),
    S(-17, -7), S(-8, -8), S(-6, -7), S(-10, -9), S(-4, -13), S(-1, -9), S(-8, -9), S(-17, -10),
    S(-21, -16), S(-14, -17), S(-14, -15), S(-18, -20), S(-13, -20), S(-6, -25), S(-14, -18), S(-17, -26),
    S(-24, -30), S(-20, -31), S(-15, -27), S(-9, -31), S(-13, -31), S(-2, -42), S(-8, -38), S(-31, -40),
    S(-5, -46), S(-3, -41), S(-1, -34), S(3, -39), S(4, -43), S(2, -40), S(-17, -36), S(-5, -57),
    // Piece-square, queen: rank 8 first, as White sees the board
    S(-3, 22), S(5, 9), S(32, 5), S(31, 6), S(17, 22), S(57, -13), S(71, -7), S(39, 0),
    S(-24, 22), S(-21, 43), S(-5, 38), S(2, 31), S(-2, 40), S(42, 9), S(45, -9), S(30, -6),
    S(-9, -2), S(-3, 14), S(-17, 41), S(5, 29), S(13, 36), S(26, 24), S(29, 28), S(2, 28),
    S(-13, 12), S(-4, 19), S(-9, 29), S(-4, 45), S(2, 39), S(10, 18), S(9, 27), S(6, 9),
    S(-4, -12), S(-5, 4), S(-6, 30), S(-10, 32), S(-2, 26), S(-2, 23), S(0, 25), S(0, 12),
    S(-11, -22), S(-3, -10), S(-6, 3), S(-4, -6), S(-6, 10), S(-2, 3), S(2, -13), S(-5, -6),
    S(-3, -45), S(-9, -23), S(1, -31), S(0, -29), S(2, -23), S(6, -33), S(1, -42), S(-2, -48),
    S(-12, -43), S(-5, -36), S(-4, -45), S(-6, -33), S(-5, -38), S(-17, -40), S(-20, -35), S(-3, -31),
    // Piece-square, king: rank 8 first, as White sees the board
    S(-76, -50), S(64, 19), S(126, 10), S(-16, -2), S(-1, 7), S(4, 5), S(172, 9), S(-3, -65),
    S(37, -2), S(85, 19), S(36, 24), S(29, 14), S(-19, 30), S(71, 30), S(47, 27), S(50, 21),
    S(-6, 5), S(29, 29), S(15, 37), S(-36, 29), S(-12, 31), S(-51, 53), S(6, 37), S(65, 8),
    S(-36, 11), S(13, 24), S(-38, 40), S(-40, 35), S(-49, 34), S(-40, 35), S(-42, 38), S(-27, 15),
    S(-25, 11), S(-15, 19), S(-40, 28), S(-46, 27), S(-34, 19), S(-46, 27), S(-32, 23), S(-45, 14),
    S(-54, 3), S(-48, 22), S(-43, 22), S(-65, 18), S(-57, 14), S(-41, 15), S(-31, 15), S(-50, 7),
    S(-40, -1), S(-28, 9), S(-38, 9), S(-51, -1), S(-50, 0), S(-33, 6), S(-27, 8), S(-16, -9),
    S(-29, -31), S(-19, -12), S(-17, -14), S(-54, -19), S(-24, -32), S(-39, -14), S(-13, -10), S(-15, -34),
    // Mobility of a knight, by safe squares 0 to 8
    S(-24, -102), S(-18, -59), S(-14, -36), S(-11, -25), S(-8, -18), S(-5, -12), S(-2, -9), S(1, -8),
    S(-4, -13),
    // Mobility of a bishop, by safe squares 0 to 13
    S(-17, -55), S(-15, -25), S(-10, -16), S(-8, -9), S(-5, -4), S(-4, -2), S(-2, -2), S(-1, -3),
    S(1, -4), S(3, -9), S(6, -11), S(9, -20), S(-7, -8), S(-45, -22),
    // Mobility of a rook, by safe squares 0 to 14
    S(-21, -84), S(-13, -63), S(-10, -55), S(-6, -48), S(-6, -41), S(-3, -36), S(-2, -34), S(0, -31),
    S(2, -26), S(3, -24), S(6, -22), S(6, -18), S(3, -13), S(6, -15), S(23, -22),
    // Mobility of a queen, by safe squares 0 to 27
    S(-19, -47), S(-15, -71), S(-14, -60), S(-14, -51), S(-13, -32), S(-13, -13), S(-12, -5), S(-11, 2),
    S(-9, 4), S(-8, 11), S(-7, 18), S(-7, 18), S(-6, 25), S(-6, 26), S(-5, 26), S(-5, 28),
    S(-1, 22), S(-1, 22), S(1, 17), S(6, 11), S(17, -2), S(45, -28), S(56, -31), S(46, -44),
    S(29, -42), S(17, -61), S(-18, -46), S(-3, -41),
    // Bishop pair
    S(10, 51),
    // Rook on an open file
    S(31, -10),
    // Rook on a half-open file
    S(17, 7),
    // Outpost: knight, bishop
    S(12, 5), S(12, 4),
    // Minor piece behind a pawn
    S(4, 14),
    // Own pawn on the bishop's colour, per bishop
    S(-2, -3),
    // Rook on the seventh rank
    S(-5, -12),
    // Own pawns, per knight, per rook
    S(2, 14), S(-10, 23),
    // Bishop on a long diagonal
    S(3, 10),
    // Own blocked pawn on the bishop's colour, per bishop
    S(-1, 2),
    // Passed pawn, by rank 1 to 8
    S(0, 0), S(-6, 2), S(-13, 16), S(-21, 36), S(9, 36), S(48, 45), S(117, -123), S(0, 0),
    // Passed pawn with a free path, by rank
    S(0, 0), S(-3, 8), S(-9, 2), S(-6, 9), S(-2, 16), S(13, 35), S(66, 74), S(0, 0),
    // Passed pawn, per square of its own king's distance, by rank
    S(0, 0), S(0, -6), S(3, -9), S(5, -11), S(1, -13), S(-4, -15), S(-19, -9), S(0, 0),
    // Passed pawn, per square of the enemy king's distance, by rank
    S(0, 0), S(1, 5), S(-1, 8), S(0, 11), S(-1, 18), S(1, 20), S(8, 18), S(0, 0),
    // Passed pawn with a safe stop square, by rank
    S(0, 0), S(5, -1), S(-1, 5), S(-4, 8), S(-7, 16), S(-9, 31), S(-16, 64), S(0, 0),
    // Candidate passed pawn, by rank
    S(0, 0), S(1, -5), S(2, -1), S(0, 4), S(-2, 10), S(-4, 58), S(0, 0), S(0, 0),
    // Doubled pawn
    S(-12, 0),
    // Isolated pawn
    S(-6, -7),
    // Pawn guarded by a pawn
    S(12, 10),
    // Pawn beside a pawn
    S(5, 6),
    // Backward pawn
    S(-2, -7),
    // Space: safe central squares on its side, behind own pawns twice
    S(1, 1),
    // King's distance in files to the nearest pawn, 0 to 7
    S(-9, 18), S(-19, 17), S(-21, 9), S(11, -12), S(30, -25), S(39, -27), S(-5, -8), S(7, 3),
    // King zone squares attacked: knight, bishop, rook, queen
    S(3, 0), S(7, 1), S(5, 0), S(5, 5),
    // Pawn shield
    S(3, -3),
    // Open file at the king
    S(-6, -8),
    // Pieces attacking the king's zone, 0 to 7
    S(0, -35), S(-11, -27), S(-6, -12), S(13, 21), S(51, 7), S(37, 4), S(2, 0), S(0, 0),
    // Weak squares next to the enemy king
    S(4, -1),
    // Pieces attacking the king's zone, 0 to 7, without a queen
    S(2, 9), S(-20, 13), S(6, -3), S(8, 11), S(27, 2), S(16, 2), S(1, 0), S(0, 0),
    // King shelter: by file distance from the edge 0 to 3, own pawn's rank (0: none)
    S(-7, 5), S(7, -5), S(8, -6), S(7, -8), S(-1, -1), S(-3, 2), S(13, 20), S(0, 0),
    S(-6, -2), S(6, -7), S(3, -10), S(5, -11), S(-1, -6), S(4, 3), S(49, -9), S(0, 0),
    S(-8, 1), S(4, 2), S(-3, 0), S(-3, -2), S(-5, 2), S(7, 1), S(27, -11), S(0, 0),
    S(-6, 5), S(-2, 8), S(-3, 2), S(-3, 3), S(-7, 4), S(-8, 4), S(-18, 6), S(0, 0),
    // Blocked pawn storm, by rank (0: none)
    S(0, 0), S(0, 0), S(-2, -18), S(3, -3), S(4, -8), S(8, -12), S(5, -10), S(0, 0),
    // Pawn storm, by rank (0: none)
    S(0, -1), S(-26, 37), S(-4, 8), S(-4, 3), S(-1, 0), S(4, -3), S(1, -1), S(0, 0),
    // Own knights, bishops and pawns in the king's zone, 0 to 11
    S(-7, 5), S(-2, 0), S(-1, -1), S(1, -3), S(5, -8), S(9, -10), S(2, -2), S(0, 0),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Safe checks: knight, bishop, rook, queen
    S(27, 3), S(4, 11), S(39, -7), S(12, 14),
    // Attacked by a pawn: knight, bishop, rook, queen
    S(-40, -28), S(-38, -30), S(-52, -13), S(-29, -16),
    // Attacked by a minor piece: rook, queen
    S(-35, -14), S(-24, -15),
    // Queen attacked by a rook
    S(-36, -5),
    // Minor piece attacked by a rook
    S(-1, -17),
    // Minor piece attacked by a minor piece
    S(-11, -13),
    // Hanging piece
    S(-13, 2),
    // Undefended pawn or piece the enemy king attacks
    S(-43, -21),
    // Undefended pawn an enemy piece attacks
    S(-11, -24),
    // Piece a safe pawn push would attack
    S(11, 7),
    // Tempo: the side to move
    S(14, 5),
];
