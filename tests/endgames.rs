//! Endgames the evaluation must win without tablebases: king and queen, king and rook, and
//! king, bishop and knight mate a lone king from hard starts within the fifty-move rule,
//! the engine playing both sides at a fixed node count a move (about 20 ms here: a short,
//! fixed time that does not depend on the machine); and material that cannot win is
//! evaluated as a draw. The mates are played with each evaluator, the built-in network (the
//! default), which gets the tables' endgame knowledge in the search, and the tables.

mod common;

use bramble::eval::{breakdown, evaluate, with_endgame_knowledge};
use bramble::nnue::builtin::builtin;
use bramble::search::{Evaluator, Limits, SearchSession, SearchSettings};
use common::position;
use shakmaty::Position as _;

/// Nodes searched for each move of both sides.
const NODES_PER_MOVE: u64 = 20_000;

/// Plays `fen` out, both sides searched by the engine with the default settings and no
/// tablebases, and returns the moves the side to move at the start took to mate, or why
/// it did not (stalemate, a repetition, fifty moves without a capture or pawn move).
fn moves_to_mate(fen: &str, evaluator: &Evaluator) -> Result<usize, String> {
    let settings = SearchSettings { evaluator: evaluator.clone(), ..Default::default() };
    let mut session = SearchSession::with_settings(16, settings);
    let mut pos = position(fen);
    let mut keys: Vec<u64> = Vec::new();
    let limits = Limits { nodes: Some(NODES_PER_MOVE), ..Limits::default() };
    for ply in 0usize.. {
        if pos.chess().is_checkmate() {
            return Ok(ply.div_ceil(2));
        }
        if pos.legal_moves().is_empty() {
            return Err(format!("stalemate after {ply} plies: {}", pos.fen()));
        }
        if pos.halfmoves() >= 100 {
            return Err(format!("fifty moves without a mate: {}", pos.fen()));
        }
        if keys.iter().filter(|&&key| key == pos.key()).count() >= 2 {
            return Err(format!("threefold repetition after {ply} plies: {}", pos.fen()));
        }
        session.new_search();
        let best = session.search(&pos, &keys, &limits).best_move.ok_or("no move")?;
        keys.push(pos.key());
        pos = pos.play(best);
    }
    unreachable!("the loop returns")
}

/// Both evaluators: the tables and the built-in network (the default).
fn assert_mates(fens: &[&str]) {
    let network = Evaluator::Network(builtin().expect("the built-in network"));
    for (name, evaluator) in [("tables", Evaluator::Tables), ("network", network)] {
        for fen in fens {
            match moves_to_mate(fen, &evaluator) {
                Ok(moves) => {
                    eprintln!("{name}: {fen}: mate in {moves} moves");
                    assert!(moves <= 50, "{name}: {fen}: {moves} moves");
                }
                Err(why) => panic!("{name}: {fen}: {why}"),
            }
        }
    }
}

#[test]
fn king_and_queen_mate_a_lone_king() {
    // The kings in the centre, the queen in a corner; the other side to move too.
    assert_mates(&["8/8/8/3k4/8/8/8/K5Q1 w - - 0 1", "8/8/8/3k4/8/4K3/8/6Q1 b - - 0 1"]);
}

#[test]
fn king_and_rook_mate_a_lone_king() {
    assert_mates(&["8/8/8/3k4/8/8/8/K6R w - - 0 1", "7R/8/8/4k3/8/8/8/K7 b - - 0 1"]);
}

#[test]
fn king_bishop_and_knight_mate_a_lone_king() {
    // The defending king in a corner the bishop cannot cover (h8 is dark, the b1 bishop
    // light), or in the centre.
    assert_mates(&[
        "7k/8/8/8/8/8/8/KBN5 w - - 0 1",
        "8/8/8/3k4/8/8/8/KBN5 w - - 0 1",
        "8/8/8/8/4k3/8/8/1NB1K3 b - - 0 1",
        // Black has the pieces: a dark-squared bishop (f8), the white king at h1 (light).
        "3bkn2/8/8/8/8/8/8/7K b - - 0 1",
        "k7/8/8/8/8/8/8/K1nb4 w - - 0 1",
    ]);
}

#[test]
fn material_that_cannot_win_is_a_draw() {
    let draws = [
        ("4k3/8/8/8/8/8/8/2N1K3 w - - 0 1", "king and knight"),
        ("4k3/8/8/8/8/8/8/2B1K3 b - - 0 1", "king and bishop"),
        ("4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", "two knights"),
        // The a-pawn queens on a8, a light square the dark-squared bishop cannot cover.
        ("k7/8/8/8/8/P7/8/2B1K3 w - - 0 1", "bishop of the wrong colour for the rook pawn"),
        ("8/1k6/8/8/8/8/P7/2B1K3 b - - 0 1", "bishop of the wrong colour, king near the corner"),
    ];
    let net = builtin().expect("the built-in network");
    for (fen, what) in draws {
        let pos = position(fen);
        let score = evaluate(pos.chess());
        assert!(score.abs() <= 25, "{what}: {fen} scores {score}");
        // The network's score gets the same knowledge in the search.
        let (board, turn) = (pos.chess().board(), pos.chess().turn());
        let network = with_endgame_knowledge(board, turn, net.evaluate_full(board, turn));
        assert!(network.abs() <= 25, "{what}: {fen}: the network scores {network}");
    }
    // The same pawn with the right bishop, or with the defending king not (yet) at the
    // corner, keeps its value: a bishop and a pawn, far from a draw's score (more than
    // 250 cp; round 6's weights put the second at 299).
    for fen in ["k7/8/8/8/8/P7/8/3BK3 w - - 0 1", "8/8/8/8/4k3/P7/8/2B1K3 w - - 0 1"] {
        let score = evaluate(position(fen).chess());
        assert!(score > 250, "{fen} scores {score}");
    }
}

#[test]
fn opposite_coloured_bishops_are_scaled_toward_a_draw() {
    // A pawn up with bishops of opposite colours (c1 dark, e6 light), and the same with
    // the black bishop on d6 (dark): bishops of the same colour.
    // The two differ by a bishop's square, which the weights price differently each
    // round, so each is held to its own sum of terms: halved, and left whole.
    let opposite = breakdown(position("4k3/8/4b3/8/3P4/8/5PPP/2B1K3 w - - 0 1").chess());
    let same = breakdown(position("4k3/8/3b4/8/3P4/8/5PPP/2B1K3 w - - 0 1").chess());
    assert!(opposite.white_sum() > 0 && same.white_sum() > 0, "{opposite:?} {same:?}");
    assert!(opposite.white_score() > 0, "{opposite:?}");
    assert!(2 * opposite.white_score() <= opposite.white_sum() + 1, "{opposite:?}");
    assert_eq!(same.white_score(), same.white_sum(), "{same:?}");
}
