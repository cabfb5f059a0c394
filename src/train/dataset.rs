//! The training data kept in the repository: `data/`, its files of games
//! (`crate::train::gamefile`, xz-compressed) and the manifest that says what made each one.
//!
//! # The manifest, `data/manifest.txt`
//!
//! One line a file, `key=value` fields separated by spaces, `command=` last (it runs to
//! the end of the line); `#` starts a comment line:
//!
//! ```text
//! file=d40.games.xz games=2412 positions=250123 plies=351234 bytes=966012 sha256=9f2c... build=54d4fda seed=40 nodes=5000 command=bramble datagen ...
//! ```
//!
//! `games`, `positions` (the training positions, `gamefile::is_training_position`),
//! `plies`, `bytes` and `sha256` (of the file as stored) are checked by `verify`; `build`,
//! `seed`, `nodes` and `command` record how the file was made (with `hard_nodes` when
//! datagen was given `--hard-nodes`). Every file of `data/` other
//! than the manifest and `README.md` must have its line, and no file may pass
//! `MAX_FILE_BYTES`.

use std::fmt::Write as _;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::train::gamefile;

/// The manifest's name inside the data folder.
pub const MANIFEST: &str = "manifest.txt";
/// Files of the folder that are not data.
const NOT_DATA: [&str; 2] = [MANIFEST, "README.md"];
/// No data file may be larger (a repository file must stay easy to clone and push).
pub const MAX_FILE_BYTES: u64 = 50_000_000;
/// The fields `verify` checks, in the order `describe` writes them.
const CHECKED: [&str; 6] = ["file", "games", "positions", "plies", "bytes", "sha256"];
/// The fields that record provenance; each line must have them.
const PROVENANCE: [&str; 4] = ["build", "seed", "nodes", "command"];

/// The xz format's first six bytes.
const XZ_MAGIC: [u8; 6] = [0xFD, b'7', b'z', b'X', b'Z', 0x00];

/// A file's bytes as written: xz-compressed bytes are decompressed (and their checksum
/// checked by the decoder), others are returned as they are.
pub fn decompressed(bytes: Vec<u8>) -> Result<Vec<u8>, String> {
    if !bytes.starts_with(&XZ_MAGIC) {
        return Ok(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len() * 2);
    lzma_rs::xz_decompress(&mut bytes.as_slice(), &mut out).map_err(|e| format!("damaged xz data: {e}"))?;
    Ok(out)
}

/// What a training-data file looks like, by its first bytes: for messages that name the
/// command a file needs when it is given to the wrong one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataKind {
    Xz,
    Games,
    Text,
    Records,
    Pgn,
    Unknown,
}

impl DataKind {
    pub fn of(bytes: &[u8]) -> DataKind {
        if bytes.starts_with(&XZ_MAGIC) {
            return DataKind::Xz;
        }
        if gamefile::looks_like_games(bytes) {
            return DataKind::Games;
        }
        let first_line = bytes.split(|&b| b == b'\n').next().and_then(|line| std::str::from_utf8(line).ok());
        if first_line.is_some_and(|line| crate::train::trainingdata::parse_text(line.trim_end_matches('\r')).is_ok()) {
            return DataKind::Text;
        }
        // Before records: 32 bytes of PGN tags could pass for a record by chance.
        if crate::train::pgn::looks_like_pgn(bytes) {
            return DataKind::Pgn;
        }
        let first_record = bytes.first_chunk::<{ crate::train::trainingdata::RECORD_BYTES }>();
        if first_record.is_some_and(|record| crate::train::trainingdata::decode(record).is_ok()) {
            return DataKind::Records;
        }
        DataKind::Unknown
    }

