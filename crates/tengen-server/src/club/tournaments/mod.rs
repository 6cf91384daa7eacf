//! Tournaments on the server: a director (a member an administrator allows) creates one,
//! registers players (members, or names for over-the-board play, or a CSV list), pairs each
//! round (`tengen_club::tournament`), may pin or swap pairings before the round starts, and
//! starts it: games between members are played here and their results recorded when they
//! end; other results the director enters. Standings, the crosstable and the rating lists'
//! files are public.
//!
//! A tournament is stored as one document changed whole under a version number
//! (`tournaments.data`), so a change is all or nothing and two directors' changes cannot
//! interleave; `tournament_games` finds a finished game's tournament.

mod api;
mod view;

use axum::{
    Router,
    extract::DefaultBodyLimit,
    routing::{get, post, put},
};
use serde::{Deserialize, Serialize};
use tengen_club::tournament::{GameResult, Tournament};

use super::{Club, Host};
use crate::{
    error::AppError,
    game::clock::ClockSettings,
    store::{GameSummary, Sql, StoreError},
};

/// The largest tournament a server keeps: more players than any Go tournament has had, and a
/// document small enough to rewrite on every result.
const MAX_PLAYERS: usize = 2000;

/// The largest player list imported at once: 2,000 players of a few hundred bytes each.
const PLAYER_LIST_LIMIT: usize = 1 << 20;

/// What a tournament's page says of the event, beside its settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Event {
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) place: String,
    #[serde(default)]
    pub(crate) country: String,
    #[serde(default)]
    pub(crate) start_date: String,
    #[serde(default)]
    pub(crate) end_date: String,
}

/// The stored document.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Stored {
    pub(crate) event: Event,
    /// Rules of the games, in their text form.
    pub(crate) rules: String,
    pub(crate) size: u32,
    pub(crate) time: ClockSettings,
    pub(crate) tournament: Tournament,
    /// Per player: the member's account, if the player is one.
    pub(crate) accounts: Vec<Option<i64>>,
    /// Per player: withdrawn (paired no more).
    pub(crate) withdrawn: Vec<bool>,
    /// Per round: started (its games exist); only the last round may still be a draft.
    pub(crate) started: Vec<bool>,
    /// Per round and board: the game on the server, if it is played here.
    pub(crate) games: Vec<Vec<Option<String>>>,
}

impl Stored {
    /// Whether the last round is paired but not started.
    pub(crate) fn has_draft(&self) -> bool {
        self.started.last() == Some(&false)
    }

    /// The tournament as played: without a draft round, which counts for nobody yet.
    pub(crate) fn played(&self) -> Tournament {
        let mut t = self.tournament.clone();
        if self.has_draft() {
            t.rounds.pop();
        }
        t
    }
}

/// A tournament as read, with what is needed to write it back.
pub(crate) struct Loaded {
    pub(crate) id: String,
    pub(crate) director_id: i64,
    pub(crate) version: i64,
    pub(crate) stored: Stored,
}

/// Reads tournament `id`.
pub(crate) fn load(sql: &mut dyn Sql, id: &str) -> Result<Option<Loaded>, StoreError> {
    let Some(row) = sql.query_one(
        "SELECT director_id, version, data FROM tournaments WHERE id = ?1",
        &[id.into()],
    )?
    else {
        return Ok(None);
    };
    Ok(Some(Loaded {
        id: id.to_owned(),
        director_id: row.int(0),
        version: row.int(1),
        stored: serde_json::from_str(&row.text(2))?,
    }))
}

/// Writes `loaded` back if nobody changed it since it was read; whether it did.
pub(crate) fn save(sql: &mut dyn Sql, loaded: &Loaded) -> Result<bool, StoreError> {
    let data = serde_json::to_string(&loaded.stored)?;
    let changed = sql.execute(
        "UPDATE tournaments SET data = ?3, version = ?2 + 1 WHERE id = ?1 AND version = ?2",
        &[
            loaded.id.as_str().into(),
            loaded.version.into(),
            data.into(),
        ],
    )?;
    Ok(changed == 1)
}

