//! The UCI protocol, driving the real binary over pipes.

mod common;

use std::time::Duration;

use common::{Engine, HANG_LIMIT, LATENCY_LIMIT, bestmove, field, last_info, score, timing_lock};

const SECOND: Duration = Duration::from_secs(1);
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn handshake_lists_identity_and_every_option() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines: Vec<String> = engine.read_until("uciok", 5 * SECOND).into_iter().map(|l| l.text).collect();
    assert_eq!(lines[0], format!("id name Bramble {}", env!("BRAMBLE_VERSION")));
    assert!(lines[1].starts_with("id author "));
    let options: Vec<&str> = lines.iter().filter(|l| l.starts_with("option ")).map(String::as_str).collect();
    assert_eq!(
        options,
        [
            "option name Hash type spin default 16 min 1 max 65536",
            "option name Threads type spin default 1 min 1 max 1024",
            "option name Clear Hash type button",
            "option name Move Overhead type spin default 30 min 0 max 5000",
            "option name Ponder type check default false",
            "option name MultiPV type spin default 1 min 1 max 256",
            "option name UCI_Chess960 type check default false",
            "option name SyzygyPath type string default <empty>",
            "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
            "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
            "option name Syzygy50MoveRule type check default true",
            "option name OwnBook type check default false",
            "option name BookFile type string default <empty>",
            "option name BookDepth type spin default 20 min 0 max 1000",
            "option name BookBestMove type check default false",
            "option name UCI_ShowWDL type check default false",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1500 min 1350 max 2450",
            "option name EvalFile type string default <default>",
            "option name Evaluator type combo default network var tables var network",
        ]
    );
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    assert_eq!(lines.len(), 2 + options.len() + 1);
    assert!(engine.sync().is_empty());
}

#[test]
fn every_option_can_be_set_silently() {
    let mut engine = Engine::start();
    for command in [
        "setoption name Hash value 64",
        "setoption name hash value 1",
        "setoption name Threads value 1",
        "setoption name Clear Hash",
        "setoption name Move Overhead value 100",
        "setoption name Ponder value true",
        "setoption name MultiPV value 1",
        "setoption name UCI_Chess960 value false",
        "setoption name SyzygyProbeDepth value 4",
        "setoption name SyzygyProbeLimit value 5",
        "setoption name Syzygy50MoveRule value false",
        "setoption name BookDepth value 8",
        "setoption name BookBestMove value true",
        "setoption name OwnBook value false",
        "setoption name UCI_ShowWDL value false",
        "setoption name UCI_Elo value 2000",
        "setoption name UCI_LimitStrength value false",
        "setoption name EvalFile value <default>",
        "setoption name Evaluator value network",
        "setoption name Evaluator value tables",
    ] {
        engine.send(command);
        assert!(engine.sync().is_empty(), "{command} printed something");
    }
    // The engine still searches after all of that (with a 1 MB table).
    let (_, best) = engine.go("go depth 4", 10 * SECOND);
    assert_ne!(bestmove(&best), "0000");
}

#[test]
fn bad_option_values_get_one_info_string_and_change_nothing() {
    let mut engine = Engine::start();
    for (command, needle) in [
        ("setoption name Hash value 0", "Hash"),
        ("setoption name Hash value 70000", "Hash"),
        ("setoption name Hash value lots", "Hash"),
        ("setoption name Hash", "Hash"),
        ("setoption name Threads value 0", "Threads"),
        ("setoption name Threads value 1025", "Threads"),
        ("setoption name MultiPV value 0", "MultiPV"),
        ("setoption name MultiPV value 257", "MultiPV"),
        ("setoption name UCI_Elo value 1349", "UCI_Elo"),
        ("setoption name UCI_Elo value 2551", "UCI_Elo"),
        ("setoption name Move Overhead value -1", "Move Overhead"),
        ("setoption name Ponder value maybe", "Ponder"),
        ("setoption name SyzygyProbeLimit value 8", "SyzygyProbeLimit"),
        ("setoption name SyzygyProbeDepth value 0", "SyzygyProbeDepth"),
        ("setoption name NoSuchOption value 1", "NoSuchOption"),
        ("setoption value 3", "setoption"),
        ("setoption name", "setoption"),
    ] {
        engine.send(command);
        let lines = engine.sync();
        assert_eq!(lines.len(), 1, "{command}: {lines:?}");
        assert!(lines[0].starts_with("info string ") && lines[0].contains(needle), "{command}: {lines:?}");
    }
}

/// The three per-mille numbers after `wdl`, if the line has them.
fn wdl(line: &str) -> Option<[u32; 3]> {
    let numbers: Vec<u32> =
        line.split(" wdl ").nth(1)?.split_whitespace().take(3).map(|n| n.parse().expect("a number")).collect();
    numbers.try_into().ok()
}

