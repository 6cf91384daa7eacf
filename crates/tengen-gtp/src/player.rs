//! The Monte-Carlo player behind `genmove` (`tengen-engine`), with its options and the
//! GTP clock commands: `time_settings`, `time_left`, `kgs-time_settings`.

use std::{time::Duration, time::Instant};

use tengen_core::{ByColor, Color, Game, Move, Phase};
use tengen_engine::{
    Clock, Decision, HOPELESS_WINRATE, MAX_LEVEL, MoveRequest, Player, PlayerConfig, SearchConfig,
    TimeControl,
};

use crate::parse_color;

/// How the engine plays: `tengen gtp --level --playouts --time --threads --no-resign`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerOptions {
    /// Strength 1..=10 (10: full strength).
    pub level: u8,
    /// Playouts per move at most.
    pub playouts: Option<u64>,
    /// Seconds per move when the controller sets no clock.
    pub time: Option<Duration>,
    /// Search threads.
    pub threads: usize,
    /// Resign hopeless games.
    pub resign: bool,
    /// Seed of the random playouts.
    pub seed: u32,
}

impl PlayerOptions {
    /// What `Engine::new` plays with: level 1 on one thread, a beginner that still captures
    /// and saves stones, answering at once.
    #[must_use]
    pub fn weakest() -> PlayerOptions {
        PlayerOptions {
            level: 1,
            playouts: None,
            time: None,
            threads: 1,
            resign: false,
            seed: 1,
        }
    }

    /// Full strength, `seconds` a move, on every core.
    #[must_use]
    pub fn strongest(seconds: f64) -> PlayerOptions {
        PlayerOptions {
            level: MAX_LEVEL,
            playouts: None,
            time: Some(Duration::from_secs_f64(seconds)),
            threads: default_threads(),
            resign: true,
            seed: 1,
        }
    }

    fn config(&self) -> PlayerConfig {
        PlayerConfig {
            level: self.level,
            playouts: self.playouts,
            // Some budget is needed when neither the level nor the user gives one.
            time_per_move: self.time.or_else(|| {
                (self.level == MAX_LEVEL && self.playouts.is_none())
                    .then_some(Duration::from_secs(2))
            }),
            resign_below: self.resign.then_some(HOPELESS_WINRATE),
            search: SearchConfig {
                threads: self.threads.max(1),
                seed: self.seed,
                ..SearchConfig::default()
            },
        }
    }
}

/// The machine's cores (the default of `--threads`).
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}

/// Parses `--level`: 1 to 10.
///
/// # Errors
/// A message naming the value.
pub fn parse_level(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u8>() {
        Ok(level @ 1..=MAX_LEVEL) => Ok(level),
        _ => Err(format!(
            "level {text:?} is not a level: levels go from 1 (a beginner) to {MAX_LEVEL} (full strength)"
        )),
    }
}

/// Parses `--time`: a positive number of seconds.
///
/// # Errors
/// A message naming the value.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("time {text:?} is not a positive number of seconds (at most a day)"))
}

/// Parses `--playouts`: a positive whole number.
///
/// # Errors
/// A message naming the value.
pub fn parse_playouts(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n @ 1..=1_000_000_000) => Ok(n),
        _ => Err(format!(
            "playouts {text:?} is not a whole number from 1 to 10^9"
        )),
    }
}

/// Parses `--threads`: 1 to 256.
///
/// # Errors
/// A message naming the value.
pub fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n @ 1..=256) => Ok(n),
        _ => Err(format!(
            "threads {text:?} is not a whole number from 1 to 256"
        )),
    }
}

/// The player with the clocks the controller announced.
pub(crate) struct GtpPlayer {
    options: PlayerOptions,
    player: Player,
    control: TimeControl,
    clocks: ByColor<Option<Clock>>,
}

impl std::fmt::Debug for GtpPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GtpPlayer")
            .field("options", &self.options)
            .field("control", &self.control)
            .finish_non_exhaustive()
    }
}

impl Clone for GtpPlayer {
    /// The same options and clocks, without the search tree.
    fn clone(&self) -> GtpPlayer {
        GtpPlayer {
            player: Player::new(self.options.config()),
            options: self.options.clone(),
            control: self.control,
            clocks: self.clocks,
        }
    }
}

