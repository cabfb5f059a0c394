//! Perft: counts the leaf nodes of the legal move tree to a fixed depth, the standard test
//! of move generation. It uses the search's own make-move path ([`Position::play`], key
//! update included) and counts the last ply in bulk from the legal move list.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use shakmaty::Move;

use crate::position::Position;

/// Deeper perft would never finish, and the recursion must fit the thread's stack.
pub const MAX_DEPTH: u32 = 64;

/// Leaf count of `pos` to `depth` (at most [`MAX_DEPTH`]). When `stop` is set the count is abandoned: the
/// result is then meaningless and the caller must check the flag.
pub fn perft(pos: &Position, depth: u32, stop: &AtomicBool) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_moves().len() as u64,
        _ => {
            if stop.load(Ordering::Relaxed) {
                return 0;
            }
            let mut nodes = 0;
            for &m in &pos.legal_moves() {
                let mut child = pos.clone();
                child.make_move(m);
                nodes += perft(&child, depth - 1, stop);
            }
            nodes
        }
    }
}

/// The count below each root move, in move generation order.
pub fn divide(pos: &Position, depth: u32, stop: &AtomicBool) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let mut child = pos.clone();
            child.make_move(m);
            (m, perft(&child, depth - 1, stop))
        })
        .collect()
}

/// One position of a perft suite with its expected counts by depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteEntry {
    pub fen: String,
    pub counts: Vec<(u32, u64)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteLineError {
    pub line: usize,
    pub why: String,
}

impl fmt::Display for SuiteLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for SuiteLineError {}

/// Parses a perft EPD file: `FEN ;D1 20 ;D2 400 ...` per line (also `; D1 20; D2 400`).
/// Blank lines and lines starting with `#` are skipped.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, SuiteLineError> {
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = |why: String| SuiteLineError { line: index + 1, why };
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let mut counts = Vec::new();
        for part in parts.map(str::trim).filter(|p| !p.is_empty()) {
            let mut fields = part.split_whitespace();
            let (Some(label), Some(count), None) = (fields.next(), fields.next(), fields.next()) else {
                return Err(error(format!("expected 'D<depth> <count>', found '{part}'")));
            };
            let depth = label
                .strip_prefix('D')
                .and_then(|d| d.parse().ok())
                .ok_or_else(|| error(format!("bad depth label '{label}'")))?;
            let count = count.parse().map_err(|_| error(format!("bad count '{count}'")))?;
            counts.push((depth, count));
        }
        if counts.is_empty() {
            return Err(error("no ;D<depth> <count> fields".to_string()));
        }
        entries.push(SuiteEntry { fen, counts });
    }
    Ok(entries)
}

/// The node count of a `divide`: its moves' counts added up (1 at depth 0, the position
/// itself).
pub fn divide_total(split: &[(Move, u64)], depth: u32) -> u64 {
    if depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_counts() {
        let never = AtomicBool::new(false);
        let pos = Position::startpos();
        let counts: Vec<u64> = (0..=4).map(|d| perft(&pos, d, &never)).collect();
        assert_eq!(counts, [1, 20, 400, 8902, 197_281]);
        let split = divide(&pos, 3, &never);
        assert_eq!(split.len(), 20);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 8902);
    }

    #[test]
    fn suite_lines_in_both_spellings() {
        let text =
            "# comment\n\nk7/8/8/8/8/8/8/K7 w - - 0 1 ;D1 3 ;D2 9\r\n8/8/8/8/8/8/8/K1k5 w - -  0 1; D1 2; D2 4\n";
        let entries = parse_suite(text).expect("valid suite");
        assert_eq!(entries.len(), 2);
        assert_eq!(entries[0].counts, [(1, 3), (2, 9)]);
        assert_eq!(entries[1].fen, "8/8/8/8/8/8/8/K1k5 w - -  0 1");
        assert!(parse_suite("k7/8/8/8/8/8/8/K7 w - - 0 1 ;X1 3").is_err());
        assert!(parse_suite("k7/8/8/8/8/8/8/K7 w - - 0 1").is_err());
        assert!(parse_suite("k7/8/8/8/8/8/8/K7 w - - 0 1 ;D1 many").is_err());
    }
}