    /// What the file holds, in a few words.
    pub fn noun(self) -> &'static str {
        match self {
            DataKind::Xz => "xz-compressed data",
            DataKind::Games => "games",
            DataKind::Text => "text lines",
            DataKind::Records => "32-byte binary records",
            DataKind::Pgn => "PGN games",
            DataKind::Unknown => "no training data we know",
        }
    }

    /// In words, for a message: "holds ...".
    pub fn words(self) -> &'static str {
        match self {
            DataKind::Xz => "xz-compressed data",
            DataKind::Games => "games (datagen --format games)",
            DataKind::Text => "text lines (FEN | score | result)",
            DataKind::Records => "32-byte binary records",
            DataKind::Pgn => "PGN games (fastchess, cutechess)",
            DataKind::Unknown => "no training data we know",
        }
    }
}

/// What a file of games holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub games: u64,
    pub positions: u64,
    pub plies: u64,
}

/// Counts the games of a file's (decompressed) bytes; every game must be whole.
pub fn count_games(bytes: &[u8]) -> Result<Counts, String> {
    let mut counts = Counts::default();
    for game in gamefile::games(bytes) {
        let game = game.map_err(|e| e.to_string())?;
        counts.games += 1;
        counts.plies += game.plies.len() as u64;
        counts.positions += game.training_positions().count() as u64;
    }
    Ok(counts)
}

/// The SHA-256 of `bytes` in lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().fold(String::new(), |mut hex, byte| {
        let _ = write!(hex, "{byte:02x}");
        hex
    })
}

/// The checked fields of a manifest line for the file at `path` (its stored bytes):
/// `file=... games=... positions=... plies=... bytes=... sha256=...`.
pub fn describe(path: &Path) -> Result<String, String> {
    let stored = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let name = path.file_name().and_then(|n| n.to_str()).ok_or("the file name is not UTF-8")?;
    let counts = count_games(&decompressed(stored.clone())?)?;
    Ok(format!(
        "file={name} games={} positions={} plies={} bytes={} sha256={}",
        counts.games,
        counts.positions,
        counts.plies,
        stored.len(),
        sha256_hex(&stored)
    ))
}

/// One manifest line's fields, in order.
fn fields(line: &str) -> Result<Vec<(&str, &str)>, String> {
    let (head, command) = match line.find(" command=") {
        Some(at) => (&line[..at], Some(&line[at + " command=".len()..])),
        None => (line, None),
    };
    let mut fields = Vec::new();
    for field in head.split_whitespace() {
        let (key, value) = field.split_once('=').ok_or_else(|| format!("'{field}' is not key=value"))?;
        fields.push((key, value));
    }
    fields.extend(command.map(|c| ("command", c.trim())));
    Ok(fields)
}

/// What `verify` found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verified {
    /// The files that are as the manifest says, with their counts.
    pub files: Vec<(String, Counts)>,
    /// One line per problem, naming the file (or the manifest line).
    pub problems: Vec<String>,
}

impl Verified {
    pub fn total(&self) -> Counts {
        self.files.iter().fold(Counts::default(), |t, (_, c)| Counts {
            games: t.games + c.games,
            positions: t.positions + c.positions,
            plies: t.plies + c.plies,
        })
    }
}

/// Reads every file the manifest of `dir` lists and checks it against its line; also
/// that every data file has a line and none is too large. An unreadable manifest is the
/// one error; everything else is a problem of `Verified`.
pub fn verify(dir: &Path) -> Result<Verified, String> {
    let manifest_path = dir.join(MANIFEST);
    let manifest = std::fs::read_to_string(&manifest_path)
        .map_err(|e| format!("cannot read the manifest {}: {e}", manifest_path.display()))?;
    let mut verified = Verified::default();
    let mut listed = Vec::new();
    for (number, line) in manifest.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{MANIFEST} line {}", number + 1);
        match verify_line(dir, line) {
            Ok((name, counts)) => {
                listed.push(name.clone());
                verified.files.push((name, counts));
            }
            Err((name, why)) => {
                listed.extend(name.clone());
                verified.problems.push(format!("{}: {why}", name.unwrap_or(at)));
            }
        }
    }
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut unlisted: Vec<String> = entries
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| !NOT_DATA.contains(&name.as_str()) && !listed.contains(name))
        .collect();
    unlisted.sort();
    verified.problems.extend(unlisted.into_iter().map(|name| format!("{name}: not in {MANIFEST}")));
    Ok(verified)
}

