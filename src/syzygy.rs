//! Syzygy endgame tablebases, read with `shakmaty-syzygy`: loading the tables named by
//! `SyzygyPath`, the WDL probes of the search, and the DTZ ranking of the root moves that
//! converts won endings within the fifty-move rule and holds drawn ones.
//!
//! A probing error never stops the engine: a position the tables do not cover,
//! a missing table or a corrupt one gives `None`, and the search goes on without it. The
//! first failure of a table is kept so the engine can say so once.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use shakmaty::{Chess, Move, Position as _};
use shakmaty_syzygy::{Dtz, SyzygyError, Tablebase, Wdl};

/// The tables found on a `SyzygyPath`.
pub struct Tablebases {
    tables: Tablebase<Chess>,
    wdl_files: usize,
    dtz_files: usize,
    /// The first probe that failed for a reason other than "not in the tables".
    failure: OnceLock<String>,
    /// `failure` has been told to the user.
    told: AtomicBool,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("wdl_files", &self.wdl_files)
            .field("dtz_files", &self.dtz_files)
            .field("max_pieces", &self.max_pieces())
            .finish()
    }
}

/// What loading a path found: the tables, and one line per directory or file it skipped.
pub struct Loaded {
    pub tables: Tablebases,
    pub problems: Vec<String>,
}

impl Tablebases {
    /// Adds every table file of the directories in `path_list` (separated by `:` on Unix
    /// and `;` on Windows; empty parts and the GUI placeholder `<empty>` are skipped).
    /// Each file is added on its own, so one bad file does not hide the rest of its
    /// directory.
    pub fn load(path_list: &str) -> Loaded {
        let mut tables = Tablebases {
            tables: Tablebase::new(),
            wdl_files: 0,
            dtz_files: 0,
            failure: OnceLock::new(),
            told: AtomicBool::new(false),
        };
        let mut problems = Vec::new();
        for dir in directories(path_list) {
            match table_files(&dir) {
                Ok(files) => {
                    for file in files {
                        if let Err(error) = tables.add_file(&file) {
                            problems.push(format!("skipped '{}': {error}", file.display()));
                        }
                    }
                }
                Err(error) => problems.push(format!("cannot read directory '{}': {error}", dir.display())),
            }
        }
        Loaded { tables, problems }
    }

    fn add_file(&mut self, file: &Path) -> io::Result<()> {
        self.tables.add_file(file)?;
        if file.extension().is_some_and(|ext| ext == "rtbw") {
            self.wdl_files += 1;
        } else {
            self.dtz_files += 1;
        }
        Ok(())
    }

    /// The most pieces of any table; 0 when there are none.
    pub fn max_pieces(&self) -> usize {
        self.tables.max_pieces()
    }

    pub fn wdl_files(&self) -> usize {
        self.wdl_files
    }

    pub fn dtz_files(&self) -> usize {
        self.dtz_files
    }

    /// Whether the tables may know `pos`: few enough pieces and no castling rights.
    pub fn covers(&self, pos: &Chess) -> bool {
        pos.board().occupied().count() <= self.max_pieces() && pos.castles().is_empty()
    }

    /// Win, draw or loss for the side to move, as if `pos` came right after a capture or
    /// pawn move (the halfmove clock is not looked at). Needs only the WDL tables.
    pub fn probe_wdl(&self, pos: &Chess) -> Option<Wdl> {
        if !self.covers(pos) {
            return None;
        }
        self.tables.probe_wdl_after_zeroing(pos).map_err(|error| self.note_failure(error)).ok()
    }

    /// Distance to the next capture or pawn move (a mate counts as one) in plies, signed
    /// like the WDL value; may be one ply too far where the tables round it.
    pub fn probe_dtz(&self, pos: &Chess) -> Option<i32> {
        if !self.covers(pos) {
            return None;
        }
        self.tables.probe_dtz(pos).map(|dtz| dtz.ignore_rounding().0).map_err(|error| self.note_failure(error)).ok()
    }

    /// The tables' own best move: the one that keeps the best result by the shortest DTZ.
    pub fn best_move(&self, pos: &Chess) -> Option<Move> {
        if !self.covers(pos) {
            return None;
        }
        self.tables.best_move(pos).map_err(|error| self.note_failure(error)).ok().flatten().map(|(m, _)| m)
    }

    /// The first failed probe, the first time it is asked for.
    pub fn take_failure(&self) -> Option<String> {
        let failure = self.failure.get()?;
        (!self.told.swap(true, Ordering::Relaxed)).then(|| failure.clone())
    }

    /// Keeps the first failure worth telling the user: a table that is missing for a
    /// position with few enough pieces, or one that cannot be read. Later failures cost
    /// one atomic load, as a missing table fails on every probe of its positions.
    fn note_failure(&self, error: SyzygyError) {
        if self.failure.get().is_some() || matches!(error, SyzygyError::Castling | SyzygyError::TooManyPieces) {
            return;
        }
        // The corrupt-table error carries a backtrace; its first line says enough.
        let text = error.to_string();
        let _ = self.failure.set(text.lines().next().unwrap_or_default().to_string());
    }

    /// Ranks the root moves by what they keep, with the fifty-move rule when `rule50`.
    /// `repeated`: a position repeated since the last capture or pawn move, so the side
    /// that wins must now make progress. `None` when any move cannot be probed.
    pub fn rank_root_moves(&self, root: &Chess, moves: &[Move], rule50: bool, repeated: bool) -> Option<RootRanking> {
        if !self.covers(root) || moves.is_empty() {
            return None;
        }
        let halfmoves = root.halfmoves() as i32;
        let mut ranked = Vec::with_capacity(moves.len());
        for &m in moves {
            let dtz = self.dtz_after(root, m)?;
            ranked.push(RankedMove { m, dtz, outcome: Outcome::of(dtz, halfmoves, rule50) });
        }
        Some(RootRanking::keep_best(ranked, repeated))
    }

