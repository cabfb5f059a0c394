//! Parses one line of GUI input into a [`Command`]. Pure and total: any input, however
//! broken, gives a command or an error that says what is wrong; nothing here panics.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::genfens::{self, GenfensRequest};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    Register,
    UciNewGame,
    Position {
        start: StartPosition,
        moves: Vec<String>,
    },
    Go(GoParams),
    Stop,
    PonderHit,
    Quit,
    /// `d`: the board, FEN and key.
    Display,
    /// `eval`: the static evaluation and its parts.
    Eval,
    /// `perft N` or `go perft N`.
    Perft(u32),
    /// `bench [depth]`.
    Bench(Option<i32>),
    /// OpenBench's `genfens N seed S book <None|file> [extra]` (`crate::genfens`).
    Genfens(GenfensRequest),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    StartPos,
    Fen(String),
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    pub movestogo: Option<u32>,
    pub depth: Option<i32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub movetime: Option<Duration>,
    pub infinite: bool,
    pub ponder: bool,
    pub searchmoves: Vec<String>,
    /// Tokens that mean nothing to us; the UCI spec says to ignore them.
    pub ignored: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    Empty,
    UnknownCommand(String),
    MissingValue {
        command: &'static str,
        what: &'static str,
    },
    BadValue {
        command: &'static str,
        what: String,
        value: String,
    },
    Unexpected {
        command: &'static str,
        token: String,
    },
    /// A message that says it all.
    Invalid(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "empty line"),
            ParseError::UnknownCommand(token) => write!(f, "unknown command '{token}'"),
            ParseError::MissingValue { command, what } => write!(f, "{command}: missing {what}"),
            ParseError::BadValue { command, what, value } => write!(f, "{command}: invalid {what} '{value}'"),
            ParseError::Unexpected { command, token } => write!(f, "{command}: unexpected '{token}'"),
            ParseError::Invalid(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for ParseError {}

impl FromStr for Command {
    type Err = ParseError;

    /// Leading unknown tokens are skipped, as the UCI spec asks ("joho debug on" is
    /// "debug on"); a line with no command at all is an error.
    fn from_str(line: &str) -> Result<Command, ParseError> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let first = *tokens.first().ok_or(ParseError::Empty)?;
        for (index, &token) in tokens.iter().enumerate() {
            let args = &tokens[index + 1..];
            let command = match token {
                "uci" => Command::Uci,
                "debug" => parse_debug(args)?,
                "isready" => Command::IsReady,
                "setoption" => parse_setoption(args)?,
                "register" => Command::Register,
                "ucinewgame" => Command::UciNewGame,
                "position" => parse_position(args)?,
                "go" => parse_go(args)?,
                "stop" => Command::Stop,
                "ponderhit" => Command::PonderHit,
                "quit" => Command::Quit,
                "d" => Command::Display,
                "eval" => Command::Eval,
                "perft" => Command::Perft(parse_perft(args)?),
                "bench" => Command::Bench(args.first().map(|t| bench_depth(t)).transpose()?),
                "genfens" => Command::Genfens(genfens::parse(args).map_err(ParseError::Invalid)?),
                _ => continue,
            };
            return Ok(command);
        }
        Err(ParseError::UnknownCommand(first.to_string()))
    }
}

fn parse_number<T: FromStr>(command: &'static str, what: &str, token: &str) -> Result<T, ParseError> {
    token.parse().map_err(|_| ParseError::BadValue { command, what: what.to_string(), value: token.to_string() })
}

fn parse_debug(args: &[&str]) -> Result<Command, ParseError> {
    match args.first() {
        Some(&"on") => Ok(Command::Debug(true)),
        Some(&"off") => Ok(Command::Debug(false)),
        Some(other) => Err(ParseError::BadValue { command: "debug", what: "switch".into(), value: other.to_string() }),
        None => Err(ParseError::MissingValue { command: "debug", what: "on or off" }),
    }
}

fn parse_setoption(args: &[&str]) -> Result<Command, ParseError> {
    match args.first() {
        Some(&"name") => {}
        Some(other) => return Err(ParseError::Unexpected { command: "setoption", token: other.to_string() }),
        None => return Err(ParseError::MissingValue { command: "setoption", what: "name" }),
    }
    let rest = &args[1..];
    let value_at = rest.iter().position(|&t| t == "value");
    let name = rest[..value_at.unwrap_or(rest.len())].join(" ");
    if name.is_empty() {
        return Err(ParseError::MissingValue { command: "setoption", what: "option name" });
    }
    // `value` with nothing after it is an empty value (a GUI clearing a string option);
    // the option decides what that means.
    let value = value_at.map(|at| rest[at + 1..].join(" "));
    Ok(Command::SetOption { name, value })
}