#[test]
fn show_wdl_adds_chances_that_follow_the_score() {
    let mut engine = Engine::start();
    let (infos, _) = engine.go("go depth 4", 10 * SECOND);
    assert!(infos.iter().all(|l| !l.contains(" wdl ")), "wdl while off: {infos:?}");

    engine.send("setoption name UCI_ShowWDL value true");
    let (infos, _) = engine.go("go depth 4", 10 * SECOND);
    let scored: Vec<&String> = infos.iter().filter(|l| l.contains(" score ")).collect();
    assert!(!scored.is_empty());
    for line in &scored {
        let [win, draw, loss] = wdl(line).unwrap_or_else(|| panic!("no wdl in {line}"));
        assert_eq!(win + draw + loss, 1000, "{line}");
        // The start position is level: a draw about 40% of bramble-9's self-play from a
        // level score (docs/uci.md), neither side far ahead (a shallow iteration may give
        // the side to move half a pawn or more).
        assert!(draw > 350 && win.abs_diff(loss) < 300, "{line}");
    }
    let [win, _, loss] = wdl(scored[scored.len() - 1]).expect("wdl");
    assert!(win.abs_diff(loss) < 200, "{scored:?}");

    // A queen up: the side to move wins nearly always.
    engine.send("position fen 4k3/8/8/8/8/8/3QPPPP/4K3 w - - 0 1");
    let (infos, _) = engine.go("go depth 4", 10 * SECOND);
    let [win, _, loss] = wdl(last_info(&infos)).expect("wdl");
    assert!(win > 950 && loss == 0, "{infos:?}");

    // Proven mates are certain: mate in one, and mated after the only move.
    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let (infos, _) = engine.go("go depth 3", 10 * SECOND);
    assert_eq!(wdl(last_info(&infos)), Some([1000, 0, 0]), "{infos:?}");
    engine.send("position fen k7/8/1K6/8/8/8/8/7R b - - 0 1");
    let (infos, _) = engine.go("go depth 3", 10 * SECOND);
    assert_eq!(wdl(last_info(&infos)), Some([0, 0, 1000]), "{infos:?}");
}

/// A score as one comparable number: mates beyond every centipawn score.
fn score_value(line: &str) -> i64 {
    match score(line) {
        Some((kind, moves)) if kind == "mate" => (100_000 - moves.abs()) * moves.signum(),
        Some((_, cp)) => cp,
        None => panic!("no score in {line}"),
    }
}

/// The `(multipv, first move, score)` of each info line of the given depth.
fn lines_of_depth(infos: &[String], depth: i64) -> Vec<(i64, String, i64)> {
    infos
        .iter()
        .filter(|l| field(l, "depth").and_then(|d| d.parse().ok()) == Some(depth) && l.contains(" pv "))
        .map(|l| {
            let rank = field(l, "multipv").and_then(|k| k.parse().ok()).expect("multipv");
            (rank, field(l, "pv").expect("pv").to_string(), score_value(l))
        })
        .collect()
}

#[test]
fn multipv_reports_the_best_lines_in_order_after_each_depth() {
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 3");
    // White mates with Rd8 and nothing else; every other move is far behind (no mate).
    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let (infos, best) = engine.go("go depth 5", 10 * SECOND);
    for depth in 1..=5 {
        let lines = lines_of_depth(&infos, depth);
        // Each depth reports three lines, numbered 1 to 3, once: the last depth's are not
        // repeated before the bestmove.
        let ranks: Vec<i64> = lines.iter().map(|(rank, _, _)| *rank).collect();
        assert_eq!(ranks, [1, 2, 3], "depth {depth}: {infos:?}");
        let first_moves: std::collections::HashSet<&String> = lines.iter().map(|(_, m, _)| m).collect();
        assert_eq!(first_moves.len(), 3, "three different moves at depth {depth}: {lines:?}");
        assert!(lines[..3].windows(2).all(|w| w[0].2 >= w[1].2), "best first at depth {depth}: {lines:?}");
    }
    let last = lines_of_depth(&infos, 5);
    assert_eq!((last[0].1.as_str(), last[0].2), ("d1d8", 100_000 - 1), "{last:?}");
    // The others win a rook up, but mate in no line of this depth: centipawns, not mate.
    assert!(last[1..3].iter().all(|line| line.2.abs() < 50_000), "{last:?}");
    assert_eq!(bestmove(&best), "d1d8");
}

#[test]
fn multipv_is_capped_by_the_legal_moves_and_the_searchmoves() {
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 256");
    // The black king has three moves.
    engine.send("position fen 7k/8/8/8/8/8/8/K7 b - - 0 1");
    let (infos, best) = engine.go("go depth 3", 10 * SECOND);
    let lines = lines_of_depth(&infos, 3);
    let mut moves: Vec<&str> = lines[..3].iter().map(|(_, m, _)| m.as_str()).collect();
    moves.sort_unstable();
    assert_eq!(moves, ["h8g7", "h8g8", "h8h7"], "{infos:?}");
    assert_eq!(lines.iter().map(|(rank, _, _)| *rank).max(), Some(3));
    assert_eq!(bestmove(&best), lines[0].1);

    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos");
    let (infos, best) = engine.go("go depth 4 searchmoves a2a3 h2h4", 10 * SECOND);
    let lines = lines_of_depth(&infos, 4);
    let mut moves: Vec<&str> = lines[..2].iter().map(|(_, m, _)| m.as_str()).collect();
    moves.sort_unstable();
    assert_eq!(moves, ["a2a3", "h2h4"], "{infos:?}");
    assert_eq!(lines.len(), 2, "two lines, each reported once: {infos:?}");
    assert_eq!(bestmove(&best), lines[0].1);
}

