//! What the search learns about quiet moves: killer moves per ply and a butterfly
//! history table (side, from, to). Kept between the moves of a game; `ucinewgame`
//! clears it.

use shakmaty::{Color, Move};

use super::MAX_PLY;
use crate::tt::PackedMove;

/// History scores stay within +-HISTORY_MAX.
pub const HISTORY_MAX: i32 = 16_384;
/// The largest bonus one cut-off gives.
const BONUS_MAX: i32 = 1_200;

pub struct History {
    butterfly: [[[i32; 64]; 64]; 2],
    killers: [[Option<Move>; 2]; MAX_PLY],
}

impl History {
    /// On the heap: the tables are 36 KB.
    pub fn new() -> Box<History> {
        Box::new(History { butterfly: [[[0; 64]; 64]; 2], killers: [[None; 2]; MAX_PLY] })
    }

    pub fn clear(&mut self) {
        self.butterfly = [[[0; 64]; 64]; 2];
        self.clear_killers();
    }

    /// Killers are per ply, and plies shift between searches: start each search without.
    pub fn clear_killers(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
    }

    /// The history of a quiet move of `side`: the entry of its from and to squares.
    #[inline]
    pub fn quiet_score(&self, side: Color, m: Move) -> i32 {
        self.quiet_score_of(side, PackedMove::new(m))
    }

    /// `quiet_score` of the move packed as `code`.
    #[inline]
    pub fn quiet_score_of(&self, side: Color, code: PackedMove) -> i32 {
        let (from, to) = code.squares();
        self.butterfly[side as usize][from][to]
    }

    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
    }

    /// A quiet move caused a beta cut-off: it becomes a killer and gains history; the
    /// quiet moves tried before it lose as much.
    pub fn reward_cutoff(&mut self, side: Color, ply: usize, best: Move, tried: &[Move], depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        let bonus = (depth * depth).min(BONUS_MAX);
        self.update(side, best, bonus);
        for &m in tried {
            self.update(side, m, -bonus);
        }
    }

    /// Gravity update: entries near the limit move less, so scores stay bounded and
    /// recent results weigh more.
    fn update(&mut self, side: Color, m: Move, bonus: i32) {
        let (from, to) = PackedMove::new(m).squares();
        let entry = &mut self.butterfly[side as usize][from][to];
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn cutoffs_reward_the_move_and_punish_the_ones_before() {
        let pos = Position::startpos();
        let good = pos.parse_uci_move("g1f3").expect("legal");
        let bad = pos.parse_uci_move("a2a3").expect("legal");
        let mut history = History::new();
        for _ in 0..1000 {
            history.reward_cutoff(Color::White, 3, good, &[bad], 20);
        }
        assert_eq!(history.killers(3), [Some(good), None]);
        let score = history.quiet_score(Color::White, good);
        assert!(score > HISTORY_MAX / 2 && score <= HISTORY_MAX, "{score}");
        assert!(history.quiet_score(Color::White, bad) >= -HISTORY_MAX);
        assert_eq!(history.quiet_score(Color::Black, good), 0);
        history.clear();
        assert_eq!(history.quiet_score(Color::White, good), 0);
        assert_eq!(history.killers(3), [None, None]);
    }
}