type Answer = Result<String, String>;

fn syntax(detail: impl std::fmt::Display) -> String {
    format!("syntax error: {detail}")
}

fn parse_time(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .map_err(|_| syntax(format!("{text:?} is not a non-negative integer")))
}

impl GtpPlayer {
    pub(crate) fn new(options: PlayerOptions) -> GtpPlayer {
        GtpPlayer {
            player: Player::new(options.config()),
            options,
            control: TimeControl::None,
            clocks: ByColor::default(),
        }
    }

    pub(crate) fn options(&self) -> &PlayerOptions {
        &self.options
    }

    /// The underlying player (analysis).
    pub(crate) fn player_mut(&mut self) -> &mut Player {
        &mut self.player
    }

    /// A move for `color` in `game` (resumed if play had stopped; `color` made the player
    /// to move if it is not).
    pub(crate) fn genmove(&mut self, game: &Game, color: Color, cleanup: bool) -> Decision {
        let original = game;
        let mut game = game.clone();
        if game.phase() == Phase::Scoring {
            let _ = game.resume(color.other());
        }
        if game.phase() != Phase::Playing {
            return Decision::Play(Move::Pass);
        }
        let game = with_to_move(game, color);
        let clock = (self.control != TimeControl::None).then(|| {
            self.clocks
                .get(color)
                .unwrap_or_else(|| Clock::fresh(&self.control))
        });
        let started = Instant::now();
        let request = MoveRequest {
            time_control: self.control,
            clock,
            cleanup,
            cancel: None,
        };
        let decision = self.player.genmove(&game, &request);
        let decision = match decision {
            // A position rebuilt for an out-of-turn request has no history: check again.
            Decision::Play(mv) if original.check_ignoring_turn(color, mv).is_err() => {
                Decision::Play(Move::Pass)
            }
            other => other,
        };
        if let Some(clock) = clock {
            // Keep our own count until the controller's next `time_left`.
            *self.clocks.get_mut(color) = Some(spend(&self.control, clock, started.elapsed()));
        }
        decision
    }

    pub(crate) fn time_settings(&mut self, args: &[String]) -> Answer {
        let [main, byo, stones] = args else {
            return Err(syntax(
                "time_settings takes main time, byo-yomi time and byo-yomi stones",
            ));
        };
        let (main, byo, stones) = (parse_time(main)?, parse_time(byo)?, parse_time(stones)?);
        // GTP 2, 4.4: byo-yomi time 0 is absolute time; byo-yomi stones 0 with a byo-yomi
        // time means no time limit.
        self.control = match (byo, stones) {
            (0, _) => TimeControl::Absolute {
                main: Duration::from_secs(main),
            },
            (_, 0) => TimeControl::None,
            (byo, stones) => TimeControl::Canadian {
                main: Duration::from_secs(main),
                period: Duration::from_secs(byo),
                stones: u32::try_from(stones).unwrap_or(u32::MAX),
            },
        };
        if main == 0 && byo == 0 {
            // "0 0 0" is no time limit in practice (and in GNU Go).
            self.control = TimeControl::None;
        }
        self.clocks = ByColor::default();
        Ok(String::new())
    }

    pub(crate) fn time_left(&mut self, args: &[String]) -> Answer {
        let [color, time, stones] = args else {
            return Err(syntax("time_left takes a color, a time and a stone count"));
        };
        let color = parse_color(color).map_err(syntax)?;
        let (time, stones) = (parse_time(time)?, parse_time(stones)?);
        let left = Duration::from_secs(time);
        let count = u32::try_from(stones).unwrap_or(u32::MAX);
        let clock = match self.control {
            TimeControl::None => return Ok(String::new()),
            TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => Clock {
                main: left,
                period: Duration::ZERO,
                count: 0,
            },
            // In overtime (`stones` > 0): the time left in this period, and the stones
            // still to play in it (Canadian) or, as KGS sends it, the periods left
            // (byo-yomi).
            _ if stones > 0 => Clock {
                main: Duration::ZERO,
                period: left,
                count,
            },
            TimeControl::ByoYomi {
                period, periods, ..
            } => Clock {
                main: left,
                period,
                count: periods,
            },
            TimeControl::Canadian { period, .. } => Clock {
                main: left,
                period,
                count: 0,
            },
        };
        *self.clocks.get_mut(color) = Some(clock);
        Ok(String::new())
    }

