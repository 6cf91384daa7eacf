//! Time management: how long to think on this move, from the clock. Pure arithmetic on
//! durations: the caller (GTP `time_settings`/`time_left`, the server's clocks) says what
//! is left.
//!
//! The plan for a move is a *target* (what a normal move gets) and a *limit* (what an
//! unclear move may take). Both leave a safety margin for the time the answer needs to
//! reach the clock (a controller's lag, a server's network), so that the engine never
//! loses on time while it still has a period or main time it could have used.
//!
//! ```
//! use std::time::Duration;
//! use tengen_engine::{Clock, TimeControl};
//!
//! let control = TimeControl::ByoYomi { main: Duration::ZERO, period: Duration::from_secs(10), periods: 3 };
//! let clock = Clock::fresh(&control);
//! let plan = control.plan(&clock, 81, 10);
//! assert!(plan.limit < Duration::from_secs(10));
//! assert!(plan.target <= plan.limit);
//! ```

use std::time::Duration;

/// A time system.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No clock at all.
    None,
    /// Main time only: the game is lost when it runs out.
    Absolute {
        /// The whole game's time.
        main: Duration,
    },
    /// Japanese byo-yomi: main time, then `periods` periods of `period` each; a move made
    /// within a period keeps it.
    ByoYomi {
        /// Main time.
        main: Duration,
        /// One period.
        period: Duration,
        /// Number of periods.
        periods: u32,
    },
    /// Canadian overtime: main time, then `stones` moves in every `period`.
    Canadian {
        /// Main time.
        main: Duration,
        /// One period.
        period: Duration,
        /// Moves to make in each period.
        stones: u32,
    },
    /// Fischer: main time, plus `increment` after every move.
    Fischer {
        /// Main time.
        main: Duration,
        /// Added after each move.
        increment: Duration,
    },
}

/// What is left on one player's clock.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Main time left (for Fischer: all the time left).
    pub main: Duration,
    /// In overtime: the time left in the current period (byo-yomi, Canadian).
    pub period: Duration,
    /// Byo-yomi: periods left, the current one included. Canadian: moves still to make in
    /// the current period (0 while in main time).
    pub count: u32,
}

impl Clock {
    /// The clock at the start of a game.
    #[must_use]
    pub fn fresh(control: &TimeControl) -> Clock {
        match *control {
            TimeControl::None => Clock {
                main: Duration::MAX,
                period: Duration::ZERO,
                count: 0,
            },
            TimeControl::Absolute { main } | TimeControl::Fischer { main, .. } => Clock {
                main,
                period: Duration::ZERO,
                count: 0,
            },
            TimeControl::ByoYomi {
                main,
                period,
                periods,
            } => Clock {
                main,
                period,
                count: periods,
            },
            TimeControl::Canadian { main, period, .. } => Clock {
                main,
                period,
                count: 0,
            },
        }
    }
}

/// How long to think on one move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimePlan {
    /// A normal move's thinking time.
    pub target: Duration,
    /// The most an unclear move may take.
    pub limit: Duration,
}

/// Kept back from every period and from the end of main time: what the answer needs to
/// reach the clock, and the search's own margin.
pub const SAFETY: Duration = Duration::from_millis(700);

/// The least thinking time a plan gives (unless the clock has less).
const FLOOR: Duration = Duration::from_millis(50);