#[test]
fn multipv_stopped_part_way_plays_the_first_line() {
    let mut engine = Engine::start();
    engine.send("setoption name MultiPV value 4");
    engine.send("position startpos moves e2e4 c7c5 g1f3");
    for wait in [0, 5, 50, 300] {
        engine.send("go infinite");
        std::thread::sleep(Duration::from_millis(wait));
        let (infos, best) = engine.go("stop", 5 * SECOND);
        let first_lines: Vec<&String> = infos.iter().filter(|l| field(l, "multipv") == Some("1")).collect();
        let last_first = first_lines.last().unwrap_or_else(|| panic!("no line 1 after {wait} ms: {infos:?}"));
        assert_eq!(field(last_first, "pv"), Some(bestmove(&best)), "after {wait} ms: {infos:?}");
        engine.send(&format!("position startpos moves e2e4 c7c5 g1f3 {}", bestmove(&best)));
        assert!(engine.sync().is_empty(), "illegal bestmove after {wait} ms: {best}");
        engine.send("position startpos moves e2e4 c7c5 g1f3");
    }
}

#[test]
fn limited_strength_varies_its_moves_within_a_node_budget_but_never_misses_a_mate() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 1350");
    let mut played = std::collections::HashSet::new();
    for _ in 0..20 {
        engine.send("position startpos moves e2e4");
        let (infos, best) = engine.go("go movetime 1000", 10 * SECOND);
        // 780 nodes at 1350 Elo, and only the one line asked for is shown.
        let nodes: u64 = field(last_info(&infos), "nodes").and_then(|n| n.parse().ok()).expect("nodes");
        assert!(nodes <= 780, "{infos:?}");
        assert!(infos.iter().all(|l| !l.contains(" pv ") || l.contains(" multipv 1 ")), "{infos:?}");
        let m = bestmove(&best).to_string();
        engine.send(&format!("position startpos moves e2e4 {m}"));
        assert!(engine.sync().is_empty(), "illegal {m}");
        played.insert(m);
    }
    assert!(played.len() >= 3, "too little variety at 1350 Elo: {played:?}");
    for _ in 0..10 {
        engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
        let (_, best) = engine.go("go movetime 1000", 10 * SECOND);
        assert_eq!(bestmove(&best), "d1d8");
    }
    // Off again: full strength, one move.
    engine.send("setoption name UCI_LimitStrength value false");
    engine.send("position startpos moves e2e4");
    let (infos, _) = engine.go("go depth 6", 10 * SECOND);
    assert_eq!(field(last_info(&infos), "depth"), Some("6"), "{infos:?}");
}

/// Each band of the strength limit still plays chess a person might: a mate in one is
/// always taken, and from the middle band up an attacked queen is never left hanging
/// (at the lowest settings a blunder is rare, not impossible).
#[test]
fn every_level_band_takes_a_mate_in_one_and_the_upper_ones_keep_the_queen() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_LimitStrength value true");
    for elo in [1350, 1600, 1900, 2200, 2450] {
        engine.send(&format!("setoption name UCI_Elo value {elo}"));
        for _ in 0..4 {
            // Back-rank mate: Rd8#.
            engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
            let (_, best) = engine.go("go wtime 60000 btime 60000 winc 600 binc 600", 20 * SECOND);
            assert_eq!(bestmove(&best), "d1d8", "at {elo}");
            // Black's pawn attacks the queen on d4: only a queen move saves it, and not to
            // d7 or d8, where the king takes it.
            if elo >= 1900 {
                engine.send("position fen 4k3/8/4p3/8/3Q4/8/5PPP/6K1 b - - 0 1 moves e6e5");
                let (_, best) = engine.go("go wtime 60000 btime 60000 winc 600 binc 600", 20 * SECOND);
                let m = bestmove(&best).to_string();
                let saved = m.starts_with("d4") && m != "d4d7" && m != "d4d8";
                assert!(saved, "the queen is left hanging at {elo}: {m}");
            }
        }
    }
}

#[test]
fn go_depth_reports_each_iteration_and_a_legal_pv() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5");
    let (infos, best) = engine.go("go depth 5", 20 * SECOND);
    // An aspiration window's fail reports a bound first; counted are exact scores.
    let exact = infos.iter().filter(|l| !l.contains("upperbound") && !l.contains("lowerbound"));
    let depths: Vec<i64> = exact.filter_map(|l| field(l, "depth")).filter_map(|d| d.parse().ok()).collect();
    // Each once: the last is not repeated before the bestmove.
    assert_eq!(depths, [1, 2, 3, 4, 5], "{infos:?}");
    let last = last_info(&infos);
    for key in ["seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits", "time"] {
        assert!(field(last, key).is_some(), "no {key} in {last}");
    }
    assert_eq!(score(last).map(|(kind, _)| kind), Some("cp".to_string()));
    // The PV replays legally from the position, and starts with the best move.
    let pv: Vec<&str> = last.split(" pv ").nth(1).expect("a pv").split_whitespace().collect();
    assert_eq!(pv[0], bestmove(&best));
    engine.send(&format!("position startpos moves e2e4 e7e5 {}", pv.join(" ")));
    assert!(engine.sync().is_empty(), "the PV {pv:?} is not legal");
    // The ponder move is the PV's second move.
    assert_eq!(best.split_whitespace().nth(3), pv.get(1).copied());
}

