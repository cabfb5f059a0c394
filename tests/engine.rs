//! The engine in process, through the UCI controller's output callback: no pipes, no child process, so
//! these tests see exactly the lines the engine writes, in order.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod common;

use common::TempFile;

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
        // An aspiration window's fail reports a bound first; counted are exact scores.
        .filter(|line| !line.contains("upperbound") && !line.contains("lowerbound"))
        .filter_map(|line| line.split_whitespace().nth(2)?.parse().ok())
        .collect();
    // Each depth once, in order; the last is not repeated before the bestmove.
    assert_eq!(depths, [1, 2, 3, 4, 5, 6], "{lines:?}");
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
/// With bramble-8 (`EvalFile`) the jump comes at depth 14; bramble-9 scored
/// the winning Nh5 above 1000 cp first and found the mate only at depth 22.
#[test]
fn a_score_jump_is_searched_again_until_it_is_exact() {
    let mut engine = Harness::new();
    let net = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("nets/bramble-8.nnue");
    engine.send(&format!("setoption name EvalFile value {}", net.display()));
    assert!(engine.take()[0].contains("loaded"), "bramble-8 loads");
    engine.send("position fen 2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
    engine.send("go depth 16");
    let lines = engine.wait_for("bestmove");
    let infos: Vec<&String> = lines.iter().filter(|line| line.starts_with("info depth")).collect();
    let score_of = |line: &str| -> Option<(String, i64)> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "score")?;
        Some((words[at + 1].to_string(), words[at + 2].parse().ok()?))
    };
    let exact: Vec<(usize, (String, i64))> = infos
        .iter()
        .enumerate()
        .filter(|(_, line)| !line.contains("bound"))
        .filter_map(|(at, line)| Some((at, score_of(line)?)))
        .collect();
    let first_mate = exact.iter().position(|(_, (kind, _))| kind == "mate").expect("a mate is found");
    assert!(first_mate >= 4, "found before the aspiration windows start: {lines:?}");
    let (before_at, (kind, before)) = &exact[first_mate - 1];
    assert!(kind == "cp" && before.abs() < 1000, "the iteration before the mate: {kind} {before}");
    // The jump fails high out of the window around the last score: reported as a bound
    // between the two exact lines, then searched again.
    let mate_at = exact[first_mate].0;
    assert!(
        infos[before_at + 1..mate_at].iter().any(|line| line.contains(" lowerbound ")),
        "no fail-high reported before the mate: {lines:?}"
    );
    let last = lines.iter().rev().find(|line| line.starts_with("info depth")).expect("info");
    assert!(!last.contains("bound"), "the last line is a bound: {last}");
    // Black has two defences that lose as fast (g7f6 and f7g6): either may be the line.
    assert!(last.contains("score mate 2 ") && last.contains(" pv g3g6 "), "{last}");
    assert!(lines.last().is_some_and(|line| line.starts_with("bestmove g3g6 ponder ")), "{lines:?}");
}

/// Whether `best` (a `bestmove` line) is a legal move at the start position.
fn legal_from_start(line: &str) -> bool {
    let best = line.split_whitespace().nth(1).unwrap_or_default();
    best.parse::<UciMove>().ok().is_some_and(|uci| uci.to_move(&Chess::default()).is_ok())
}

/// A file in the temporary directory, removed when dropped.
#[test]
fn a_bad_eval_file_gets_one_line_and_the_network_in_use_stays() {
    let net = bramble::nnue::builtin::builtin().expect("the built-in network").to_bytes();
    let mut wrong_magic = net.clone();
    wrong_magic[0] = b'X';
    let truncated = TempFile::new("truncated.nnue", &net[..net.len() - 2]);
    let magic = TempFile::new("magic.nnue", &wrong_magic);
    let longer = TempFile::new("longer.nnue", [net.as_slice(), &[0, 0]].concat());
    let missing = std::env::temp_dir().join("bramble-engine-test-no-such-file.nnue");
    let mut engine = Harness::new();
    engine.take();
    engine.send("setoption name Evaluator value network");
    for (path, why) in [
        (missing.as_path(), "cannot read it"),
        (&*truncated, "truncated"),
        (&*magic, "BRMBNNUE"),
        (&*longer, "extra bytes"),
    ] {
        engine.send(&format!("setoption name EvalFile value {}", path.display()));
        let lines = engine.take();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("info string EvalFile ") && lines[0].contains(why), "{lines:?}");
        assert!(lines[0].ends_with("the network in use stays (built-in)"), "{lines:?}");
        engine.send("go depth 3");
        let lines = engine.wait_for("bestmove");
        assert!(lines.last().is_some_and(|line| legal_from_start(line)), "{lines:?}");
    }
    // A good file loads (one line), and `<default>` takes the built-in network back.
    let good = TempFile::new("good.nnue", &net);
    engine.send(&format!("setoption name EvalFile value {}", good.display()));
    let lines = engine.take();
    assert_eq!(lines.len(), 1, "{lines:?}");
    // Its shape in words, as the built-in network describes itself.
    let shape = bramble::nnue::builtin::builtin().expect("the built-in network").describe();
    assert!(lines[0].ends_with(&format!("network of {shape} loaded")), "{lines:?}");
    engine.send("setoption name EvalFile value <default>");
    assert!(engine.take().is_empty());
    engine.send("eval");
    assert!(engine.take().iter().any(|line| line.contains(&format!("(built-in, {shape})"))));
}

