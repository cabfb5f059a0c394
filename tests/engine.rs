//! The engine in process, through its output callback: no pipes, no child process, so
//! these tests see exactly the lines the engine writes, in order.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bramble::engine::Engine;
use bramble::uci::command::Command;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position as _};

struct Harness {
    engine: Engine,
    lines: Arc<Mutex<Vec<String>>>,
}

impl Harness {
    fn new() -> Harness {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&lines);
        let engine = Engine::new(Arc::new(move |line: &str| {
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
