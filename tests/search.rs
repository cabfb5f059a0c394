//! The search finds mates, equals plain minimax where it should, scores draws as draws,
//! and always returns a legal move.

mod common;

use bramble::eval::evaluate;
use bramble::nnue::builtin::builtin;
use bramble::position::Position;
use bramble::search::{
    self, DRAW, Evaluator, Heuristics, INFINITY, Limits, MATE, SearchResult, SearchSession, SearchSettings,
    mate_in_moves,
};
use common::position;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shakmaty::{Chess, Position as _};

fn run(pos: &Position, limits: &Limits) -> SearchResult {
    search::search_fresh(pos, limits)
}

/// Whether the side to move can force mate within `moves` moves (brute force).
fn forced_mate(pos: &Chess, moves: u32) -> bool {
    pos.legal_moves().iter().any(|&m| {
        let mut child = pos.clone();
        child.play_unchecked(m);
        child.is_checkmate() || (moves > 1 && defender_is_mated(&child, moves - 1))
    })
}

/// Whether every reply of the side to move allows a mate within `moves`.
fn defender_is_mated(pos: &Chess, moves: u32) -> bool {
    let replies = pos.legal_moves();
    !replies.is_empty()
        && replies.iter().all(|&r| {
            let mut child = pos.clone();
            child.play_unchecked(r);
            forced_mate(&child, moves)
        })
}

/// Every position of a sunfish mate file: the search reports `mate n` with n at most the
/// file's bound, and the move it plays keeps a forced mate of that length. `None` only
/// outside CI without ../shared/data (`common::shared_data` says so loudly).
fn solve_mate_file(name: &str, bound: u32) -> Option<usize> {
    let dir = common::shared_data(name)?;
    let text = std::fs::read_to_string(dir.join("epd/mate").join(name)).expect("mate file");
    let mut solved = 0;
    for fen in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let pos = position(fen);
        let limits = Limits { mate: Some(bound), depth: Some(2 * bound as i32 + 2), ..Limits::default() };
        let result = run(&pos, &limits);
        let moves = mate_in_moves(result.score);
        assert!(moves.is_some_and(|n| n >= 1 && n <= bound as i32), "{fen}: score {}", result.score);
        let best = result.best_move.expect("a move");
        let mut child = pos.chess().clone();
        child.play_unchecked(best);
        let n = moves.unwrap_or(0) as u32;
        assert!(child.is_checkmate() || defender_is_mated(&child, n - 1), "{fen}: {best} does not mate in {n}");
        solved += 1;
    }
    Some(solved)
}

#[test]
fn mates_in_one() {
    if let Some(solved) = solve_mate_file("sunfish_mate1.fen", 1) {
        assert_eq!(solved, 8);
    }
}

#[test]
fn mates_in_two() {
    if let Some(solved) = solve_mate_file("sunfish_mate2.fen", 2) {
        assert_eq!(solved, 212);
    }
}

#[test]
fn mates_in_three() {
    if let Some(solved) = solve_mate_file("sunfish_mate3.fen", 3) {
        assert_eq!(solved, 14);
    }
}

/// With every pruning and reduction on (no `go mate`), a fixed depth still finds each
/// mate of the mate-in-2 file, so pruning that hides mates fails here. Depth 24: the
/// hardest two (both 8-12 pawns up) need 18-24 plies; docs/experiments.md tells which
/// change made them deeper each time.
/// The mate-in-3 file is not asserted: with pruning on, some of its mates are not found by
/// depth 14.
#[test]
fn pruning_keeps_short_mates() {
    let Some(dir) = common::shared_data("pruning_keeps_short_mates") else { return };
    let text = std::fs::read_to_string(dir.join("epd/mate/sunfish_mate2.fen")).expect("mate file");
    let mut solved = 0;
    for fen in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let result = run(&position(fen), &Limits::default_depth(24));
        let moves = mate_in_moves(result.score);
        assert!(moves.is_some_and(|n| (1..=2).contains(&n)), "{fen}: score {}", result.score);
        solved += 1;
    }
    assert_eq!(solved, 212);
}

