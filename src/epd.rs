//! The EPD test-suite runner: searches each position and checks the move played against
//! the record's `bm` (best moves), `am` (moves to avoid) and `dm` (mate in n) operations.

use std::fmt;
use std::time::{Duration, Instant};

use shakmaty::san::{San, SanPlus};
use shakmaty::{CastlingMode, Move};

use crate::position::Position;
use crate::search::{Limits, Report, SearchSession, Signals, mate_in_moves};
use crate::time::TimeBudget;

/// One test position.
#[derive(Clone, Debug)]
pub struct EpdRecord {
    pub id: String,
    pub position: Position,
    pub best: Vec<Move>,
    pub avoid: Vec<Move>,
    /// Mate in at most this many moves.
    pub mate: Option<u32>,
    /// The operations as written, for the report.
    pub expected: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError(pub String);

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EpdError {}

/// How long to search each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpdLimit {
    MoveTime(Duration),
    Depth(i32),
    Nodes(u64),
}

impl EpdLimit {
    fn limits(self) -> Limits {
        match self {
            EpdLimit::MoveTime(t) => Limits { time: Some(TimeBudget { soft: t, hard: t }), ..Limits::default() },
            EpdLimit::Depth(d) => Limits { depth: Some(d), ..Limits::default() },
            EpdLimit::Nodes(n) => Limits { nodes: Some(n), ..Limits::default() },
        }
    }
}

/// Parses one EPD line: four FEN fields, then `opcode operands;` operations. A record
/// needs at least one of `bm`, `am`, `dm`. `line_number` names records without `id`.
/// The legal positions of an EPD or FEN file's text, one a line: the six FEN fields, or
/// the four board fields of an EPD line (its operations ignored, the move counters 0 1).
/// Blank lines, `#` comments and lines that are not legal positions are skipped. The
/// openings of `datagen` and `genfens`.
pub fn start_positions(text: &str) -> Vec<Position> {
    let mut positions = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let full = fields.get(..6).map(|f| f.join(" "));
        let board_only = fields.get(..4).map(|f| format!("{} 0 1", f.join(" ")));
        let parsed = [full, board_only]
            .into_iter()
            .flatten()
            .find_map(|fen| Position::from_fen(&fen, CastlingMode::Standard).ok().map(|(pos, _)| pos));
        positions.extend(parsed);
    }
    positions
}

