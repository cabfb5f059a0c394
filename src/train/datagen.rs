//! Training data for the evaluation tuner and the network: Bramble plays itself at a
//! node limit from randomised openings, and the quiet positions of each game are written
//! with the search's score and the game's result.
//!
//! # Output formats
//!
//! Text, one position per line, `FEN | score | result`: the score in centipawns and the
//! result (`1.0` won, `0.5` drawn, `0.0` lost) both from White's point of view, e.g.
//!
//! ```text
//! r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4 | 31 | 0.5
//! ```
//!
//! or binary, 32 bytes a position (bulletformat's `ChessBoard`, see
//! `crate::train::trainingdata`).
//!
//! # Games
//!
//! Each game starts from the start position (or a random line of an opening file), then
//! `random_plies` uniformly random legal moves; an opening the first search scores beyond
//! `OPENING_MAX_SCORE` for either side is drawn again. Then the engine plays both sides:
//! each move's search ends after the iteration that reaches `nodes` nodes (a soft limit)
//! or inside an iteration at `hard_nodes` (by default `HARD_NODES_FACTOR` times the soft
//! limit, so that a move costs about its budget), with a fresh table and history each
//! game. A game ends by the rules (mate, stalemate, threefold repetition, the fifty-move
//! rule, insufficient material), by adjudication (won: a score of at least `WIN_SCORE` for
//! the same side over `WIN_PLIES` plies; drawn: after `DRAW_MIN_PLIES` plies, scores within
//! `DRAW_SCORE` of zero over `DRAW_PLIES` plies), or as a draw after `MAX_PLIES` plies.
//! Written are the positions where the side to move is not in check, the chosen move is
//! neither a capture nor a promotion, and the score is not a mate: a static evaluation
//! learns from quiet positions.
//!
//! Game `i` draws its random moves from a generator seeded by the seed and `i` alone, and
//! the games are written in the order of `i`, so a run writes the same file for a seed on
//! any number of threads. More data for the same set: another seed, appended.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position as _};

use crate::openings::{OPENING_MAX_SCORE, random_opening};
use crate::position::Position;
use crate::search::{Limits, SearchSession};
use crate::train::gamefile::{GameRecord, Outcome};
use crate::train::trainingdata;

/// Adjudicated as won once one side's score is at least this...
const WIN_SCORE: i32 = 2_000;
/// ...for this many plies in a row.
const WIN_PLIES: usize = 6;
/// Adjudicated as drawn, from this ply of the game on, once the score has stayed within
/// `DRAW_SCORE` of zero...
const DRAW_MIN_PLIES: usize = 80;
const DRAW_SCORE: i32 = 10;
/// ...for this many plies in a row.
const DRAW_PLIES: usize = 8;
/// A game still going after this many plies is a draw.
const MAX_PLIES: usize = 400;
/// How many openings are drawn before a one-sided one is played anyway.
const OPENING_TRIES: u32 = 100;
/// The hard node limit of a move when none is given, in soft limits: with the default
/// 3,000 nodes, issue 82's recipe (`--nodes 3000 --hard-nodes 6000`), a move costs about
/// 4,900 nodes instead of 11,300 with 5,000 soft nodes alone (docs/tools.md), and its
/// data trains as good a network (docs/networks.md, the data-quality match).
pub const HARD_NODES_FACTOR: u64 = 2;
/// The table of each thread. Games at a few thousand nodes a move need no more than 1 MB
/// (65,536 entries), which stays in the core's cache: 8-15% more positions a second than
/// with 16 MB, the same strength (1 MB against 16 MB at 13,000 nodes a move: -3.0 +/- 15.7
/// Elo, 800 games; docs/tools.md).
const HASH_MB: usize = 1;

#[derive(Clone, Debug)]
pub struct DatagenOptions {
    /// Stop after writing this many positions.
    pub positions: u64,
    pub threads: usize,
    /// Nodes a move: no new iteration starts past them (the soft limit).
    pub nodes: u64,
    /// Nodes a move at most: the search stops inside an iteration here (the hard limit;
    /// `None`: `HARD_NODES_FACTOR` times `nodes`).
    pub hard_nodes: Option<u64>,
    /// Random moves played before the engine takes over.
    pub random_plies: u32,
    pub seed: u64,
    /// Start positions to draw from; empty means the start position.
    pub openings: Vec<Position>,
    pub format: DataFormat,
}

/// How positions are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DataFormat {
    /// `FEN | score | result` lines.
    #[default]
    Text,
    /// bulletformat's 32-byte `ChessBoard` records.
    Binary,
    /// Whole games, about 2 bytes a ply (`crate::train::gamefile`): every move is kept, the
    /// training filters are applied when the file is read.
    Games,
}

/// How far a run has got.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub positions: u64,
    pub games: u64,
    /// Moves searched and the nodes they cost, over the games written: what a recipe
    /// spends (the opening's searches and games drawn again included).
    pub moves: u64,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Plays games on `options.threads` threads and writes their positions to `out`, game
