//! Server-side clocks: none, byo-yomi and Fischer. The server charges time; the browser only
//! displays what the server sends.

use serde::{Deserialize, Serialize};

/// A game's clock settings, as chosen when the game is created: none, byo-yomi or Fischer,
/// in whole seconds (what the game's record and the browser carry; the engine thinks with
/// `tengen_engine::TimeControl`, made from these).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ClockSettings {
    /// No clock.
    None,
    /// Main time, then `periods` periods of `period_s` seconds; a move inside a period keeps it.
    ByoYomi {
        /// Main time in seconds.
        main_s: u32,
        /// Length of one byo-yomi period in seconds.
        period_s: u32,
        /// Number of periods.
        periods: u32,
    },
    /// Fischer: `initial_s`, plus `increment_s` after each move, capped at `max_s`.
    Fischer {
        /// Starting time in seconds.
        initial_s: u32,
        /// Seconds added after each move.
        increment_s: u32,
        /// The most a clock can hold, in seconds.
        max_s: u32,
    },
}

impl ClockSettings {
    /// Checks the numbers are sensible (at most a day of main time, at least a second a period).
    ///
    /// # Errors
    /// A message for the player.
    pub fn validate(&self) -> Result<(), String> {
        const DAY: u32 = 86_400;
        match *self {
            ClockSettings::None => Ok(()),
            ClockSettings::ByoYomi {
                main_s,
                period_s,
                periods,
            } => {
                if main_s > DAY || !(1..=3600).contains(&period_s) || !(1..=30).contains(&periods) {
                    Err(
                        "byo-yomi: main time up to a day, periods of 1 s to 1 h, 1 to 30 periods"
                            .into(),
                    )
                } else {
                    Ok(())
                }
            }
            ClockSettings::Fischer {
                initial_s,
                increment_s,
                max_s,
            } => {
                if !(1..=DAY).contains(&initial_s) || increment_s > 3600 || max_s < initial_s {
                    Err("Fischer: initial time 1 s to a day, increment up to 1 h, cap at least the initial time".into())
                } else if max_s > DAY {
                    Err("Fischer: the cap is at most a day".into())
                } else {
                    Ok(())
                }
            }
        }
    }

    /// The clock each player starts with.
    #[must_use]
    pub fn start(&self) -> ClockState {
        match *self {
            ClockSettings::None => ClockState::default(),
            ClockSettings::ByoYomi {
                main_s, periods, ..
            } => ClockState {
                main_ms: u64::from(main_s) * 1000,
                periods,
            },
            ClockSettings::Fischer { initial_s, .. } => ClockState {
                main_ms: u64::from(initial_s) * 1000,
                periods: 0,
            },
        }
    }

    /// How long the player to move may think from a clock in state `clock` before flagging,
    /// in milliseconds (`None` without a clock).
    #[must_use]
    pub fn time_left_ms(&self, clock: &ClockState) -> Option<u64> {
        match *self {
            ClockSettings::None => None,
            ClockSettings::ByoYomi { period_s, .. } => {
                Some(clock.main_ms + u64::from(period_s) * 1000 * u64::from(clock.periods))
            }
            ClockSettings::Fischer { .. } => Some(clock.main_ms),
        }
    }

    /// Charges a move that took `elapsed_ms`: the clock after the move, or `None` if the
    /// player's time ran out before it.
    #[must_use]
    pub fn charge(&self, clock: &ClockState, elapsed_ms: u64) -> Option<ClockState> {
        match *self {
            ClockSettings::None => Some(*clock),
            ClockSettings::ByoYomi { period_s, .. } => {
                if elapsed_ms < clock.main_ms {
                    return Some(ClockState {
                        main_ms: clock.main_ms - elapsed_ms,
                        periods: clock.periods,
                    });
                }
                let over = elapsed_ms - clock.main_ms;
                let period_ms = u64::from(period_s) * 1000;
                let used = over / period_ms;
                if used >= u64::from(clock.periods) {
                    return None;
                }
                Some(ClockState {
                    main_ms: 0,
                    periods: clock.periods - used as u32,
                })
            }
            ClockSettings::Fischer {
                increment_s, max_s, ..
            } => {
                if elapsed_ms >= clock.main_ms {
                    return None;
                }
                let left = clock.main_ms - elapsed_ms + u64::from(increment_s) * 1000;
                Some(ClockState {
                    main_ms: left.min(u64::from(max_s) * 1000),
                    periods: 0,
                })
            }
        }
    }

    /// A one-line description: `byo-yomi 10:00 + 5×30s`.
    #[must_use]
    pub fn describe(&self) -> String {
        match *self {
            ClockSettings::None => "no clock".into(),
            ClockSettings::ByoYomi {
                main_s,
                period_s,
                periods,
            } => format!("byo-yomi {} main + {periods}×{period_s}s", minutes(main_s)),
            ClockSettings::Fischer {
                initial_s,
                increment_s,
                max_s,
            } => format!(
                "Fischer {} + {increment_s}s per move, up to {}",
                minutes(initial_s),
                minutes(max_s)
            ),
        }
    }
}

fn minutes(s: u32) -> String {
    format!("{}:{:02}", s / 60, s % 60)
}

/// One player's clock between moves.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// Main time left (Fischer: all the time left), in milliseconds.
    pub main_ms: u64,
    /// Byo-yomi periods left.
    pub periods: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    const BYO: ClockSettings = ClockSettings::ByoYomi {
        main_s: 10,
        period_s: 5,
        periods: 3,
    };

    #[test]
    fn byo_yomi_move_inside_a_period_keeps_it() {
        let c = BYO.start();
        let c = BYO.charge(&c, 12_000).unwrap();
        assert_eq!(
            c,
            ClockState {
                main_ms: 0,
                periods: 3
            }
        );
        let c = BYO.charge(&c, 6_000).unwrap();
        assert_eq!(c.periods, 2);
        assert_eq!(BYO.charge(&c, 10_000), None);
        assert_eq!(BYO.time_left_ms(&c), Some(10_000));
    }

    #[test]
    fn fischer_adds_the_increment_up_to_the_cap() {
        let f = ClockSettings::Fischer {
            initial_s: 60,
            increment_s: 10,
            max_s: 65,
        };
        let c = f.charge(&f.start(), 1_000).unwrap();
        assert_eq!(c.main_ms, 65_000);
        assert_eq!(f.charge(&c, 65_000), None);
    }

    #[test]
    fn no_clock_never_flags() {
        let t = ClockSettings::None;
        assert_eq!(t.charge(&t.start(), u64::MAX), Some(ClockState::default()));
        assert_eq!(t.time_left_ms(&t.start()), None);
    }
}
