//! Training data for the evaluation tuner: Bramble plays itself at a fixed node count
//! from randomised openings, and the quiet positions of each game are written with the
//! search's score and the game's result.
//!
//! # Output format
//!
//! One position per line, `FEN | score | result`: the score in centipawns and the result
//! (`1.0` won, `0.5` drawn, `0.0` lost) both from White's point of view, e.g.
//!
//! ```text
//! r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 | 31 | 0.5
//! ```
//!
//! # Games
//!
//! Each game starts from the start position (or a random line of an opening file), then
//! `random_plies` uniformly random legal moves, then the engine plays both sides with
//! `nodes` nodes a move, a fresh table and history each game. A game ends by the rules
//! (mate, stalemate, threefold repetition, the fifty-move rule, insufficient material), by
//! adjudication (a score of at least `WIN_SCORE` for the same side over `WIN_PLIES` plies),
//! or as a draw after `MAX_PLIES` plies. Written are the positions where the side to move
//! is not in check, the chosen move is neither a capture nor a promotion, and the score is
//! not a mate: the tuner's evaluation is a static one, so it learns from quiet positions.
//!
//! Each thread draws from its own generator, seeded from the seed and its number, so a
//! one-thread run is repeatable to the byte; with more threads the same games are played
//! but their order in the file depends on timing.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shakmaty::{Color, Position as _};

use crate::position::Position;
use crate::search::{self, History, Limits, Signals, TB_WIN_BOUND};
use crate::tt::TranspositionTable;

/// Adjudicated as won once one side's score is at least this...
const WIN_SCORE: i32 = 2_000;
/// ...for this many plies in a row.
const WIN_PLIES: usize = 6;
/// A game still going after this many plies is a draw.
const MAX_PLIES: usize = 400;
/// The table of each thread; games at a few thousand nodes a move need no more.
const HASH_MB: usize = 16;

#[derive(Clone, Debug)]
pub struct DatagenOptions {
    /// Stop after writing this many positions.
    pub positions: u64,
    pub threads: usize,
    /// Nodes searched for each move.
    pub nodes: u64,
    /// Random moves played before the engine takes over.
    pub random_plies: u32,
    pub seed: u64,
    /// Start positions to draw from; empty means the start position.
    pub openings: Vec<Position>,
}

/// How far a run has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub positions: u64,
    pub games: u64,
    pub elapsed: Duration,
}

/// A game's result from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    WhiteWins,
    Draw,
    BlackWins,
}

impl Outcome {
    fn text(self) -> &'static str {
        match self {
            Outcome::WhiteWins => "1.0",
            Outcome::Draw => "0.5",
            Outcome::BlackWins => "0.0",
        }
    }

    fn win_for(color: Color) -> Outcome {
        match color {
            Color::White => Outcome::WhiteWins,
            Color::Black => Outcome::BlackWins,
        }
    }
}

