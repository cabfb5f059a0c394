//! The training data tools end to end: `datagen --format games` (appending, repairing a
//! cut file, refusing another format), `data describe` and `data verify` over a data
//! folder with its manifest, and `convert` and `train` reading games, plain or xz; and
//! OpenBench's datagen closed: fastchess PGN -> `convert` -> `train`.

mod common;

use std::path::PathBuf;

use common::{TempFile, run_cli};

/// A folder in the temporary directory, removed with what it holds when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("bramble-data-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create a temporary folder");
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn datagen_games(path: &str, positions: &str, seed: &str) -> (i32, String, String) {
    run_cli(&[
        "datagen",
        "--out",
        path,
        "--format",
        "games",
        "--positions",
        positions,
        "--threads",
        "2",
        "--nodes",
        "300",
        "--seed",
        seed,
        "--append",
    ])
}

#[test]
fn games_append_whole_and_a_cut_file_is_repaired_before_appending() {
    let games = TempFile::new("append.games", "");
    let path = games.path();
    let (code, stdout, stderr) = datagen_games(&path, "100", "1");
    assert_eq!(code, 0, "{stderr}");
    let first = std::fs::read(&*games).expect("games");
    let (code, _, stderr) = datagen_games(&path, "100", "2");
    assert_eq!(code, 0, "{stderr}");
    let both = std::fs::read(&*games).expect("games");
    assert_eq!(&both[..first.len()], &first[..]);
    assert!(both.len() > first.len() + 36, "another seed, more games");
    let games_written = |out: &str| -> u64 {
        out.split(" from ").nth(1).and_then(|rest| rest.split(' ').next()?.parse().ok()).expect("a game count")
    };
    let whole = games_written(&stdout);

    // Killed while writing: the next run cuts the partial game, says so, and appends.
    std::fs::write(&*games, &first[..first.len() - 5]).expect("write");
    let (code, _, stderr) = datagen_games(&path, "100", "2");
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains(&format!(
            "ended inside a game (a run stopped while writing); cut back to its {} whole games",
            whole - 1
        )),
        "{stderr}"
    );
    let repaired = std::fs::read(&*games).expect("games");
    let (code, stdout, stderr) = run_cli(&["data", "describe", &path]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains(" games="), "{stdout}");
    assert!(repaired.len() < both.len(), "one game of seed 1 fewer");

    // Text into games, games into text or binary: refused, the file untouched.
    let text = TempFile::new("append.txt", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5\n");
    let (code, _, stderr) = datagen_games(&text.path(), "10", "1");
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("holds text lines, not --format games; nothing appended"), "{stderr}");
    for format in ["text", "binary"] {
        let args = ["datagen", "--out", &path, "--format", format, "--positions", "10", "--nodes", "300", "--append"];
        let (code, _, stderr) = run_cli(&args);
        assert_eq!(code, 1, "{stderr}");
        assert!(stderr.contains(&format!("holds games, not --format {format}")), "{stderr}");
    }
    assert_eq!(std::fs::read(&*games).expect("games"), repaired);
}