fn parse_position(args: &[&str]) -> Result<Command, ParseError> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (setup, moves) = match moves_at {
        Some(at) => (&args[..at], &args[at + 1..]),
        None => (args, &[][..]),
    };
    let start = match setup.split_first() {
        Some((&"startpos", [])) => StartPosition::StartPos,
        Some((&"startpos", [extra, ..])) => {
            return Err(ParseError::Unexpected { command: "position", token: extra.to_string() });
        }
        Some((&"fen", [])) => return Err(ParseError::MissingValue { command: "position", what: "FEN" }),
        Some((&"fen", fen)) => StartPosition::Fen(fen.join(" ")),
        Some((other, _)) => return Err(ParseError::Unexpected { command: "position", token: other.to_string() }),
        None => return Err(ParseError::MissingValue { command: "position", what: "startpos or fen" }),
    };
    Ok(Command::Position { start, moves: moves.iter().map(|m| m.to_string()).collect() })
}

const GO_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

fn parse_go(args: &[&str]) -> Result<Command, ParseError> {
    let mut go = GoParams::default();
    let mut index = 0;
    while index < args.len() {
        let key = args[index];
        index += 1;
        match key {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while index < args.len() && !GO_KEYWORDS.contains(&args[index]) {
                    go.searchmoves.push(args[index].to_string());
                    index += 1;
                }
            }
            "wtime" | "btime" | "winc" | "binc" | "movestogo" | "depth" | "nodes" | "mate" | "movetime" | "perft" => {
                let value =
                    *args.get(index).ok_or(ParseError::MissingValue { command: "go", what: value_name(key) })?;
                index += 1;
                match key {
                    // Clocks can be negative when a GUI lets the time run out; treat as zero.
                    "wtime" => go.wtime = Some(clock_value(key, value)?),
                    "btime" => go.btime = Some(clock_value(key, value)?),
                    "winc" => go.winc = Some(clock_value(key, value)?),
                    "binc" => go.binc = Some(clock_value(key, value)?),
                    // Some GUIs send movestogo 0 for "no control ahead".
                    "movestogo" => go.movestogo = Some(parse_number::<u32>("go", key, value)?).filter(|&m| m > 0),
                    "depth" => go.depth = Some(parse_number::<u32>("go", key, value)?.min(i32::MAX as u32) as i32),
                    "nodes" => go.nodes = Some(parse_number("go", key, value)?),
                    "mate" => go.mate = Some(parse_number("go", key, value)?),
                    "movetime" => go.movetime = Some(Duration::from_millis(parse_number("go", key, value)?)),
                    _ => return Ok(Command::Perft(perft_depth("go", value)?)),
                }
            }
            other => go.ignored.push(other.to_string()),
        }
    }
    Ok(Command::Go(go))
}

fn value_name(key: &str) -> &'static str {
    match key {
        "wtime" => "wtime value",
        "btime" => "btime value",
        "winc" => "winc value",
        "binc" => "binc value",
        "movestogo" => "movestogo value",
        "depth" => "depth value",
        "nodes" => "nodes value",
        "mate" => "mate value",
        "movetime" => "movetime value",
        _ => "perft depth",
    }
}

