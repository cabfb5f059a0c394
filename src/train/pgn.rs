//! Games of a tournament runner's PGN as training data: what OpenBench's DATAGEN workloads
//! return (fastchess or cutechess games from `genfens` openings), read into
//! `GameRecord`s so that `bramble convert` filters and writes them as it does
//! `datagen`'s own games.
//!
//! Each game: the start position from the `FEN` tag (else the standard start), the main
//! line (variations skipped), each move's score from the comment after it, and the result
//! from the `Result` tag. fastchess and cutechess write the comment as
//! `{score/depth time[, more]}`: `+0.35/12 0.123s` is 35 centipawns for the side that
//! moved (the engine's `score cp 35`), `+M5/20 0.1s` mates in 5 plies and `-M4/18 0.1s` is
//! mated in 4 (the engine's `mate 3` and `mate -2`: fastchess counts plies). Whatever
//! follows the first comma (`n=`, `line="info string ..."` of `match_line`, the
//! termination) is not read. Stored is White's score in the search's units: a mate in n
//! plies is `MATE - n`, as the search scores it, so the training filter leaves it out.
//!
//! Moves without a score (`{book}`, fastchess's `0.00/0` when the engine printed no
//! score, `ERR`, no comment or another tool's text) keep `NO_SCORE` and are never
//! training positions; the book moves before the first engine move become part of the
//! start position, as `datagen`'s random opening moves are. Left out and counted: games
//! without a result (`*`, no `Result` tag, or a file cut inside the game: the movetext
//! must end with its termination marker, and it must agree with the tag), and games that
//! cannot be read (a bad FEN, a move that is not legal, a variant other than standard
//! chess).

use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome as PgnOutcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Color, Move, Position as _};

use crate::book::pgn::{fen_tag_position, play_san};
use crate::scores::{MATE, MAX_PLY};
use crate::train::gamefile::{GameRecord, NO_SCORE, Outcome};

/// What a PGN held: its finished games, and the games left out.
#[derive(Clone, Debug, Default)]
pub struct PgnGames {
    pub games: Vec<GameRecord>,
    /// Games without a result (`*`, no tag, or cut off).
    pub unfinished: u64,
    /// Games that could not be read.
    pub unreadable: u64,
    /// Why the first game left out was, with its number in the file (from 1).
    pub first_skipped: Option<String>,
}

impl PgnGames {
    pub fn skipped(&self) -> u64 {
        self.unfinished + self.unreadable
    }

    /// One line on the games left out, e.g. `2 games left out: 1 without a result, 1
    /// unreadable (first: game 3: bad move 'Nf9' after 12 plies)`.
    pub fn skipped_line(&self) -> String {
        let first = self.first_skipped.as_deref().map_or_else(String::new, |why| format!(" (first: {why})"));
        let games = if self.skipped() == 1 { "game" } else { "games" };
        format!(
            "{} {games} left out: {} without a result, {} unreadable{first}",
            self.skipped(),
            self.unfinished,
            self.unreadable
        )
    }

    fn skip(&mut self, number: u64, skipped: Skipped) {
        let why = match skipped {
            Skipped::Unfinished(why) => {
                self.unfinished += 1;
                why
            }
            Skipped::Unreadable(why) => {
                self.unreadable += 1;
                why
            }
        };
        self.first_skipped.get_or_insert_with(|| format!("game {number}: {why}"));
    }
}

/// Why a game is left out.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Skipped {
    Unfinished(String),
    Unreadable(String),
}

/// The games of a PGN file's bytes. Bad games are counted, not errors: a PGN of thousands
/// of games keeps its good ones. The reader's own errors (a tag or comment never closed:
/// a cut file) end the reading there, counted as one unreadable game.
pub fn read(bytes: &[u8]) -> PgnGames {
    let mut reader = Reader::new(bytes);
    let mut out = PgnGames::default();
    let mut number = 0;
    loop {
        number += 1;
        match reader.read_game(&mut ScoredLine) {
            Ok(None) => break,
            Ok(Some(Ok(game))) => out.games.push(game),
            Ok(Some(Err(skipped))) => out.skip(number, skipped),
            Err(error) => {
                out.skip(number, Skipped::Unreadable(format!("{error} (the rest of the file is not read)")));
                break;
            }
        }
    }
    out
}

