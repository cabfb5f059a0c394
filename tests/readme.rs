//! The README against the code: every UCI option the engine lists is in its options table
//! (and nothing else is), every file of `tests/`, `tools/` and `docs/` it names exists and
//! every file of `tests/` and `tools/` is named, and it stays a user guide of at most 320
//! lines (the history lives in `docs/`).

mod common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use bramble::uci::options::OPTIONS;
use common::run_cli;

/// The README is a user guide; measurements and history go to `docs/`.
const MAX_README_LINES: usize = 320;

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
fn every_file_of_tests_and_tools_is_named_in_the_readme() {
    let readme = readme();
    for dir in ["tests", "tools"] {
        let named = named_paths(&readme, dir);
        let unnamed: Vec<_> = files_under(dir).into_iter().filter(|file| !named.contains(file)).collect();
        assert!(unnamed.is_empty(), "files of {dir}/ the README does not name: {unnamed:?}");
    }
}

#[test]
fn the_readme_is_a_user_guide_of_at_most_320_lines() {
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
