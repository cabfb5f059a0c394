//! Building polyglot books: from games (weights from the results, as the usual make-book
//! tools do) or from Bramble's own analysis of an opening tree (each candidate move scored
//! by a search; moves that lose more than a margin against the best are dropped).

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use shakmaty::{Chess, Move, Position as _};

use super::pgn::{Game, GameResult};
use super::polyglot::{Entry, encode_move};
use super::polyglot_key;
use crate::position::Position;
use crate::search::{self, Limits, SearchSession};

/// Entries from games: every move of the first `max_ply` plies earns 2 points for a win
/// of the side that played it, 1 for a draw, 0 for a loss. Moves played in fewer than
/// `min_games` games, and moves that never scored, are left out.
pub fn from_games(games: &[Game], max_ply: usize, min_games: u32) -> Vec<Entry> {
    // (key, move) -> (games, points)
    let mut tally: HashMap<(u64, u16), (u32, u32)> = HashMap::new();
    for game in games.iter().filter(|game| game.result != GameResult::Unknown) {
        let mut pos = game.start.clone();
        for &m in game.moves.iter().take(max_ply) {
            let points = match game.result {
                GameResult::Win(winner) if winner == pos.turn() => 2,
                GameResult::Draw => 1,
                _ => 0,
            };
            let count = tally.entry((polyglot_key(&pos), encode_move(m))).or_default();
            count.0 += 1;
            count.1 += points;
            pos.play_unchecked(m);
        }
    }
    let kept: Vec<((u64, u16), u32)> = tally
        .into_iter()
        .filter(|(_, (games, points))| *games >= min_games && *points > 0)
        .map(|(key_move, (_, points))| (key_move, points))
        .collect();
    // Weights are 16 bits: scale down only when some move scored more.
    let most = kept.iter().map(|(_, points)| *points).max().unwrap_or(1);
    let scale = |points: u32| (u64::from(points) * 65_535 / u64::from(most.max(65_535))).max(1) as u16;
    kept.into_iter().map(|((key, mv), points)| Entry { key, mv, weight: scale(points), learn: 0 }).collect()
}

/// How to analyse an opening tree.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Search depth for the best move of a position (candidates get `depth - 1` after
    /// their move, the same horizon).
    pub depth: i32,
    /// Centipawns a kept move may lose against the best.
    pub margin: i32,
    /// Positions of the first `max_ply` plies get book moves.
    pub max_ply: usize,
    /// Candidates per position at each ply (the last number for the plies beyond): the
    /// moves the most lines play there.
    pub max_moves: Vec<usize>,
    /// The only first moves to analyse (all the tree's when empty).
    pub first_moves: Vec<Move>,
    pub threads: usize,
    pub hash_mb: usize,
}

/// One candidate move as the analysis scored it.
#[derive(Clone, Debug)]
pub struct ScoredMove {
    pub fen: String,
    /// The polyglot key of the position.
    pub key: u64,
    pub m: Move,
    pub score: i32,
    pub best_score: i32,
    pub kept: bool,
}

/// An opening tree: each position with the moves its lines play there and how often.
struct Tree {
    moves: HashMap<u64, Vec<(Move, u32)>>,
}

impl Tree {
    fn new(lines: &[Vec<Move>], max_ply: usize) -> Tree {
        let mut moves: HashMap<u64, Vec<(Move, u32)>> = HashMap::new();
        for line in lines {
            let mut pos = Chess::default();
            for &m in line.iter().take(max_ply) {
                let list = moves.entry(polyglot_key(&pos)).or_default();
                match list.iter_mut().find(|(known, _)| *known == m) {
                    Some((_, count)) => *count += 1,
                    None => list.push((m, 1)),
                }
                pos.play_unchecked(m);
            }
        }
        Tree { moves }
    }

    /// The candidates of a position: the most played first (ties in move order).
    fn candidates(&self, pos: &Chess, limit: usize) -> Vec<Move> {
        let mut list = self.moves.get(&polyglot_key(pos)).cloned().unwrap_or_default();
        list.sort_by_key(|(m, count)| (std::cmp::Reverse(*count), m.to_string()));
        list.into_iter().take(limit).map(|(m, _)| m).collect()
    }
}