/// Whether bytes start like a PGN file: a tag pair such as `[Event "..."]` first (after
/// white space and a UTF-8 byte order mark).
pub fn looks_like_pgn(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(bytes.len());
    let Some(rest) = bytes[start..].strip_prefix(b"[") else { return false };
    let name = rest.iter().take_while(|b| b.is_ascii_alphanumeric() || **b == b'_').count();
    name > 0 && rest[name..].iter().find(|b| **b != b' ' && **b != b'\t') == Some(&b'"')
}

/// A move's comment, read: the score for the side that moved, in the search's units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Comment {
    Score(i32),
    Book,
    /// No score we can read.
    NoScore,
}

/// Reads `score/depth ...` at the start of a comment (fastchess, cutechess).
fn parse_comment(text: &str) -> Comment {
    let text = text.trim();
    if text.starts_with("book") {
        return Comment::Book;
    }
    let first = text.split([' ', ',']).next().unwrap_or_default();
    let Some((score, depth)) = first.split_once('/') else { return Comment::NoScore };
    // Depth 0: fastchess's `0.00/0`, the engine printed no score.
    if depth.parse::<u32>().is_err() || depth == "0" {
        return Comment::NoScore;
    }
    parse_score(score).map_or(Comment::NoScore, Comment::Score)
}