/// Plays games on `options.threads` threads and writes their positions to `out` until
/// `options.positions` are written (the last game's positions may be cut off there).
/// `progress` is called after each game.
pub fn generate(
    options: &DatagenOptions,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(Progress),
) -> io::Result<Progress> {
    let start = Instant::now();
    let done = AtomicBool::new(false);
    let (sender, games) = mpsc::channel::<Vec<String>>();
    std::thread::scope(|scope| {
        for thread in 0..options.threads.max(1) {
            let sender = sender.clone();
            let done = &done;
            scope.spawn(move || {
                let mut player = SelfPlay::new(options, thread);
                while !done.load(Ordering::Relaxed) {
                    if sender.send(player.play_game()).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut total = Progress::default();
        let result = (|| {
            for lines in &games {
                for line in lines {
                    if total.positions == options.positions {
                        break;
                    }
                    writeln!(out, "{line}")?;
                    total.positions += 1;
                }
                total.games += 1;
                total.elapsed = start.elapsed();
                progress(total);
                if total.positions == options.positions {
                    break;
                }
            }
            out.flush()
        })();
        // Also on a write error: the threads finish their games and end.
        done.store(true, Ordering::Relaxed);
        drop(games);
        result.map(|()| total)
    })
}

/// One thread's games.
struct SelfPlay<'a> {
    options: &'a DatagenOptions,
    rng: StdRng,
    tt: TranspositionTable,
    history: Box<History>,
    limits: Limits,
}

impl<'a> SelfPlay<'a> {
    fn new(options: &'a DatagenOptions, thread: usize) -> SelfPlay<'a> {
        // Distinct, well-spread seeds per thread (the golden-ratio increment).
        let seed = options.seed.wrapping_add((thread as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        SelfPlay {
            options,
            rng: StdRng::seed_from_u64(seed),
            tt: TranspositionTable::new(HASH_MB).unwrap_or_else(|_| TranspositionTable::tiny()),
            history: History::new(),
            limits: Limits { nodes: Some(options.nodes), ..Limits::default() },
        }
    }

    /// One game; its lines in the output format.
    fn play_game(&mut self) -> Vec<String> {
        let mut pos = self.opening();
        let mut keys: Vec<u64> = Vec::new();
        let mut samples: Vec<(String, i32)> = Vec::new();
        let mut winning_run = (Color::White, 0);
        self.tt.clear();
        self.history.clear();
        let outcome = loop {
            if let Some(outcome) = game_over(&pos, &keys) {
                break outcome;
            }
            if keys.len() >= MAX_PLIES {
                break Outcome::Draw;
            }
            let signals = Signals::default();
            let result = search::search(&pos, &keys, &self.limits, &self.tt, &signals, &mut self.history, &mut |_| {});
            let Some(best) = result.best_move else { break Outcome::Draw };
            let side = pos.turn();
            let white_score = if side == Color::White { result.score } else { -result.score };
            if result.score.abs() < TB_WIN_BOUND && !pos.is_check() && !best.is_capture() && !best.is_promotion() {
                samples.push((pos.fen(), white_score));
            }
            // Adjudication: the same side clearly winning, move after move.
            let leader = if white_score > 0 { Color::White } else { Color::Black };
            winning_run = match winning_run {
                _ if white_score.abs() < WIN_SCORE => (leader, 0),
                (color, plies) if color == leader => (color, plies + 1),
                _ => (leader, 1),
            };
            if winning_run.1 >= WIN_PLIES {
                break Outcome::win_for(winning_run.0);
            }
            keys.push(pos.key());
            pos.make_move(best);
        };
        samples.into_iter().map(|(fen, score)| format!("{fen} | {score} | {}", outcome.text())).collect()
    }

    /// An opening line (or the start position), then the random moves; drawn again should
    /// the random moves end the game.
    fn opening(&mut self) -> Position {
        loop {
            let mut pos = match self.options.openings.len() {
                0 => Position::startpos(),
                n => self.options.openings[self.rng.random_range(0..n)].clone(),
            };
            for _ in 0..self.options.random_plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[self.rng.random_range(0..moves.len())];
                pos.make_move(m);
            }
            if !pos.legal_moves().is_empty() {
                return pos;
            }
        }
    }
}

/// The result if the game is over by the rules; `keys` are the earlier positions' keys.
fn game_over(pos: &Position, keys: &[u64]) -> Option<Outcome> {
    if pos.legal_moves().is_empty() {
        return Some(if pos.is_check() { Outcome::win_for(!pos.turn()) } else { Outcome::Draw });
    }
    let recent = &keys[keys.len().saturating_sub(pos.halfmoves() as usize)..];
    let repetitions = recent.iter().filter(|&&key| key == pos.key()).count();
    if pos.halfmoves() >= 100 || repetitions >= 2 || pos.chess().is_insufficient_material() {
        return Some(Outcome::Draw);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;

    fn options(positions: u64, threads: usize) -> DatagenOptions {
        DatagenOptions { positions, threads, nodes: 300, random_plies: 8, seed: 11, openings: Vec::new() }
    }

    fn run(options: &DatagenOptions) -> (String, Progress) {
        let mut out = Vec::new();
        let total = generate(options, &mut out, &mut |_| {}).expect("writes to memory");
        (String::from_utf8(out).expect("text"), total)
    }

    #[test]
    fn one_thread_is_repeatable_and_every_line_is_a_quiet_scored_position() {
        let (first, total) = run(&options(300, 1));
        let (second, _) = run(&options(300, 1));
        assert_eq!(first, second);
        assert_eq!(total.positions, 300);
        assert_eq!(first.lines().count(), 300);
        assert!(total.games >= 2, "{total:?}");
        for line in first.lines() {
            let fields: Vec<&str> = line.split(" | ").collect();
            assert_eq!(fields.len(), 3, "{line}");
            let (pos, _) = Position::from_fen(fields[0], CastlingMode::Standard).expect("a legal FEN");
            assert!(!pos.is_check(), "{line}");
            let score: i32 = fields[1].parse().expect("a score");
            assert!(score.abs() < TB_WIN_BOUND, "{line}");
            assert!(["1.0", "0.5", "0.0"].contains(&fields[2]), "{line}");
        }
        let (other_seed, _) = run(&DatagenOptions { seed: 12, ..options(300, 1) });
        assert_ne!(first, other_seed);
    }

    #[test]
    fn several_threads_write_exactly_the_positions_asked_for() {
        let (text, total) = run(&options(500, 3));
        assert_eq!((text.lines().count(), total.positions), (500, 500));
    }

    #[test]
    fn the_rules_end_games() {
        let pos = |fen: &str| Position::from_fen(fen, CastlingMode::Standard).expect("legal").0;
        // Mated, stalemated, bare kings, the fifty-move rule.
        assert_eq!(game_over(&pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), &[]), Some(Outcome::WhiteWins));
        assert_eq!(game_over(&pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), &[]), Some(Outcome::Draw));
        assert_eq!(game_over(&pos("7k/8/6K1/8/8/8/8/8 b - - 0 1"), &[]), Some(Outcome::Draw));
        assert_eq!(game_over(&pos("7k/8/6K1/8/8/8/8/7R b - - 100 80"), &[]), Some(Outcome::Draw));
        assert_eq!(game_over(&pos("7k/8/6K1/8/8/8/8/7R b - - 99 80"), &[]), None);
        // Threefold: the position twice before, within the halfmove clock.
        let start = Position::startpos();
        let key = start.key();
        let repeated = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5");
        assert_eq!(repeated.key(), key);
        assert_eq!(game_over(&repeated, &[key, 1, 2, 3, key, 4, 5, 6]), Some(Outcome::Draw));
        assert_eq!(game_over(&repeated, &[key, 1, 2, 3, 9, 4, 5, 6]), None);
    }
}
