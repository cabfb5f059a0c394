//! The weights of the evaluation, in the layout of `params.rs`.
//!
//! Tuned with `bramble tune --start current --epochs 300 --lr 1 --result-weight 0 --held-out 0.05`
//! on 1130995 positions of tune20.txt (56549 held out):
//! K = 1.0659; mean squared error 0.005497 before, 0.005215 after epoch 60 (held out: 0.006837, 0.006536).
//!
//! Written by `bramble tune` (README, *Tuning*): change the weights by tuning, not by hand.

use super::params::COUNT;
use super::score::S;

#[rustfmt::skip]
pub const WEIGHTS: [S; COUNT] = [
    // Material: pawn, knight, bishop, rook, queen, king
    S(73, 89), S(325, 305), S(348, 324), S(449, 525), S(1025, 936), S(0, 0),
    // Piece-square, pawn: rank 8 first, as White sees the board
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    S(116, 138), S(137, 154), S(70, 173), S(108, 154), S(68, 147), S(109, 171), S(16, 181), S(-26, 174),
    S(11, 48), S(20, 74), S(23, 62), S(21, 52), S(42, 30), S(55, 40), S(13, 62), S(-1, 63),
    S(-7, 29), S(8, 28), S(13, 12), S(22, 8), S(21, 7), S(16, 3), S(19, 14), S(-6, 12),
    S(-18, 15), S(-8, 17), S(4, -3), S(9, 1), S(9, 0), S(8, 0), S(6, 6), S(-16, 7),
    S(-15, 9), S(-10, 16), S(-7, 5), S(-20, 13), S(-12, 13), S(-9, 12), S(27, 2), S(-9, -2),
    S(-24, 21), S(-4, 15), S(-15, 20), S(-22, 19), S(-20, 18), S(20, 13), S(30, 13), S(-12, 2),
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Piece-square, knight: rank 8 first, as White sees the board
    S(-167, -47), S(-78, -19), S(-45, 9), S(-32, 5), S(64, -15), S(-94, 6), S(-7, -48), S(-104, -71),
    S(-43, 2), S(-17, 8), S(45, -19), S(44, 2), S(25, -2), S(60, -7), S(18, 4), S(4, -24),
    S(-18, -13), S(27, -15), S(13, 1), S(37, 7), S(76, 0), S(110, -22), S(27, -4), S(36, -22),
    S(13, -9), S(11, 1), S(30, 9), S(26, 16), S(22, 10), S(40, 7), S(12, 10), S(38, -10),
    S(5, -22), S(-6, 2), S(15, 8), S(15, 9), S(23, 10), S(25, 6), S(29, 3), S(17, -15),
    S(-22, -26), S(1, -6), S(1, -6), S(14, -3), S(9, 2), S(9, -14), S(18, -23), S(-18, -25),
    S(-27, -40), S(-27, -5), S(-13, -22), S(-2, -9), S(3, -19), S(9, -31), S(-11, -24), S(-6, -32),
    S(-92, -27), S(-22, -52), S(-27, -22), S(-25, -22), S(-8, -22), S(-9, -16), S(-21, -61), S(-31, -81),
    // Piece-square, bishop: rank 8 first, as White sees the board
    S(-30, 2), S(9, -21), S(-68, 3), S(-12, 20), S(-10, 9), S(-36, 10), S(15, -4), S(-1, -5),
    S(-8, 8), S(7, -1), S(0, 21), S(11, 1), S(23, 5), S(48, -4), S(-8, 12), S(-19, 8),
    S(-2, -10), S(31, 3), S(23, -8), S(32, 5), S(44, -1), S(30, 4), S(29, 8), S(8, -10),
    S(-4, 6), S(9, 1), S(15, 8), S(26, 0), S(16, 13), S(31, 5), S(13, -4), S(2, 0),
    S(9, -18), S(2, 6), S(10, 9), S(19, 7), S(23, 6), S(8, 7), S(3, 6), S(18, -12),
    S(2, -23), S(13, 6), S(10, 5), S(7, 6), S(4, 11), S(13, 5), S(21, 1), S(6, -10),
    S(15, -14), S(11, -14), S(18, 1), S(-2, 4), S(4, -1), S(18, -7), S(21, -19), S(12, -21),
    S(-37, -1), S(13, -13), S(-9, -16), S(-3, -2), S(-3, -3), S(-14, -7), S(-18, -8), S(-23, -7),
    // Piece-square, rook: rank 8 first, as White sees the board
    S(40, 7), S(48, 0), S(42, 2), S(52, 7), S(45, 7), S(28, 15), S(32, 10), S(51, -3),
    S(28, 15), S(2, 24), S(48, 6), S(54, 11), S(73, -1), S(51, 10), S(14, 12), S(48, 1),
    S(1, 19), S(3, 21), S(25, 13), S(42, 7), S(37, 5), S(44, 7), S(62, -2), S(-16, 21),
    S(-19, 20), S(2, 24), S(22, 11), S(20, 6), S(14, 10), S(26, 6), S(15, 9), S(-2, 10),
    S(-26, 16), S(-18, 14), S(-11, 15), S(-9, 9), S(-14, 11), S(-10, 9), S(-16, 11), S(-25, 8),
    S(-28, 6), S(-18, 3), S(-18, 3), S(-26, 4), S(-8, -7), S(3, -10), S(-11, -6), S(-18, -12),
    S(-38, 1), S(-25, -7), S(-13, -6), S(-20, -8), S(-19, -10), S(-3, -22), S(0, -26), S(-36, -15),
    S(-16, -21), S(-7, -20), S(-2, -14), S(0, -18), S(3, -22), S(-3, -20), S(-26, -12), S(-14, -32),
    // Piece-square, queen: rank 8 first, as White sees the board
    S(-7, 12), S(14, 23), S(23, 18), S(25, 32), S(50, 14), S(52, 13), S(49, -3), S(39, 14),
    S(-24, 10), S(-26, 31), S(8, 35), S(-1, 42), S(-3, 63), S(48, 11), S(23, 18), S(28, -4),
    S(-11, 1), S(-7, 22), S(13, 9), S(12, 38), S(12, 55), S(43, 27), S(25, 26), S(26, 16),
    S(-11, 16), S(-11, 40), S(0, 38), S(-7, 42), S(-7, 57), S(9, 42), S(7, 60), S(3, 27),
    S(-2, 2), S(-24, 39), S(-12, 38), S(-11, 45), S(-3, 38), S(5, 21), S(3, 31), S(0, 21),
    S(-10, -3), S(-2, -6), S(-10, 6), S(-7, 6), S(-6, 21), S(-4, 17), S(0, 6), S(6, -7),
    S(-8, -15), S(-6, -33), S(5, -33), S(2, -20), S(4, -36), S(13, -43), S(2, -31), S(6, -39),
    S(-15, -45), S(-18, -23), S(-1, -45), S(-2, -54), S(-6, -32), S(-30, -34), S(-36, -28), S(-27, -28),
    // Piece-square, king: rank 8 first, as White sees the board
    S(-62, -68), S(26, -11), S(29, 21), S(-8, 1), S(-39, 0), S(-20, 37), S(15, 31), S(-1, -59),
    S(30, -21), S(1, 31), S(-8, 29), S(8, 22), S(-1, 29), S(2, 40), S(-27, 38), S(-15, 19),
    S(-15, 12), S(26, 39), S(6, 38), S(-9, 32), S(-15, 28), S(-11, 31), S(14, 35), S(-23, 28),
    S(-14, -9), S(-19, 36), S(-14, 24), S(-49, 36), S(-42, 20), S(-37, 22), S(-28, 32), S(-16, 11),
    S(-49, -2), S(-13, 3), S(-37, 20), S(-34, 18), S(-47, 16), S(-37, 13), S(-21, 4), S(-38, -5),
    S(-31, -21), S(-20, 8), S(-42, 10), S(-56, 10), S(-59, 10), S(-21, 0), S(-6, -7), S(-28, -13),
    S(-29, -5), S(-13, -6), S(-22, -4), S(-31, -10), S(-34, -4), S(-8, -11), S(0, -12), S(15, -28),
    S(-10, -29), S(20, -38), S(9, -33), S(-37, -25), S(-4, -33), S(-19, -22), S(22, -34), S(18, -59),
    // Mobility of a knight, by safe squares 0 to 8
    S(-16, -8), S(-12, -6), S(-8, -4), S(-4, -2), S(0, 0), S(4, 2), S(8, 4), S(12, 6),
    S(16, 8),
    // Mobility of a bishop, by safe squares 0 to 13
    S(-24, -18), S(-20, -15), S(-16, -12), S(-12, -9), S(-8, -6), S(-4, -3), S(0, 0), S(4, 3),
    S(8, 6), S(12, 9), S(16, 12), S(20, 15), S(24, 18), S(28, 21),
    // Mobility of a rook, by safe squares 0 to 14
    S(-21, -14), S(-18, -12), S(-15, -10), S(-12, -8), S(-9, -6), S(-6, -4), S(-3, -2), S(0, 0),
    S(3, 2), S(6, 4), S(9, 6), S(12, 8), S(15, 10), S(18, 12), S(21, 14),
    // Mobility of a queen, by safe squares 0 to 27
    S(-13, -26), S(-12, -24), S(-11, -22), S(-10, -20), S(-9, -18), S(-8, -16), S(-7, -14), S(-6, -12),
    S(-5, -10), S(-4, -8), S(-3, -6), S(-2, -4), S(-1, -2), S(0, 0), S(1, 2), S(2, 4),
    S(3, 6), S(4, 8), S(5, 10), S(6, 12), S(7, 14), S(8, 16), S(9, 18), S(10, 20),
    S(11, 22), S(12, 24), S(13, 26), S(14, 28),
    // Bishop pair
    S(18, 42),
    // Rook on an open file
    S(34, -20),
    // Rook on a half-open file
    S(15, 4),
    // Outpost: knight, bishop
    S(11, 10), S(16, 11),
    // Minor piece behind a pawn
    S(2, 8),
    // Own pawn on the bishop's colour, per bishop
    S(-1, -2),
    // Rook on the seventh rank
    S(-3, 2),
    // Own pawns, per knight, per rook
    S(0, 0), S(0, 0),
    // Passed pawn, by rank 1 to 8
    S(0, 0), S(-16, -18), S(-20, -2), S(-38, 27), S(-19, 36), S(0, 22), S(-11, -75), S(0, 0),
    // Passed pawn with a free path, by rank
    S(0, 0), S(-20, 13), S(-8, 6), S(2, 7), S(4, 16), S(2, 50), S(50, 89), S(0, 0),
    // Passed pawn, per square of king distance: own king, enemy king
    S(9, -13), S(-4, 18),
    // Passed pawn with a safe stop square, by rank
    S(0, 0), S(5, -8), S(3, -5), S(-4, 4), S(-7, 13), S(1, 22), S(20, 36), S(0, 0),
    // Doubled pawn
    S(-14, -3),
    // Isolated pawn
    S(-2, -11),
    // Pawn guarded by a pawn
    S(10, 9),
    // Pawn beside a pawn
    S(4, 7),
    // Backward pawn
    S(0, 0),
    // Space: safe central squares on its side, behind own pawns twice
    S(0, 0),
    // King zone squares attacked: knight, bishop, rook, queen
    S(4, -3), S(0, 2), S(7, -1), S(4, 7),
    // Pawn shield
    S(6, -6),
    // Open file at the king
    S(-16, -8),
    // Pieces attacking the king's zone, 0 to 7
    S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0),
    // Weak squares next to the enemy king
    S(0, 0),
    // Safe checks: knight, bishop, rook, queen
    S(28, -2), S(6, 14), S(32, -1), S(15, 8),
    // Attacked by a pawn: knight, bishop, rook, queen
    S(-44, -20), S(-44, -27), S(-39, -11), S(-39, 48),
    // Attacked by a minor piece: rook, queen
    S(-39, -1), S(-24, -21),
    // Queen attacked by a rook
    S(-24, -48),
    // Hanging piece
    S(-14, -13),
    // Piece a safe pawn push would attack
    S(11, 4),
    // Tempo: the side to move
    S(16, 3),
];