/// Checks one manifest line; the error carries the file's name where the line has one.
fn verify_line(dir: &Path, line: &str) -> Result<(String, Counts), (Option<String>, String)> {
    let fields = fields(line).map_err(|why| (None, why))?;
    let get = |key: &str| fields.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
    let name = get("file").ok_or((None, "no file=".to_string()))?.to_string();
    let fail = |why: String| (Some(name.clone()), why);
    if name.contains('/') || NOT_DATA.contains(&name.as_str()) {
        return Err(fail("file= must name a data file of this folder".into()));
    }
    for key in CHECKED.iter().chain(&PROVENANCE) {
        if get(key).is_none_or(str::is_empty) {
            return Err(fail(format!("the manifest line has no {key}=")));
        }
    }
    let stored = std::fs::read(dir.join(&name)).map_err(|e| fail(format!("cannot read: {e}")))?;
    if stored.len() as u64 > MAX_FILE_BYTES {
        return Err(fail(format!("{} bytes, more than the {MAX_FILE_BYTES} a data file may have", stored.len())));
    }
    let expect = |key: &str, actual: String| {
        let listed = get(key).unwrap_or_default();
        if listed == actual { Ok(()) } else { Err(fail(format!("{key} is {actual}, the manifest says {listed}"))) }
    };
    expect("bytes", stored.len().to_string())?;
    expect("sha256", sha256_hex(&stored))?;
    let counts = decompressed(stored).and_then(|bytes| count_games(&bytes)).map_err(fail)?;
    expect("games", counts.games.to_string())?;
    expect("positions", counts.positions.to_string())?;
    expect("plies", counts.plies.to_string())?;
    Ok((name, counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_kinds_are_told_apart_by_their_first_bytes() {
        let text = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5\n";
        assert_eq!(DataKind::of(text), DataKind::Text);
        let record =
            crate::train::trainingdata::parse_text(std::str::from_utf8(&text[..text.len() - 1]).expect("utf-8"))
                .expect("a line");
        assert_eq!(DataKind::of(&crate::train::trainingdata::encode(&record)), DataKind::Records);
        assert_eq!(DataKind::of(b"BRG1...."), DataKind::Games);
        assert_eq!(DataKind::of(&XZ_MAGIC), DataKind::Xz);
        assert_eq!(DataKind::of(b"[Event \"Fastchess Tournament\"]\n[Site \"?\"]\n"), DataKind::Pgn);
        assert_eq!(DataKind::of(b"hello"), DataKind::Unknown);
    }

    #[test]
    fn sha256_is_the_standard_digest() {
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn manifest_lines_split_into_fields_with_the_command_last() {
        let line = "file=d1.games games=2 sha256=ab command=bramble datagen --out d1.games --seed 1";
        assert_eq!(
            fields(line).expect("fields"),
            vec![
                ("file", "d1.games"),
                ("games", "2"),
                ("sha256", "ab"),
                ("command", "bramble datagen --out d1.games --seed 1")
            ]
        );
        assert!(fields("file=x games").is_err());
    }

    #[test]
    fn bytes_that_are_not_xz_pass_through_and_damaged_xz_is_an_error() {
        assert_eq!(decompressed(b"BRG1 plain".to_vec()), Ok(b"BRG1 plain".to_vec()));
        let mut damaged = XZ_MAGIC.to_vec();
        damaged.extend_from_slice(&[0; 20]);
        assert!(decompressed(damaged).expect_err("damaged").starts_with("damaged xz data"));
    }
}