impl TimeControl {
    /// The plan for the next move with `clock` left, on a board of `area` points with
    /// `moves_played` moves (both colours) played so far.
    #[must_use]
    pub fn plan(&self, clock: &Clock, area: usize, moves_played: usize) -> TimePlan {
        // Moves this player still expects to make: about 40 % of the points, at least a
        // quarter of the board's moves (games go long), counted for one colour.
        let expected = ((area as f64 * 0.85 - moves_played as f64 * 0.5).max(area as f64 * 0.2)
            / 2.0)
            .max(6.0);
        let share = |main: Duration| main.as_secs_f64() / expected;
        match *self {
            TimeControl::None => TimePlan {
                target: Duration::MAX,
                limit: Duration::MAX,
            },
            TimeControl::Absolute { .. } => {
                let usable = clock.main.saturating_sub(SAFETY);
                // Keep a reserve for the end: never more than a tenth of what is left.
                plan_from(share(usable) * 0.9, usable.as_secs_f64() / 10.0)
            }
            TimeControl::Fischer { increment, .. } => {
                let usable = clock.main.saturating_sub(SAFETY);
                let increment = increment.as_secs_f64() * 0.8;
                let target = share(usable) + increment;
                plan_from(
                    target,
                    (usable.as_secs_f64() / 4.0 + increment).min(usable.as_secs_f64()),
                )
            }
            TimeControl::ByoYomi { period, .. } => {
                let safe_period = period.saturating_sub(SAFETY).as_secs_f64();
                if clock.main > Duration::ZERO {
                    // In main time: spend it as in absolute time, plus what a period
                    // gives for free (a move in a period costs nothing).
                    let usable = clock.main.as_secs_f64();
                    let target = usable / expected + safe_period * 0.5;
                    plan_from(target, (usable / 4.0 + safe_period).max(target))
                        .capped(clock.main.saturating_add(period.saturating_sub(SAFETY)))
                } else {
                    let left = clock.period.saturating_sub(SAFETY).as_secs_f64();
                    plan_from(left * 0.6, left)
                }
            }
            TimeControl::Canadian { stones, .. } => {
                if clock.main > Duration::ZERO {
                    let usable = clock.main.saturating_sub(SAFETY).as_secs_f64();
                    plan_from(usable / expected, usable / 4.0)
                } else {
                    let moves = clock.count.max(1).min(stones.max(1));
                    let left = clock.period.saturating_sub(SAFETY).as_secs_f64();
                    let per_move = left / f64::from(moves);
                    plan_from(per_move * 0.9, (per_move * 1.5).min(left))
                }
            }
        }
    }
}

fn plan_from(target: f64, limit: f64) -> TimePlan {
    let floor = FLOOR.as_secs_f64();
    let limit = limit.max(0.0);
    let target = target.clamp(0.0, limit);
    TimePlan {
        target: Duration::from_secs_f64(target.max(floor.min(limit))),
        limit: Duration::from_secs_f64(limit.max(floor.min(limit))),
    }
}

impl TimePlan {
    fn capped(self, most: Duration) -> TimePlan {
        TimePlan {
            target: self.target.min(most),
            limit: self.limit.min(most),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn byo_yomi_period_is_never_overrun() {
        let control = TimeControl::ByoYomi {
            main: Duration::ZERO,
            period: secs(5.0),
            periods: 1,
        };
        let clock = Clock {
            main: Duration::ZERO,
            period: secs(5.0),
            count: 1,
        };
        let plan = control.plan(&clock, 361, 100);
        assert!(plan.limit <= secs(5.0) - SAFETY);
        assert!(plan.target >= secs(2.0));
    }

    #[test]
    fn absolute_time_keeps_a_reserve_and_scales_with_the_board() {
        let control = TimeControl::Absolute { main: secs(600.0) };
        let clock = Clock::fresh(&control);
        let nine = control.plan(&clock, 81, 0);
        let nineteen = control.plan(&clock, 361, 0);
        assert!(nine.target > nineteen.target);
        assert!(nine.limit <= secs(60.0));
        let nearly_out = Clock {
            main: secs(1.0),
            ..clock
        };
        let plan = control.plan(&nearly_out, 81, 60);
        assert!(plan.limit <= secs(0.3), "{plan:?}");
    }

    #[test]
    fn canadian_overtime_divides_the_period_by_the_stones_left() {
        let control = TimeControl::Canadian {
            main: Duration::ZERO,
            period: secs(60.0),
            stones: 10,
        };
        let clock = Clock {
            main: Duration::ZERO,
            period: secs(30.0),
            count: 5,
        };
        let plan = control.plan(&clock, 361, 150);
        let per_move = (30.0 - SAFETY.as_secs_f64()) / 5.0;
        assert!(plan.target.as_secs_f64() <= per_move);
        assert!(plan.limit.as_secs_f64() <= per_move * 1.5 + 1e-9);
    }

    #[test]
    fn fischer_spends_the_increment() {
        let control = TimeControl::Fischer {
            main: secs(30.0),
            increment: secs(10.0),
        };
        let clock = Clock {
            main: secs(30.0),
            period: Duration::ZERO,
            count: 0,
        };
        let plan = control.plan(&clock, 81, 20);
        assert!(plan.target >= secs(8.0));
        assert!(plan.limit <= secs(30.0));
    }
}
