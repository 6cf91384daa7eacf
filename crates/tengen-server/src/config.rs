//! Server settings that are not part of any game: the clock checkpoint interval and the
//! limits that keep one client from exhausting the server.

use std::time::Duration;

/// The environment variable that sets [`ServerConfig::clock_checkpoint`] in milliseconds
/// (`tengen serve` reads it through [`ServerConfig::from_env`]).
pub const CHECKPOINT_ENV: &str = "TENGEN_CLOCK_CHECKPOINT_MS";

/// Settings of a server. The defaults are what a public server would run with. The limits
/// count per client address (the TCP peer; an IPv6 address by its /64), so a server behind a
/// reverse proxy sees one address for everyone and should raise them (or set them at the
/// proxy); and three caps count for the whole server, whatever the addresses: connections,
/// games running, and new games a minute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerConfig {
    /// While a clock runs, the actor records the time spent on the turn this often, so a
    /// crash loses at most this much of a player's thinking time. Default 5 s; at least
    /// 100 ms.
    pub clock_checkpoint: Duration,
    /// A connection must send a whole request head within this time of the server starting
    /// to wait for one: a silent connection, a half-sent request and an idle keep-alive
    /// connection are closed after it. Default 10 s.
    pub header_read_timeout: Duration,
    /// A request (its body included) must be answered within this time, else `408`.
    /// Default 30 s.
    pub request_timeout: Duration,
    /// Open connections (HTTP and WebSocket) one address may hold; further ones are
    /// answered `429` and closed. Default 128.
    pub max_connections_per_ip: usize,
    /// Open connections (HTTP and WebSocket) the whole server holds, from all addresses;
    /// further ones are answered `503` and closed. Default 10,000.
    pub max_connections: usize,
    /// Games this server runs at once (each an actor in memory: games in play, invitations
    /// waiting, games someone has open); past it a new game is refused with `503` (games
    /// already there are still opened and played). Default 5,000.
    pub max_live_games: usize,
    /// New games the whole server takes a minute, from all addresses (a token bucket of
    /// this size, refilled at this rate); past it `503` with the time to wait. Default 3,000.
    pub max_games_per_minute: u32,
    /// The server pings every WebSocket this often (and measures the round trip for the
    /// clocks' lag credit). Default 10 s.
    pub ws_ping_every: Duration,
    /// A WebSocket that has not answered a ping this long after it was sent, or that cannot
    /// take a message for this long, is closed (its spectator is no longer counted).
    /// Default 30 s.
    pub ws_pong_timeout: Duration,
    /// Games one address may create at once (a token bucket's size). Default 10.
    pub games_burst: u32,
    /// After the burst, one more game per address this often. Default 60 s.
    pub games_refill: Duration,
    /// An invitation nobody has opened expires this long after the game was created: the
    /// game ends with no result and is not listed. Default 24 h.
    pub invite_ttl: Duration,
    /// An external engine that takes longer than this to answer a command has failed; the
    /// player is told and may claim the game or abort it. Default 60 s.
    pub engine_timeout: Duration,
    /// Searches of Tengen's own player that run at once, each on a thread of its own;
    /// further ones wait their turn (first come, first served), their clock running.
    /// Default: the number of cores.
    pub search_workers: usize,
    /// Accounts one address may register at once (a token bucket's size). Default 5.
    pub accounts_burst: u32,
    /// After the burst, one more account per address this often. Default 10 min.
    pub accounts_refill: Duration,
    /// Log-in attempts one address may make at once, and one account may receive at once
    /// (two token buckets; an attempt takes from both). Default 20 and 5.
    pub logins_per_address: u32,
    /// See [`ServerConfig::logins_per_address`]. Default 5.
    pub logins_per_account: u32,
    /// After a burst, one more attempt this often. Default 30 s.
    pub logins_refill: Duration,
    /// A session (a log-in) lasts this long. Default 30 days.
    pub session_ttl: Duration,
    /// Password hashes (Argon2id) computed at once, each on a thread of its own that runs at
    /// the lowest priority (nice 19); further log-ins queue (1,024 at most, then `503`), so
    /// that a crowd of them takes only what the games leave of the cores. Default: half the
    /// cores, at least one.
    pub hash_workers: usize,
    /// Tengen's levels below full strength take about as long over a move as a person of
    /// their strength would (a second or three; see `own::human_pace`) rather than answering
    /// at once. Default on; tests that time the engine's answers turn it off.
    pub engine_human_pace: bool,
    /// A program that speaks KataGo's JSON analysis protocol (`katago analysis -config ...
    /// -model ...`, or `tengen analysis`), as a command line: reviews ask it instead of
    /// Tengen's own search, each answer within [`ServerConfig::engine_timeout`]. It is
    /// started with the server; a position it refuses or fails on is reviewed by Tengen's own
    /// engine (see `review/search.rs`).
    /// Default none: Tengen's own engine reviews.
    pub analysis_engine: Option<String>,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            clock_checkpoint: Duration::from_secs(5),
            header_read_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            max_connections_per_ip: 128,
            max_connections: 10_000,
            max_live_games: 5_000,
            max_games_per_minute: 3_000,
            ws_ping_every: Duration::from_secs(10),
            ws_pong_timeout: Duration::from_secs(30),
            games_burst: 10,
            games_refill: Duration::from_secs(60),
            invite_ttl: Duration::from_secs(24 * 3600),
            engine_timeout: Duration::from_secs(60),
            search_workers: std::thread::available_parallelism().map_or(1, usize::from),
            accounts_burst: 5,
            accounts_refill: Duration::from_secs(600),
            logins_per_address: 20,
            logins_per_account: 5,
            logins_refill: Duration::from_secs(30),
            session_ttl: Duration::from_secs(30 * 24 * 3600),
            hash_workers: (std::thread::available_parallelism().map_or(1, usize::from) / 2).max(1),
            engine_human_pace: true,
            analysis_engine: None,
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
                Err(_) => tracing::warn!(
                    "{CHECKPOINT_ENV}={text:?} is not a number of milliseconds; using 5000"
                ),
            }
        }
        config.clock_checkpoint = config.clock_checkpoint.max(ServerConfig::MIN_CHECKPOINT);
        config
    }
}