    pub(crate) fn kgs_time_settings(&mut self, args: &[String]) -> Answer {
        let (kind, rest) = args
            .split_first()
            .ok_or_else(|| syntax("kgs-time_settings takes none, absolute, byoyomi or canadian"))?;
        let wanted = match kind.as_str() {
            "none" => 0,
            "absolute" => 1,
            "byoyomi" | "canadian" => 3,
            other => {
                return Err(syntax(format!(
                    "unknown time system {other:?}: expected none, absolute, byoyomi or canadian"
                )));
            }
        };
        if rest.len() != wanted {
            return Err(syntax(format!(
                "kgs-time_settings {kind} takes {wanted} numbers"
            )));
        }
        let mut numbers = Vec::with_capacity(3);
        for value in rest {
            numbers.push(parse_time(value)?);
        }
        let secs = Duration::from_secs;
        let count = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        self.control = match (kind.as_str(), numbers.as_slice()) {
            ("absolute", &[main]) => TimeControl::Absolute { main: secs(main) },
            // No overtime to speak of: main time alone.
            (_, &[main, period, n]) if period == 0 || n == 0 => {
                TimeControl::Absolute { main: secs(main) }
            }
            ("byoyomi", &[main, period, periods]) => TimeControl::ByoYomi {
                main: secs(main),
                period: secs(period),
                periods: count(periods),
            },
            ("canadian", &[main, period, stones]) => TimeControl::Canadian {
                main: secs(main),
                period: secs(period),
                stones: count(stones),
            },
            _ => TimeControl::None,
        };
        self.clocks = ByColor::default();
        Ok(String::new())
    }
}

/// `game` with `color` to move: itself, or when GTP asks for the other colour (GTP is not
/// turn-checked), its position with `color` to move and the same komi (without the history:
/// the caller checks the answer against the real game).
pub(crate) fn with_to_move(game: Game, color: Color) -> Game {
    if game.to_move() == color || game.phase() != Phase::Playing {
        return game;
    }
    game.restarted_from(&game.current_setup(color))
        .unwrap_or(game)
}

/// The clock after a move that took `spent`.
fn spend(control: &TimeControl, clock: Clock, spent: Duration) -> Clock {
    let mut clock = clock;
    let from_main = spent.min(clock.main);
    clock.main -= from_main;
    let rest = spent - from_main;
    match *control {
        TimeControl::ByoYomi { period, .. } => {
            if rest > Duration::ZERO {
                if rest > clock.period && clock.count > 1 {
                    clock.count -= 1;
                }
                clock.period = period;
            }
        }
        TimeControl::Canadian { period, stones, .. } => {
            if rest > Duration::ZERO || clock.main == Duration::ZERO {
                if clock.count == 0 {
                    clock.count = stones;
                    clock.period = period;
                }
                clock.period = clock.period.saturating_sub(rest);
                clock.count -= 1;
                if clock.count == 0 {
                    clock.count = stones;
                    clock.period = period;
                }
            }
        }
        TimeControl::Fischer { increment, .. } => clock.main += increment,
        TimeControl::None | TimeControl::Absolute { .. } => {}
    }
    clock
}

/// The answer to `version`: the version and how the player is set.
pub(crate) fn version(options: &PlayerOptions) -> String {
    let mut text = format!(
        "{} Monte-Carlo tree search, level {}",
        env!("CARGO_PKG_VERSION"),
        options.level
    );
    if let Some(n) = options.playouts {
        text.push_str(&format!(", {n} playouts"));
    }
    if let Some(t) = options.time {
        text.push_str(&format!(", {:.1} s", t.as_secs_f64()));
    }
    text.push_str(&format!(
        ", {} thread(s), seed {}",
        options.threads, options.seed
    ));
    text
}