/// A network with king buckets (file version 3) loads by `EvalFile` and plays.
#[test]
fn a_king_bucketed_network_loads_and_plays() {
    let (hidden, king_buckets) = (16, bramble::nnue::features::KING_BUCKETS);
    let weights = (0..768 * king_buckets * hidden).map(|i| (i % 23) as i16 - 11).collect();
    let net = bramble::nnue::Network::new(hidden, weights, vec![40; hidden], vec![3; 2 * hidden], vec![0])
        .expect("sizes fit");
    let file = TempFile::new("king-buckets.nnue", net.to_bytes());
    let mut engine = Harness::new();
    engine.take();
    engine.send(&format!("setoption name EvalFile value {}", file.display()));
    assert_eq!(
        engine.take(),
        [format!("info string EvalFile {}: network of 16 hidden neurons, 4 king buckets loaded", file.display())]
    );
    engine.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6");
    engine.send("go depth 5");
    let lines = engine.wait_for("bestmove");
    assert!(lines.last().is_some_and(|line| line.starts_with("bestmove ") && !line.contains("0000")), "{lines:?}");
}

#[test]
fn the_evaluator_option_chooses_what_the_search_evaluates_with() {
    let mut engine = Harness::new();
    engine.take();
    engine.send("position startpos moves e2e4");
    engine.send("eval");
    // The network is the default.
    let network = engine.take();
    assert_eq!(network.last().map(String::as_str), Some("Search evaluator: network"), "{network:?}");
    engine.send("setoption name Evaluator value magic");
    let lines = engine.take();
    assert_eq!(lines, ["info string option 'Evaluator' must be one of tables, network, not 'magic'"]);
    engine.send("setoption name Evaluator value tables");
    assert!(engine.take().is_empty());
    engine.send("eval");
    let tables = engine.take();
    assert_eq!(tables.last().map(String::as_str), Some("Search evaluator: tables"), "{tables:?}");
    engine.send("setoption name Evaluator value network");
    assert!(engine.take().is_empty());
    // The same two scores either way: only the evaluator in use changes.
    assert_eq!(tables[..tables.len() - 1], network[..network.len() - 1]);

    // The network's search plays a legal move, with one thread and with helpers.
    engine.send("position startpos");
    engine.send("go depth 5");
    let lines = engine.wait_for("bestmove");
    assert!(lines.last().is_some_and(|line| legal_from_start(line)), "{lines:?}");
    let network_nodes = lines.iter().rev().find_map(|line| nodes(line)).expect("an info line");
    engine.send("setoption name Threads value 2");
    engine.send("go depth 6");
    let lines = engine.wait_for("bestmove");
    assert!(lines.last().is_some_and(|line| legal_from_start(line)), "{lines:?}");

    // Back to the tables: a different search of the same position.
    engine.send("setoption name Threads value 1");
    engine.send("setoption name Evaluator value tables");
    engine.send("ucinewgame");
    engine.send("go depth 5");
    let lines = engine.wait_for("bestmove");
    let tables_nodes = lines.iter().rev().find_map(|line| nodes(line)).expect("an info line");
    assert_ne!(network_nodes, tables_nodes, "the evaluators search differently");
}

/// The `nodes` field of an `info` line.
fn nodes(line: &str) -> Option<u64> {
    let mut words = line.split_whitespace().skip_while(|word| *word != "nodes");
    words.nth(1)?.parse().ok()
}
