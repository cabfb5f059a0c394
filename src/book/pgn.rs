//! Games from PGN, enough to build books: each game's start position (the `FEN` tag, or
//! the standard start), its main line and its result. The text is read by `pgn-reader`
//! (streaming, by shakmaty's author); comments, variations and NAGs are skipped. A game
//! with a bad FEN or a move that does not parse or is illegal is dropped whole.

use std::ops::ControlFlow;

use pgn_reader::{KnownOutcome, Outcome, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position as _};

/// A game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Color),
    Draw,
    Unknown,
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Known(KnownOutcome::Decisive { winner }) => GameResult::Win(winner),
            Outcome::Known(KnownOutcome::Draw) => GameResult::Draw,
            Outcome::Unknown => GameResult::Unknown,
        }
    }
}

/// One game of a PGN file.
#[derive(Clone, Debug)]
pub struct Game {
    pub start: Chess,
    pub moves: Vec<Move>,
    pub result: GameResult,
}

/// The games of a PGN text, and how many were dropped (a bad FEN or move).
pub fn read_games(text: &str) -> (Vec<Game>, usize) {
    let mut reader = Reader::new(text.as_bytes());
    let mut visitor = MainLine { default_start: Chess::default() };
    let mut games = Vec::new();
    let mut dropped = 0;
    // Reading from memory cannot fail; an error would end the text like its end.
    while let Ok(Some(game)) = reader.read_game(&mut visitor) {
        match game {
            Ok(game) => games.push(game),
            Err(_) => dropped += 1,
        }
    }
    (games, dropped)
}

/// The moves of PGN movetext (`1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6) 3. Bb5!`),
/// played from `start`. An error names the first move that is bad.
pub fn parse_movetext(start: &Chess, movetext: &str) -> Result<Vec<Move>, String> {
    let mut reader = Reader::new(movetext.as_bytes());
    let mut visitor = MainLine { default_start: start.clone() };
    match reader.read_game(&mut visitor) {
        Ok(Some(game)) => game.map(|game| game.moves),
        Ok(None) => Ok(Vec::new()),
        Err(error) => Err(error.to_string()),
    }
}

/// The position of a `FEN` tag, or why it is not one.
pub(crate) fn fen_tag_position(value: RawTag<'_>) -> Result<Chess, String> {
    let text = value.decode_utf8_lossy();
    text.trim()
        .parse::<Fen>()
        .map_err(|e| e.to_string())
        .and_then(|fen| fen.into_position(CastlingMode::Standard).map_err(|e| e.to_string()))
        .map_err(|e| format!("bad FEN '{}': {e}", text.trim()))
}

/// Plays a SAN move on `pos`; the error names it and the `plies` played before it.
pub(crate) fn play_san(pos: &mut Chess, san_plus: &SanPlus, plies: usize) -> Result<Move, String> {
    let m = san_plus.san.to_move(pos).map_err(|_| format!("bad move '{san_plus}' after {plies} plies"))?;
    pos.play_unchecked(m);
    Ok(m)
}

/// Plays the main line of each game from its start position.
struct MainLine {
    /// The start of a game without a `FEN` tag.
    default_start: Chess,
}

/// A game being read: where its main line has got to.
struct Line {
    start: Chess,
    pos: Chess,
    moves: Vec<Move>,
    result: GameResult,
    /// The first bad move; the rest of the game is not played.
    error: Option<String>,
}

impl Visitor for MainLine {
    /// The `FEN` tag's position, if the game has one.
    type Tags = Option<Result<Chess, String>>;
    type Movetext = Line;
    /// The game, or why it is dropped.
    type Output = Result<Game, String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            *tags = Some(fen_tag_position(value));
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        let start = match tags {
            None => self.default_start.clone(),
            Some(Ok(start)) => start,
            Some(Err(error)) => return ControlFlow::Break(Err(error)),
        };
        ControlFlow::Continue(Line {
            pos: start.clone(),
            start,
            moves: Vec::new(),
            result: GameResult::Unknown,
            error: None,
        })
    }

    fn san(&mut self, line: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        if line.error.is_none() {
            match play_san(&mut line.pos, &san_plus, line.moves.len()) {
                Ok(m) => line.moves.push(m),
                Err(error) => line.error = Some(error),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _line: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn outcome(&mut self, line: &mut Self::Movetext, outcome: Outcome) -> ControlFlow<Self::Output> {
        line.result = outcome.into();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, line: Self::Movetext) -> Self::Output {
        match line.error {
            Some(error) => Err(error),
            None => Ok(Game { start: line.start, moves: line.moves, result: line.result }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_skips_numbers_comments_variations_and_nags() {
        let text = "1. e4 {best by test} e5 2.Nf3 $1 Nc6 (2... d6 3. d4 (3. Bc4)) 3. Bb5!? a6 ; a comment\n4. Ba4 *";
        let moves = parse_movetext(&Chess::default(), text).expect("legal moves");
        let uci: Vec<String> = moves.iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect();
        assert_eq!(uci, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4"]);
        assert!(parse_movetext(&Chess::default(), "1. e4 e4").is_err());
    }

    #[test]
    fn games_with_tags_results_and_fens() {
        let text = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
                    [Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 1/2-1/2\n\n\
                    [Event \"c\"]\n\n1. e4 Ke7?? 0-1\n";
        let (games, dropped) = read_games(text);
        assert_eq!((games.len(), dropped), (2, 1));
        assert_eq!((games[0].moves.len(), games[0].result), (7, GameResult::Win(Color::White)));
        assert_eq!((games[1].moves.len(), games[1].result), (2, GameResult::Draw));
        assert_eq!(games[1].start.board().occupied().count(), 3);
    }
}
