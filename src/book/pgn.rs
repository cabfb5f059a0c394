//! A small PGN reader, enough to build books: each game's start position, moves and
//! result. Comments, variations, NAGs, move numbers and annotation marks are skipped; a
//! game with a move that does not parse or is illegal is dropped whole.

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, Move, Position as _};

/// A game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Color),
    Draw,
    Unknown,
}

impl GameResult {
    fn parse(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::Win(Color::White)),
            "0-1" => Some(GameResult::Win(Color::Black)),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
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
    let mut games = Vec::new();
    let mut dropped = 0;
    let mut fen: Option<String> = None;
    let mut movetext = String::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if let Some(value) = tag_value(tag, "FEN") {
                fen = Some(value.to_string());
            }
            continue;
        }
        movetext.push_str(line);
        movetext.push('\n');
        if let Some(result) = line.split_whitespace().last().and_then(GameResult::parse) {
            match game_from(fen.take().as_deref(), &movetext, result) {
                Some(game) => games.push(game),
                None => dropped += 1,
            }
            movetext.clear();
        }
    }
    (games, dropped)
}

/// `Value` of a tag line `Name "Value"]` (the `[` already removed), if it is `name`.
fn tag_value<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let rest = tag.strip_prefix(name)?.trim_start();
    rest.strip_prefix('"')?.split('"').next()
}

fn game_from(fen: Option<&str>, movetext: &str, result: GameResult) -> Option<Game> {
    let start: Chess = match fen {
        Some(fen) => fen.parse::<Fen>().ok()?.into_position(CastlingMode::Standard).ok()?,
        None => Chess::default(),
    };
    let moves = parse_movetext(&start, movetext).ok()?;
    Some(Game { start, moves, result })
}

/// The moves of PGN movetext (`1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6) 3. Bb5!`),
/// played from `start`. An error names the first move that is bad.
pub fn parse_movetext(start: &Chess, movetext: &str) -> Result<Vec<Move>, String> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for token in tokens(movetext) {
        let san = token.trim_end_matches(['!', '?']);
        let m = SanPlus::from_ascii(san.as_bytes())
            .ok()
            .and_then(|san| san.san.to_move(&pos).ok())
            .ok_or_else(|| format!("bad move '{token}' after {} plies", moves.len()))?;
        pos.play_unchecked(m);
        moves.push(m);
    }
    Ok(moves)
}

/// The move tokens of movetext: without comments, variations, NAGs and move numbers.
fn tokens(movetext: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut depth = 0usize;
    let mut in_comment = false;
    for line in movetext.lines() {
        let mut rest = line;
        while !rest.is_empty() {
            if in_comment {
                match rest.find('}') {
                    Some(end) => {
                        in_comment = false;
                        rest = &rest[end + 1..];
                    }
                    None => rest = "",
                }
                continue;
            }
            let Some(at) = rest.find(['{', ';', '(', ')']) else {
                if depth == 0 {
                    tokens.extend(rest.split_whitespace().filter_map(move_token));
                }
                break;
            };
            if depth == 0 {
                tokens.extend(rest[..at].split_whitespace().filter_map(move_token));
            }
            match rest.as_bytes()[at] {
                b'{' => in_comment = true,
                b';' => {
                    rest = "";
                    continue;
                }
                b'(' => depth += 1,
                _ => depth = depth.saturating_sub(1),
            }
            rest = &rest[at + 1..];
        }
    }
    tokens
}

/// A move token without its move number (`12.`, `12...`, `12.e4`); NAGs and results
/// are dropped.
fn move_token(token: &str) -> Option<&str> {
    if token.starts_with('$') || GameResult::parse(token).is_some() {
        return None;
    }
    let token = token.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
    (!token.is_empty()).then_some(token)
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