#[test]
fn a_data_folder_verifies_against_its_manifest_and_damage_is_named() {
    let dir = TempDir::new("verify");
    let plain = dir.0.join("d1.games");
    let (code, _, stderr) = datagen_games(&plain.to_string_lossy(), "150", "1");
    assert_eq!(code, 0, "{stderr}");
    let bytes = std::fs::read(&plain).expect("games");
    let mut xz = Vec::new();
    lzma_rs::xz_compress(&mut bytes.as_slice(), &mut xz).expect("compress");
    let packed = dir.0.join("d1.games.xz");
    std::fs::write(&packed, &xz).expect("write");
    let provenance = " build=abc1234 seed=1 nodes=300 command=bramble datagen --out d1.games --seed 1";
    let mut manifest = String::from("# test data\n");
    for file in [&plain, &packed] {
        let (code, line, stderr) = run_cli(&["data", "describe", &file.to_string_lossy()]);
        assert_eq!(code, 0, "{stderr}");
        manifest.push_str(&format!("{}{provenance}\n", line.trim()));
    }
    std::fs::write(dir.0.join("manifest.txt"), &manifest).expect("write");
    let dir_path = dir.0.to_string_lossy().into_owned();
    let (code, stdout, stderr) = run_cli(&["data", "verify", "--dir", &dir_path]);
    assert_eq!((code, stderr.as_str()), (0, ""), "{stdout}");
    assert!(stdout.starts_with("2 files verified: "), "{stdout}");
    let positions: u64 = stdout.split(", ").nth(1).and_then(|p| p.split(' ').next()?.parse().ok()).expect("positions");
    assert!(positions >= 2 * 150, "{stdout}");

    // A flipped byte, an unlisted file, a line without provenance: one line each.
    let mut damaged = bytes.clone();
    damaged[40] ^= 1;
    std::fs::write(&plain, &damaged).expect("write");
    std::fs::write(dir.0.join("stray.bin"), b"x").expect("write");
    let (code, stdout, stderr) = run_cli(&["data", "verify", "--dir", &dir_path]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(lines[0].contains("d1.games: sha256 is "), "{stderr}");
    assert!(lines[1].ends_with("stray.bin: not in manifest.txt"), "{stderr}");
    assert!(stdout.starts_with("1 files verified: ") && stdout.contains("2 damaged, missing or unlisted"), "{stdout}");
    std::fs::write(dir.0.join("manifest.txt"), manifest.replace(" seed=1", "")).expect("write");
    std::fs::remove_file(dir.0.join("stray.bin")).expect("remove");
    std::fs::write(&plain, &bytes).expect("write");
    let (code, _, stderr) = run_cli(&["data", "verify", "--dir", &dir_path]);
    assert_eq!((code, stderr.lines().count()), (1, 2), "{stderr}");
    assert!(stderr.contains("the manifest line has no seed="), "{stderr}");
    let (code, _, stderr) = run_cli(&["data", "verify", "--dir", "/no/such/folder"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("cannot read the manifest"), "{stderr}");

    // The compressed games convert to the same records as the plain ones, and train.
    let from_plain = TempFile::new("plain.bin", "");
    let from_xz = TempFile::new("xz.bin", "");
    for (input, output) in [(&plain, &from_plain), (&packed, &from_xz)] {
        let (code, stdout, stderr) = run_cli(&["convert", "--to", "binary", &input.to_string_lossy(), &output.path()]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.starts_with(&format!("{} positions written to ", positions / 2)), "{stdout}");
    }
    // Games to games: the dense form datagen writes is written again byte for byte.
    let again = TempFile::new("again.games", "");
    let (code, stdout, stderr) = run_cli(&["convert", "--to", "games", &packed.to_string_lossy(), &again.path()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains(&format!("games written to {} ({} training positions)", again.path(), positions / 2)));
    assert_eq!(std::fs::read(&*again).expect("games"), bytes);
    let records = std::fs::read(&*from_plain).expect("records");
    assert_eq!(records.len() as u64, 32 * positions / 2);
    assert_eq!(records, std::fs::read(&*from_xz).expect("records"));
    let net = TempFile::new("games.nnue", "");
    let (code, _, stderr) = run_cli(&[
        "train",
        "--data",
        &packed.to_string_lossy(),
        "--hidden",
        "8",
        "--epochs",
        "1",
        "--out",
        &net.path(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains(&format!("{} positions kept so far", positions / 2)), "{stderr}");
    assert!(std::fs::metadata(&*net).expect("a network").len() > 0);
}

/// Six games of bramble against itself under fastchess 1.8.2 (alpha), made by:
///
/// ```sh
/// bramble "genfens 10 seed 1 book None" quit | sed -n 's/^info string genfens //p' > openings.epd
/// fastchess -engine cmd=./bramble name=bramble-a -engine cmd=./bramble name=bramble-b \
///   -each tc=inf nodes=5000 option.Hash=16 option.Threads=1 \
///   -openings file=openings.epd format=epd order=sequential -rounds 6 -games 1 -concurrency 1 \
///   -pgnout file=games.pgn
/// ```
///
/// (bramble at 83cf819; the games repeat move for move, only the times differ.)
const FASTCHESS_PGN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fastchess.pgn");

/// fastchess's games in, training positions out (filtered as datagen's), and train reads
/// them: the loop of OpenBench's datagen closed.
#[test]
fn fastchess_pgn_converts_to_training_data_that_train_reads() {
    let text = TempFile::new("fastchess.txt", "");
    let (code, stdout, stderr) = run_cli(&["convert", "--to", "text", FASTCHESS_PGN, &text.path()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.is_empty(), "no game left out: {stderr}");
    // 653 plies: 236 left out (captures, promotions, checks, mates), as an independent
    // count over the PGN's SAN (x, =, a + or # before, M) also finds.
    assert_eq!(
        stdout,
        format!(
            "6 games (653 plies) read from {FASTCHESS_PGN}\n417 positions written to {} (236 left out)\n",
            text.path()
        )
    );
    let lines = std::fs::read_to_string(&*text).expect("text");
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 417);
    // Game 1 (1-0) after 5. Bxb5+ c6: 6. Bb2 {+1.49/7}, White's 149, won; then
    // 6... e5 {-1.02/8}: the side to move (Black, seen as White) -102, lost.
    assert_eq!(lines[0], "rnbqkb1r/p3pp1p/2pp3n/1B4p1/1P6/N3P2N/P1PP1PPP/R1BQK2R w - - 0 1 | 149 | 1.0");
    assert_eq!(lines[1], "r2qk2r/pbpp1ppp/n3p2n/1p6/1b4P1/2PP3N/P3PP1P/RNBQKB1R w - - 0 1 | -102 | 0.0");

    // As games, then their positions: the same lines, through the same filter.
    let games = TempFile::new("fastchess.games", "");
    let (code, stdout, stderr) = run_cli(&["convert", "--to", "games", FASTCHESS_PGN, &games.path()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.ends_with(&format!("6 games written to {} (417 training positions)\n", games.path())), "{stdout}");
    let again = TempFile::new("fastchess-again.txt", "");
    let (code, _, stderr) = run_cli(&["convert", "--to", "text", &games.path(), &again.path()]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(std::fs::read(&*again).expect("text"), std::fs::read(&*text).expect("text"));
    let (code, stdout, _) = run_cli(&["data", "describe", &games.path()]);
    assert_eq!(code, 0);
    assert!(stdout.contains(" games=6 positions=417 plies=653 "), "{stdout}");

    let binary = TempFile::new("fastchess.bin", "");
    let (code, _, stderr) = run_cli(&["convert", "--to", "binary", FASTCHESS_PGN, &binary.path()]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(std::fs::metadata(&*binary).expect("records").len(), 32 * 417);
    let net = TempFile::new("fastchess.nnue", "");
    for data in [binary.path(), games.path()] {
        let (code, _, stderr) = run_cli(&[
            "train",
            "--data",
            &data,
            "--hidden",
            "8",
            "--epochs",
            "1",
            "--threads",
            "1",
            "--out",
            &net.path(),
        ]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.contains("417 positions kept so far"), "{stderr}");
        assert!(std::fs::metadata(&*net).expect("a network").len() > 0);
    }
    // The cosine schedule reaches its final rate (0.001 x 0.3^5) at the last epoch.
    let (code, _, stderr) = run_cli(&[
        "train",
        "--data",
        &games.path(),
        "--hidden",
        "8",
        "--epochs",
        "2",
        "--lr-schedule",
        "cosine",
        "--threads",
        "1",
        "--out",
        &net.path(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("epoch 1 lr 1.0e-3 ") && stderr.contains("epoch 2 lr 2.4e-6 "), "{stderr}");
    // train itself names the conversion.
    let (code, _, stderr) = run_cli(&["train", "--data", FASTCHESS_PGN]);
    assert_eq!(code, 1);
    assert!(
        stderr.contains("holds PGN games (fastchess, cutechess); train reads games or binary records: bramble convert")
    );
}

/// Games without a result or that cannot be read are left out with one line; a PGN with
/// no finished game is one error line, and no output is left behind.
#[test]
fn bad_pgn_games_are_left_out_and_a_bad_pgn_is_an_error() {
    let pgn = std::fs::read_to_string(FASTCHESS_PGN).expect("the fixture");
    let first = pgn.find("\n[Event ").expect("a second game");
    let unfinished = pgn[..first].replace("[Result \"1-0\"]", "[Result \"*\"]").replace(" 1-0\n", " *\n");
    let illegal = pgn[..first].replace("6. Bb2", "6. Bb7");
    let mixed = TempFile::new("mixed.pgn", format!("{unfinished}\n{illegal}{}", &pgn[first..]));
    let out = TempFile::new("mixed.bin", "");
    let (code, stdout, stderr) = run_cli(&["convert", "--to", "binary", &mixed.path(), &out.path()]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stderr.trim_end(),
        format!(
            "bramble: {}: 2 games left out: 1 without a result, 1 unreadable (first: game 1: result '*')",
            mixed.path()
        )
    );
    assert!(stdout.starts_with("5 games (540 plies) read from "), "{stdout}");

    for (name, bytes) in [
        ("star.pgn", unfinished.into_bytes()),
        (
            "garbage.pgn",
            b"[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 {+0.30/9 0.1s} Ke7?? {-5.00/9} 2. Qxq9 1-0\n".to_vec(),
        ),
        ("cut.pgn", pgn.as_bytes()[..pgn.find("6. Bb2").expect("a move")].to_vec()),
    ] {
        let input = TempFile::new(name, bytes);
        let out = TempFile::new("bad-pgn.bin", "");
        let (code, stdout, stderr) = run_cli(&["convert", "--to", "binary", &input.path(), &out.path()]);
        assert_eq!(code, 1, "{name}: {stdout}{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(stderr.contains("no finished game in the PGN; 1 game left out: "), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"));
        assert!(!out.exists(), "{name}: a failed convert leaves no file");
    }
    // Only PGN becomes games.
    let text = TempFile::new("positions.txt", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5\n");
    let out = TempFile::new("positions.games", "");
    let (code, _, stderr) = run_cli(&["convert", "--to", "games", &text.path(), &out.path()]);
    assert_eq!(code, 1);
    assert!(stderr.contains("holds text lines (FEN | score | result); convert --to games reads PGN games"), "{stderr}");
}