fn clock_value(key: &str, value: &str) -> Result<Duration, ParseError> {
    let ms: i64 = parse_number("go", key, value)?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

fn parse_perft(args: &[&str]) -> Result<u32, ParseError> {
    let depth = args.first().ok_or(ParseError::MissingValue { command: "perft", what: "depth" })?;
    perft_depth("perft", depth)
}

fn bench_depth(token: &str) -> Result<i32, ParseError> {
    parse_number::<i32>("bench", "depth", token)
        .ok()
        .filter(|depth| (1..=crate::search::MAX_DEPTH).contains(depth))
        .ok_or_else(|| ParseError::BadValue { command: "bench", what: "depth".into(), value: token.to_string() })
}

fn perft_depth(command: &'static str, token: &str) -> Result<u32, ParseError> {
    parse_number::<u32>(command, "perft depth", token)
        .ok()
        .filter(|&depth| depth <= crate::perft::MAX_DEPTH)
        .ok_or_else(|| ParseError::BadValue { command, what: "perft depth".into(), value: token.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Command, ParseError> {
        line.parse()
    }

    #[test]
    fn simple_commands_with_any_whitespace() {
        assert_eq!(parse("uci"), Ok(Command::Uci));
        assert_eq!(parse("  isready \r"), Ok(Command::IsReady));
        assert_eq!(parse("\tstop\t"), Ok(Command::Stop));
        assert_eq!(parse("joho debug on"), Ok(Command::Debug(true)));
        assert_eq!(parse("ponderhit"), Ok(Command::PonderHit));
        assert_eq!(parse(""), Err(ParseError::Empty));
        assert_eq!(parse(" \t "), Err(ParseError::Empty));
        assert_eq!(parse("hello world"), Err(ParseError::UnknownCommand("hello".into())));
    }

    #[test]
    fn setoption_names_and_values_with_spaces() {
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption { name: "Clear Hash".into(), value: None })
        );
        assert_eq!(
            parse("setoption  name  Move   Overhead value 100"),
            Ok(Command::SetOption { name: "Move Overhead".into(), value: Some("100".into()) })
        );
        assert_eq!(
            parse("setoption name SyzygyPath value /a b/c"),
            Ok(Command::SetOption { name: "SyzygyPath".into(), value: Some("/a b/c".into()) })
        );
        assert!(parse("setoption").is_err());
        assert!(parse("setoption name").is_err());
        assert!(parse("setoption Hash 3").is_err());
        // A cleared field: the option decides what an empty value means.
        assert_eq!(
            parse("setoption name EvalFile value "),
            Ok(Command::SetOption { name: "EvalFile".into(), value: Some(String::new()) })
        );
    }

    #[test]
    fn position_forms() {
        assert_eq!(parse("position startpos"), Ok(Command::Position { start: StartPosition::StartPos, moves: vec![] }));
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Command::Position { start: StartPosition::StartPos, moves: vec!["e2e4".into(), "e7e5".into()] })
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2"),
            Ok(Command::Position {
                start: StartPosition::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            })
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position startpos e2e4").is_err());
        assert!(parse("position moves e2e4").is_err());
    }

    #[test]
    fn go_with_every_parameter() {
        let Ok(Command::Go(go)) = parse(
            "go searchmoves e2e4 d2d4 ponder wtime 1000 btime -5 winc 10 binc 20 movestogo 7 depth 9 nodes 5000 mate 3 movetime 250 infinite",
        ) else {
            panic!("go did not parse");
        };
        assert_eq!(go.searchmoves, ["e2e4", "d2d4"]);
        assert!(go.ponder && go.infinite);
        assert_eq!(go.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(go.btime, Some(Duration::ZERO));
        assert_eq!((go.winc, go.binc), (Some(Duration::from_millis(10)), Some(Duration::from_millis(20))));
        assert_eq!((go.movestogo, go.depth, go.nodes, go.mate), (Some(7), Some(9), Some(5000), Some(3)));
        assert_eq!(go.movetime, Some(Duration::from_millis(250)));
        assert_eq!(parse("go perft 4"), Ok(Command::Perft(4)));
        assert_eq!(parse("perft 3"), Ok(Command::Perft(3)));
    }

    #[test]
    fn go_rejects_missing_and_bad_numbers_but_ignores_unknown_tokens() {
        assert!(matches!(parse("go depth"), Err(ParseError::MissingValue { .. })));
        assert!(matches!(parse("go depth x"), Err(ParseError::BadValue { .. })));
        assert!(matches!(parse("go nodes -5"), Err(ParseError::BadValue { .. })));
        assert!(matches!(parse("go wtime 1e3"), Err(ParseError::BadValue { .. })));
        assert!(matches!(parse("go movetime 99999999999999999999999"), Err(ParseError::BadValue { .. })));
        let Ok(Command::Go(go)) = parse("go fast depth 3") else { panic!("go did not parse") };
        assert_eq!((go.depth, go.ignored), (Some(3), vec!["fast".to_string()]));
        assert!(parse("perft").is_err());
        assert!(parse("perft deep").is_err());
        assert!(parse("perft 65").is_err());
        assert!(parse("go perft 100000").is_err());
        assert_eq!(parse("bench 5"), Ok(Command::Bench(Some(5))));
        assert!(parse("bench -5").is_err());
        assert!(parse("bench 0").is_err());
    }
}