/// How far [`from_analysis`] has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildProgress {
    /// A ply's analysis starts: `positions` to search (`ply` from 1).
    Ply { ply: usize, positions: usize },
    /// `done` of the ply's `total` positions are searched.
    Positions { done: usize, total: usize },
}

/// Analyses the tree of `lines` ply by ply from the start position. Every candidate is
/// expanded (the opponent may play it even when Bramble would not); those within the
/// margin become book moves, weighted `margin + 1 - loss`. Positions are searched with a
/// fresh table each, so the result does not depend on the number of threads.
pub fn from_analysis(
    lines: &[Vec<Move>],
    options: &Analysis,
    progress: &(dyn Fn(BuildProgress) + Sync),
) -> (Vec<Entry>, Vec<ScoredMove>) {
    let tree = Tree::new(lines, options.max_ply);
    let mut layer = vec![Chess::default()];
    let mut seen = std::collections::HashSet::new();
    let mut scored = Vec::new();
    for ply in 0..options.max_ply {
        layer.retain(|pos| seen.insert(polyglot_key(pos)));
        let work: Vec<(Chess, Vec<Move>)> = layer
            .iter()
            .map(|pos| {
                let width = options.max_moves.get(ply).or(options.max_moves.last()).copied().unwrap_or(1);
                let mut candidates = tree.candidates(pos, width);
                if ply == 0 && !options.first_moves.is_empty() {
                    candidates = options.first_moves.clone();
                }
                (pos.clone(), candidates)
            })
            .filter(|(_, candidates)| !candidates.is_empty())
            .collect();
        progress(BuildProgress::Ply { ply: ply + 1, positions: work.len() });
        let results = analyse_layer(&work, options, progress);
        layer = work
            .iter()
            .flat_map(|(pos, candidates)| {
                candidates.iter().map(|&m| {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    child
                })
            })
            .collect();
        scored.extend(results.into_iter().flatten());
    }
    let entries = scored
        .iter()
        .filter(|s| s.kept)
        .map(|s| {
            let loss = (s.best_score - s.score).clamp(0, options.margin);
            Entry { key: s.key, mv: encode_move(s.m), weight: (options.margin + 1 - loss) as u16, learn: 0 }
        })
        .collect();
    (entries, scored)
}

/// Scores the candidates of every position of one ply, on `options.threads` threads.
fn analyse_layer(
    work: &[(Chess, Vec<Move>)],
    options: &Analysis,
    progress: &(dyn Fn(BuildProgress) + Sync),
) -> Vec<Vec<ScoredMove>> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Vec<ScoredMove>>> = Mutex::new(vec![Vec::new(); work.len()]);
    std::thread::scope(|scope| {
        for _ in 0..options.threads.max(1) {
            scope.spawn(|| {
                let mut session = SearchSession::new(options.hash_mb);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some((pos, candidates)) = work.get(index) else { break };
                    let scored = score_candidates(pos, candidates, options, &mut session);
                    if let Ok(mut results) = results.lock() {
                        results[index] = scored;
                    }
                    let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                    progress(BuildProgress::Positions { done: finished, total: work.len() });
                }
            });
        }
    });
    results.into_inner().unwrap_or_default()
}

/// The best score of `pos` at the analysis depth, and each candidate's score.
fn score_candidates(
    pos: &Chess,
    candidates: &[Move],
    options: &Analysis,
    session: &mut SearchSession,
) -> Vec<ScoredMove> {
    let root = Position::from_chess(pos.clone());
    let mut search_at = |position: &Position, depth: i32| {
        session.clear();
        session.search(position, &[], &Limits { depth: Some(depth), ..Limits::default() })
    };
    let best = search_at(&root, options.depth);
    let fen = root.fen();
    let key = polyglot_key(pos);
    candidates
        .iter()
        .map(|&m| {
            let score = if best.best_move == Some(m) {
                best.score
            } else {
                let child = root.play(m);
                if child.legal_moves().is_empty() {
                    if child.is_check() { search::MATE } else { search::DRAW }
                } else {
                    -search_at(&child, options.depth - 1).score
                }
            };
            let kept = best.score - score <= options.margin;
            ScoredMove { fen: fen.clone(), key, m, score, best_score: best.score, kept }
        })
        .collect()
}
