//! `bench`: a fixed search over a fixed set of positions. The node count is a fingerprint
//! of the search: the same in every run on every machine, so a change that alters it
//! changes the search, and commit messages carry it as `Bench: N`.

use std::time::{Duration, Instant};

use shakmaty::CastlingMode;

use crate::position::Position;
use crate::search::{Evaluator, Limits, SearchSession, SearchSettings, Signals};

/// Deep enough that every depth-gated technique of the search (singular extensions from
/// depth 8) takes part, short enough to run in about a second.
pub const DEFAULT_DEPTH: i32 = 10;
const HASH_MB: usize = 16;

/// Positions 1-44 come from real games (lichess.org open database, CC0), picked by
/// `tools/bench_positions.py`: openings, middlegames and endgames, either side to move.
/// The last six are endings written for this list.
pub const POSITIONS: &[&str] = &[
    "r1bqkb1r/3n1pp1/p1p1p2p/1p1pP3/3P4/2PBP3/PP1N2PP/R1BQ1RK1 w kq - 1 11",
    "r3k2r/pppq1p2/2n4p/2p1p3/2P1Pp2/2P2N1P/PP3PP1/R2QK2R b KQkq - 0 15",
    "2r5/1p3k1p/p2p1p1B/3P2p1/6bP/P5P1/5PK1/4R3 w - - 0 29",
    "r5k1/2R3p1/5b1p/8/2PP1P2/p3B1P1/2r3P1/R5K1 b - - 0 33",
    "r1bqkbnr/p1pp1ppp/1p2p3/1n6/P3P3/2PP2P1/1P3PBP/RNBQK1NR b KQkq - 0 6",
    "rn2k2r/ppp3pp/3b1n2/4q3/8/2N3Pb/PPP1BP1P/R1BQ1RK1 w kq - 1 11",
    "rn1q1Bk1/1bpp1p1p/1p2p1pb/4P3/2PP1P2/1p1Q3N/P5PP/1K1R1B1R b - - 0 15",
    "r3k2r/p2n2pp/3b1p1q/2p5/1p2p3/1P2P1P1/PB2NP1P/R2Q1RK1 w kq - 0 20",
    "r1bqkb1r/pp1p1ppp/2n1pn2/8/8/4P1P1/PPP2PBP/RNBQK1NR b KQkq - 2 6",
    "r1bqkb1r/3p1ppp/p3pn1n/1p6/1P1PP3/2P4P/4QPP1/RNB1KBNR w KQkq - 1 11",
    "2kr4/pp2nprp/2B3p1/2qp1b2/8/2N2N2/PPP2PPP/R2QR1K1 b - - 0 15",
    "2kr3r/pp3p2/2n3p1/5p2/N2P1P1p/P3P3/1PQBq1PK/2R2R2 w - - 1 20",
    "3q1rk1/pp3p1p/6p1/4P3/2Q4b/7P/P1P2PP1/4R1K1 b - - 0 24",
    "6k1/pq3pp1/1p2p2p/2n5/2N4Q/2R5/r1r2PPP/4R1K1 w - - 6 29",
    "3k1b2/pp6/4Qp2/3p4/3p4/1P1P1P2/PP5r/1K1R2R1 b - - 0 33",
    "r1bqk2r/pppn1ppp/3bpn2/3p4/3Q4/1P2P1P1/P1PP1P1P/RNB1KBNR b KQkq - 0 6",
    "r2qk1nr/pppbb1pp/2n1p3/3pp3/3P4/P1PB1N2/1P3PPP/RNBQR1K1 w kq - 0 11",
    "rn1q1rk1/1b2npbp/1p2p1p1/1PPp4/P7/1Q2PNN1/1B3PPP/R3KB1R b KQ - 0 15",
    "3r3r/pkqn3p/2pb1pp1/1p1B4/7P/2BP1Q2/PPP2PP1/2KRR3 w - - 8 20",
    "2r5/2pq1ppk/1p1pr2p/p1nP4/P2NP1B1/1P1P3P/6P1/1R1Q1R1K b - - 0 24",
    "5rk1/5pp1/2B4p/8/p7/8/rp4PP/1R3K2 w - - 0 41",
    "rnbqkbnr/5ppp/2p1p3/pp1pP3/8/1B6/PPPP1PPP/RNBQK1NR b KQkq - 1 6",
    "r1bqk2r/1p2bppp/p2p1n2/4p3/3pP3/NP1P2P1/PBP1QP1P/2KR1B1R w kq - 0 11",
    "r1b2rk1/pp2qppp/4pn2/8/2PB4/8/PPB2PPP/R2QR1K1 b - - 2 15",
    "r5k1/p5bp/2p3p1/2p2rB1/3qp2Q/5R2/PPP4P/4R2K w - - 0 20",
    "3r2k1/p1q2pbp/1pp1p1n1/5p2/N1PP4/1N3Q2/PP4PP/5R1K b - - 0 24",
    "4r3/2pkn1b1/1p1p4/p6p/2P1NP1P/PP1KB3/2N5/8 w - - 1 41",
    "rnbqkbnr/1pp3pp/p4p2/4p3/2BPP3/5N2/PPP3PP/RNBQK2R b KQkq - 0 6",
    "r1bqkb1r/ppn2pp1/5n1p/2p1p3/2B1P3/P1NPBN2/2P2PPP/R2Q1RK1 w kq - 0 11",
    "r2qk2r/pp1b1ppp/5n2/4p3/2P1P3/2QP1N2/P3BPPP/R4RK1 b kq - 0 15",
    "r4rk1/2q1b1pp/5np1/1p2p3/2PpP3/3P4/3NBPPP/R2Q1RK1 w - - 0 20",
    "2kr3r/1b5p/pp2p1pQ/2p1NpN1/1n4P1/P2P3P/1Pq5/K2R3R b - - 1 24",
    "r1bqkbnr/pp1p1ppp/4p3/8/3QP3/2N5/PPP2PPP/R1B1KB1R b KQkq - 0 6",
    "r4rk1/1ppb1pp1/p1np1q1p/2bBp3/4P3/3P1N1P/PPP1QPP1/R1B1K2R w KQ - 4 11",
    "r2qk2r/1ppb2b1/p1n1p2p/2P2pp1/3P4/P3P2P/1P1N1PPB/RQ2KB1R b KQkq - 5 15",
    "R2r1b1r/1pkn2pp/2n2p2/3p1Q2/3P4/7P/1PPB1PP1/4R1K1 w - - 3 20",
    "r7/1p3p2/p2R2rk/2p2p1p/5P1R/8/PP3P1P/7K w - - 5 29",
    "1k6/5Q2/p1p1p1p1/PpP2p2/1q3Pp1/6P1/7P/5RK1 w - - 6 41",
    "rn1qkb1r/1bpp1ppp/p3pn2/1p6/3PP3/3B1P2/PPP1N1PP/RNBQ1RK1 b kq - 1 6",
    "b2qkbnr/2p2ppp/4pn2/1p6/2pP4/1P3NP1/4PPBP/1NBQ1RK1 w k - 1 11",
    "r4rk1/pbqp1ppp/n2b4/2pP4/2B1P3/P1N2N1P/1P4P1/R2QR1K1 b - - 2 15",
    "r3k1n1/pp1n1qb1/3p1p2/2pPp1p1/4P3/1PPBBbN1/P1Q2P1R/2K5 w q - 2 20",
    "7r/5p1p/4k1p1/1n2p3/1r6/1N6/PP3PPP/2RR2K1 b - - 2 24",
    "4r1r1/pb6/1p1k2p1/3N4/2P1P1P1/8/P1B2P1P/2R1K2R w K - 1 29",
    "8/8/4k3/8/4P3/4K3/8/8 w - - 0 1",
    "8/5k2/8/2R5/5P2/6K1/r7/8 w - - 0 1",
    "3k4/8/8/8/8/8/3QK3/7r b - - 0 1",
    "8/p4pk1/6p1/8/8/6P1/P4PK1/8 w - - 0 1",
    "8/8/2b1k3/8/3K4/5N2/8/8 w - - 0 1",
    "6k1/5pp1/7p/8/8/7P/5PP1/3R2K1 w - - 0 1",
];

