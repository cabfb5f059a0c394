//! OpenBench's `genfens`: opening positions for its workloads, asked for as
//! `genfens N seed S book <None|file.epd> [extra]` and printed as `info string genfens
//! <FEN>` lines.
//!
//! The recipe, the same for a seed on any machine: a generator seeded by `S` draws each
//! opening as `datagen` does (`openings::random_opening`): the start position and
//! `RANDOM_PLIES` random moves, or a random line of the book and `BOOK_RANDOM_PLIES`
//! random moves. A search of `SEARCH_NODES` nodes (fresh table, one thread) must score
//! it within `openings::OPENING_MAX_SCORE` for the side to move, or it is drawn again
//! (after `MAX_TRIES` draws in a row one is kept anyway, so a book of lost positions still
//! ends). Anything after the book's name is ignored.

use std::sync::atomic::{AtomicBool, Ordering};

use rand::SeedableRng;
use rand::rngs::StdRng;
use shakmaty::EnPassantMode;
use shakmaty::fen::Fen;

use crate::openings::{OPENING_MAX_SCORE, random_opening};
use crate::position::Position;
use crate::search::{Limits, SearchSession, SearchSettings};

/// Random moves from the start position (datagen's default).
pub const RANDOM_PLIES: u32 = 8;
/// Random moves after a book line: a few, so that a book's balance is mostly kept.
pub const BOOK_RANDOM_PLIES: u32 = 2;
/// The search that judges an opening: datagen's soft node count, as a hard limit.
pub const SEARCH_NODES: u64 = 5_000;
const MAX_TRIES: u32 = 100;
const HASH_MB: usize = 16;

/// `genfens N seed S book <None|file> [extra]`, parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenfensRequest {
    pub count: u64,
    pub seed: u64,
    /// `None` (the word) gives no book.
    pub book: Option<String>,
}

/// Parses the arguments after `genfens`.
pub fn parse(args: &[&str]) -> Result<GenfensRequest, String> {
    const USAGE: &str = "genfens N seed S book <None|file.epd> [extra]";
    let count = args.first().and_then(|n| n.parse().ok()).ok_or_else(|| format!("genfens: expected {USAGE}"))?;
    let mut seed = None;
    let mut book = None;
    let mut rest = args[1..].iter();
    while let Some(&token) = rest.next() {
        match token {
            "seed" => {
                let value = rest.next().ok_or("genfens: seed needs a number")?;
                seed = Some(value.parse().map_err(|_| format!("genfens: bad seed '{value}'"))?);
            }
            "book" => {
                let value = rest.next().ok_or("genfens: book needs None or a file")?;
                book = (!value.eq_ignore_ascii_case("none")).then(|| (*value).to_string());
            }
            // OpenBench's "extra" arguments: nothing of ours.
            _ => {}
        }
    }
    let seed = seed.ok_or_else(|| format!("genfens: no seed; expected {USAGE}"))?;
    Ok(GenfensRequest { count, seed, book })
}

/// Draws `count` openings for `seed` from `book` (empty: the start position), each given
/// to `emit` as a FEN as soon as it is found; stops early when `stop` is set.
pub fn generate(
    count: u64,
    seed: u64,
    book: &[Position],
    settings: SearchSettings,
    stop: &AtomicBool,
    emit: &mut dyn FnMut(&str),
) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut session = SearchSession::with_settings(HASH_MB, settings);
    let limits = Limits { nodes: Some(SEARCH_NODES), ..Limits::default() };
    let plies = if book.is_empty() { RANDOM_PLIES } else { BOOK_RANDOM_PLIES };
    for _ in 0..count {
        for tries in 1.. {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let pos = random_opening(&mut rng, book, plies);
            session.clear();
            let result = session.search(&pos, &[], &limits);
            if result.score.abs() <= OPENING_MAX_SCORE || tries >= MAX_TRIES {
                emit(&Fen::from_position(pos.chess(), EnPassantMode::Legal).to_string());
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::TB_WIN_BOUND;
    use shakmaty::CastlingMode;

    fn openings(count: u64, seed: u64, book: &[Position]) -> Vec<String> {
        let mut fens = Vec::new();
        let settings = SearchSettings::default();
        generate(count, seed, book, settings, &AtomicBool::new(false), &mut |fen| fens.push(fen.to_string()));
        fens
    }

    #[test]
    fn the_request_is_parsed_as_openbench_sends_it() {
        let parse_line = |line: &str| parse(&line.split_whitespace().collect::<Vec<_>>());
        assert_eq!(parse_line("16 seed 1234 book None"), Ok(GenfensRequest { count: 16, seed: 1234, book: None }));
        assert_eq!(
            parse_line("2 seed 7 book Books/UHO.epd extra words"),
            Ok(GenfensRequest { count: 2, seed: 7, book: Some("Books/UHO.epd".into()) })
        );
        assert!(parse_line("").is_err());
        assert!(parse_line("x seed 1").is_err());
        assert!(parse_line("3 seed").is_err());
        assert!(parse_line("3 book None").expect_err("no seed").contains("no seed"));
    }

    #[test]
    fn a_seed_gives_the_same_playable_balanced_openings_and_another_seed_others() {
        let first = openings(6, 42, &[]);
        assert_eq!(first.len(), 6);
        assert_eq!(first, openings(6, 42, &[]));
        assert_ne!(first, openings(6, 43, &[]));
        for fen in &first {
            let (pos, repair) = Position::from_fen(fen, CastlingMode::Standard).expect("a legal FEN");
            assert!(repair.is_none(), "{fen}");
            assert!(!pos.legal_moves().is_empty(), "{fen}");
            // Eight random plies from the start: White to move at move 5.
            assert!(fen.split(' ').nth(1) == Some("w") && fen.ends_with(" 5"), "{fen}");
            let score =
                crate::search::search_fresh(&pos, &Limits { nodes: Some(SEARCH_NODES), ..Limits::default() }).score;
            assert!(score.abs() <= OPENING_MAX_SCORE && score.abs() < TB_WIN_BOUND, "{fen}: {score}");
        }
    }

    #[test]
    fn book_openings_start_from_the_book_lines() {
        let (e4, _) =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", CastlingMode::Standard)
                .expect("legal");
        let fens = openings(4, 1, &[e4]);
        assert_eq!(fens.len(), 4);
        for fen in fens {
            // Two random plies after 1. e4: Black, then White, moved; the e4 pawn is there
            // unless captured, and it is Black's move again at move 2.
            assert!(fen.ends_with(" 2"), "{fen}");
            assert!(fen.contains(" b "), "{fen}");
        }
    }
}
