//! The README against the code: every UCI option the engine lists is in its options table
//! (and nothing else is), every file of `tests/`, `tools/`, `docs/` and `src/` it names
//! exists, its worked examples run as written (at smaller sizes), and it stays a user guide
//! of at most 250 lines (the inventories and the history live in `docs/`); every file of
//! `tests/` and `tools/` is named in docs/layout.md.

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use bramble::uci::options::OPTIONS;
use common::run_cli;

/// The README is a user guide; inventories, measurements and history go to `docs/`.
const MAX_README_LINES: usize = 250;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(root().join("README.md")).expect("read README.md")
}

/// The option names of the README's options table (the table whose header starts
/// `| Option |`): the first cell of each row, without its backticks.
fn readme_options(readme: &str) -> BTreeSet<String> {
    let table = readme.split("\n| Option |").nth(1).expect("README has an options table ('| Option |')");
    table
        .lines()
        .skip(2) // the rest of the header line, and the |---| line
        .take_while(|line| line.starts_with('|'))
        .filter_map(|line| line.split('|').nth(1))
        .map(|cell| cell.trim().trim_matches('`').to_string())
        .collect()
}

/// The options `uci` lists: the name between `option name ` and ` type `.
fn engine_options() -> BTreeSet<String> {
    let (code, stdout, stderr) = run_cli(&["uci", "quit"]);
    assert_eq!(code, 0, "bramble uci quit: {stderr}");
    assert!(stdout.contains("uciok"), "no uciok: {stdout}");
    stdout
        .lines()
        .filter_map(|line| line.strip_prefix("option name "))
        .map(|rest| rest.split(" type ").next().unwrap_or(rest).to_string())
        .collect()
}

#[test]
fn the_options_table_lists_every_uci_option_and_no_other() {
    let table = readme_options(&readme());
    let listed = engine_options();
    let library: BTreeSet<String> = OPTIONS.iter().map(|option| option.name.to_string()).collect();
    assert_eq!(listed, library, "`uci` and src/uci/options.rs disagree");
    let missing: Vec<_> = listed.difference(&table).collect();
    assert!(missing.is_empty(), "options missing from the README's table: {missing:?}");
    let extra: Vec<_> = table.difference(&listed).collect();
    assert!(extra.is_empty(), "the README's table has options the engine lacks: {extra:?}");
}

/// The paths under `dir/` that the README names: `dir/` at the start of a word (not
/// `../shared/tools/...`), then the characters of a path, without trailing punctuation.
fn named_paths(readme: &str, dir: &str) -> BTreeSet<String> {
    let prefix = format!("{dir}/");
    let mut paths = BTreeSet::new();
    for (at, _) in readme.match_indices(&prefix) {
        let before = readme[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || "/._-".contains(c)) {
            continue;
        }
        let path: String = readme[at..].chars().take_while(|&c| c.is_alphanumeric() || "/._-".contains(c)).collect();
        let path = path.trim_end_matches(['.', '/']).to_string();
        if path.len() > prefix.len() - 1 {
            paths.insert(path);
        }
    }
    paths
}