/// The tournaments' routes.
pub(crate) fn routes<H: Host>() -> Router<H> {
    Router::new()
        .route(
            "/api/tournaments",
            get(api::list::<H>).post(api::create::<H>),
        )
        .route("/api/tournaments/{id}", get(api::show::<H>))
        .route("/api/tournaments/{id}/players", post(api::add_player::<H>))
        .route(
            "/api/tournaments/{id}/players/import",
            // A national championship's list is more than the other forms' 16 KiB.
            post(api::import_players::<H>).layer(DefaultBodyLimit::max(PLAYER_LIST_LIMIT)),
        )
        .route(
            "/api/tournaments/{id}/players/{player}/withdraw",
            post(api::withdraw::<H>),
        )
        .route("/api/tournaments/{id}/rounds", post(api::pair::<H>))
        .route(
            "/api/tournaments/{id}/rounds/{round}",
            put(api::set_pairing::<H>),
        )
        .route(
            "/api/tournaments/{id}/rounds/{round}/start",
            post(api::start::<H>),
        )
        .route(
            "/api/tournaments/{id}/rounds/{round}/boards/{board}",
            put(api::set_result::<H>),
        )
        .route("/api/tournaments/{id}/results.h9", get(api::h9::<H>))
        .route("/api/tournaments/{id}/results-aga.txt", get(api::aga::<H>))
}

/// The tournament result of a finished server game, from its summary: `None` for a game
/// without one (aborted, expired), which the director then enters.
fn result_of(summary: &GameSummary) -> Option<GameResult> {
    Some(match super::ratings::outcome(summary)? {
        tengen_club::Outcome::BlackWins => GameResult::BlackWins,
        tengen_club::Outcome::WhiteWins => GameResult::WhiteWins,
        tengen_club::Outcome::Jigo => GameResult::Jigo,
    })
}

/// Records the result of one finished tournament game if it still waits; whether it did.
fn record_one(sql: &mut dyn Sql, game: &str) -> Result<bool, StoreError> {
    let Some(row) = sql.query_one(
        "SELECT t.tournament_id, t.round, t.board, g.summary
         FROM tournament_games t JOIN games g ON g.id = t.game_id
         WHERE t.game_id = ?1 AND t.done = 0 AND g.finished",
        &[game.into()],
    )?
    else {
        return Ok(false);
    };
    let done = |sql: &mut dyn Sql| {
        sql.execute(
            "UPDATE tournament_games SET done = 1 WHERE game_id = ?1",
            &[game.into()],
        )
        .map(|_| true)
    };
    let summary: GameSummary = serde_json::from_str(&row.text(3))?;
    let Some(result) = result_of(&summary) else {
        return done(sql);
    };
    let Some(mut loaded) = load(sql, &row.text(0))? else {
        return done(sql);
    };
    let (round, board) = (row.int(1) as usize, row.int(2) as usize);
    let stored = &mut loaded.stored;
    // The director may have re-paired or entered a result meanwhile: only a game still
    // waiting for its result, on the board it was started on, takes it.
    let same_game = stored
        .games
        .get(round)
        .and_then(|r| r.get(board))
        .cloned()
        .flatten()
        == Some(game.into());
    if let (true, Some(g)) = (
        same_game,
        stored
            .tournament
            .rounds
            .get_mut(round)
            .and_then(|r| r.games.get_mut(board)),
    ) {
        if g.result == GameResult::Pending {
            g.result = result;
            // A director's change in between: the next look records it.
            if !save(sql, &loaded)? {
                return Ok(false);
            }
        }
    }
    done(sql)
}

impl Club {
    /// Records the results of finished tournament games; how many.
    pub(crate) async fn record_tournament_results(&self) -> Result<usize, StoreError> {
        let pending = self
            .db
            .read(|sql| {
                Ok(sql
                    .query(
                        "SELECT t.game_id FROM tournament_games t JOIN games g ON g.id = t.game_id
                         WHERE t.done = 0 AND g.finished",
                        &[],
                    )?
                    .into_iter()
                    .map(|r| r.text(0))
                    .collect::<Vec<_>>())
            })
            .await?;
        let mut recorded = 0;
        for game in pending {
            if self
                .db
                .transaction(move |sql| record_one(sql, &game))
                .await?
            {
                recorded += 1;
            }
        }
        Ok(recorded)
    }
}

/// Refuses a tournament beyond [`MAX_PLAYERS`].
fn check_size(players: usize) -> Result<(), AppError> {
    if players > MAX_PLAYERS {
        return Err(AppError::BadRequest(format!(
            "players: a tournament holds at most {MAX_PLAYERS}"
        )));
    }
    Ok(())
}