    /// The DTZ of the root after `m`, counted from the root (one ply more than the child's,
    /// negated to the root's side).
    fn dtz_after(&self, root: &Chess, m: Move) -> Option<i32> {
        let mut child = root.clone();
        child.play_unchecked(m);
        if child.is_checkmate() {
            return Some(1);
        }
        if child.halfmoves() == 0 {
            // After a capture or pawn move the clock restarts: only the result counts.
            let wdl = self.probe_wdl(&child)?;
            return Some(Dtz::before_zeroing(-wdl).0);
        }
        let child_dtz = self.probe_dtz(&child)?;
        Some(match -child_dtz {
            dtz if dtz > 0 => dtz + 1,
            dtz if dtz < 0 => dtz - 1,
            _ => 0,
        })
    }
}

/// The result a root move keeps, from the root's side, best last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    Loss,
    /// Lost, but the fifty-move rule saves the draw.
    BlessedLoss,
    Draw,
    /// Won, but the fifty-move rule comes first.
    CursedWin,
    Win,
}

impl Outcome {
    /// From the DTZ counted from the root and the root's halfmove clock. A win must reach
    /// its capture, pawn move or mate before the clock reaches 100; one ply is kept spare
    /// because the tables may round a DTZ up by one.
    fn of(dtz: i32, halfmoves: i32, rule50: bool) -> Outcome {
        match dtz {
            0 => Outcome::Draw,
            d if d > 0 && (!rule50 || d + halfmoves <= 99) => Outcome::Win,
            d if d > 0 => Outcome::CursedWin,
            d if !rule50 || -d + halfmoves <= 100 => Outcome::Loss,
            _ => Outcome::BlessedLoss,
        }
    }
}

/// A root move with its DTZ (from the root) and the result it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedMove {
    pub m: Move,
    pub dtz: i32,
    pub outcome: Outcome,
}

/// The root moves with their results, and those the search may choose from in a game.
#[derive(Clone, Debug)]
pub struct RootRanking {
    /// Every root move.
    pub moves: Vec<RankedMove>,
    /// The moves that keep the best result and make progress towards it.
    pub kept: Vec<Move>,
}

impl RootRanking {
    /// When winning: every win (which `Outcome::of` already limits to those the
    /// fifty-move rule cannot spoil), or, once a position has repeated (the search is not
    /// making progress), only the fastest ones. A cursed win: the fastest, in case the
    /// defender errs. A loss: the slowest, the longest resistance. Otherwise every move
    /// with the best result; the search chooses.
    fn keep_best(moves: Vec<RankedMove>, repeated: bool) -> RootRanking {
        let outcome = moves.iter().map(|r| r.outcome).max().unwrap_or(Outcome::Draw);
        let best: Vec<&RankedMove> = moves.iter().filter(|r| r.outcome == outcome).collect();
        let fastest = best.iter().map(|r| r.dtz).min_by_key(|dtz| dtz.abs()).unwrap_or(0);
        let slowest = best.iter().map(|r| r.dtz).max_by_key(|dtz| dtz.abs()).unwrap_or(0);
        let keeps = |r: &RankedMove| match outcome {
            Outcome::Win if repeated => r.dtz == fastest,
            Outcome::CursedWin => r.dtz == fastest,
            Outcome::Loss => r.dtz == slowest,
            _ => true,
        };
        let kept = best.iter().filter(|r| keeps(r)).map(|r| r.m).collect();
        RootRanking { moves, kept }
    }

    /// The entry of a root move.
    pub fn get(&self, m: Move) -> Option<&RankedMove> {
        self.moves.iter().find(|r| r.m == m)
    }
}

/// The directories of a `SyzygyPath` value.
pub fn directories(path_list: &str) -> Vec<PathBuf> {
    let path_list = path_list.trim();
    if path_list.is_empty() || path_list == "<empty>" {
        return Vec::new();
    }
    std::env::split_paths(path_list).filter(|dir| !dir.as_os_str().is_empty()).collect()
}

/// The files of `dir` that are named like tables, in name order.
fn table_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "rtbw" || ext == "rtbz"))
        .collect();
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_lists_split_and_skip_empty_parts() {
        assert!(directories("").is_empty());
        assert!(directories("<empty>").is_empty());
        let sep = if cfg!(windows) { ";" } else { ":" };
        let list = format!("a{sep}{sep}b{sep}");
        assert_eq!(directories(&list), vec![PathBuf::from("a"), PathBuf::from("b")]);
    }

    #[test]
    fn outcomes_follow_the_fifty_move_rule() {
        assert_eq!(Outcome::of(0, 0, true), Outcome::Draw);
        assert_eq!(Outcome::of(20, 0, true), Outcome::Win);
        assert_eq!(Outcome::of(20, 80, true), Outcome::CursedWin);
        assert_eq!(Outcome::of(20, 80, false), Outcome::Win);
        assert_eq!(Outcome::of(-20, 0, true), Outcome::Loss);
        assert_eq!(Outcome::of(-30, 80, true), Outcome::BlessedLoss);
        assert_eq!(Outcome::of(-30, 80, false), Outcome::Loss);
    }

    #[test]
    fn a_missing_directory_is_a_problem_not_a_failure() {
        let loaded = Tablebases::load("/nonexistent/bramble/syzygy");
        assert_eq!(loaded.tables.max_pieces(), 0);
        assert_eq!(loaded.problems.len(), 1);
        assert!(loaded.problems[0].starts_with("cannot read directory"), "{:?}", loaded.problems);
        let pos = Chess::default();
        assert_eq!(loaded.tables.probe_wdl(&pos), None);
    }
}