/// Every file under `dir` (relative to the repository root), recursively.
fn files_under(dir: &str) -> BTreeSet<String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).expect("read a directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let relative = path.strip_prefix(root).expect("under the root");
                out.insert(relative.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let root = root();
    let mut out = BTreeSet::new();
    walk(&root, &root.join(dir), &mut out);
    out
}

#[test]
fn every_file_the_readme_names_exists() {
    let readme = readme();
    for dir in ["tests", "tools", "docs", "src"] {
        for path in named_paths(&readme, dir) {
            assert!(root().join(&path).exists(), "README names {path}, which does not exist");
        }
    }
}

#[test]
fn every_file_of_tests_and_tools_is_named_in_the_layout() {
    let layout = std::fs::read_to_string(root().join("docs/layout.md")).expect("read docs/layout.md");
    for dir in ["tests", "tools"] {
        let named = named_paths(&layout, dir);
        let unnamed: Vec<_> = files_under(dir).into_iter().filter(|file| !named.contains(file)).collect();
        assert!(unnamed.is_empty(), "files of {dir}/ docs/layout.md does not name: {unnamed:?}");
        for path in named {
            assert!(root().join(&path).exists(), "docs/layout.md names {path}, which does not exist");
        }
    }
}

#[test]
fn the_readme_is_a_user_guide_of_at_most_250_lines() {
    let lines = readme().lines().count();
    assert!(lines <= MAX_README_LINES, "README.md has {lines} lines; the history belongs in docs/");
}

#[test]
fn named_paths_finds_paths_and_skips_others() {
    let text = "`tests/book.rs`, tools/fit_wdl.py. ../shared/tools/gauntlet (tools/) docs/a.md";
    assert_eq!(named_paths(text, "tests"), BTreeSet::from(["tests/book.rs".to_string()]));
    assert_eq!(named_paths(text, "tools"), BTreeSet::from(["tools/fit_wdl.py".to_string()]));
    assert_eq!(named_paths(text, "docs"), BTreeSet::from(["docs/a.md".to_string()]));
}

/// The commands of the README's *Worked examples* block, one a line, comments left out.
fn worked_examples(readme: &str) -> Vec<String> {
    let section = readme.split("\n## Worked examples").nth(1).expect("README has a Worked examples section");
    let block = section.split("```sh\n").nth(1).and_then(|b| b.split("```").next()).expect("a sh block");
    block.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect()
}

/// A few games from the start position, for the book example's `games.pgn`.
const GAMES_PGN: &str = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n\
[Event \"b\"]\n[Result \"1/2-1/2\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 1/2-1/2\n\n\
[Event \"c\"]\n[Result \"0-1\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 0-1\n";

/// Runs the README's worked examples as a user would paste them (`sh`, the binary on the
/// `PATH`, an empty folder with `games.pgn` in it), with datagen's positions cut to 300,
/// and checks what each prints.
#[cfg(unix)]
#[test]
fn the_worked_examples_run_as_written() {
    let examples = worked_examples(&readme());
    assert!(examples.len() >= 10, "{examples:?}");
    let folder = std::env::temp_dir().join(format!("bramble-test-{}-examples", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    std::fs::write(folder.join("games.pgn"), GAMES_PGN).expect("write games.pgn");
    let binary_dir = Path::new(common::BINARY).parent().expect("the binary's folder");
    let path = format!("{}:{}", binary_dir.display(), std::env::var("PATH").unwrap_or_default());
    let mut transcript = String::new();
    for line in &examples {
        // The one size that would take minutes: 200,000 positions of datagen.
        let small = match line.split_once("--positions ") {
            Some((before, after)) => {
                let rest = after.split_once(' ').map_or("", |(_, rest)| rest);
                format!("{before}--positions 300 {rest}")
            }
            None => line.clone(),
        };
        let output = std::process::Command::new("sh")
            .args(["-c", &small])
            .current_dir(&folder)
            .env("PATH", &path)
            .output()
            .expect("run sh");
        let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
        assert!(output.status.success(), "`{small}` failed:\n{text}");
        transcript.push_str(&format!("$ {small}\n{text}"));
    }
    let _ = std::fs::remove_dir_all(&folder);
    for expected in [
        "4865609 nodes",                     // perft 5
        "positions 1, checks 3, failures 0", // perft-suite
        "back rank  expected bm Ra8#  played Ra8#  ok",
        "solved 1/1",
        "my-book.bin: ",                                // book build
        "info string book move ",                       // OwnBook with BookFile
        "network written to my.nnue",                   // train
        "info string EvalFile my.nnue: network of 384", // loaded with the shipped recipe's shape
    ] {
        assert!(transcript.contains(expected), "no '{expected}' in:\n{transcript}");
    }
    assert_eq!(transcript.matches("\nbestmove ").count(), 2, "{transcript}");
}
