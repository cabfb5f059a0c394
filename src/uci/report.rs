//! The text of `info` and `bestmove` lines.

use std::fmt::Write as _;

use shakmaty::{CastlingMode, File, Move, Position as _, Rank, Square};

use crate::eval::{self, Group, PHASE_MAX, S};
use crate::nnue::Network;
use crate::position::{Position, uci_move};
use crate::search::{Report, mate_in_moves};
use crate::time::per_second;
use crate::tt::Bound;
use crate::wdl::Wdl;

/// `cp 31` or `mate 3` / `mate -2` (moves, negative when we are mated).
pub fn score_text(score: i32) -> String {
    match mate_in_moves(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

/// One `info` line after an iteration; `wdl` when `UCI_ShowWDL` is on.
pub fn info_line(report: &Report, wdl: Option<Wdl>, mode: CastlingMode) -> String {
    let millis = report.elapsed.as_millis();
    let nps = per_second(report.nodes, report.elapsed);
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        report.depth,
        report.seldepth,
        report.multipv,
        score_text(report.score)
    );
    match report.bound {
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
        Bound::Exact => {}
    }
    if let Some(Wdl { win, draw, loss }) = wdl {
        let _ = write!(line, " wdl {win} {draw} {loss}");
    }
    let _ = write!(
        line,
        " nodes {} nps {nps} hashfull {} tbhits {} time {millis}",
        report.nodes, report.hashfull, report.tbhits
    );
    if !report.pv.is_empty() {
        line.push_str(" pv");
        for &m in report.pv {
            line.push(' ');
            line.push_str(&uci_move(m, mode));
        }
    }
    line
}

/// `bestmove e2e4 ponder e7e5`, or `bestmove 0000` without a legal move.
pub fn bestmove_line(best: Option<Move>, ponder: Option<Move>, mode: CastlingMode) -> String {
    match (best, ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {} ponder {}", uci_move(best, mode), uci_move(ponder, mode)),
        (Some(best), None) => format!("bestmove {}", uci_move(best, mode)),
        (None, _) => "bestmove 0000".to_string(),
    }
}

/// The `d` command: the board as White sees it, then FEN, key and checkers.
pub fn board_lines(pos: &Position, mode: CastlingMode) -> Vec<String> {
    let board = pos.chess().board();
    let separator = " +---+---+---+---+---+---+---+---+".to_string();
    let mut lines = vec![separator.clone()];
    for rank in Rank::ALL.into_iter().rev() {
        let mut row = String::from(" |");
        for file in File::ALL {
            let piece = board.piece_at(Square::from_coords(file, rank));
            let _ = write!(row, " {} |", piece.map_or(' ', |p| p.char()));
        }
        let _ = write!(row, " {}", rank.char());
        lines.push(row);
        lines.push(separator.clone());
    }
    lines.push("   a   b   c   d   e   f   g   h".to_string());
    lines.push(String::new());
    lines.push(format!("Fen: {}", pos.fen_in(mode)));
    lines.push(format!("Key: {:016X}", pos.key()));
    let checkers: Vec<String> = pos.chess().checkers().into_iter().map(|sq| sq.to_string()).collect();
    lines.push(format!("Checkers: {}", checkers.join(" ")));
    lines
}

/// The network the `eval` command shows, and its name (`built-in` or a path).
pub struct NetworkView<'a> {
    pub net: &'a Network,
    pub name: &'a str,
}