#[test]
fn go_nodes_stops_within_one_percent() {
    let mut engine = Engine::start();
    let (infos, best) = engine.go("go nodes 50000", 20 * SECOND);
    let nodes: u64 = field(last_info(&infos), "nodes").and_then(|n| n.parse().ok()).expect("nodes");
    assert!((49_500..=50_500).contains(&nodes), "{nodes} nodes");
    assert_ne!(bestmove(&best), "0000");
}

#[test]
fn go_movetime_and_clock_respect_the_time() {
    let _serial = timing_lock();
    let mut engine = Engine::start();
    let (infos, _) = engine.go("go movetime 300", 5 * SECOND);
    // All of it but the move overhead, by the time the engine reports: a fixed time is not
    // cut short when the best move looks stable, as a clock's time is. (The upper bound
    // leaves a loaded machine's scheduling room; `go`'s timeout catches a hang.)
    // The upper bound only catches a search that ignores the time: a loaded machine may
    // hold the engine's thread off the core past any tighter one.
    let reported: u64 = field(last_info(&infos), "time").and_then(|t| t.parse().ok()).expect("an info time");
    assert!((250..=2300).contains(&reported), "searched {reported} ms");

    for go in [
        "go wtime 2000 btime 2000 winc 0 binc 0",
        "go wtime 500 btime 500 winc 50 binc 50 movestogo 1",
        "go wtime 1000 btime 1 movestogo 10",
        "go btime 100 wtime 100 winc 10 binc 10",
    ] {
        let start = engine.send(go);
        let lines = engine.read_until("bestmove", 5 * SECOND);
        let (best, infos) = lines.split_last().expect("a bestmove line");
        let limit = go.split_whitespace().skip_while(|t| *t != "wtime").nth(1).and_then(|t| t.parse().ok());
        let allowed = Duration::from_millis(limit.expect("wtime"));
        // The budgets themselves are unit-tested (src/time.rs). Here the time the engine
        // says it searched, and the wall clock, get two seconds of margin beyond the clock:
        // a loaded machine's scheduling adds to both, and they catch a search that ignores
        // the clock.
        let infos: Vec<String> = infos.iter().map(|line| line.text.clone()).collect();
        let reported: u64 = field(last_info(&infos), "time").and_then(|t| t.parse().ok()).expect("an info time");
        assert!(Duration::from_millis(reported) < allowed + 2 * SECOND, "{go}: searched {reported} ms");
        assert!(best.at - start < allowed + 2 * SECOND, "{go}: took {:?}", best.at - start);
        assert_ne!(bestmove(&best.text), "0000");
    }
}

#[test]
fn go_depth_beyond_the_cap_stops_at_the_cap() {
    let mut engine = Engine::start();
    // Bare kings: every iteration is instant, so nothing but the cap ends the search.
    engine.send("position fen 8/8/8/4k3/8/8/8/4K3 w - - 0 1");
    let (infos, best) = engine.go("go depth 250", 30 * SECOND);
    let depths: Vec<u32> = infos.iter().filter_map(|line| field(line, "depth").and_then(|d| d.parse().ok())).collect();
    assert_eq!(depths.iter().max(), Some(&100), "{:?}", last_info(&infos));
    assert_ne!(bestmove(&best), "0000");
}

#[test]
fn go_mate_finds_the_mate_and_stops() {
    let mut engine = Engine::start();
    // A back-rank mate in one (Qb8# or Rc8#) satisfies "mate in at most 2".
    engine.send("position fen 6k1/5ppp/8/8/8/8/1Q3PPP/2R3K1 w - - 0 1");
    let (infos, best) = engine.go("go mate 2", 20 * SECOND);
    let (kind, value) = score(last_info(&infos)).expect("a score");
    assert_eq!((kind.as_str(), value), ("mate", 1), "{infos:?}");
    assert!(["b2b8", "c1c8"].contains(&bestmove(&best)), "{best}");
    // A rook-roller mate in exactly three: the search goes on until it is proven, then
    // stops by itself.
    engine.send("position fen 8/8/8/8/8/k7/8/K5RR w - - 0 1");
    let (infos, _) = engine.go("go mate 3", 20 * SECOND);
    assert_eq!(score(last_info(&infos)), Some(("mate".to_string(), 3)), "{infos:?}");
}

#[test]
fn go_infinite_waits_for_stop_even_after_a_mate() {
    let _serial = timing_lock();
    let mut engine = Engine::start();
    engine.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    engine.send("go infinite");
    let early = engine.drain(Duration::from_millis(700));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "ended by itself: {early:?}");
    let sent = engine.send("stop");
    let line = engine.expect("bestmove", HANG_LIMIT);
    assert!(line.at - sent < LATENCY_LIMIT, "stop took {:?}", line.at - sent);
    assert_eq!(bestmove(&line.text), "a1a8");
    assert!(engine.sync().is_empty());
}