/// Mates the core tests know without ../shared/data.
/// A search with no limit stops iterating once a mate is settled (its depth past twice the
/// mate's distance plus 10 plies), instead of repeating it up to the maximum depth.
#[test]
fn a_settled_mate_ends_the_search() {
    for (fen, moves) in [("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1), ("8/8/8/8/8/k7/8/K5RR w - - 0 1", 3)] {
        let result = run(&position(fen), &Limits::default());
        assert_eq!(mate_in_moves(result.score), Some(moves), "{fen}");
        let plies = 2 * moves - 1;
        assert!(result.completed_depth <= 2 * plies + 10, "{fen}: depth {}", result.completed_depth);
    }
}

#[test]
fn built_in_mates() {
    for (fen, moves) in [
        ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 1),
        ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1),
        ("k7/8/2K5/8/8/8/8/6RR w - - 0 1", 2),
        ("8/8/8/8/8/k7/8/K5RR w - - 0 1", 3),
        ("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2),
    ] {
        let result = run(&position(fen), &Limits { mate: Some(moves), depth: Some(8), ..Limits::default() });
        assert_eq!(mate_in_moves(result.score), Some(moves as i32), "{fen}");
        assert!(forced_mate(position(fen).chess(), moves), "{fen}: the test itself is wrong");
    }
    // The mated side sees it coming.
    let result = run(&position("6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1"), &Limits::default_depth(4));
    assert!(mate_in_moves(result.score).is_none());
    let result = run(&position("k7/8/1K6/8/8/8/8/6RR b - - 0 1"), &Limits::default_depth(4));
    assert_eq!(mate_in_moves(result.score), Some(-1));
}

trait DepthLimit {
    fn default_depth(depth: i32) -> Limits;
}

impl DepthLimit for Limits {
    fn default_depth(depth: i32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }
}

/// Plain minimax with the same leaves (`evaluate`) and the same draw and mate rules as
/// the search.
fn minimax(pos: &Position, evaluate: &dyn Fn(&Position) -> i32, path: &mut Vec<u64>, depth: i32, ply: i32) -> i32 {
    let in_check = pos.is_check();
    let moves = pos.legal_moves();
    if ply > 0 && is_draw(pos, path, in_check, moves.is_empty()) {
        return DRAW;
    }
    if depth == 0 {
        return evaluate(pos);
    }
    if moves.is_empty() {
        return if in_check { -MATE + ply } else { DRAW };
    }
    let mut best = -INFINITY;
    for &m in &moves {
        let child = pos.play(m);
        path.push(child.key());
        best = best.max(-minimax(&child, evaluate, path, depth - 1, ply + 1));
        path.pop();
    }
    best
}

/// Fifty moves (unless mated), insufficient material, or a repetition of any earlier
/// position of this line (the root included), within the reversible moves.
fn is_draw(pos: &Position, path: &[u64], in_check: bool, no_moves: bool) -> bool {
    let board = pos.chess().board();
    let insufficient =
        (board.pawns() | board.rooks() | board.queens()).is_empty() && pos.chess().is_insufficient_material();
    let current = path.len() - 1;
    let window = (pos.halfmoves() as usize).min(current);
    let repeated = (4..=window).step_by(2).any(|back| path[current - back] == path[current]);
    (pos.halfmoves() >= 100 && !(in_check && no_moves)) || insufficient || repeated
}

/// The comparison of the seed articles: with only move ordering left (no table cut-offs,
/// no extensions, static evaluation at the horizon), alpha-beta must return exactly the
/// minimax value.
const MINIMAX_CASES: &[(&str, i32)] = &[
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3),
    // Mates and stalemates inside the horizon.
    ("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 4),
    ("7k/8/5K2/6Q1/8/8/8/8 w - - 0 1", 4),
    // Kings and rooks shuffle: repetitions inside the tree.
    ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 5),
    // The fifty-move rule strikes inside the tree.
    ("4k3/8/8/8/8/8/8/R3K3 w - - 97 80", 5),
    // Insufficient material after a capture.
    ("8/8/4k3/3n4/4B3/4K3/8/8 w - - 0 1", 5),
];

