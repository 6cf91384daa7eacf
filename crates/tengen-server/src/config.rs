//! Server settings that are not part of any game.

use std::time::Duration;

/// The environment variable that sets [`ServerConfig::clock_checkpoint`] in milliseconds
/// (`tengen serve` reads it through [`ServerConfig::from_env`]).
pub const CHECKPOINT_ENV: &str = "TENGEN_CLOCK_CHECKPOINT_MS";

/// Settings of a server.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ServerConfig {
    /// While a clock runs, the actor records the time spent on the turn this often, so a
    /// crash loses at most this much of a player's thinking time. Default 5 s; at least
    /// 100 ms.
    pub clock_checkpoint: Duration,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            clock_checkpoint: Duration::from_secs(5),
        }
    }
}

impl ServerConfig {
    /// The smallest checkpoint interval taken.
    pub const MIN_CHECKPOINT: Duration = Duration::from_millis(100);

    /// The defaults, with `TENGEN_CLOCK_CHECKPOINT_MS` if it is set to a number (clamped to at
    /// least 100 ms); anything else in it is ignored with a message.
    #[must_use]
    pub fn from_env() -> ServerConfig {
        let mut config = ServerConfig::default();
        if let Ok(text) = std::env::var(CHECKPOINT_ENV) {
            match text.trim().parse::<u64>() {
                Ok(ms) => config.clock_checkpoint = Duration::from_millis(ms),
                Err(_) => eprintln!(
                    "tengen: {CHECKPOINT_ENV}={text:?} is not a number of milliseconds; using 5000"
                ),
            }
        }
        config.clock_checkpoint = config.clock_checkpoint.max(ServerConfig::MIN_CHECKPOINT);
        config
    }
}