#[test]
fn isready_and_stop_are_answered_at_once_during_a_search() {
    let _serial = timing_lock();
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    for _ in 0..5 {
        let sent = engine.send("isready");
        let line = engine.expect("readyok", HANG_LIMIT);
        assert!(line.at - sent < LATENCY_LIMIT, "isready took {:?}", line.at - sent);
        std::thread::sleep(Duration::from_millis(50));
    }
    let sent = engine.send("stop");
    let lines = engine.read_until("bestmove", HANG_LIMIT);
    let took = lines.last().map(|l| l.at - sent).unwrap_or_default();
    assert!(took < LATENCY_LIMIT, "stop took {took:?}");
    // A search stopped inside an iteration reports once more before the bestmove.
    assert!(lines.len() >= 2 && lines[lines.len() - 2].text.starts_with("info depth"));
    // Exactly one bestmove.
    assert!(!engine.drain(Duration::from_millis(200)).iter().any(|l| l.starts_with("bestmove")));
}

#[test]
fn ponder_then_ponderhit_becomes_a_timed_search() {
    let _serial = timing_lock();
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("go ponder wtime 3000 btime 3000 winc 0 binc 0");
    let early = engine.drain(Duration::from_millis(1500));
    assert!(!early.iter().any(|l| l.starts_with("bestmove")), "ponder ended by itself");
    let sent = engine.send("ponderhit");
    // After ponderhit the clock runs: the move comes within the three seconds on it (it
    // takes about a tenth of a second; three seconds leave a loaded machine room, and
    // a ponder search that did not become a timed one never ends).
    let line = engine.expect("bestmove", 3 * SECOND);
    assert!(line.at - sent < 3 * SECOND, "{:?}", line.at - sent);
}

#[test]
fn ponder_then_stop_answers_at_once() {
    let _serial = timing_lock();
    let mut engine = Engine::start();
    engine.send("position startpos moves d2d4");
    engine.send("go ponder wtime 60000 btime 60000");
    std::thread::sleep(Duration::from_millis(300));
    let sent = engine.send("stop");
    let line = engine.expect("bestmove", HANG_LIMIT);
    assert!(line.at - sent < LATENCY_LIMIT);
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut engine = Engine::start();
    let (_, best) = engine.go("go depth 4 searchmoves a2a3 h2h3", 10 * SECOND);
    assert!(["a2a3", "h2h3"].contains(&bestmove(&best)), "{best}");
    // An illegal move in the list is skipped with a note; the rest still counts.
    engine.send("go depth 3 searchmoves e2e5 g1f3");
    let lines: Vec<String> = engine.read_until("bestmove", 10 * SECOND).into_iter().map(|l| l.text).collect();
    assert!(lines[0].starts_with("info string") && lines[0].contains("e2e5"), "{lines:?}");
    assert_eq!(bestmove(lines.last().expect("bestmove")), "g1f3");
}

#[test]
fn a_new_go_during_a_search_ends_the_old_one_with_its_bestmove() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("go depth 2");
    // The old search's best move comes first, alone; then the new search's, which goes
    // no deeper than 2 (read_until itself fails without a bestmove).
    let first: Vec<String> = engine.read_until("bestmove", 5 * SECOND).into_iter().map(|l| l.text).collect();
    let second: Vec<String> = engine.read_until("bestmove", 5 * SECOND).into_iter().map(|l| l.text).collect();
    let depth = |line: &String| -> Option<u32> {
        let mut words = line.split_whitespace();
        words.by_ref().find(|&w| w == "depth")?;
        words.next()?.parse().ok()
    };
    assert_eq!(first.iter().filter(|l| l.starts_with("bestmove")).count(), 1, "{first:?}");
    assert!(second.iter().any(|l| depth(l) == Some(1)), "the depth-2 search reports from depth 1: {second:?}");
    assert!(second.iter().filter_map(depth).all(|d| d <= 2), "{second:?}");
    assert!(!engine.drain(Duration::from_millis(200)).iter().any(|l| l.starts_with("bestmove")));
}

#[test]
fn no_legal_move_gives_mate_zero_or_a_draw_and_bestmove_0000() {
    let mut engine = Engine::start();
    engine.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let (infos, best) = engine.go("go depth 5", 5 * SECOND);
    assert_eq!(best, "bestmove 0000");
    assert_eq!(score(last_info(&infos)), Some(("mate".to_string(), 0)));
    engine.send("position fen 7k/8/6QK/8/8/8/8/8 b - - 0 1");
    let (infos, best) = engine.go("go wtime 1000 btime 1000", 5 * SECOND);
    assert_eq!(best, "bestmove 0000");
    assert_eq!(score(last_info(&infos)), Some(("cp".to_string(), 0)));
    // Infinite still waits for stop.
    engine.send("go infinite");
    assert!(engine.drain(Duration::from_millis(300)).iter().all(|l| !l.starts_with("bestmove")));
    engine.send("stop");
    assert_eq!(engine.expect("bestmove", HANG_LIMIT).text, "bestmove 0000");
}

