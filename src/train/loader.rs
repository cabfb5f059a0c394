//! Training positions: bulletformat records (`crate::train::trainingdata`) or whole games
//! (`crate::train::gamefile`), read whole into memory and filtered.
//!
//! Left out, and counted: positions where the side to move is in check (the score of a
//! position with a forced reply says little about its pieces) and positions with a mate
//! score (a distance to mate, not an evaluation: |score| >= 10000 in records, the
//! tablebase-win bound in games). From games also positions whose move was a capture or
//! a promotion (`gamefile::is_training_position`), and positions without a score
//! (`gamefile::NO_SCORE`, moves of a converted PGN); records store no move.

use shakmaty::Color;

use shakmaty::Position as _;

use crate::train::gamefile::{self, is_training_position};
use crate::train::trainingdata::{RECORD_BYTES, Record, decode_all, pack, record_board};

/// Scores at least this far from 0 are mate scores.
pub const MATE_SCORE: i32 = 10_000;

/// The positions kept so far, and what was left out.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    pub records: Vec<Record>,
    pub in_check: u64,
    pub mate_scores: u64,
    /// Positions of games whose move was a capture or a promotion.
    pub noisy: u64,
    /// Positions of games without a score (`gamefile::NO_SCORE`: converted PGN moves).
    pub unscored: u64,
}

impl Loaded {
    /// Adds the positions of one file's bytes, games or records; an error names the
    /// damaged game or record (or the length that is not a whole number of records).
    pub fn add(&mut self, bytes: &[u8]) -> Result<(), String> {
        if gamefile::looks_like_games(bytes) {
            return self.add_games(bytes);
        }
        self.records.reserve(bytes.len() / RECORD_BYTES);
        for record in decode_all(bytes)? {
            let record = record?;
            if i32::from(record.score).abs() >= MATE_SCORE {
                self.mate_scores += 1;
            } else if in_check(&record) {
                self.in_check += 1;
            } else {
                self.records.push(record);
            }
        }
        Ok(())
    }

    /// The training positions of games, as the side to move sees them.
    fn add_games(&mut self, bytes: &[u8]) -> Result<(), String> {
        for game in gamefile::games(bytes) {
            let game = game.map_err(|e| e.to_string())?;
            let white_points = game.outcome.white_points();
            for (pos, m, score) in game.replay() {
                if is_training_position(&pos, m, i32::from(score)) {
                    self.records.push(pack(&pos, score, white_points));
                } else if pos.is_check() {
                    self.in_check += 1;
                } else if m.is_capture() || m.is_promotion() {
                    self.noisy += 1;
                } else if score == gamefile::NO_SCORE {
                    self.unscored += 1;
                } else {
                    self.mate_scores += 1;
                }
            }
        }
        Ok(())
    }

    /// Positions left out.
    pub fn skipped(&self) -> u64 {
        self.in_check + self.mate_scores + self.noisy + self.unscored
    }
}

/// Whether the side to move (White on the record's board) is in check.
fn in_check(record: &Record) -> bool {
    let board = record_board(record);
    board.king_of(Color::White).is_some_and(|king| board.attacks_to(king, Color::Black, board.occupied()).any())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::trainingdata::{encode, parse_text};

    fn bytes(lines: &[&str]) -> Vec<u8> {
        lines.iter().flat_map(|line| encode(&parse_text(line).expect("a valid line"))).collect()
    }

    #[test]
    fn checks_and_mate_scores_are_left_out() {
        let data = bytes(&[
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | -25 | 0.5",
            // Black in check from the bishop on b5.
            "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 2 | -40 | 0.5",
            // White in check from the queen on h4.
            "rnb1kbnr/pppp1ppp/8/4p3/5P1q/8/PPPPP1PP/RNBQKBNR w KQkq - 1 3 | -200 | 0.0",
            "8/8/4k3/8/2K5/8/3P4/8 b - - 0 60 | -10000 | 0.0",
            "8/8/4k3/8/2K5/8/3P4/8 w - - 0 60 | 9999 | 1.0",
        ]);
        let mut loaded = Loaded::default();
        loaded.add(&data).expect("valid");
        assert_eq!((loaded.records.len(), loaded.in_check, loaded.mate_scores), (2, 2, 1));
        assert_eq!(loaded.skipped(), 3);
        assert_eq!(loaded.records[1].score, 9999);
    }

    #[test]
    fn damaged_data_is_an_error() {
        let data = bytes(&["8/8/4k3/8/2K5/8/3P4/8 w - - 0 60 | 10 | 1.0"]);
        let mut loaded = Loaded::default();
        assert!(loaded.add(&data[..31]).expect_err("length").contains("31 bytes"));
        let mut bad = data.clone();
        bad[26] = 9;
        assert!(loaded.add(&bad).expect_err("result").starts_with("record 1: result 9"));
    }

    #[test]
    fn the_last_positions_are_held_out() {
        let data = bytes(&["8/8/4k3/8/2K5/8/3P4/8 w - - 0 60 | 10 | 1.0"; 20]);
        let mut loaded = Loaded::default();
        loaded.add(&data).expect("valid");
        loaded.records[19].score = 77;
        let (training, validation) = crate::train::trainingdata::split_last(loaded.records, 0.1);
        assert_eq!((training.len(), validation.len()), (18, 2));
        assert_eq!(validation[1].score, 77);
    }
}
