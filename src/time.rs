//! How long to think, from the clock.
//!
//! The soft budget is when the driver stops starting new iterations; the hard budget is
//! when the search is aborted mid-iteration. Both leave the `Move Overhead` unspent and
//! never exceed what is on the clock.

use std::time::Duration;

use crate::search::params::{
    TIME_HARD_FACTOR, TIME_INCREMENT_CLOCK_PERCENT, TIME_MOVES_TO_GO_PERCENT, TIME_NO_INCREMENT_MOVES,
    TIME_SUDDEN_DEATH_MOVES,
};

/// Our side's clock in a `go` command.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    pub time: Duration,
    pub increment: Duration,
    /// Moves until the next time control; `None` for sudden death.
    pub moves_to_go: Option<u32>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    pub soft: Duration,
    pub hard: Duration,
}

/// The hard budget is `TIME_HARD_FACTOR` soft budgets (`crate::search::params`, with the
/// moves planned for when the clock does not say, `TIME_SUDDEN_DEATH_MOVES`, or
/// `TIME_NO_INCREMENT_MOVES` without an increment)...
/// ... but never more than this share of the usable time (1/2), or 9/10 when the next
/// time control comes after this move.
const MAX_SHARE: (u32, u32) = (1, 2);
const LAST_MOVE_SHARE: (u32, u32) = (9, 10);

impl TimeBudget {
    /// The budget for one move from the clock.
    pub fn from_clock(clock: Clock, overhead: Duration) -> TimeBudget {
        Self::from_clock_capped(clock, overhead, TIME_INCREMENT_CLOCK_PERCENT.get() as u32)
    }

    /// `from_clock` with the increment's part capped at `increment_clock_percent`
    /// hundredths of the usable clock (`increment_part`).
    fn from_clock_capped(clock: Clock, overhead: Duration, increment_clock_percent: u32) -> TimeBudget {
        let usable = clock.time.saturating_sub(overhead);
        let moves = clock.moves_to_go.unwrap_or_else(|| sudden_death_moves(clock.increment)).clamp(1, 50);
        let (num, den) = if moves == 1 { LAST_MOVE_SHARE } else { MAX_SHARE };
        // Saturating: a GUI may send any number, and a panic would end the engine.
        let cap = usable.saturating_mul(num) / den;
        let plan_percent = if clock.moves_to_go.is_some() { TIME_MOVES_TO_GO_PERCENT.get() as u32 } else { 100 };
        let share = planned_share(usable, moves, plan_percent);
        let soft = share.saturating_add(increment_part(clock.increment, usable, increment_clock_percent)).min(cap);
        let hard = soft.saturating_mul(TIME_HARD_FACTOR.get() as u32).min(cap);
        TimeBudget { soft, hard }
    }

    /// `go movetime`: use the time given, less the overhead (but at least half of it).
    pub fn from_movetime(movetime: Duration, overhead: Duration) -> TimeBudget {
        let time = movetime.saturating_sub(overhead).max(movetime / 2);
        TimeBudget { soft: time, hard: time }
    }

    /// The soft budget scaled by how the search is going (`scale`, from the driver), never
    /// beyond the hard budget. A fixed time (`go movetime`: soft and hard the same) is
    /// used in full, not scaled. `scale` is at most 2.7 (the driver's constants) and a soft
    /// budget at most half of `u64::MAX` ms, far below `Duration`'s range, so the
    /// multiplication cannot overflow.
    pub fn scaled_soft(self, scale: f64) -> Duration {
        if self.soft < self.hard { self.soft.mul_f64(scale).min(self.hard) } else { self.soft }
    }

    /// The tighter of two budgets (`go movetime` together with a clock).
    pub fn min(self, other: TimeBudget) -> TimeBudget {
        TimeBudget { soft: self.soft.min(other.soft), hard: self.hard.min(other.hard) }
    }
}

/// The moves a sudden-death clock is planned for: fewer when an increment comes back each
/// move than when nothing does.
fn sudden_death_moves(increment: Duration) -> u32 {
    let moves = if increment.is_zero() { TIME_NO_INCREMENT_MOVES.get() } else { TIME_SUDDEN_DEATH_MOVES.get() };
    moves as u32
}

/// The increment's part of a move's soft budget: three quarters of it, but at most
/// `clock_percent` hundredths of the usable clock. Spending the increment each move keeps
/// a clock where it is however low it has fallen; under the cap a move spends less and
/// the clock grows back.
fn increment_part(increment: Duration, usable: Duration, clock_percent: u32) -> Duration {
    let clock_cap = usable.saturating_mul(clock_percent) / 100;
    (increment.saturating_mul(3) / 4).min(clock_cap)
}

/// A move's share of `usable` when it is planned over `percent` hundredths of `moves`.
fn planned_share(usable: Duration, moves: u32, percent: u32) -> Duration {
    (usable / moves).saturating_mul(100) / percent.max(1)
}

/// `count` a second over `elapsed` (nodes per second), whole.
pub fn per_second(count: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(count) * 1_000_000 / micros) as u64
}

