//! Weaker play for people (`UCI_LimitStrength`, `UCI_Elo`), by two handicaps that both
//! grow as the Elo falls:
//!
//! 1. A node budget per move, doubling every `ELO_PER_DOUBLING` Elo from
//!    `NODES_AT_MIN_ELO` at the lowest setting: fewer nodes, shallower search, tactics
//!    missed as a weaker player misses them.
//! 2. The move is drawn from the `CANDIDATES` best lines (an internal MultiPV search),
//!    each with weight `exp(-(best score - its score) / temperature)`, the temperature
//!    falling linearly from `TEMPERATURE_AT_MIN_ELO` centipawns to 0 at the top setting:
//!    slightly worse moves are played often, much worse ones rarely, and a forced move or
//!    a mate is never missed for the sake of variety.
//!
//! The constants are fitted so that the set Elo matches the Elo measured against
//! Stockfish 15.1's own limited strength at 10+0.1 (README, *Strength limit*; the fit in
//! docs/readme-experiments.md), and the top setting is Bramble's full strength on that
//! scale, so it plays with no limit.

use rand::{Rng, RngExt};
use shakmaty::Move;

use crate::scores::TB_WIN_BOUND;

pub const ELO_MIN: i64 = 1000;
/// Bramble's full strength measured on the calibration's scale: no handicap at all.
pub const ELO_MAX: i64 = 2050;
/// The node budget at `ELO_MIN`.
const NODES_AT_MIN_ELO: f64 = 1350.0;
/// The budget doubles every this many Elo.
const ELO_PER_DOUBLING: f64 = 106.0;
/// Lines the move is chosen from.
pub const CANDIDATES: usize = 4;
/// The choice's temperature at `ELO_MIN`, in centipawns; 0 at `ELO_MAX`.
const TEMPERATURE_AT_MIN_ELO: f64 = 118.0;

/// A strength setting, `ELO_MIN..=ELO_MAX`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StrengthLimit {
    elo: i64,
}

impl StrengthLimit {
    pub fn new(elo: i64) -> StrengthLimit {
        StrengthLimit { elo: elo.clamp(ELO_MIN, ELO_MAX) }
    }

    /// The handicap for a `UCI_Elo` setting; none at `ELO_MAX`, which is full strength.
    pub fn for_setting(elo: i64) -> Option<StrengthLimit> {
        let limit = StrengthLimit::new(elo);
        (limit.elo < ELO_MAX).then_some(limit)
    }

    /// The most nodes a move may search.
    pub fn node_budget(self) -> u64 {
        let doublings = (self.elo - ELO_MIN) as f64 / ELO_PER_DOUBLING;
        (NODES_AT_MIN_ELO * doublings.exp2()) as u64
    }

    fn temperature(self) -> f64 {
        TEMPERATURE_AT_MIN_ELO * (ELO_MAX - self.elo) as f64 / (ELO_MAX - ELO_MIN) as f64
    }

    /// Picks the move to play from `lines` (first move and score of each line, the
    /// search's choice first). `None` only when there are no lines.
    pub fn choose(self, lines: &[(Move, i32)], rng: &mut impl Rng) -> Option<Move> {
        let &(best_move, _) = lines.first()?;
        let best = lines.iter().map(|&(_, score)| score).max()?;
        let temperature = self.temperature();
        // A proven result is never given away, nor is the only sensible move varied.
        if temperature <= 0.0 || best.abs() >= TB_WIN_BOUND {
            return Some(best_move);
        }
        let weights: Vec<f64> =
            lines.iter().map(|&(_, score)| (-f64::from(best - score) / temperature).exp()).collect();
        let mut pick = rng.random::<f64>() * weights.iter().sum::<f64>();
        for (&(m, _), weight) in lines.iter().zip(&weights) {
            if pick < *weight {
                return Some(m);
            }
            pick -= weight;
        }
        Some(best_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::scores::MATE;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    fn moves() -> [Move; 4] {
        let pos = Position::startpos();
        ["e2e4", "d2d4", "g1f3", "a2a3"].map(|m| pos.parse_uci_move(m).expect("legal"))
    }

    fn counts(limit: StrengthLimit, scores: [i32; 4]) -> [usize; 4] {
        let moves = moves();
        let lines: Vec<(Move, i32)> = moves.iter().copied().zip(scores).collect();
        let mut rng = StdRng::seed_from_u64(1);
        let mut counts = [0; 4];
        for _ in 0..10_000 {
            let chosen = limit.choose(&lines, &mut rng).expect("a move");
            counts[moves.iter().position(|&m| m == chosen).expect("one of the lines")] += 1;
        }
        counts
    }

    #[test]
    fn the_budget_doubles_every_106_elo_and_the_range_is_clamped() {
        assert_eq!(StrengthLimit::new(ELO_MIN).node_budget(), 1350);
        assert_eq!(StrengthLimit::new(ELO_MIN + 106).node_budget(), 2700);
        assert_eq!(StrengthLimit::new(ELO_MIN + 848).node_budget(), 345_600);
        assert_eq!(StrengthLimit::new(0), StrengthLimit::new(ELO_MIN));
        assert_eq!(StrengthLimit::new(9999), StrengthLimit::new(ELO_MAX));
        assert_eq!(StrengthLimit::for_setting(ELO_MAX), None);
        assert_eq!(StrengthLimit::for_setting(ELO_MAX - 1), Some(StrengthLimit::new(ELO_MAX - 1)));
    }

    #[test]
    fn weaker_settings_play_worse_moves_more_often() {
        let scores = [50, 20, 0, -200];
        let weak = counts(StrengthLimit::new(ELO_MIN), scores);
        let middle = counts(StrengthLimit::new(1800), scores);
        let top = counts(StrengthLimit::new(ELO_MAX), scores);
        assert_eq!(top, [10_000, 0, 0, 0]);
        assert!(weak[0] < middle[0] && middle[0] < 10_000, "{weak:?} {middle:?}");
        // Shares follow the weights: at 150 cp, 30 cp less is exp(-0.2) as likely.
        let ratio = weak[1] as f64 / weak[0] as f64;
        assert!((ratio - (-0.2f64).exp()).abs() < 0.06, "{weak:?}");
        assert!(weak[3] < weak[2] / 3, "a blunder stays rare: {weak:?}");
    }

    #[test]
    fn proven_results_are_never_varied() {
        assert_eq!(counts(StrengthLimit::new(ELO_MIN), [MATE - 3, 0, 0, 0]), [10_000, 0, 0, 0]);
        assert_eq!(
            counts(StrengthLimit::new(ELO_MIN), [-(MATE - 4), -(MATE - 2), -(MATE - 2), -(MATE - 2)])[0],
            10_000
        );
        assert_eq!(StrengthLimit::new(ELO_MIN).choose(&[], &mut StdRng::seed_from_u64(1)), None);
    }
}