/// `+0.35` -> 35, `-12.00` -> -1200, `0.00` -> 0, `+M5` -> MATE - 5, `-M4` -> -(MATE - 4).
fn parse_score(text: &str) -> Option<i32> {
    let (negative, unsigned) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let magnitude = if let Some(plies) = unsigned.strip_prefix('M') {
        let plies: i32 = plies.parse().ok().filter(|&p| p > 0)?;
        // Beyond the search's reach it is still a mate, never an evaluation.
        MATE - plies.min(MAX_PLY as i32)
    } else {
        // Pawns with up to two decimals, read as digits: 0.29 is 29, never 28.999.
        let (pawns, hundredths) = unsigned.split_once('.').unwrap_or((unsigned, "0"));
        if pawns.is_empty() || !pawns.bytes().all(|b| b.is_ascii_digit()) || pawns.len() > 4 {
            return None;
        }
        if hundredths.is_empty() || hundredths.len() > 2 || !hundredths.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let scale = if hundredths.len() == 1 { 10 } else { 1 };
        pawns.parse::<i32>().ok()? * 100 + hundredths.parse::<i32>().ok()? * scale
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// The search's score for the side to move -> White's, as `i16` (`gamefile`'s field).
fn white_score(mover: Color, score: i32) -> i16 {
    let white = if mover == Color::White { score } else { -score };
    white.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16
}

/// Reads each game's main line with the comment after each move.
struct ScoredLine;

#[derive(Default)]
struct Tags {
    fen: Option<Result<Chess, String>>,
    result: Option<String>,
    variant: Option<String>,
}

/// A game being read.
struct Line {
    result_tag: Option<String>,
    /// Where the scored moves start: the `FEN` position and the book moves before the
    /// first engine move.
    start: Chess,
    pos: Chess,
    plies: Vec<(Move, i16)>,
    /// Whether the last move has had its comment (a second one is not read).
    commented: bool,
    marker: Option<PgnOutcome>,
    error: Option<String>,
}

impl Visitor for ScoredLine {
    type Tags = Tags;
    type Movetext = Line;
    type Output = Result<GameRecord, Skipped>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Tags::default())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        let text = || value.decode_utf8_lossy().trim().to_string();
        match name {
            b"FEN" => tags.fen = Some(fen_tag_position(value)),
            b"Result" => tags.result = Some(text()),
            b"Variant" => tags.variant = Some(text()),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        if let Some(variant) = tags.variant.filter(|v| !["standard", "chess", ""].contains(&v.to_lowercase().as_str()))
        {
            return ControlFlow::Break(Err(Skipped::Unreadable(format!("variant '{variant}' (standard chess only)"))));
        }
        let start = match tags.fen {
            None => Chess::default(),
            Some(Ok(start)) => start,
            Some(Err(why)) => return ControlFlow::Break(Err(Skipped::Unreadable(why))),
        };
        ControlFlow::Continue(Line {
            result_tag: tags.result,
            pos: start.clone(),
            start,
            plies: Vec::new(),
            commented: false,
            marker: None,
            error: None,
        })
    }

    fn san(&mut self, line: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if line.error.is_some() {
            return ControlFlow::Continue(());
        }
        match play_san(&mut line.pos, &san_plus, line.plies.len()) {
            Ok(m) => {
                line.plies.push((m, NO_SCORE));
                line.commented = false;
            }
            Err(error) => line.error = Some(error),
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(&mut self, line: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        // A long comment (a `match_line` line) comes in pieces; the score is in the first.
        self.comment(line, comment)
    }

    fn comment(&mut self, line: &mut Self::Movetext, comment: RawComment<'_>) -> ControlFlow<Self::Output> {
        if line.error.is_some() || line.commented || line.plies.is_empty() {
            return ControlFlow::Continue(());
        }
        line.commented = true;
        let text = String::from_utf8_lossy(comment.as_bytes());
        match parse_comment(&text) {
            Comment::Score(score) => {
                // The side that moved: the one not to move now.
                let mover = !line.pos.turn();
                if let Some(ply) = line.plies.last_mut() {
                    ply.1 = white_score(mover, score);
                }
            }
            Comment::Book if line.plies.iter().all(|&(_, score)| score == NO_SCORE) => {
                // The opening's book moves are the start, as datagen's random moves are.
                line.start = line.pos.clone();
                line.plies.clear();
            }
            Comment::Book | Comment::NoScore => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _line: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(&mut self, line: &mut Self::Movetext, outcome: PgnOutcome) -> ControlFlow<Self::Output> {
        line.marker = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, line: Self::Movetext) -> Self::Output {
        if let Some(why) = line.error {
            return Err(Skipped::Unreadable(why));
        }
        let outcome = match line.result_tag.as_deref() {
            Some("1-0") => Outcome::WhiteWins,
            Some("0-1") => Outcome::BlackWins,
            Some("1/2-1/2") => Outcome::Draw,
            Some("*") => return Err(Skipped::Unfinished("result '*'".into())),
            Some(other) => return Err(Skipped::Unfinished(format!("result '{other}'"))),
            None => return Err(Skipped::Unfinished("no Result tag".into())),
        };
        let expected = match outcome {
            Outcome::WhiteWins => KnownOutcome::Decisive { winner: Color::White },
            Outcome::BlackWins => KnownOutcome::Decisive { winner: Color::Black },
            Outcome::Draw => KnownOutcome::Draw,
        };
        match line.marker {
            Some(PgnOutcome::Known(marker)) if marker == expected => {}
            Some(marker) => {
                return Err(Skipped::Unreadable(format!(
                    "the Result tag says {} but the moves end {marker}",
                    line.result_tag.unwrap_or_default()
                )));
            }
            // A file cut inside a game still has the game's tags.
            None => return Err(Skipped::Unfinished("the moves end without a result (a cut file?)".into())),
        }
        Ok(GameRecord { start: line.start, plies: line.plies, outcome })
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    use super::*;
    use crate::train::gamefile::is_training_position;

    /// Games bramble played against itself under fastchess (the command is in tests/data.rs).
    const FASTCHESS: &[u8] = include_bytes!("../../tests/fastchess.pgn");

    fn uci(m: Move) -> String {
        m.to_uci(CastlingMode::Standard).to_string()
    }

    #[test]
    fn comments_give_the_movers_score_in_centipawns_or_a_mate_in_plies() {
        assert_eq!(parse_comment("+0.35/12 0.123s"), Comment::Score(35));
        assert_eq!(parse_comment("-1.02/8 0.004s"), Comment::Score(-102));
        assert_eq!(parse_comment("0.00/100 0.001s, Draw by 3-fold repetition"), Comment::Score(0));
        assert_eq!(parse_comment("+0.29/7 0.1s"), Comment::Score(29));
        assert_eq!(parse_comment("-12.5/9 1s"), Comment::Score(-1250));
        assert_eq!(parse_comment("+M1/12 0.000s, White mates"), Comment::Score(MATE - 1));
        assert_eq!(parse_comment("-M4/18 0.001s"), Comment::Score(-(MATE - 4)));
        assert_eq!(parse_comment("+M999/30 1s"), Comment::Score(MATE - MAX_PLY as i32));
        assert_eq!(
            parse_comment("+0.41/9 0.01s, line=\"info string pgncomment eval 37\", White mates"),
            Comment::Score(41)
        );
        assert_eq!(parse_comment(" +0.41/9 0.01s "), Comment::Score(41));
        assert_eq!(parse_comment("book"), Comment::Book);
        for none in
            ["0.00/0 0.005s", "ERR/7 0.1s", "", "a fine move", "+0.3.5/7", "+/7", "+0.35", "+M0/3 0s", "+0.123/5"]
        {
            assert_eq!(parse_comment(none), Comment::NoScore, "{none}");
        }
    }

    #[test]
    fn the_fastchess_games_are_read_whole() {
        let read = read(FASTCHESS);
        assert_eq!((read.games.len(), read.skipped()), (6, 0));
        let plies: Vec<usize> = read.games.iter().map(|g| g.plies.len()).collect();
        // The PlyCount tags.
        assert_eq!(plies, [113, 78, 137, 160, 55, 110]);
        let outcomes: Vec<Outcome> = read.games.iter().map(|g| g.outcome).collect();
        use Outcome::*;
        assert_eq!(outcomes, [WhiteWins, BlackWins, WhiteWins, BlackWins, Draw, BlackWins]);
        let first = &read.games[0];
        assert_eq!(
            Fen::from_position(&first.start, shakmaty::EnPassantMode::Legal).to_string(),
            "rnbqkb1r/p1p1pp1p/3p3n/1p4p1/1P6/N3P2N/P1PP1PPP/R1BQKB1R w KQkq - 0 5"
        );
        // 5. Bxb5+ {+1.00/7 0.006s} c6 {-0.76/8 0.005s}: Black's -0.76 is +76 for White.
        assert_eq!((uci(first.plies[0].0), first.plies[0].1), ("f1b5".to_string(), 100));
        assert_eq!((uci(first.plies[1].0), first.plies[1].1), ("c7c6".to_string(), 76));
        // 61. Qc2# {+M1/12 0.002s, White mates}: mate in one ply, for White.
        let last = first.plies.last().expect("plies");
        assert_eq!((uci(last.0), i32::from(last.1)), ("d3c2".to_string(), MATE - 1));
        // ...c4 {-M2/14 0.000s}: Black is mated in 2 plies, White's score is MATE - 2.
        assert_eq!(i32::from(first.plies[first.plies.len() - 2].1), MATE - 2);
        assert!(read.games.iter().flat_map(|g| &g.plies).all(|&(_, score)| score != NO_SCORE));
    }

    #[test]
    fn mates_and_unscored_moves_are_never_training_positions() {
        let text = "[Event \"t\"]\n[Result \"0-1\"]\n\n\
                    1. f3 {book} e5 {book} 2. g4 {+0.50/9 0.1s} Qh4# {+M1/12 0.0s, Black mates} 0-1\n\n\
                    [Event \"u\"]\n[Result \"1/2-1/2\"]\n\n1. e4 {+0.30/10 0.1s} e5 {0.00/0 0.0s} 2. Nf3 1/2-1/2\n";
        let read = read(text.as_bytes());
        assert_eq!((read.games.len(), read.skipped()), (2, 0));
        // The book moves are the start position.
        let fool = &read.games[0];
        assert_eq!(fool.start.fullmoves().get(), 2);
        assert_eq!(fool.plies.iter().map(|p| p.1).collect::<Vec<_>>(), [50, -(MATE as i16 - 1)]);
        assert_eq!(fool.training_positions().count(), 1);
        let unscored = &read.games[1];
        assert_eq!(unscored.plies.iter().map(|p| p.1).collect::<Vec<_>>(), [30, NO_SCORE, NO_SCORE]);
        let kept: Vec<i16> = unscored.training_positions().map(|(_, s)| s).collect();
        assert_eq!(kept, [30]);
        assert!(!is_training_position(&Chess::default(), unscored.plies[0].0, i32::from(NO_SCORE)));
    }

    #[test]
    fn unfinished_and_unreadable_games_are_counted_and_the_rest_kept() {
        let good = "[Event \"g\"]\n[Result \"1-0\"]\n\n1. e4 {+0.30/10 0.1s} 1-0\n\n";
        let text = [
            good,
            "[Event \"star\"]\n[Result \"*\"]\n\n1. e4 {+0.30/10 0.1s} *\n\n",
            "[Event \"illegal\"]\n[Result \"1-0\"]\n\n1. e5 {+0.30/10 0.1s} 1-0\n\n",
            "[Event \"fen\"]\n[Result \"1-0\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 1-0\n\n",
            "[Event \"960\"]\n[Variant \"Chess960\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n",
            "[Event \"differ\"]\n[Result \"1-0\"]\n\n1. e4 0-1\n\n",
            "[Event \"notag\"]\n\n1. e4 1-0\n\n",
            good,
            "[Event \"cut\"]\n[Result \"1-0\"]\n\n1. e4 {+0.30/10 0.1s} e5 {-0.2",
        ]
        .concat();
        let read = read(text.as_bytes());
        assert_eq!(read.games.len(), 2);
        assert_eq!((read.unfinished, read.unreadable), (2, 5));
        assert_eq!(read.first_skipped.as_deref(), Some("game 2: result '*'"));
        assert_eq!(
            read.skipped_line(),
            "7 games left out: 2 without a result, 5 unreadable (first: game 2: result '*')"
        );
        // A file cut between moves: the game has its tags but no end.
        let cut = read_one("[Event \"cut\"]\n[Result \"1-0\"]\n\n1. e4 {+0.30/10 0.1s} e5");
        assert_eq!(cut, Err(Skipped::Unfinished("the moves end without a result (a cut file?)".into())));
        // Not PGN at all: nothing read, nothing panics.
        for junk in
            [&b"\x00\xff{{{"[..], b"]]]][[", b"[Event", b"", b"1. e4 e5 *", b"[Result \"1-0\"]\n\n1. e4 (e5 1-0"]
        {
            assert!(super::read(junk).games.is_empty(), "{junk:?}");
        }
    }

    fn read_one(text: &str) -> Result<GameRecord, Skipped> {
        Reader::new(text.as_bytes()).read_game(&mut ScoredLine).expect("readable").expect("a game")
    }

    #[test]
    fn pgn_is_told_by_its_first_tag() {
        assert!(looks_like_pgn(FASTCHESS));
        assert!(looks_like_pgn(b"\xEF\xBB\xBF\n  [Site \"x\"]\n"));
        assert!(looks_like_pgn(b"[White_Elo \"2000\"]"));
        assert!(!looks_like_pgn(b"[Event"));
        assert!(!looks_like_pgn(b"[ \"x\"]"));
        assert!(!looks_like_pgn(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 0 | 0.5\n"));
        assert!(!looks_like_pgn(b"1. e4 e5 *"));
    }
}