/// Alpha-beta with `evaluator` against minimax with `evaluate` on every case, to
/// `max_depth` plies at most.
fn compare_with_minimax(evaluator: Evaluator, evaluate: &dyn Fn(&Position) -> i32, max_depth: i32) {
    for &(fen, case_depth) in MINIMAX_CASES {
        let pos = position(fen);
        for depth in 1..=case_depth.min(max_depth) {
            let settings =
                SearchSettings { heuristics: Heuristics::MINIMAX, evaluator: evaluator.clone(), syzygy: None };
            let limits = Limits { depth: Some(depth), ..Limits::default() };
            let searched = SearchSession::with_settings(16, settings).search(&pos, &[], &limits).score;
            let expected = minimax(&pos, evaluate, &mut vec![pos.key()], depth, 0);
            assert_eq!(searched, expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn alpha_beta_equals_minimax() {
    compare_with_minimax(Evaluator::Tables, &|pos| evaluate(pos.chess()), 5);
}

/// The same with the network: the search's incremental accumulators must give at every
/// leaf the evaluation from scratch (with the endgame knowledge the search adds to it).
#[test]
fn alpha_beta_with_the_network_equals_minimax() {
    let net = builtin().expect("the built-in network");
    let from_scratch = |pos: &Position| {
        let (board, turn) = (pos.chess().board(), pos.turn());
        bramble::eval::with_endgame_knowledge(board, turn, net.evaluate_full(board, turn))
    };
    compare_with_minimax(Evaluator::Network(net.clone()), &from_scratch, 4);
}

#[test]
fn draws_are_scored_as_draws() {
    // Insufficient material.
    let result = run(&position("8/8/4k3/8/8/3NK3/8/8 w - - 0 1"), &Limits::default_depth(6));
    assert_eq!(result.score, 0);
    // A queen up, but any move reaches the fifty-move limit.
    let result = run(&position("7k/8/8/8/8/8/2Q5/K7 w - - 99 90"), &Limits::default_depth(4));
    assert_eq!(result.score, 0);
    // Threefold repetition through the game history: after a2a1 the position stands on
    // the board for the third time.
    let start = position("7k/8/8/8/8/8/2Q5/K7 b - - 0 1");
    let mut pos = start.clone();
    let mut keys = Vec::new();
    for text in ["h8g8", "a1a2", "g8h8", "a2a1", "h8g8", "a1a2", "g8h8"] {
        keys.push(pos.key());
        pos = pos.play(pos.parse_uci_move(text).expect("legal"));
    }
    let repeat = pos.parse_uci_move("a2a1").expect("legal");
    let limits = Limits { depth: Some(5), searchmoves: vec![repeat], ..Limits::default() };
    let mut session = SearchSession::new(16);
    let result = session.search(&pos, &keys, &limits);
    assert_eq!(result.score, 0);
    // Without that history it is no draw.
    let result = session.search(&pos, &[], &limits);
    assert!(result.score > 500, "{}", result.score);
}

#[test]
fn node_limit_is_exact() {
    let limits = Limits { nodes: Some(25_000), ..Limits::default() };
    let result = run(&Position::startpos(), &limits);
    assert_eq!(result.nodes, 25_000);
}

/// A few hundred positions from random games: the search returns a legal move, a legal
/// PV and a legal ponder move, at tiny node limits too.
#[test]
fn always_a_legal_move() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut session = SearchSession::new(4);
    let mut checked = 0;
    while checked < 300 {
        let mut pos = Position::startpos();
        let length = rng.random_range(0..120);
        for _ in 0..length {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[rng.random_range(0..moves.len())]);
        }
        if pos.legal_moves().is_empty() {
            continue;
        }
        let nodes = [1, 50, 3000][checked % 3];
        let limits = Limits { nodes: Some(nodes), ..Limits::default() };
        let result = session.search(&pos, &[], &limits);
        let best = result.best_move.expect("a move");
        assert!(pos.legal_moves().contains(&best), "{}: {best} is illegal", pos.fen());
        let mut line = pos.clone();
        for m in &result.pv {
            assert!(line.legal_moves().contains(m), "{}: PV {:?} is illegal", pos.fen(), result.pv);
            line = line.play(*m);
        }
        if let Some(ponder) = result.ponder_move {
            assert!(pos.play(best).legal_moves().contains(&ponder), "{}: ponder {ponder} is illegal", pos.fen());
        }
        checked += 1;
    }
}