#[test]
fn position_with_moves_and_fen_forms() {
    let mut engine = Engine::start();
    engine.send("position startpos moves e2e4 c7c5 g1f3");
    assert_eq!(engine.fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    // A FEN without move counters; tabs and repeated spaces between tokens.
    engine.send("position\tfen  8/8/8/8/8/8/8/K1k5 w - -\tmoves  a1a2");
    assert_eq!(engine.fen(), "8/8/8/8/8/8/K7/2k5 b - - 1 1");
    // Impossible castling rights are dropped, with a note.
    engine.send("position fen 4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
    let lines = engine.sync();
    assert!(lines.len() == 1 && lines[0].starts_with("info string"), "{lines:?}");
    assert_eq!(engine.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Chess960 value true");
    // Shredder-FEN castling field; king on f1, rooks on a1 and h1. Short castling is f1h1
    // (f1g1 is a plain king move).
    let fen = "4k3/8/8/8/8/8/8/R4K1R w HA - 0 1";
    engine.send(&format!("position fen {fen}"));
    // `d` writes the rights as they came (it wrote KQ).
    assert_eq!(engine.fen(), fen);
    let (_, best) = engine.go("go depth 3 searchmoves f1h1", 10 * SECOND);
    assert_eq!(bestmove(&best), "f1h1");
    engine.send(&format!("position fen {fen} moves f1h1"));
    assert_eq!(engine.fen(), "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1");
    engine.send(&format!("position fen {fen} moves f1g1"));
    assert_eq!(engine.fen(), "4k3/8/8/8/8/8/8/R5KR b - - 1 1");
    // X-FEN (KQkq) in a Chess960 start position is understood too.
    engine.send("position fen nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w KQkq - 0 1 moves g2g3 g7g6 f1g2 f8g7 e1g1");
    assert!(engine.sync().is_empty());
    assert_eq!(engine.fen(), "nrbqk1rn/ppppppbp/6p1/8/8/6P1/PPPPPPBP/NRBQ1RKN b gb - 3 3");

    // Standard mode prints castling as e1g1.
    engine.send("setoption name UCI_Chess960 value false");
    engine.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let (_, best) = engine.go("go depth 2 searchmoves e1g1", 10 * SECOND);
    assert_eq!(bestmove(&best), "e1g1");
}

#[test]
fn threefold_repetition_through_the_game_history_scores_a_draw() {
    let mut engine = Engine::start();
    // White is a queen up. In this history the position after a2a1 would be on the board
    // for the third time: that move must score exactly 0, any other move a win.
    let line = "position fen 7k/8/8/8/8/8/2Q5/K7 b - - 0 1 moves h8g8 a1a2 g8h8 a2a1 h8g8 a1a2 g8h8";
    engine.send(line);
    let (infos, best) = engine.go("go depth 5 searchmoves a2a1", 10 * SECOND);
    assert_eq!(bestmove(&best), "a2a1");
    assert_eq!(score(last_info(&infos)), Some(("cp".to_string(), 0)));
    let (infos, _) = engine.go("go depth 5 searchmoves a2b1", 10 * SECOND);
    assert!(score(last_info(&infos)).is_some_and(|(_, v)| v > 500), "{infos:?}");
    // Without the history the same move is no draw.
    engine.send("position fen 7k/8/8/8/8/8/K1Q5/8 w - - 0 1");
    let (infos, _) = engine.go("go depth 5 searchmoves a2a1", 10 * SECOND);
    assert!(score(last_info(&infos)).is_some_and(|(_, v)| v > 500), "{infos:?}");
}

#[test]
fn fifty_move_rule_scores_a_draw() {
    let mut engine = Engine::start();
    // A rook up, but 99 half-moves without a capture or pawn move: every move draws.
    engine.send("position fen 8/8/8/8/8/5k2/8/5K1R w - - 99 80");
    let (infos, _) = engine.go("go depth 4", 10 * SECOND);
    assert_eq!(score(last_info(&infos)), Some(("cp".to_string(), 0)));
}

/// Nodes of a `go depth 9` from the current position (one thread: the count is exact).
fn nodes_to_depth_9(engine: &mut Engine) -> u64 {
    let (infos, _) = engine.go("go depth 9", 30 * SECOND);
    field(last_info(&infos), "nodes").and_then(|n| n.parse().ok()).expect("a node count")
}

#[test]
fn clear_hash_empties_the_table() {
    let mut engine = Engine::start();
    // The start position: its line is settled by depth 9, so the second search follows
    // the first one's table (about 7% of the nodes). Where the table's deeper entries
    // change the best line (a middlegame position with round 7's weights), the second
    // search explores anew and can take 75% of the first one's nodes.
    engine.send("position startpos");
    let cold = nodes_to_depth_9(&mut engine);
    let warm = nodes_to_depth_9(&mut engine);
    assert!(warm < cold / 2, "the second search should find the first one's table: {warm} vs {cold}");
    engine.send("setoption name Clear Hash");
    assert!(engine.sync().is_empty());
    let cleared = nodes_to_depth_9(&mut engine);
    // The histories stay, so not exactly `cold`; but a table that was not cleared would be
    // warmer still than for the second search.
    assert!(cleared > 2 * warm, "after Clear Hash: {cleared} nodes, warm {warm}, cold {cold}");
}

#[test]
fn ucinewgame_then_isready() {
    let mut engine = Engine::start();
    engine.go("go depth 5", 10 * SECOND);
    engine.send("ucinewgame");
    assert!(engine.sync().is_empty());
    assert_eq!(engine.fen(), START_FEN);
}

#[test]
fn d_and_eval_and_perft_commands() {
    let mut engine = Engine::start();
    engine.send("d");
    let lines = engine.sync();
    assert!(lines.contains(&format!("Fen: {START_FEN}")));
    assert!(lines.contains(&"Key: 463B96181691FC9C".to_string()));
    engine.send("eval");
    let lines = engine.sync();
    // Level but for the side to move's tempo.
    let tempo = bramble::eval::WEIGHTS[bramble::eval::params::TEMPO].mg();
    let expected = format!("Tables:  {tempo} cp from White's side, {tempo} cp for the side to move");
    assert!(lines.contains(&expected), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("Network: ")), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("Search evaluator: network"), "{lines:?}");
    engine.send("go perft 3");
    let lines: Vec<String> = engine.read_until("8902 nodes", 10 * SECOND).into_iter().map(|l| l.text).collect();
    assert!(lines.contains(&"e2e4: 600".to_string()), "{lines:?}");
    engine.send("perft 2");
    engine.expect("400 nodes", 10 * SECOND);
}

#[test]
fn perft_finishes_before_the_next_command_is_read() {
    let mut engine = Engine::start();
    // Each command used to stop a running perft ("info string perft stopped"), and `d`
    // could print inside its lines.
    engine.send("perft 5");
    engine.send("go perft 1");
    engine.send("d");
    let lines = engine.sync();
    let at = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix));
    let (five, one, board) = (at("4865609 nodes"), at("20 nodes"), at("Fen: "));
    assert!(five.is_some() && one.is_some() && board.is_some(), "{lines:?}");
    assert!(five < one && one < board, "{lines:?}");
    // The 20 root moves of each perft come right before its total, after a blank line.
    for total in [five, one].into_iter().flatten() {
        let moves = &lines[total - 21..total - 1];
        assert!(moves.iter().all(|l| l.len() > 6 && l.contains(": ")), "{lines:?}");
    }
    assert!(!lines.iter().any(|l| l.contains("stopped")), "{lines:?}");
}