/// The result for one position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    pub fen: &'static str,
    pub nodes: u64,
    pub elapsed: Duration,
    pub best_move: String,
}

#[derive(Clone, Copy, Debug)]
pub struct BenchTotal {
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Searches every position to `depth` with `evaluator`, one thread, a fresh 16 MB table
/// and fresh history each, calling `progress` after each. `None` if `signals.stop` ended it
/// early.
pub fn run(
    depth: i32,
    evaluator: &Evaluator,
    signals: &Signals,
    progress: &mut dyn FnMut(usize, &BenchLine),
) -> Option<BenchTotal> {
    let mut total = BenchTotal { nodes: 0, elapsed: Duration::ZERO };
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    for (index, &fen) in POSITIONS.iter().enumerate() {
        let Ok((pos, _)) = Position::from_fen(fen, CastlingMode::Standard) else {
            continue; // cannot happen: a unit test parses every position
        };
        let settings = SearchSettings { evaluator: evaluator.clone(), ..SearchSettings::default() };
        let mut session = SearchSession::with_settings(HASH_MB, settings);
        let start = Instant::now();
        signals.reset_totals();
        let result = session.search_with(&pos, &[], &limits, signals);
        if signals.stop.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        let line = BenchLine {
            fen,
            nodes: result.nodes,
            elapsed: start.elapsed(),
            best_move: result
                .best_move
                .map_or("0000".to_string(), |m| crate::position::uci_move(m, CastlingMode::Standard)),
        };
        total.nodes += line.nodes;
        total.elapsed += line.elapsed;
        progress(index, &line);
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_position_is_legal_and_playable() {
        assert!(POSITIONS.len() >= 40);
        for fen in POSITIONS {
            let (pos, repair) = Position::from_fen(fen, CastlingMode::Standard).expect("legal position");
            assert!(repair.is_none(), "{fen}");
            assert!(!pos.legal_moves().is_empty(), "{fen}");
        }
    }

    #[test]
    fn node_count_is_the_same_every_run_for_each_evaluator() {
        let signals = Signals::default();
        let mut counts = Vec::new();
        for evaluator in [Evaluator::default(), Evaluator::Tables] {
            let first = run(3, &evaluator, &signals, &mut |_, _| {}).expect("not stopped");
            let second = run(3, &evaluator, &signals, &mut |_, _| {}).expect("not stopped");
            assert_eq!(first.nodes, second.nodes, "{evaluator:?}");
            assert!(first.nodes > 1000);
            counts.push(first.nodes);
        }
        assert_ne!(counts[0], counts[1], "the network is the default and searches differently");
    }
}