/// The `eval` command: each term for White and Black, middlegame and endgame, then the
/// tapered total; the network's evaluation (when one is loaded); the evaluator the search
/// uses (`in_use`).
pub fn eval_lines(pos: &Position, network: Option<NetworkView>, in_use: &str) -> Vec<String> {
    let parts = eval::breakdown(pos.chess());
    let row = |name: &str, terms: [S; 2]| {
        let diff = terms[0] - terms[1];
        format!(
            "{name:<13}| {:>6} {:>6} | {:>6} {:>6} | {:>6} {:>6}",
            terms[0].mg(),
            terms[0].eg(),
            terms[1].mg(),
            terms[1].eg(),
            diff.mg(),
            diff.eg()
        )
    };
    let white_view = parts.white_score();
    let side_view = eval::evaluate(pos.chess());
    let mut lines = vec![
        "Term         |     White     |     Black     |     Total".to_string(),
        "             |     mg     eg |     mg     eg |     mg     eg".to_string(),
    ];
    lines.extend(Group::ALL.iter().zip(parts.groups).map(|(group, terms)| row(group.name(), terms)));
    lines.push(format!("Phase: {} of {} (24 = middlegame, 0 = endgame)", parts.phase.min(PHASE_MAX), PHASE_MAX));
    lines.push(format!("Endgame: {} of 64 of the sum kept, {} cp for driving a lone king", parts.scale, parts.mop_up));
    lines.push(format!("Tables:  {white_view} cp from White's side, {side_view} cp for the side to move"));
    lines.push(match network {
        Some(NetworkView { net, name }) => {
            // With the endgame knowledge and the clamp the search applies.
            let (board, turn) = (pos.chess().board(), pos.turn());
            let side_view = eval::with_endgame_knowledge(board, turn, net.evaluate_full(board, turn));
            let white_view = if pos.turn().is_white() { side_view } else { -side_view };
            format!(
                "Network: {white_view} cp from White's side, {side_view} cp for the side to move ({name}, {})",
                net.describe()
            )
        }
        None => "Network: none loaded".to_string(),
    });
    lines.push(format!("Search evaluator: {in_use}"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;
    use std::time::Duration;

    #[test]
    fn info_line_has_every_field() {
        let pos = Position::startpos();
        let pv = [pos.parse_uci_move("e2e4").expect("legal")];
        let report = Report {
            multipv: 1,
            depth: 5,
            seldepth: 9,
            score: -37,
            bound: Bound::Lower,
            nodes: 20_000,
            elapsed: Duration::from_millis(100),
            hashfull: 12,
            tbhits: 3,
            pv: &pv,
        };
        assert_eq!(
            info_line(&report, None, CastlingMode::Standard),
            "info depth 5 seldepth 9 multipv 1 score cp -37 lowerbound nodes 20000 nps 200000 hashfull 12 tbhits 3 time 100 pv e2e4"
        );
        let chances = Wdl { win: 120, draw: 600, loss: 280 };
        assert_eq!(
            info_line(&report, Some(chances), CastlingMode::Standard),
            "info depth 5 seldepth 9 multipv 1 score cp -37 lowerbound wdl 120 600 280 nodes 20000 nps 200000 hashfull 12 tbhits 3 time 100 pv e2e4"
        );
    }

    #[test]
    fn scores_and_bestmoves() {
        assert_eq!(score_text(MATE - 5), "mate 3");
        assert_eq!(score_text(-MATE + 4), "mate -2");
        assert_eq!(score_text(-MATE), "mate 0");
        assert_eq!(score_text(0), "cp 0");
        assert_eq!(bestmove_line(None, None, CastlingMode::Standard), "bestmove 0000");
    }

    #[test]
    fn board_and_eval_text() {
        let lines = board_lines(&Position::startpos(), CastlingMode::Standard);
        assert_eq!(lines[1], " | r | n | b | q | k | b | n | r | 8");
        assert_eq!(lines[15], " | R | N | B | Q | K | B | N | R | 1");
        assert!(lines.contains(&"Key: 463B96181691FC9C".to_string()));
        let eval = eval_lines(&Position::startpos(), None, "tables");
        // Level but for the tempo, which the side to move (White) has.
        let tempo = crate::eval::WEIGHTS[crate::eval::params::TEMPO].mg();
        let expected = format!("Tables:  {tempo} cp from White's side, {tempo} cp for the side to move");
        assert!(eval.contains(&expected), "{eval:?}");
        assert!(eval.iter().any(|l| l.starts_with("Tempo ")), "{eval:?}");
        assert_eq!(eval[eval.len() - 2..], ["Network: none loaded", "Search evaluator: tables"]);
        let net = crate::nnue::builtin::builtin().expect("the built-in network");
        let (black_to_move, _) =
            Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", CastlingMode::Standard)
                .expect("legal");
        let eval = eval_lines(&black_to_move, Some(NetworkView { net: &net, name: "built-in" }), "network");
        let side_view = net.evaluate_full(black_to_move.chess().board(), shakmaty::Color::Black);
        let expected = format!(
            "Network: {} cp from White's side, {side_view} cp for the side to move (built-in, {})",
            -side_view,
            net.describe()
        );
        assert_eq!(eval[eval.len() - 2..], [expected, "Search evaluator: network".to_string()]);
    }
}
