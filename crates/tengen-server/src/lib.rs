//! Tengen's game server: two people, or a person and an engine, play Go in the browser and
//! the server referees under the seeds' rules.
//!
//! - One tokio task per live game (an actor) owns the [`tengen_core::Game`] and the clocks,
//!   takes commands over an mpsc channel, commits every accepted action to the [`Store`]
//!   *before* telling anyone, and broadcasts versioned updates ([`wire`]).
//! - The state is an append-only log of records per game; after a crash or `kill -9`, every
//!   game is replayed from its log and continues where it was. While a clock runs the actor
//!   checkpoints it ([`ServerConfig::clock_checkpoint`], 5 s), so a restart charges the
//!   thinking time up to the last checkpoint and not the time spent down.
//! - Clocks credit each move half its connection's measured round trip (at most 1 s) and
//!   flag a player 1 s (plus that lag) after zero; either player may abort the game before
//!   their own second move (no result).
//! - Each seat has its own random 128-bit secret, stored as a SHA-256 hash; spectators only
//!   watch.
//! - The page (HTML, JS, CSS; no build step) is embedded in the binary.
//! - Games are kept in SQLite ([`SqliteStore`], one server) or PostgreSQL ([`PgStore`]),
//!   which several servers may share: a game runs on the server holding its lease, the
//!   others forward its players there, and take it over when that server stops answering.
//! - [`serve`] holds the limits of [`ServerConfig`] against abuse: header-read and request
//!   timeouts, connections and new games per address (an IPv6 address by its /64), the
//!   server-wide caps on connections, games running and new games a minute, WebSockets that
//!   stop answering pings, invitations that expire.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! use std::sync::Arc;
//! use tengen_server::{AppState, SqliteStore};
//!
//! let store = Arc::new(SqliteStore::open("tengen.db".as_ref())?);
//! let state = AppState::new(store, vec![]);
//! state.resume_live_games().await?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! tengen_server::serve(listener, state).await?;
//! # Ok(()) }
//! ```

mod club;
mod config;
mod error;
mod game;
mod limits;
mod names;
mod net;
mod review;
mod secret;
mod serve;
mod store;
#[cfg(test)]
mod test_postgres;

pub use club::{AccountChange, AdminCommand, administer};
pub use config::{CHECKPOINT_ENV, ServerConfig};
pub use error::AppError;
pub use game::clock::{ClockSettings, ClockState};
pub use game::seats::gtp::{EngineCheck, check_engine};
pub use game::settings::{ColorChoice, CreateGame, HandicapPlacement, OpponentChoice};
pub use game::wire;
pub use net::http::{AppState, app};
pub use net::ws::MAX_CLIENT_MESSAGE;
pub use serve::{serve, serve_until};
pub use store::{
    BoxFuture, Claim, ClubDb, GameSummary, LEASE_TTL, Lease, PgStore, SCHEMA_VERSION, SqliteStore,
    Store, StoreError,
};

/// The README's example, compiled and run as a doctest so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
