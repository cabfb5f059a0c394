//! Syzygy tablebases over the tables in `../shared/data/syzygy`: every published WDL and
//! DTZ value probed right, won endings converted to mate within the fifty-move rule and
//! drawn ones held, several directories, and broken paths and files survived.

mod common;

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use bramble::position::Position;
use bramble::search::{Limits, SearchSession, SearchSettings, SyzygyProbe};
use bramble::syzygy::Tablebases;
use common::position;
use shakmaty::{Color, KnownOutcome, Outcome, Position as _};
use shakmaty_syzygy::Wdl;

/// The tables, or `None` (after the skip line) when `../shared/data` is not there. With
/// the data there but no tables, the test fails and says so.
fn syzygy_dir(test: &str) -> Option<PathBuf> {
    let dir = common::shared_data(test)?.join("syzygy");
    assert!(dir.join("KQvK.rtbw").is_file(), "{test}: no Syzygy tables in {}", dir.display());
    Some(dir)
}

fn load(path: &Path) -> Tablebases {
    let loaded = Tablebases::load(&path.to_string_lossy());
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    loaded.tables
}

/// `wdl` and `dtz` of every row, as (fen, wdl, dtz).
fn check_probes(tables: &Tablebases, rows: &[(String, i32, i32)]) {
    let mut wrong = Vec::new();
    for (fen, wdl, dtz) in rows {
        let pos = position(fen);
        let got = (tables.probe_wdl(pos.chess()).map(|w| w as i32), tables.probe_dtz(pos.chess()));
        if got != (Some(*wdl), Some(*dtz)) {
            wrong.push(format!("{fen}: expected wdl {wdl} dtz {dtz}, got {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{} of {} wrong:\n{}", wrong.len(), rows.len(), wrong.join("\n"));
}

#[test]
fn probes_match_the_python_chess_endgame_suite() {
    let Some(dir) = syzygy_dir("probes_match_the_python_chess_endgame_suite") else { return };
    let text = fs::read_to_string(dir.join("tests/python-chess_endgame.epd")).expect("read the EPD");
    let rows: Vec<(String, i32, i32)> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let op = |name: &str| -> i32 {
                let at = fields.iter().position(|f| *f == name).unwrap_or_else(|| panic!("{name} in {line}"));
                fields[at + 1].trim_end_matches(';').parse().expect("a number")
            };
            (fields[..4].join(" "), op("wdl"), op("dtz"))
        })
        .collect();
    assert_eq!(rows.len(), 200);
    check_probes(&load(&dir), &rows);
}

#[test]
fn probes_match_the_shakmaty_syzygy_suite_up_to_four_pieces() {
    let Some(dir) = syzygy_dir("probes_match_the_shakmaty_syzygy_suite_up_to_four_pieces") else { return };
    let text = fs::read_to_string(dir.join("tests/shakmaty-syzygy_chess.csv")).expect("read the CSV");
    let rows: Vec<(String, i32, i32)> = text
        .lines()
        .skip(1)
        .map(|line| {
            let fields: Vec<&str> = line.split(',').collect();
            (fields[0].to_string(), fields[1].parse().expect("wdl"), fields[2].parse().expect("dtz"))
        })
        .filter(|(fen, _, _)| position(fen).chess().board().occupied().count() <= 4)
        .collect();
    assert_eq!(rows.len(), 200, "the suite has 200 rows of up to four pieces");
    check_probes(&load(&dir), &rows);
}

/// A copy of some of the tables in a fresh directory under the system's temporary one.
struct TableCopy {
    dir: PathBuf,
}

impl TableCopy {
    fn new(name: &str, source: &Path, tables: &[&str]) -> TableCopy {
        let dir = std::env::temp_dir().join(format!("bramble-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create a temporary directory");
        for table in tables {
            for ext in ["rtbw", "rtbz"] {
                let file = format!("{table}.{ext}");
                fs::copy(source.join(&file), dir.join(&file)).expect("copy a table");
            }
        }
        TableCopy { dir }
    }

    fn path(&self) -> String {
        self.dir.to_string_lossy().into_owned()
    }
}

impl Drop for TableCopy {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

fn path_list(parts: &[&str]) -> String {
    std::env::join_paths(parts).expect("paths without separators").to_string_lossy().into_owned()
}

#[test]
fn several_directories_an_empty_path_and_a_missing_directory() {
    let Some(dir) = syzygy_dir("several_directories_an_empty_path_and_a_missing_directory") else { return };
    let queens = TableCopy::new("tb-queens", &dir, &["KQvK", "KQvKR"]);
    let rooks = TableCopy::new("tb-rooks", &dir, &["KRvK"]);

    let both = Tablebases::load(&path_list(&[&queens.path(), "", &rooks.path()]));
    assert!(both.problems.is_empty(), "{:?}", both.problems);
    assert_eq!((both.tables.wdl_files(), both.tables.dtz_files(), both.tables.max_pieces()), (3, 3, 4));
    let krk = position("8/8/8/4k3/8/8/8/R6K w - - 0 1");
    assert_eq!(both.tables.probe_wdl(krk.chess()), Some(Wdl::Win));

    let queens_only = Tablebases::load(&queens.path());
    assert_eq!(queens_only.tables.probe_wdl(krk.chess()), None, "KRvK is not in that directory");
    assert!(queens_only.tables.take_failure().is_some_and(|f| f.contains("KRvK")));

    for empty in ["", "<empty>", " "] {
        let loaded = Tablebases::load(empty);
        assert_eq!((loaded.tables.max_pieces(), loaded.problems.len()), (0, 0), "{empty:?}");
    }

    let missing = queens.dir.join("no-such-directory");
    let loaded = Tablebases::load(&path_list(&[&missing.to_string_lossy(), &rooks.path()]));
    assert_eq!(loaded.problems.len(), 1, "{:?}", loaded.problems);
    assert!(loaded.problems[0].contains("cannot read directory"), "{:?}", loaded.problems);
    assert_eq!(loaded.tables.probe_wdl(krk.chess()), Some(Wdl::Win), "the other directory still loads");
}

#[test]
fn truncated_and_corrupt_tables_are_skipped_or_fail_softly() {
    let Some(dir) = syzygy_dir("truncated_and_corrupt_tables_are_skipped_or_fail_softly") else { return };
    let copy = TableCopy::new("tb-broken", &dir, &["KQvK", "KRvK"]);
    // Truncated: the size shows it, so the file is skipped when loading.
    let kqk = copy.dir.join("KQvK.rtbw");
    let bytes = fs::read(&kqk).expect("read");
    fs::write(&kqk, &bytes[..bytes.len() / 2 + 5]).expect("truncate");
    // Same size, garbage inside: found only when probed.
    let krk = copy.dir.join("KRvK.rtbw");
    let size = fs::metadata(&krk).expect("metadata").len() as usize;
    fs::write(&krk, vec![0x5a; size]).expect("overwrite");

    let loaded = Tablebases::load(&copy.path());
    assert_eq!(loaded.problems.len(), 1, "{:?}", loaded.problems);
    assert!(loaded.problems[0].contains("KQvK.rtbw"), "{:?}", loaded.problems);
    let tables = loaded.tables;
    let krk_position = position("8/8/8/4k3/8/8/8/R6K w - - 0 1");
    assert_eq!(tables.probe_wdl(krk_position.chess()), None);
    assert!(tables.take_failure().is_some(), "the failed probe is kept to be reported");
    assert_eq!(tables.take_failure(), None, "and reported once");

    // The engine says so in one line and still plays a legal move.
    let mut engine = common::Engine::start();
    engine.send(&format!("setoption name SyzygyPath value {}", copy.path()));
    engine.send("position fen 8/8/8/4k3/8/8/8/R6K w - - 0 1");
    let (_, best) = engine.go("go depth 6", Duration::from_secs(20));
    let m = best.split_whitespace().nth(1).expect("a move");
    assert!(krk_position.parse_uci_move(m).is_ok(), "{m} is legal");
    let notes: Vec<&String> = engine.transcript.iter().filter(|l| l.starts_with("info string Syzygy")).collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes[0].contains("1 skipped"), "{notes:?}");
    assert!(notes[1].contains("KRvK"), "{notes:?}");
    engine.send("quit");
    assert_eq!(engine.wait_exit(Duration::from_secs(10)), Some(0));
}

#[test]
fn the_uci_options_load_and_the_search_reports_tbhits() {
    let Some(dir) = syzygy_dir("the_uci_options_load_and_the_search_reports_tbhits") else { return };
    let mut engine = common::Engine::start();
    engine.send(&format!("setoption name SyzygyPath value {}", dir.display()));
    assert_eq!(engine.sync(), ["info string Syzygy: 35 WDL and 35 DTZ tables, up to 4 pieces"]);
    // KRPvKR is beyond these tables; the capture on d5 leaves KRvKR, a draw.
    engine.send("position fen 8/8/3k4/3r4/3P4/3RK3/8/8 b - - 0 1");
    let (infos, best) = engine.go("go depth 8", Duration::from_secs(30));
    let last_info = infos.last().expect("an info line");
    let tbhits: u64 = field(last_info, "tbhits").parse().expect("tbhits is a number");
    assert!(tbhits > 0, "{last_info}");
    assert!(best.starts_with("bestmove "), "{best}");

    // A won root: the score is a tablebase win or a mate, never a plain evaluation.
    engine.send("position fen 8/8/3r4/4k3/8/8/3Q4/4K3 w - - 0 1");
    let (infos, _) = engine.go("go depth 6", Duration::from_secs(30));
    let last_info = infos.last().expect("an info line");
    let score = field(last_info, "score");
    assert!(is_win(&score), "{last_info}");

    // MultiPV in a game search: only the moves that keep the win, each line a win, the
    // lines best first.
    engine.send("setoption name MultiPV value 3");
    let (infos, _) = engine.go("go depth 6", Duration::from_secs(30));
    let lines: Vec<&String> = infos.iter().filter(|l| l.contains(" depth 6 ") && l.contains(" pv ")).collect();
    assert_eq!(lines.len(), 3, "three lines, reported once: {infos:?}");
    for (index, line) in lines.iter().enumerate() {
        assert_eq!(field(line, "multipv"), (index % 3 + 1).to_string(), "{line}");
        assert!(is_win(&field(line, "score")), "{line}");
    }
    engine.send("setoption name MultiPV value 1");

    engine.send("setoption name SyzygyPath value <empty>");
    assert_eq!(engine.sync(), ["info string Syzygy: no tablebases (SyzygyPath is empty)"]);
    engine.send("quit");
    assert_eq!(engine.wait_exit(Duration::from_secs(10)), Some(0));
}

/// A mate for us or a tablebase win (`cp` above every evaluation).
fn is_win(score: &str) -> bool {
    match score.split_once(' ') {
        Some(("mate", moves)) => moves.parse::<i32>().is_ok_and(|n| n > 0),
        Some(("cp", cp)) => cp.parse::<i32>().is_ok_and(|cp| cp > 30_000),
        _ => false,
    }
}

/// The value after `key` in an info line (two words for `score`).
fn field(line: &str, key: &str) -> String {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == key).unwrap_or_else(|| panic!("{key} in {line}"));
    let take = if key == "score" { 2 } else { 1 };
    words[at + 1..at + 1 + take].join(" ")
}

/// A player: Bramble at a fixed node count, with or without the tables.
struct Player {
    session: SearchSession,
}

impl Player {
    fn new(tables: Option<Arc<Tablebases>>) -> Player {
        let syzygy = tables.map(|tables| SyzygyProbe { tables, probe_depth: 1, probe_limit: 7, rule50: true });
        Player { session: SearchSession::with_settings(16, SearchSettings { syzygy, ..SearchSettings::default() }) }
    }

    fn choose(&mut self, pos: &Position, game_keys: &[u64]) -> shakmaty::Move {
        let limits = Limits { nodes: Some(NODES_PER_MOVE), ..Limits::default() };
        self.session.new_search();
        let result = self.session.search(pos, game_keys, &limits);
        result.best_move.expect("a legal move")
    }
}

const NODES_PER_MOVE: u64 = 20_000;

/// How a game from a tablebase position ended.
#[derive(Debug, PartialEq, Eq)]
enum Ending {
    Mate { winner: Color },
    Draw(&'static str),
}

/// Plays `fen` out between two players (White's first) and checks after every move of
/// `watched` that the tables' result for that side is no worse than at the start.
fn play_out(fen: &str, mut white: Player, mut black: Player, tables: &Tablebases, watched: Color) -> Ending {
    let mut pos = position(fen);
    let mut keys: Vec<u64> = Vec::new();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let start = tables.probe_wdl(pos.chess()).expect("a tablebase position");
    let at_least = if pos.turn() == watched { start } else { -start };
    for _ in 0..400 {
        match pos.chess().outcome() {
            Outcome::Known(KnownOutcome::Decisive { winner }) => return Ending::Mate { winner },
            Outcome::Known(KnownOutcome::Draw) => return Ending::Draw("stalemate or insufficient material"),
            Outcome::Unknown => {}
        }
        if pos.halfmoves() >= 100 {
            return Ending::Draw("fifty-move rule");
        }
        let count = seen.entry(pos.key()).or_default();
        *count += 1;
        if *count == 3 {
            return Ending::Draw("threefold repetition");
        }
        let mover = pos.turn();
        let player = if mover == Color::White { &mut white } else { &mut black };
        let m = player.choose(&pos, &keys);
        keys.push(pos.key());
        pos.make_move(m);
        if mover == watched
            && let Some(wdl) = tables.probe_wdl(pos.chess())
        {
            assert!(-wdl >= at_least, "{fen}: {m:?} spoils the result, leaving {}", pos.fen());
        }
    }
    panic!("{fen}: no end after 400 plies");
}

fn tables_arc(dir: &Path) -> Arc<Tablebases> {
    Arc::new(load(dir))
}

#[test]
fn won_endings_are_converted_within_the_fifty_move_rule() {
    let Some(dir) = syzygy_dir("won_endings_are_converted_within_the_fifty_move_rule") else { return };
    let tables = tables_arc(&dir);
    let won = [
        ("KQvK", "8/8/8/3k4/8/8/8/6QK w - - 0 1"),
        ("KRvK", "8/8/8/4k3/8/8/8/R6K w - - 0 1"),
        ("KBNvK", "7k/8/8/8/8/8/8/KBN5 w - - 0 1"),
        ("KQvKR", "8/8/3r4/4k3/8/8/3Q4/4K3 w - - 0 1"),
        ("KRvKP", "8/8/8/8/1k6/8/1p6/4K2R w - - 0 1"),
        ("KPvK", "1k6/8/8/8/8/8/1P6/1K6 w - - 0 1"),
    ];
    for (name, fen) in won {
        // The winner has the tables; so has the defender, who resists longest.
        let ending = play_out(
            fen,
            Player::new(Some(Arc::clone(&tables))),
            Player::new(Some(Arc::clone(&tables))),
            &tables,
            Color::White,
        );
        assert_eq!(ending, Ending::Mate { winner: Color::White }, "{name}: {fen}");
    }
}

#[test]
fn drawn_endings_are_held() {
    let Some(dir) = syzygy_dir("drawn_endings_are_held") else { return };
    let tables = tables_arc(&dir);
    // In the last two, Bramble without the tables loses at this node count (found by
    // playing it from random drawn positions where few moves hold).
    let drawn = [
        ("KRvKR", "8/8/3k4/3r4/8/3RK3/8/8 w - - 0 1"),
        ("KBvKP", "8/8/8/5k2/8/2B5/6p1/4K3 w - - 0 1"),
        ("KNvKP", "5N2/2K5/8/8/7p/8/8/4k3 w - - 0 1"),
        ("KPvKR", "3r4/3k4/7K/7P/8/8/8/8 w - - 0 1"),
    ];
    for (name, fen) in drawn {
        // White holds with the tables against Black without them, who plays to win.
        let ending = play_out(fen, Player::new(Some(Arc::clone(&tables))), Player::new(None), &tables, Color::White);
        assert_ne!(ending, Ending::Mate { winner: Color::Black }, "{name}: {fen}");
    }
}

#[test]
fn the_tb_tool_prints_wdl_dtz_and_the_best_move() {
    let Some(dir) = syzygy_dir("the_tb_tool_prints_wdl_dtz_and_the_best_move") else { return };
    let path = dir.to_string_lossy();
    let tb = |fen: &str| {
        let mut args: Vec<&str> = vec!["tb"];
        args.extend(fen.split_whitespace());
        args.extend(["--path", &path]);
        common::run_cli(&args)
    };
    // Rows of the python-chess suite: a capture that wins, and a loss in two plies.
    let (code, out, err) = tb("8/8/1n6/8/7K/8/3k4/1Q6 w - - 0 1");
    assert_eq!((code, out.as_str()), (0, "wdl 2\ndtz 1\nbestmove b1b6\n"), "{err}");
    let (code, out, err) = tb("8/1K6/4q3/8/8/6p1/8/2k5 w - -");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("wdl -2\ndtz -2\nbestmove "), "{out}");
    // Checkmated: a loss with no move (the tables count the mate itself as the zeroing ply).
    let (code, out, _) = tb("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!((code, out.as_str()), (0, "wdl -2\ndtz -1\nbestmove 0000\n"));

    let (code, _, err) = tb("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(code, 1);
    assert!(err.contains("do not cover this position: 32 pieces"), "{err}");
    let (code, _, err) = common::run_cli(&["tb", "8/8/8/8/8/2k5/8/KQ6", "w", "-", "-", "--path", "/no/such/dir"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read directory '/no/such/dir'") && err.contains("no Syzygy tables found"), "{err}");
    let (code, _, err) = common::run_cli(&["tb", "8/8/8/8/8/2k5/8/KQ6", "w", "-", "-"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("required arguments were not provided:\n  --path <DIRS>"), "{err}");
    let (code, _, err) = common::run_cli(&["tb", "--path", &path]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("required arguments were not provided:\n  <FEN>..."), "{err}");
    let (code, _, err) = tb("not a fen");
    assert_eq!(code, 1);
    assert!(err.contains("invalid FEN"), "{err}");
}
