//! The engine in process, through the UCI controller's output callback: no pipes, no child process, so
//! these tests see exactly the lines the engine writes, in order.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bramble::uci::Controller;
use bramble::uci::command::Command;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position as _};

struct Harness {
    engine: Controller,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Harness {
    fn new() -> Harness {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&lines);
        let engine = Controller::new(Arc::new(move |line: &str| {
            sink.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(line.to_string());
        }));
        Harness { engine, lines }
    }

    fn send(&mut self, text: &str) {
        let command: Command = text.parse().unwrap_or_else(|e| panic!("'{text}': {e}"));
        assert!(self.engine.handle(command), "'{text}' ended the engine");
    }

    /// Every line written so far, and forgets them.
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.lines.lock().unwrap_or_else(|poisoned| poisoned.into_inner()))
    }

    /// Waits until a line starting with `prefix` is written; returns all lines up to it.
    fn wait_for(&self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut seen = Vec::new();
        loop {
            seen.extend(self.take());
            if let Some(at) = seen.iter().position(|line| line.starts_with(prefix)) {
                seen.truncate(at + 1);
                return seen;
            }
            assert!(Instant::now() < deadline, "no '{prefix}' line; got {seen:?}");
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

#[test]
fn a_search_reports_every_depth_then_one_legal_bestmove() {
    let mut engine = Harness::new();
    engine.send("position startpos moves e2e4 c7c5");
    engine.send("go depth 6");
    let lines = engine.wait_for("bestmove");
    let depths: Vec<u32> = lines
        .iter()
        .filter(|line| line.starts_with("info depth"))
        .filter_map(|line| line.split_whitespace().nth(2)?.parse().ok())
        .collect();
    // Each depth once, in order, and the final line repeated before the bestmove.
    assert_eq!(depths, [1, 2, 3, 4, 5, 6, 6], "{lines:?}");
    let best = lines.last().and_then(|line| line.split_whitespace().nth(1)).expect("a move");
    let mut pos = Chess::default();
    for text in ["e2e4", "c7c5"] {
        let m = text.parse::<UciMove>().ok().and_then(|uci| uci.to_move(&pos).ok()).expect("legal");
        pos.play_unchecked(m);
    }
    let uci: UciMove = best.parse().expect("UCI move text");
    assert!(uci.to_move(&pos).is_ok(), "{best} is not legal");
    engine.engine.finish_job();
    assert!(engine.take().is_empty(), "a second bestmove");
}

#[test]
fn bad_input_gets_one_info_string_and_changes_nothing() {
    let mut engine = Harness::new();
    engine.send("position startpos moves e2e4");
    engine.send("d");
    let before: Vec<String> = engine.take().into_iter().filter(|line| line.starts_with("Fen: ")).collect();
    for bad in ["setoption name Hash value -3", "setoption name Nonsense value 1", "position startpos moves e7e5 e7e5"]
    {
        engine.send(bad);
        let lines = engine.take();
        assert!(lines.len() == 1 && lines[0].starts_with("info string "), "{bad}: {lines:?}");
    }
    engine.send("d");
    let after: Vec<String> = engine.take().into_iter().filter(|line| line.starts_with("Fen: ")).collect();
    assert_eq!(after, before);
    engine.send("isready");
    assert_eq!(engine.take(), ["readyok"]);
}

/// Aspiration windows: in WAC 1 the score jumps from about a pawn to a mate between two
/// iterations, far outside the window around the previous score, so that iteration must
/// fail high and be searched again with a wider window until it holds the mate exactly.
#[test]
fn a_score_jump_is_searched_again_until_it_is_exact() {
    let mut engine = Harness::new();
    engine.send("position fen 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
    engine.send("go depth 12");
    let lines = engine.wait_for("bestmove");
    let scores: Vec<(String, i64)> = lines
        .iter()
        .filter(|line| line.starts_with("info depth"))
        .filter_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = words.iter().position(|&w| w == "score")?;
            Some((words[at + 1].to_string(), words[at + 2].parse().ok()?))
        })
        .collect();
    let first_mate = scores.iter().position(|(kind, _)| kind == "mate").expect("a mate is found");
    assert!(first_mate >= 4, "found before the aspiration windows start: {lines:?}");
    let (kind, before) = &scores[first_mate - 1];
    assert!(kind == "cp" && before.abs() < 1000, "the iteration before the mate: {kind} {before}");
    let last = lines.iter().rev().find(|line| line.starts_with("info depth")).expect("info");
    assert!(!last.contains("bound"), "the last line is a bound: {last}");
    assert!(last.contains("score mate 2 ") && last.ends_with("pv g3g6 g7f6 g6h7"), "{last}");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove g3g6 ponder g7f6"));
}
