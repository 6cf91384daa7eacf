//! The club: members with accounts, ranks and EGF ratings, their sessions, the games between
//! them, challenges and seeks, and the handicap their ranks give (JP-3, AGA-4a). Guests
//! keep playing through invite links as before; a member's seat in a game is an ordinary
//! seat secret, derived for the member (`seats.rs`), so the games know nothing of accounts.
//! Tengen's engine is a member too, an account per level (`bots.rs`).

mod account;
mod accounts;
mod bots;
mod challenges;
mod events;
mod password;
mod players;
mod ratings;
mod seats;
mod session;
mod tournaments;

use std::{net::IpAddr, sync::Arc, time::Duration};

use axum::{
    Router,
    routing::{get, patch, post},
};

pub use accounts::AccountChange;

use crate::{
    config::ServerConfig,
    error::AppError,
    game::settings::GameSetup,
    limits::{PerAddress, PerKey},
    store::{BoxFuture, ClubDb},
};

/// What the club needs of the server it is part of: its own state, and starting a game
/// (the server's, so that a challenge's game is a game like any other). The club's handlers
/// are generic over it so that the club does not depend on the HTTP layer that holds it.
pub(crate) trait Host: Clone + Send + Sync + 'static {
    /// The club's state.
    fn club(&self) -> &Club;
    /// Stores a new game with its seats' hashes, and starts it.
    fn start_game(
        &self,
        id: &str,
        setup: GameSetup,
        seats: [Option<String>; 2],
    ) -> BoxFuture<'_, Result<(), AppError>>;
}

/// The club's share of the server's state.
pub(crate) struct Club {
    pub(crate) db: ClubDb,
    pub(crate) config: ServerConfig,
    pub(crate) passwords: password::Passwords,
    pub(crate) registrations: PerAddress,
    pub(crate) logins_by_address: PerKey<IpAddr>,
    pub(crate) logins_by_name: PerKey<String>,
    /// Challenges and seeks each member may send: 20 at once, then one every 30 s.
    pub(crate) challenges_by_member: PerKey<i64>,
    pub(crate) events: events::Events,
    seat_key: tokio::sync::OnceCell<Arc<[u8]>>,
    /// Set once the engine's accounts are known to exist (`bots.rs`).
    bots: tokio::sync::OnceCell<()>,
}

impl Club {
    pub(crate) fn new(db: ClubDb, config: ServerConfig) -> Club {
        Club {
            db,
            passwords: password::Passwords::new(config.hash_workers),
            registrations: PerAddress::new(config.accounts_burst, config.accounts_refill),
            logins_by_address: PerKey::new(config.logins_per_address, config.logins_refill),
            logins_by_name: PerKey::new(config.logins_per_account, config.logins_refill),
            challenges_by_member: PerKey::new(20, Duration::from_secs(30)),
            events: events::Events::default(),
            seat_key: tokio::sync::OnceCell::new(),
            bots: tokio::sync::OnceCell::new(),
            config,
        }
    }
}

/// How often each server looks for finished rated games to rate (a game's end also wakes
/// it at once on the server that ran the game).
pub(crate) const RATING_POLL: Duration = Duration::from_secs(2);

/// The club's routes.
pub(crate) fn routes<H: Host>() -> Router<H> {
    Router::new()
        .route("/api/accounts", post(accounts::register::<H>))
        .route(
            "/api/session",
            post(accounts::login::<H>).delete(accounts::logout::<H>),
        )
        .route("/api/me", get(accounts::me))
        .route(
            "/api/account/password",
            post(accounts::change_password::<H>),
        )
        .route("/api/players", get(players::list::<H>))
        .route("/api/players/{name}", get(players::player::<H>))
        .route(
            "/api/challenges",
            get(challenges::list::<H>).post(challenges::create::<H>),
        )
        .route("/api/challenges/preview", post(challenges::preview::<H>))
        .route("/api/challenges/{id}/accept", post(challenges::accept::<H>))
        .route(
            "/api/challenges/{id}/decline",
            post(challenges::decline::<H>),
        )
        .route("/api/games/{id}/seat", get(seats::my_seat::<H>))
        .route("/api/events", get(events::stream::<H>))
        .route("/api/admin/accounts", post(accounts::admin_create::<H>))
        .route(
            "/api/admin/accounts/{name}",
            patch(accounts::admin_change::<H>),
        )
        .route("/api/admin/games/{id}", patch(ratings::admin_game::<H>))
        .merge(tournaments::routes::<H>())
}

/// What `tengen admin` does to a club's database.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum AdminCommand {
    /// A new account.
    CreateAccount {
        /// The name, as the member will log in with it.
        name: String,
        /// The password (8 to 256 characters).
        password: String,
        /// The declared rank (`3k`, `1d`).
        rank: String,
        /// Make it an administrator.
        admin: bool,
    },
    /// Changes to an account: rank, password, disabled, administrator.
    Change {
        /// The account's name (any case).
        name: String,
        /// What to change.
        change: AccountChange,
    },
    /// Makes a game between members unrated (its rating changes taken back if it was rated).
    Unrate {
        /// The game's id.
        game: String,
    },
}

/// Carries out `command` on the club's tables of `store`; what was done, in words.
///
/// # Errors
/// [`crate::AppError`] naming what is wrong: an invalid name, rank or password, an unknown
/// account or game, a name taken, or the database.
pub async fn administer(
    store: &dyn crate::Store,
    command: AdminCommand,
) -> Result<String, crate::AppError> {
    let club = Club::new(store.club(), ServerConfig::default());
    match command {
        AdminCommand::CreateAccount {
            name,
            password,
            rank,
            admin,
        } => {
            let account = club.new_account(&name, &password, &rank, admin).await?;
            Ok(format!(
                "created {:?} ({}{})",
                account.name,
                account.rank(),
                if admin { ", administrator" } else { "" }
            ))
        }
        AdminCommand::Change { name, change } => {
            let done = club.change_account(&name, change).await?;
            if done.is_empty() {
                Ok(format!("{name:?}: nothing to change"))
            } else {
                Ok(format!("{name:?}: {}", done.join(", ")))
            }
        }
        AdminCommand::Unrate { game } => club.unrate(&game).await,
    }
}
