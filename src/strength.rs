//! Weaker play for people (`UCI_LimitStrength`, `UCI_Elo`), by two handicaps that both
//! grow as the Elo falls:
//!
//! 1. A node budget per move: fewer nodes, shallower search, tactics missed as a weaker
//!    player misses them.
//! 2. The move is drawn from the `CANDIDATES` best lines (an internal MultiPV search),
//!    each with weight `exp(-(best score - its score) / temperature)`: slightly worse
//!    moves are played often, much worse ones rarely, and a forced move or a mate is never
//!    missed for the sake of variety.
//!
//! Both come from `ANCHORS`, handicaps whose Elo was measured: between two anchors the
//! budget's logarithm and the temperature are interpolated linearly. The scale is
//! Stockfish 15.1's own `UCI_Elo` at 10+0.1 (`tools/calibrate_elo.sh`; the README's table,
//! the fit in docs/readme-experiments.md). Every setting is a handicap, the top one too:
//! full strength is `UCI_LimitStrength false`, far above it. Measure the settings again
//! after every new network or search step that is built in, and refit the anchors when a
//! setting lands more than 75 Elo from its number (bramble-11, session 88: none did).

use rand::{Rng, RngExt};
use shakmaty::Move;

use crate::scores::TB_WIN_BOUND;

/// Stockfish 15.1's lowest `UCI_Elo`, the lowest this scale can be measured at.
pub const ELO_MIN: i64 = 1350;
/// The highest setting, at the last anchor (measured 2438 [2376, 2494]; a setting above
/// the last anchor plays its handicap): still a handicap, full strength is far above.
pub const ELO_MAX: i64 = 2450;
/// Lines the move is chosen from.
pub const CANDIDATES: usize = 4;

/// A handicap and the Elo it measured.
struct Anchor {
    elo: i64,
    nodes: f64,
    /// In centipawns.
    temperature: f64,
}

/// Measured with bramble-9 against Stockfish 15.1 at 10+0.1 (docs/readme-experiments.md),
/// 100 games each at the same `UCI_Elo` as the setting that played them (sessions 62 and
/// 63), except 1420 (40 games against Stockfish at 1500). 2196 and 2200: two handicaps
/// that measured alike, both kept so that 2000 keeps the handicap it was measured with.
const ANCHORS: [Anchor; 7] = [
    Anchor { elo: ELO_MIN, nodes: 780.0, temperature: 127.0 },
    Anchor { elo: 1420, nodes: 1_350.0, temperature: 118.0 },
    Anchor { elo: 1819, nodes: 12_230.0, temperature: 80.1 },
    Anchor { elo: 1880, nodes: 60_151.0, temperature: 52.69 },
    Anchor { elo: 2196, nodes: 350_438.0, temperature: 20.52 },
    Anchor { elo: 2200, nodes: 453_153.0, temperature: 14.65 },
    Anchor { elo: 2438, nodes: 637_345.0, temperature: 6.86 },
];

/// A strength setting, `ELO_MIN..=ELO_MAX`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StrengthLimit {
    elo: i64,
}

impl StrengthLimit {
    pub fn new(elo: i64) -> StrengthLimit {
        StrengthLimit { elo: elo.clamp(ELO_MIN, ELO_MAX) }
    }

    /// The most nodes a move may search.
    pub fn node_budget(self) -> u64 {
        self.interpolate(|anchor| anchor.nodes.log2()).exp2().round() as u64
    }

    fn temperature(self) -> f64 {
        self.interpolate(|anchor| anchor.temperature)
    }

    /// `value` of the anchors, linear in the Elo between the two around this setting; the
    /// last anchor's above it.
    fn interpolate(self, value: impl Fn(&Anchor) -> f64) -> f64 {
        let upper = ANCHORS.iter().position(|anchor| anchor.elo >= self.elo).unwrap_or(ANCHORS.len() - 1).max(1);
        let (low, high) = (&ANCHORS[upper - 1], &ANCHORS[upper]);
        let t = ((self.elo - low.elo) as f64 / (high.elo - low.elo) as f64).min(1.0);
        value(low) + t * (value(high) - value(low))
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
    fn the_handicaps_follow_the_anchors_and_the_range_is_clamped() {
        assert!(ANCHORS.windows(2).all(|pair| pair[0].elo < pair[1].elo && pair[0].nodes < pair[1].nodes));
        let top = &ANCHORS[ANCHORS.len() - 1];
        assert!(ANCHORS[0].elo == ELO_MIN && (ELO_MAX - top.elo).abs() <= 25);
        for anchor in &ANCHORS {
            let limit = StrengthLimit { elo: anchor.elo };
            assert_eq!(limit.node_budget(), anchor.nodes as u64, "at {}", anchor.elo);
            assert!((limit.temperature() - anchor.temperature).abs() < 1e-9, "at {}", anchor.elo);
        }
        // Halfway in Elo between 1880 and 2196: the budgets' geometric mean.
        let halfway = StrengthLimit { elo: (1880 + 2196) / 2 }.interpolate(|anchor| anchor.nodes.log2()).exp2();
        assert!((halfway / (60_151.0f64 * 350_438.0).sqrt() - 1.0).abs() < 0.01, "{halfway}");
        // The top setting plays the last anchor's handicap.
        assert_eq!(StrengthLimit::new(ELO_MAX).node_budget(), top.nodes as u64);
        assert!((StrengthLimit::new(ELO_MAX).temperature() - top.temperature).abs() < 1e-9);
        assert_eq!(StrengthLimit::new(0), StrengthLimit::new(ELO_MIN));
        assert_eq!(StrengthLimit::new(9999), StrengthLimit::new(ELO_MAX));
    }

    #[test]
    fn weaker_settings_play_worse_moves_more_often() {
        let scores = [50, 20, 0, -200];
        let weak = counts(StrengthLimit::new(ELO_MIN), scores);
        let middle = counts(StrengthLimit::new(1800), scores);
        let top = counts(StrengthLimit::new(ELO_MAX), scores);
        // The top setting (about 7 cp) nearly always plays the best line, never the blunder.
        assert!(top[0] > 9_700 && top[3] == 0, "{top:?}");
        assert!(weak[0] < middle[0] && middle[0] < top[0], "{weak:?} {middle:?} {top:?}");
        // Shares follow the weights: at 127 cp, 30 cp less is exp(-0.236) as likely.
        let ratio = weak[1] as f64 / weak[0] as f64;
        assert!((ratio - (-30.0 / ANCHORS[0].temperature).exp()).abs() < 0.06, "{weak:?}");
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