#[test]
fn quit_during_a_search_prints_the_bestmove_and_exits() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("quit");
    engine.expect("bestmove", HANG_LIMIT);
    assert_eq!(engine.wait_exit(HANG_LIMIT), Some(0));
}

#[test]
fn end_of_input_ends_the_process_cleanly() {
    let mut engine = Engine::start();
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.close_stdin();
    engine.expect("bestmove", HANG_LIMIT);
    assert_eq!(engine.wait_exit(HANG_LIMIT), Some(0));

    let mut idle = Engine::start();
    idle.close_stdin();
    assert_eq!(idle.wait_exit(HANG_LIMIT), Some(0));
}

/// Every kind of broken input: the engine stays alive, answers isready, says what was
/// wrong in at most one `info string` line, and keeps its position.
#[test]
fn malformed_input_never_hurts() {
    let mut engine = Engine::start();
    let base = "position startpos moves e2e4 e7e5";
    let fen_after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    engine.send(base);
    assert_eq!(engine.fen(), fen_after);

    let long_line = format!("position startpos moves {}", "e2e4 ".repeat(200_000));
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("bad FEN", b"position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\n".to_vec()),
        ("FEN without a king", b"position fen 8/8/8/8/8/8/8/K7 w - - 0 1\n".to_vec()),
        ("FEN with too many pieces", b"position fen qqqqkqqq/qqqqqqqq/8/8/8/8/8/4K3 w - - 0 1\n".to_vec()),
        ("side not to move in check", b"position fen 4k3/8/8/8/8/8/8/4K2R w - - 0 1 moves h1e1 e8d8\n".to_vec()),
        ("opposite check", b"position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1\n".to_vec()),
        ("pawn on the back rank", b"position fen P3k3/8/8/8/8/8/8/4K3 w - - 0 1\n".to_vec()),
        ("garbage FEN", b"position fen hello world\n".to_vec()),
        ("empty FEN", b"position fen\n".to_vec()),
        ("illegal move in the list", b"position startpos moves e2e4 e7e5 e1e3\n".to_vec()),
        ("malformed move", b"position startpos moves e2e4 zz99\n".to_vec()),
        ("null move", b"position startpos moves 0000\n".to_vec()),
        ("position without a start", b"position moves e2e4\n".to_vec()),
        ("position alone", b"position\n".to_vec()),
        ("go depth without value", b"go depth\n".to_vec()),
        ("go nodes not a number", b"go nodes many\n".to_vec()),
        ("go movetime negative", b"go movetime -5\n".to_vec()),
        ("go perft without depth", b"go perft\n".to_vec()),
        ("out-of-range option", b"setoption name Hash value 99999999\n".to_vec()),
        ("unknown command", b"flip the board\n".to_vec()),
        ("debug without value", b"debug\n".to_vec()),
        ("empty line", b"\n".to_vec()),
        ("whitespace-only line", b"   \t  \n".to_vec()),
        ("tabs between tokens", b"\tsetoption\tname\tPonder\tvalue\tfalse\t\n".to_vec()),
        ("CRLF line end", b"setoption name Ponder value false\r\n".to_vec()),
        ("CR line end", b"setoption name Ponder value false\r".to_vec()),
        ("non-UTF-8 bytes", b"\xff\xfe\xfd position \xc3\x28 startpos\n".to_vec()),
        ("NUL bytes", b"\0\0\0\n".to_vec()),
        ("1 MB line", format!("{long_line}\n").into_bytes()),
        ("control characters", b"\x1b[31mred\x07\n".to_vec()),
    ];
    for (what, bytes) in &cases {
        engine.send_bytes(bytes);
        let lines = engine.sync();
        assert!(lines.len() <= 1, "{what}: {lines:?}");
        assert!(lines.iter().all(|l| l.starts_with("info string")), "{what}: {lines:?}");
        assert!(lines.iter().all(|l| l.len() < 300), "{what}: reply too long");
        assert_eq!(engine.fen(), fen_after, "{what} changed the position");
    }
    // Rejected commands named their problem.
    engine.send("position startpos moves e2e4 e7e5 e1e3");
    let lines = engine.sync();
    assert!(lines[0].contains("e1e3") && lines[0].contains("unchanged"), "{lines:?}");
    engine.send("go depth");
    assert!(engine.sync()[0].contains("depth"));
    // A rejected go starts no search.
    engine.send("go nodes many");
    assert!(engine.drain(Duration::from_millis(300)).iter().all(|l| !l.starts_with("bestmove")));
    // Still plays.
    let (_, best) = engine.go("go depth 3", 10 * SECOND);
    assert_ne!(bestmove(&best), "0000");
}