/// after game in the order of their numbers, until `options.positions` are written (the
/// last game's positions may be cut off there). `progress` is called after each game.
pub fn generate(
    options: &DatagenOptions,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(Progress),
) -> io::Result<Progress> {
    let start = Instant::now();
    let done = AtomicBool::new(false);
    let next_game = AtomicU64::new(0);
    let (sender, games) = mpsc::channel::<(u64, PlayedGame)>();
    std::thread::scope(|scope| {
        for _ in 0..options.threads.max(1) {
            let sender = sender.clone();
            let (done, next_game) = (&done, &next_game);
            scope.spawn(move || {
                let mut player = SelfPlay::new(options);
                while !done.load(Ordering::Relaxed) {
                    let number = next_game.fetch_add(1, Ordering::Relaxed);
                    if sender.send((number, player.play_game(number))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut total = Progress::default();
        // Games finished ahead of their turn wait here.
        let mut waiting: BTreeMap<u64, PlayedGame> = BTreeMap::new();
        let result = (|| {
            for (number, game) in &games {
                waiting.insert(number, game);
                while let Some(PlayedGame { game, spent }) = waiting.remove(&total.games) {
                    // A game is written whole and flushed, so a run stopped between games
                    // leaves no game or line cut short.
                    let mut bytes = Vec::new();
                    if options.format == DataFormat::Games {
                        // Whole games only: the last one may pass `positions`.
                        game.encode(&mut bytes);
                        total.positions += game.training_positions().count() as u64;
                    } else {
                        for (pos, white_score) in game.training_positions() {
                            if total.positions == options.positions {
                                break;
                            }
                            write_sample(&mut bytes, options.format, &pos, white_score, game.outcome)?;
                            total.positions += 1;
                        }
                    }
                    out.write_all(&bytes)?;
                    out.flush()?;
                    total.games += 1;
                    total.moves += spent.moves;
                    total.nodes += spent.nodes;
                    total.elapsed = start.elapsed();
                    progress(total);
                    if total.positions >= options.positions {
                        return out.flush();
                    }
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

/// One position in the form written.
fn write_sample(
    out: &mut dyn Write,
    format: DataFormat,
    pos: &Chess,
    white_score: i16,
    outcome: Outcome,
) -> io::Result<()> {
    match format {
        DataFormat::Text => {
            let result = match outcome {
                Outcome::WhiteWins => "1.0",
                Outcome::Draw => "0.5",
                Outcome::BlackWins => "0.0",
            };
            writeln!(out, "{} | {white_score} | {result}", Fen::from_position(pos, EnPassantMode::Legal))
        }
        DataFormat::Binary | DataFormat::Games => {
            out.write_all(&trainingdata::encode(&trainingdata::pack(pos, white_score, outcome.white_points())))
        }
    }
}

/// Within i16, where every search score fits (mates are at most 32,000).
fn clamp_score(score: i32) -> i16 {
    score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
}

/// A game and what its searches cost.
struct PlayedGame {
    game: GameRecord,
    spent: Spent,
}

#[derive(Clone, Copy, Debug, Default)]
struct Spent {
    moves: u64,
    nodes: u64,
}

/// One thread's player; its table and history are cleared for every game.
struct SelfPlay<'a> {
    options: &'a DatagenOptions,
    rng: StdRng,
    session: SearchSession,
    limits: Limits,
    spent: Spent,
}

impl<'a> SelfPlay<'a> {
    fn new(options: &'a DatagenOptions) -> SelfPlay<'a> {
        let nodes = options.nodes.max(1);
        let hard_nodes = options.hard_nodes.unwrap_or(nodes.saturating_mul(HARD_NODES_FACTOR)).max(1);
        SelfPlay {
            options,
            rng: StdRng::seed_from_u64(options.seed),
            session: SearchSession::new(HASH_MB),
            limits: Limits { nodes: Some(hard_nodes), soft_nodes: Some(nodes), ..Limits::default() },
            spent: Spent::default(),
        }
    }

    /// Game number `number`, which depends on nothing else: its generator is seeded by
    /// the seed and the number (well spread by the golden-ratio increment).
    fn play_game(&mut self, number: u64) -> PlayedGame {
        let seed = self.options.seed.wrapping_add(number.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.rng = StdRng::seed_from_u64(seed);
        self.spent = Spent::default();
        for tries in 1.. {
            let opening = self.opening();
            // Openings that are all one-sided (a file of them, no random moves) are
            // played rather than drawn forever.
            if let Some(game) = self.play_from(opening, tries < OPENING_TRIES) {
                return PlayedGame { game, spent: self.spent };
            }
        }
        unreachable!("the last try always plays")
    }

    /// A game from `pos`; `None` when `choosy` and the opening is too one-sided to play
    /// out.
    fn play_from(&mut self, mut pos: Position, choosy: bool) -> Option<GameRecord> {
        let start = pos.chess().clone();
        let mut keys: Vec<u64> = Vec::new();
        let mut plies: Vec<(Move, i16)> = Vec::new();
        let mut winning_run = (Color::White, 0);
        let mut drawn_run = 0;
        self.session.clear();
        let outcome = loop {
            if let Some(outcome) = game_over(&pos, &keys) {
                break outcome;
            }
            if keys.len() >= MAX_PLIES {
                break Outcome::Draw;
            }
            let result = self.session.search(&pos, &keys, &self.limits);
            self.spent.moves += 1;
            self.spent.nodes += result.nodes;
            let Some(best) = result.best_move else { break Outcome::Draw };
            if choosy && keys.is_empty() && result.score.abs() > OPENING_MAX_SCORE {
                return None;
            }
            let side = pos.turn();
            let white_score = if side == Color::White { result.score } else { -result.score };
            plies.push((best, clamp_score(white_score)));
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
            drawn_run = if white_score.abs() <= DRAW_SCORE { drawn_run + 1 } else { 0 };
            if keys.len() >= DRAW_MIN_PLIES && drawn_run >= DRAW_PLIES {
                break Outcome::Draw;
            }
            keys.push(pos.key());
            pos.make_move(best);
        };
        Some(GameRecord { start, plies, outcome })
    }

    fn opening(&mut self) -> Position {
        random_opening(&mut self.rng, &self.options.openings, self.options.random_plies)
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
    use crate::search::TB_WIN_BOUND;
    use shakmaty::CastlingMode;

    fn options(positions: u64, threads: usize) -> DatagenOptions {
        DatagenOptions {
            positions,
            threads,
            nodes: 300,
            hard_nodes: None,
            random_plies: 8,
            seed: 11,
            openings: Vec::new(),
            format: DataFormat::Text,
        }
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
    fn several_threads_write_exactly_the_positions_asked_for_and_the_same_file() {
        let (text, total) = run(&options(500, 3));
        assert_eq!((text.lines().count(), total.positions), (500, 500));
        let (one_thread, _) = run(&options(500, 1));
        assert_eq!(text, one_thread, "the games do not depend on the thread count");
    }

    #[test]
    fn the_hard_limit_caps_every_move_past_the_soft_one() {
        // By default the hard limit is HARD_NODES_FACTOR soft limits: moves run past the
        // soft limit (an iteration ends after it), never past the hard one.
        let (_, by_default) = run(&options(300, 1));
        let moves = by_default.moves;
        assert!(moves > 0 && by_default.nodes > moves * 300, "{by_default:?}");
        assert!(by_default.nodes <= moves * 300 * HARD_NODES_FACTOR, "{by_default:?}");
        let (capped_text, capped) = run(&DatagenOptions { hard_nodes: Some(400), ..options(300, 1) });
        assert!(capped.moves > 0 && capped.nodes <= capped.moves * 400, "{capped:?}");
        let (again, _) = run(&DatagenOptions { hard_nodes: Some(400), ..options(300, 1) });
        assert_eq!(capped_text, again);
    }

    #[test]
    fn one_sided_openings_are_drawn_again_but_never_forever() {
        let pos = |fen: &str| Position::from_fen(fen, CastlingMode::Standard).expect("legal").0;
        let queen_and_rook_up = pos("1nb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1");
        let even = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let with = |openings: Vec<Position>| DatagenOptions { openings, random_plies: 0, ..options(100, 1) };
        let (text, _) = run(&with(vec![queen_and_rook_up.clone(), even]));
        assert!(text.lines().all(|l| !l.starts_with("1nb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")), "{text}");
        let (text, total) = run(&with(vec![queen_and_rook_up]));
        assert_eq!(total.positions, 100);
        assert!(text.starts_with("1nb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1 | "), "{text}");
    }

    #[test]
    fn the_binary_form_holds_the_same_positions() {
        let (text, _) = run(&options(200, 2));
        let mut binary = Vec::new();
        generate(&DatagenOptions { format: DataFormat::Binary, ..options(200, 2) }, &mut binary, &mut |_| {})
            .expect("writes to memory");
        let mut converted = Vec::new();
        trainingdata::text_to_binary(text.as_bytes(), &mut converted, &mut |w| panic!("{w}")).expect("in memory");
        assert_eq!(binary.len(), 200 * trainingdata::RECORD_BYTES);
        assert_eq!(binary, converted);
    }

    #[test]
    fn the_games_form_loads_as_the_same_positions_and_ends_on_a_whole_game() {
        let generate_as = |format| {
            let mut out = Vec::new();
            let total = generate(&DatagenOptions { format, ..options(200, 2) }, &mut out, &mut |_| {})
                .expect("writes to memory");
            (out, total)
        };
        let (binary, _) = generate_as(DataFormat::Binary);
        let (games, total) = generate_as(DataFormat::Games);
        assert!(total.positions >= 200, "{total:?}");
        let records = crate::train::gamefile::games(&games).collect::<Result<Vec<_>, _>>().expect("whole games");
        assert_eq!(records.len() as u64, total.games);
        assert_eq!(records.iter().map(|g| g.training_positions().count() as u64).sum::<u64>(), total.positions);
        let mut loaded = crate::train::loader::Loaded::default();
        loaded.add(&games).expect("games");
        let reencoded: Vec<u8> = loaded.records.iter().take(200).flat_map(trainingdata::encode).collect();
        assert_eq!(reencoded, binary);
        assert!(loaded.noisy > 0 && loaded.records.len() as u64 == total.positions, "{:?}", loaded.noisy);
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