/// The closing line of bench and perft: `N nodes M nps`.
pub fn nodes_and_speed(nodes: u64, elapsed: Duration) -> String {
    format!("{nodes} nodes {} nps", per_second(nodes, elapsed))
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn budget(time: u64, inc: u64, mtg: Option<u32>, overhead: u64) -> TimeBudget {
        TimeBudget::from_clock(Clock { time: ms(time), increment: ms(inc), moves_to_go: mtg }, ms(overhead))
    }

    #[test]
    fn the_scaled_soft_budget_stays_within_the_hard_one_and_a_fixed_time_is_not_scaled() {
        let clock = budget(10_000, 100, None, 30);
        assert_eq!(clock.scaled_soft(0.5), clock.soft / 2);
        assert_eq!(clock.scaled_soft(1.5), clock.soft * 3 / 2);
        assert_eq!(clock.scaled_soft(10.0), clock.hard);
        let fixed = TimeBudget::from_movetime(ms(300), ms(30));
        assert_eq!(fixed.scaled_soft(0.5), ms(270));
        assert_eq!(fixed.scaled_soft(1.5), ms(270));
        let huge = Duration::from_millis(u64::MAX);
        let absurd = TimeBudget::from_clock(Clock { time: huge, increment: huge, moves_to_go: None }, ms(30));
        assert!(absurd.scaled_soft(2.7) <= absurd.hard);
    }

    #[test]
    fn sudden_death_with_increment() {
        let b = budget(10_000, 100, None, 30);
        assert_eq!(b.soft, ms(9970) / 25 + ms(75));
        assert_eq!(b.hard, b.soft * 3);
    }

    #[test]
    fn never_more_than_the_clock_allows() {
        for (time, inc, mtg) in [
            (100, 10, None),
            (50, 1000, None),
            (1000, 0, Some(1)),
            (1000, 5000, Some(1)),
            (20, 0, None),
            (0, 0, None),
            (60_000, 0, Some(2)),
        ] {
            let b = budget(time, inc, mtg, 30);
            let usable = ms(time).saturating_sub(ms(30));
            assert!(b.soft <= b.hard, "{time} {inc} {mtg:?}");
            assert!(b.hard <= usable, "{time} {inc} {mtg:?}: {b:?}");
        }
    }

    #[test]
    fn a_repeating_control_plans_over_the_moves_to_go() {
        let b = budget(40_030, 0, Some(40), 30);
        assert_eq!(b.soft, planned_share(ms(40_000), 40, TIME_MOVES_TO_GO_PERCENT.get() as u32));
        assert_eq!(b.hard, b.soft * 3);
        let with_increment = budget(40_030, 500, Some(40), 30);
        assert_eq!(with_increment.soft, b.soft + ms(375));
        // Planned over 1.3 times the moves to go: 40 s over 52 moves.
        assert_eq!(planned_share(ms(40_000), 40, 100), ms(1000));
        assert_eq!(planned_share(ms(40_000), 40, 130), ms(10_000) / 13);
        // The sudden-death plan is not stretched.
        let sudden = budget(25_030, 0, None, 30);
        assert_eq!(sudden.soft, ms(25_000) / TIME_NO_INCREMENT_MOVES.get() as u32);
    }

    #[test]
    fn sudden_death_plans_over_more_moves_only_without_an_increment() {
        let without = budget(60_030, 0, None, 30);
        assert_eq!(without.soft, ms(60_000) / TIME_NO_INCREMENT_MOVES.get() as u32);
        let with = budget(60_030, 1, None, 30);
        assert_eq!(with.soft, ms(60_000) / TIME_SUDDEN_DEATH_MOVES.get() as u32 + Duration::from_micros(750));
        // Nothing comes back without an increment, so each move gets less of the clock.
        assert!(without.soft < with.soft);
        // A repeating control plans over its moves to go either way.
        assert_eq!(
            budget(40_030, 0, Some(40), 30).soft,
            planned_share(ms(40_000), 40, TIME_MOVES_TO_GO_PERCENT.get() as u32)
        );
    }

    #[test]
    fn a_capped_increment_part_lets_a_low_clock_grow_back() {
        let clock = |time| Clock { time: ms(time), increment: ms(50), moves_to_go: None };
        // 150 ms left at 5+0.05 (session 90's time loss): uncapped, the move plans 42 ms of
        // the 50 ms coming back; capped at 12%, 19 ms.
        assert_eq!(TimeBudget::from_clock_capped(clock(150), ms(30), 100).soft, ms(120) / 25 + ms(37) + ms(1) / 2);
        let capped = TimeBudget::from_clock_capped(clock(150), ms(30), 12);
        assert_eq!(capped.soft, ms(120) / 25 + ms(120) * 12 / 100);
        // A full clock is not affected.
        assert_eq!(
            TimeBudget::from_clock_capped(clock(5_000), ms(30), 12),
            TimeBudget::from_clock_capped(clock(5_000), ms(30), 100)
        );
        // 300 moves, each spending 1.3 soft budgets (the driver's average) within the hard
        // one: uncapped the clock settles where the hard cap (half the clock) spends the
        // increment, about 130 ms; capped at 12%, at about 270 ms.
        let settle = |percent| {
            (0..300).fold(ms(5_000), |time, _| {
                let budget = TimeBudget::from_clock_capped(clock(time.as_millis() as u64), ms(30), percent);
                time - budget.soft.mul_f64(1.3).min(budget.hard) + ms(50)
            })
        };
        assert!(settle(100) < ms(150), "{:?}", settle(100));
        assert!(settle(12) > ms(250), "{:?}", settle(12));
    }

    #[test]
    fn last_move_before_the_control_may_use_most_of_the_clock() {
        let b = budget(1030, 0, Some(1), 30);
        assert_eq!(b.hard, ms(900));
    }

    #[test]
    fn absurd_clocks_do_not_overflow() {
        let huge = Duration::from_millis(u64::MAX);
        let b = TimeBudget::from_clock(Clock { time: huge, increment: huge, moves_to_go: None }, ms(30));
        assert!(b.soft <= b.hard);
        let b = TimeBudget::from_clock(Clock { time: ms(1000), increment: huge, moves_to_go: Some(1) }, ms(30));
        assert!(b.hard <= ms(970));
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        assert_eq!(TimeBudget::from_movetime(ms(1000), ms(30)).hard, ms(970));
        assert_eq!(TimeBudget::from_movetime(ms(40), ms(30)).hard, ms(20));
    }
}