/// Numbers at the edge of their types: no overflow, no endless recursion, an answer.
#[test]
fn absurd_numbers_are_survived() {
    let mut engine = Engine::start();
    for go in [
        "go wtime 1000 btime 1000 winc 9223372036854775807 binc 9223372036854775807",
        "go wtime -9223372036854775808 btime 5",
        "go movetime 0",
        "go nodes 0",
        "go depth 4294967295 movetime 200",
        "go mate 4294967295 movetime 200",
        "go wtime 300 movestogo 4294967295",
    ] {
        let (_, best) = engine.go(go, 5 * SECOND);
        assert_ne!(bestmove(&best), "0000", "{go}");
        assert!(engine.sync().is_empty(), "{go}");
    }
    engine.send("go perft 100000");
    let lines = engine.sync();
    assert!(lines.len() == 1 && lines[0].starts_with("info string"), "{lines:?}");
    engine.send("bench -5");
    let lines = engine.sync();
    assert!(lines.len() == 1 && lines[0].starts_with("info string"), "{lines:?}");
}

/// A whole game at 0.5 s + 0.05 s per side, the engine against itself, the clock kept
/// by the time the engine reports for each search: no move may take longer than the time
/// left. The wall clock, which a loaded 2-core machine's scheduling adds to (at 0.25 s +
/// 0.025 s it once lost a game that way with a match running beside the tests), only
/// catches a hang; the budgets are unit-tested in src/time.rs, and fastchess matches
/// measure real time losses.
#[test]
fn a_bullet_game_is_played_without_a_time_loss() {
    use shakmaty::{Chess, Position, uci::UciMove};
    let _serial = timing_lock();
    let mut engine = Engine::start();
    let mut pos = Chess::default();
    let mut moves: Vec<String> = Vec::new();
    let mut clock = [Duration::from_millis(500), Duration::from_millis(500)];
    let increment = Duration::from_millis(50);
    engine.send("ucinewgame");
    engine.sync();
    for ply in 0..160 {
        if pos.is_game_over() {
            break;
        }
        let side = ply % 2;
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        let (white, black, inc) = (clock[0].as_millis(), clock[1].as_millis(), increment.as_millis());
        let go = format!("go wtime {white} btime {black} winc {inc} binc {inc}");
        let (infos, best) = engine.go(&go, HANG_LIMIT);
        let reported: u64 = field(last_info(&infos), "time").and_then(|t| t.parse().ok()).expect("an info time");
        let used = Duration::from_millis(reported);
        assert!(used < clock[side], "ply {ply}: used {used:?} of {:?}", clock[side]);
        clock[side] = clock[side] - used + increment;
        let text = bestmove(&best).to_string();
        let uci: UciMove = text.parse().expect("a UCI move");
        let m = uci.to_move(&pos).expect("a legal move");
        pos.play_unchecked(m);
        moves.push(text);
    }
    assert!(moves.len() >= 40, "the game ended after {} plies", moves.len());
}

/// A line of one move still names a ponder move: the reply the table holds for the
/// position after it, if legal there. At depth 1 the line is the capture of the knight
/// alone, and the recapture comes from quiescence's table entry.
#[test]
fn the_ponder_move_comes_from_the_table_when_the_line_is_one_move() {
    let mut engine = Engine::start();
    engine.send("position fen 4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1");
    let (infos, best) = engine.go("go depth 1", 10 * SECOND);
    let pv: Vec<&str> = last_info(&infos).split(" pv ").nth(1).map_or(Vec::new(), |pv| pv.split(' ').collect());
    assert_eq!(pv, ["e4d5"], "{infos:?}");
    assert_eq!(best, "bestmove e4d5 ponder c6d5");
}