pub fn parse_record(line: &str, line_number: usize) -> Result<EpdRecord, EpdError> {
    let error = |why: String| EpdError(format!("line {line_number}: {why}"));
    let mut rest = line.trim();
    let mut fields = Vec::with_capacity(4);
    for _ in 0..4 {
        let (field, tail) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if field.is_empty() {
            return Err(error("fewer than four FEN fields".into()));
        }
        fields.push(field);
        rest = tail.trim_start();
    }
    // Many EPD files carry a FEN's move counters after the four fields: two whole
    // numbers where an opcode would stand (no opcode is a number).
    let mut counters = rest.split_whitespace().take(2).filter(|t| t.parse::<u32>().is_ok());
    if let (Some(halfmoves), Some(fullmoves)) = (counters.next(), counters.next()) {
        fields.extend([halfmoves, fullmoves]);
        rest = rest.trim_start()[halfmoves.len()..].trim_start()[fullmoves.len()..].trim_start();
    }
    let fen = fields.join(" ");
    let (position, _) = Position::from_fen(&fen, CastlingMode::Standard).map_err(|e| error(e.to_string()))?;

    let mut record = EpdRecord {
        id: format!("line {line_number}"),
        position,
        best: Vec::new(),
        avoid: Vec::new(),
        mate: None,
        expected: String::new(),
    };
    let mut expected = Vec::new();
    for operation in rest.split(';').map(str::trim).filter(|op| !op.is_empty()) {
        let (opcode, operands) = operation.split_once(char::is_whitespace).unwrap_or((operation, ""));
        let operands = operands.trim();
        match opcode {
            "id" => record.id = operands.trim_matches('"').to_string(),
            "bm" | "am" => {
                let moves = operands
                    .split_whitespace()
                    .map(|san| {
                        parse_san(&record.position, san).ok_or_else(|| error(format!("bad {opcode} move '{san}'")))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if opcode == "bm" {
                    record.best = moves
                } else {
                    record.avoid = moves
                }
                expected.push(format!("{opcode} {operands}"));
            }
            "dm" => {
                record.mate = Some(operands.parse().map_err(|_| error(format!("bad dm '{operands}'")))?);
                expected.push(format!("dm {operands}"));
            }
            _ => {}
        }
    }
    if expected.is_empty() {
        return Err(error("no bm, am or dm operation".into()));
    }
    record.expected = expected.join(", ");
    Ok(record)
}

fn parse_san(pos: &Position, text: &str) -> Option<Move> {
    let san = SanPlus::from_ascii(text.as_bytes()).map(|s| s.san).or_else(|_| San::from_ascii(text.as_bytes())).ok()?;
    san.to_move(pos.chess()).ok()
}

/// The outcome for one record.
#[derive(Clone, Debug)]
pub struct EpdOutcome {
    pub played: String,
    pub solved: bool,
    pub elapsed: Duration,
    /// If solved: from which iteration (its depth, and the time then) the search's first
    /// move stayed the one it played, through every later line.
    pub found_at: Option<(i32, Duration)>,
}

/// Searches one record with a fresh table and history (the session is cleared first).
pub fn solve(record: &EpdRecord, limit: EpdLimit, session: &mut SearchSession) -> EpdOutcome {
    session.clear();
    let limits = limit.limits();
    let start = Instant::now();
    // The first line of the last run of lines whose first move did not change.
    let mut since: Option<(Move, i32, Duration)> = None;
    let mut track = |report: &Report| {
        if let (1, Some(&first)) = (report.multipv, report.pv.first())
            && since.is_none_or(|(m, _, _)| m != first)
        {
            since = Some((first, report.depth, report.elapsed));
        }
    };
    let result = session.search_reporting(&record.position, &[], &limits, &Signals::default(), &mut track);
    let elapsed = start.elapsed();
    let Some(best) = result.best_move else {
        return EpdOutcome { played: "(none)".into(), solved: false, elapsed, found_at: None };
    };
    let played = SanPlus::from_move(record.position.chess().clone(), best).to_string();
    let mate_ok = record.mate.is_none_or(|n| mate_in_moves(result.score).is_some_and(|m| m > 0 && m <= n as i32));
    let solved = (record.best.is_empty() || record.best.contains(&best)) && !record.avoid.contains(&best) && mate_ok;
    let found_at = since.filter(|&(m, _, _)| solved && m == best).map(|(_, depth, time)| (depth, time));
    EpdOutcome { played, solved, elapsed, found_at }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_operations() {
        let record =
            parse_record(r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#, 1)
                .expect("valid record");
        assert_eq!(record.id, "WAC.001");
        assert_eq!(record.best.len(), 1);
        assert_eq!(record.expected, "bm Qg6");
        let record = parse_record("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - dm 1; am Kf1 Kh1;", 7).expect("valid record");
        assert_eq!((record.id.as_str(), record.mate, record.avoid.len()), ("line 7", Some(1), 2));
        assert!(parse_record("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Qh7;", 1).is_err());
        assert!(parse_record("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - id \"x\";", 1).is_err());
        assert!(parse_record("6k1/5ppp w", 1).is_err());
    }

    #[test]
    fn reads_a_record_with_the_fens_move_counters() {
        let line = "r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - 0 1 bm Bxc6;";
        let record = parse_record(line, 2).expect("counters before the operations");
        assert_eq!((record.expected.as_str(), record.best.len()), ("bm Bxc6", 1));
        let record = parse_record("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 3 40 bm Ra8#; id \"x\";", 1).expect("valid");
        assert_eq!(
            (record.position.halfmoves(), shakmaty::Position::fullmoves(record.position.chess()).get()),
            (3, 40)
        );
        assert_eq!(record.id, "x");
        // One number alone is no pair of counters: it is read as an opcode, and the
        // record has no bm.
        assert!(parse_record("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 3 bm Ra8#;", 1).is_err());
    }

    #[test]
    fn solves_a_back_rank_mate() {
        let record = parse_record("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; dm 1;", 1).expect("valid record");
        let outcome = solve(&record, EpdLimit::Depth(3), &mut SearchSession::new(1));
        assert_eq!(outcome.played, "Ra8#");
        assert!(outcome.solved);
        assert_eq!(outcome.found_at.map(|(depth, _)| depth), Some(1), "a mate in one from the first iteration");
        let avoid = parse_record("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - am Ra8#;", 1).expect("valid record");
        let outcome = solve(&avoid, EpdLimit::Depth(3), &mut SearchSession::new(1));
        assert!(!outcome.solved && outcome.found_at.is_none());
    }
}
