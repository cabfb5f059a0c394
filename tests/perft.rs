//! Move generation through the engine's make-move path, against known perft counts.

mod common;

use std::sync::atomic::AtomicBool;

use bramble::perft::{parse_suite, perft};
use bramble::position::Position;
use shakmaty::CastlingMode;

static NEVER: AtomicBool = AtomicBool::new(false);

fn count(fen: &str, mode: CastlingMode, depth: u32) -> u64 {
    let (pos, _) = Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"));
    perft(&pos, depth, &NEVER)
}

/// The six positions of the Chess Programming Wiki's "Perft Results" page (and position 4
/// mirrored), with their published counts.
#[test]
fn the_six_standard_positions() {
    let cases: &[(&str, &[u64])] = &[
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &[20, 400, 8_902, 197_281, 4_865_609]),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", &[48, 2_039, 97_862, 4_085_603]),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", &[14, 191, 2_812, 43_238, 674_624, 11_030_083]),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", &[6, 264, 9_467, 422_333, 15_833_292]),
        ("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", &[6, 264, 9_467, 422_333]),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", &[44, 1_486, 62_379, 2_103_487]),
        ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", &[46, 2_079, 89_890, 3_894_594]),
    ];
    let mut checked = 0;
    for (fen, counts) in cases {
        for (depth, &expected) in (1..).zip(counts.iter()) {
            assert_eq!(count(fen, CastlingMode::Standard, depth), expected, "{fen} depth {depth}");
            checked += 1;
        }
    }
    assert_eq!(checked, 32);
}

/// Depth 0 is one node; a mated or stalemated side has no moves.
#[test]
fn edge_depths_and_terminal_positions() {
    assert_eq!(count("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CastlingMode::Standard, 0), 1);
    assert_eq!(count("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", CastlingMode::Standard, 3), 0);
    assert_eq!(count("7k/8/6QK/8/8/8/8/8 b - - 0 1", CastlingMode::Standard, 1), 0);
}

/// Runs every count of a suite file whose expected value is at most `max_count`; returns
/// (positions, checks).
fn run_suite(text: &str, mode: CastlingMode, max_count: u64) -> (usize, usize) {
    let entries = parse_suite(text).expect("suite parses");
    let mut checks = 0;
    for entry in &entries {
        for &(depth, expected) in entry.counts.iter().filter(|(_, n)| *n <= max_count) {
            assert_eq!(count(&entry.fen, mode, depth), expected, "{} depth {depth}", entry.fen);
            checks += 1;
        }
    }
    (entries.len(), checks)
}

fn read(dir: &std::path::Path, name: &str) -> String {
    std::fs::read_to_string(dir.join("perft").join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn standard_suite() {
    let Some(dir) = common::shared_data("standard_suite") else { return };
    let (positions, checks) = run_suite(&read(&dir, "standard.epd"), CastlingMode::Standard, 2_000_000);
    assert_eq!(positions, 128);
    assert!(checks >= 128 * 4, "only {checks} counts checked");
}

#[test]
fn cpw_suite_to_depth_five() {
    let Some(dir) = common::shared_data("cpw_suite_to_depth_five") else { return };
    let (positions, checks) = run_suite(&read(&dir, "cpw6.epd"), CastlingMode::Standard, 200_000_000);
    assert_eq!(positions, 6);
    assert!(checks >= 30, "only {checks} counts checked");
}

#[test]
fn chess960_suite() {
    let Some(dir) = common::shared_data("chess960_suite") else { return };
    let (positions, checks) = run_suite(&read(&dir, "fischer.epd"), CastlingMode::Chess960, 1_000_000);
    assert_eq!(positions, 960);
    // Depths 1 to 3 of every position, and depth 4 where it is small.
    assert!(checks >= 960 * 3, "only {checks} counts checked");
}

#[test]
fn random_positions_suite() {
    let Some(dir) = common::shared_data("random_positions_suite") else { return };
    let (positions, checks) = run_suite(&read(&dir, "perft_marcel_random.epd"), CastlingMode::Standard, 30_000);
    assert_eq!(positions, 6838);
    assert!(checks >= 6838 * 2, "only {checks} counts checked");
}

#[test]
fn double_check_and_en_passant_suites() {
    let Some(dir) = common::shared_data("double_check_and_en_passant_suites") else { return };
    let (positions, checks) =
        run_suite(&read(&dir, "ferdy_perft_double_checks.epd"), CastlingMode::Standard, 10_000_000);
    assert_eq!((positions, checks), (184, 184));
    let text = read(&dir, "ferdy_perft_enpassant_1.epd");
    let first_400: String = text.lines().take(400).map(|l| format!("{l}\n")).collect();
    let (positions, checks) = run_suite(&first_400, CastlingMode::Standard, 10_000_000);
    assert_eq!((positions, checks), (400, 400));
}

/// python-chess's "tricky" positions (X-FEN castling, impossible checkers, odd en passant
/// squares), in their own format: `epd <EPD>` then `perft <depth> <count>` lines. They
/// are meant to be read in Chess960 mode.
#[test]
fn tricky_positions() {
    let Some(dir) = common::shared_data("tricky_positions") else { return };
    let text = read(&dir, "tricky.perft");
    let (mut positions, mut checks) = (0, 0);
    let mut fen = String::new();
    for line in text.lines().map(str::trim) {
        if let Some(epd) = line.strip_prefix("epd ") {
            fen = epd.to_string();
            positions += 1;
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut numbers = rest.split_whitespace().map(|n| n.parse::<u64>().expect("a number"));
            let (depth, expected) = (numbers.next().expect("depth"), numbers.next().expect("count"));
            if expected <= 10_000_000 {
                assert_eq!(count(&fen, CastlingMode::Chess960, depth as u32), expected, "{fen} depth {depth}");
                checks += 1;
            }
        }
    }
    assert_eq!(positions, 19);
    assert!(checks >= 60, "only {checks} counts checked");
}
