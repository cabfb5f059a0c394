//! Lazy SMP over UCI: many threads, searches stopped at random moments, node totals, and
//! what four threads must give (a legal move, a sound score, a mate in one).

mod common;

use std::time::Duration;

use common::{Engine, HANG_LIMIT, LATENCY_LIMIT, bestmove, field, last_info, score, timing_lock};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const SECOND: Duration = Duration::from_secs(1);

/// Start positions for the stress test: the opening, a middlegame, an ending, a position
/// with a capture that promotes, one in check.
const POSITIONS: [&str; 5] = [
    "startpos",
    "fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8",
    "fen 8/5k2/8/4p3/4P3/2R5/5K2/6r1 w - - 0 1",
    "fen 1r5k/P7/8/8/8/8/6PP/6K1 w - - 0 1",
    "fen rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3",
];

/// Whether `m` is legal in `position`: the engine takes `position ... moves m` silently.
fn is_legal(engine: &mut Engine, position: &str, m: &str) -> bool {
    engine.send(&format!("position {position} moves {m}"));
    let silent = engine.sync().is_empty();
    engine.send(&format!("position {position}"));
    silent
}

#[test]
fn many_threads_stopped_at_random_moments_always_play_a_legal_move() {
    let _serial = timing_lock();
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 4");
    engine.send("setoption name Hash value 4");
    assert!(engine.sync().is_empty());
    let mut rng = StdRng::seed_from_u64(7);
    for round in 0..60 {
        let position = POSITIONS[round % POSITIONS.len()];
        engine.send(&format!("position {position}"));
        assert!(engine.sync().is_empty(), "{position} rejected");
        let go = match round % 3 {
            0 => "go infinite".to_string(),
            1 => format!("go movetime {}", rng.random_range(1..40)),
            _ => format!("go wtime {} btime {} winc 0 binc 0", rng.random_range(20..500), rng.random_range(20..500)),
        };
        engine.send(&go);
        std::thread::sleep(Duration::from_millis(rng.random_range(0..30)));
        let sent = engine.send("isready");
        let lines = engine.read_until("readyok", HANG_LIMIT);
        let ready = lines.last().expect("readyok");
        assert!(ready.at - sent < LATENCY_LIMIT, "isready took {:?} in round {round}", ready.at - sent);
        // A short search may have ended by itself already; otherwise stop ends it.
        let best = match lines.iter().find(|l| l.text.starts_with("bestmove")) {
            Some(best) => best.text.clone(),
            None => {
                let sent = engine.send("stop");
                let best = engine.expect("bestmove", 5 * SECOND);
                assert!(best.at - sent < LATENCY_LIMIT, "stop took {:?} in round {round} ({go})", best.at - sent);
                best.text
            }
        };
        let m = bestmove(&best).to_string();
        assert!(is_legal(&mut engine, position, &m), "round {round}: {go} played {m} in {position}");
    }
    engine.send("quit");
    assert_eq!(engine.wait_exit(10 * SECOND), Some(0));
}

#[test]
fn four_threads_play_a_legal_move_with_a_sound_score() {
    let _serial = timing_lock();
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 4");
    // WAC 3, where White wins (the quiet Rg3). Lazy SMP guarantees a legal move and a score
    // the position allows, not a particular find: which thread's result is played depends
    // on timing (WAC 1's mate in 2 is missed by four threads at depth 14 in about a third
    // of the runs; docs/experiments.md).
    let position = "fen 5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1";
    engine.send(&format!("position {position}"));
    // By depth, not by time: a loaded machine may give four threads little of a second.
    let (infos, best) = engine.go("go depth 14", 30 * SECOND);
    let m = bestmove(&best).to_string();
    assert!(is_legal(&mut engine, position, &m), "{best}");
    let last = last_info(&infos);
    assert_eq!(field(last, "depth").and_then(|d| d.parse::<i32>().ok()).map(|d| d >= 14), Some(true), "{last}");
    // White is better here: no thread may report a lost position or a mate against it.
    match score(last) {
        Some((kind, cp)) if kind == "cp" => assert!((-100..3000).contains(&cp), "{last}"),
        Some((kind, moves)) if kind == "mate" => assert!(moves > 0, "{last}"),
        _ => panic!("no score in {last}"),
    }
    // A back-rank mate in one.
    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    let (infos, best) = engine.go("go depth 6", 10 * SECOND);
    assert_eq!(bestmove(&best), "a1a8", "{infos:?}");
    assert_eq!(field(last_info(&infos), "score"), Some("mate"), "{infos:?}");
}

#[test]
fn node_counts_add_up_over_threads_and_the_node_limit_holds_for_all() {
    let _serial = timing_lock();
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 3");
    let (infos, _) = engine.go("go nodes 200000", 10 * SECOND);
    let nodes: u64 = field(last_info(&infos), "nodes").and_then(|n| n.parse().ok()).expect("nodes");
    // Each thread adds its count about every thousand nodes: the total overshoots the
    // limit by at most a few thousand per thread. The last report counts every thread's
    // nodes, also when the main thread's last iteration report came before the helpers'
    // last counts (175,242 and 195,978 were reported before that fix, session 64).
    assert!((200_000..=200_000 + 3 * 8192).contains(&nodes), "{nodes}: {infos:?}");

    // One thread: the count is exact.
    engine.send("setoption name Threads value 1");
    let (infos, _) = engine.go("go nodes 50000", 10 * SECOND);
    assert_eq!(field(last_info(&infos), "nodes"), Some("50000"), "{infos:?}");
}

#[test]
fn hundreds_of_threads_start_search_and_stop() {
    let _serial = timing_lock();
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 256");
    engine.send("setoption name Hash value 1");
    assert!(engine.sync().is_empty());
    // Starting 256 threads (each with its own history tables, about 400 MB in all) on two
    // cores took 0.5-4 s here in 30 tries, and once more than 10 s in a clean-clone CI
    // run: the bound is for a hang.
    let (_, best) = engine.go("go movetime 300", 30 * SECOND);
    assert!(is_legal(&mut engine, "startpos", bestmove(&best)), "{best}");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("stop");
    // 256 threads on a loaded 2-core machine wait their turn to see the flag (1.0 s was
    // once exceeded in a full test run): the timeout is for a hang, not for latency, which
    // the tests with fewer threads hold to `LATENCY_LIMIT`.
    let best = engine.expect("bestmove", 10 * SECOND);
    assert!(is_legal(&mut engine, "startpos", bestmove(&best.text)), "{}", best.text);
    engine.send("setoption name Threads value 1");
    assert!(engine.sync().is_empty());
    engine.send("quit");
    assert_eq!(engine.wait_exit(10 * SECOND), Some(0));
}
