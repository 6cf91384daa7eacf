//! Ratings: when a rated game between members has finished, both players' EGF ratings
//! (GoR) are updated with its result and handicap (`tengen_club::rate_game`), once, in one
//! transaction with the mark that it was done, so that a crash, a restart or several
//! servers never count a game twice. Each server looks for such games every
//! [`super::RATING_POLL`].

use axum::{
    Json,
    extract::{Path, State, rejection::JsonRejection},
};
use serde::Deserialize;
use tengen_club::{Handicap, Outcome, rate_game};

use super::{Club, session::Member};
use crate::{
    error::AppError,
    error::form,
    game::record::now_ms,
    secret,
    store::{GameSummary, Sql, StoreError, Value},
};

/// How a finished game counts for the ratings and the players' records: its outcome, or
/// `None` for a game with no result (aborted, expired, void).
pub(crate) fn outcome(summary: &GameSummary) -> Option<Outcome> {
    if summary.aborted || summary.expired {
        return None;
    }
    let result = summary.result.as_deref()?;
    if result.starts_with("B+") {
        Some(Outcome::BlackWins)
    } else if result.starts_with("W+") {
        Some(Outcome::WhiteWins)
    } else if result == "Jigo" {
        Some(Outcome::Jigo)
    } else {
        None
    }
}

/// The handicap of a game as the EGF rates it, from its first record's setup.
fn handicap_of(first_record: &str) -> Handicap {
    match serde_json::from_str::<crate::game::record::Record>(first_record) {
        Ok(crate::game::record::Record::Created { setup, .. }) => {
            Handicap::of_game(setup.handicap, setup.komi().as_f64())
        }
        _ => Handicap::EVEN,
    }
}

/// Rates one finished game if it still waits for it; whether it did.
fn rate_one(sql: &mut dyn Sql, game: &str) -> Result<bool, StoreError> {
    sql.serialize_ratings()?;
    let Some(row) = sql.query_one(
        "SELECT c.black_id, c.white_id, c.rated, g.summary, r.record
         FROM club_games c JOIN games g ON g.id = c.game_id
         JOIN records r ON r.game_id = c.game_id AND r.seq = 1
         WHERE c.game_id = ?1 AND c.rating_done = 0 AND g.finished",
        &[game.into()],
    )?
    else {
        return Ok(false);
    };
    sql.execute(
        "UPDATE club_games SET rating_done = 1 WHERE game_id = ?1",
        &[game.into()],
    )?;
    let summary: GameSummary = serde_json::from_str(&row.text(3))?;
    let (Some(outcome), true) = (outcome(&summary), row.flag(2)) else {
        return Ok(true);
    };
    let (black, white) = (row.int(0), row.int(1));
    let rating = |sql: &mut dyn Sql, id: i64| -> Result<f64, StoreError> {
        Ok(sql
            .query_one("SELECT rating FROM accounts WHERE id = ?1", &[id.into()])?
            .map_or(0.0, |r| r.real(0)))
    };
    let (before_black, before_white) = (rating(sql, black)?, rating(sql, white)?);
    let (after_black, after_white) = rate_game(
        before_black,
        before_white,
        handicap_of(&row.text(4)),
        outcome,
    );
    let now = now_ms() as i64;
    for (id, before, after) in [
        (black, before_black, after_black),
        (white, before_white, after_white),
    ] {
        sql.execute(
            "UPDATE accounts SET rating = ?2, rated_games = rated_games + 1 WHERE id = ?1",
            &[id.into(), after.into()],
        )?;
        sql.execute(
            "INSERT INTO ratings (account_id, game_id, at_ms, rating_before, rating_after)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            &[
                id.into(),
                game.into(),
                now.into(),
                before.into(),
                after.into(),
            ],
        )?;
    }
    Ok(true)
}

impl Club {
    /// Rates every finished rated game that waits for it, oldest first; how many.
    pub(crate) async fn rate_finished_games(&self) -> Result<usize, StoreError> {
        let pending = self
            .db
            .read(|sql| {
                Ok(sql
                    .query(
                        "SELECT c.game_id FROM club_games c JOIN games g ON g.id = c.game_id
                         WHERE c.rating_done = 0 AND g.finished ORDER BY c.created_ms",
                        &[],
                    )?
                    .into_iter()
                    .map(|r| r.text(0))
                    .collect::<Vec<_>>())
            })
            .await?;
        let mut rated = 0;
        for game in pending {
            if self.db.transaction(move |sql| rate_one(sql, &game)).await? {
                rated += 1;
            }
        }
        Ok(rated)
    }

    /// Makes the rematches of members' games members' games too (unrated: a rematch swaps
    /// the colours and keeps the handicap, which the ranks did not give that way round), so
    /// that they are on the players' pages; how many.
    pub(crate) async fn link_rematches(&self) -> Result<usize, StoreError> {
        // A rematch is offered at a game's end, and no game lasts two days (the longest clock
        // is a day of main time): older games are not looked at again.
        let since = now_ms().saturating_sub(2 * 24 * 3600 * 1000) as i64;
        let rematches = self
            .db
            .read(move |sql| {
                sql.query(
                    "SELECT c.black_id, c.white_id, r.record FROM club_games c
                     JOIN records r ON r.game_id = c.game_id
                     WHERE c.created_ms > ?1 AND r.seq > 1
                     AND r.record LIKE '%\"type\":\"rematch_started\"%'",
                    &[since.into()],
                )
            })
            .await?;
        let mut linked = 0;
        for row in rematches {
            let Ok(crate::game::record::Record::RematchStarted { game }) =
                serde_json::from_str(&row.text(2))
            else {
                continue;
            };
            let (old_black, old_white) = (row.int(0), row.int(1));
            let now = now_ms() as i64;
            linked += self
                .db
                .transaction(move |sql| {
                    sql.execute(
                        "INSERT INTO club_games (game_id, black_id, white_id, rated, created_ms, rating_done)
                         SELECT ?1, ?2, ?3, 0, ?4, 1 WHERE EXISTS (SELECT 1 FROM games WHERE id = ?1)
                         AND NOT EXISTS (SELECT 1 FROM club_games WHERE game_id = ?1)",
                        &[game.into(), old_white.into(), old_black.into(), now.into()],
                    )
                })
                .await? as usize;
        }
        Ok(linked)
    }

    /// Rates finished games every [`super::RATING_POLL`], for as long as the server runs.
    pub(crate) async fn rate_forever(self: std::sync::Arc<Self>) {
        if let Err(e) = self.ensure_bots().await {
            tracing::warn!("the engine's accounts: {e}");
        }
        loop {
            if let Err(e) = self.link_rematches().await {
                tracing::warn!("rematches: {e}");
            }
            if let Err(e) = self.rate_finished_games().await {
                tracing::warn!("ratings: {e}");
            }
            if let Err(e) = self.record_tournament_results().await {
                tracing::warn!("tournament results: {e}");
            }
            tokio::time::sleep(super::RATING_POLL).await;
        }
    }

    /// Makes a members' game unrated. A game already rated has its rating changes taken
    /// back from both players (later games keep theirs: the EGF corrects a wrongly rated
    /// game the same way, by removing its points); what was done, in words.
    pub(crate) async fn unrate(&self, game: &str) -> Result<String, AppError> {
        if !secret::valid_id(game) {
            return Err(AppError::NotFound(format!("game {game:?}: no such game")));
        }
        let game = game.to_owned();
        self.db
            .transaction(move |sql| {
                sql.serialize_ratings()?;
                let Some(row) = sql.query_one(
                    "SELECT rated, rating_done FROM club_games WHERE game_id = ?1",
                    &[game.as_str().into()],
                )?
                else {
                    return Ok(Err(AppError::NotFound(format!(
                        "game {game}: not a game between members"
                    ))));
                };
                if !row.flag(0) {
                    return Ok(Ok(format!("game {game} was unrated already")));
                }
                sql.execute(
                    "UPDATE club_games SET rated = 0, rating_done = 1 WHERE game_id = ?1",
                    &[game.as_str().into()],
                )?;
                let changes = sql.query(
                    "SELECT account_id, rating_after - rating_before FROM ratings WHERE game_id = ?1",
                    &[game.as_str().into()],
                )?;
                for change in &changes {
                    sql.execute(
                        "UPDATE accounts SET rating = rating - ?2, rated_games = rated_games - 1
                         WHERE id = ?1",
                        &[change.int(0).into(), change.real(1).into()],
                    )?;
                }
                sql.execute("DELETE FROM ratings WHERE game_id = ?1", &[Value::from(game.as_str())])?;
                Ok(Ok(if changes.is_empty() {
                    format!("game {game} is unrated")
                } else {
                    format!("game {game} is unrated; its rating changes were taken back")
                }))
            })
            .await?
    }
}

/// `PATCH /api/admin/games/{id}`'s form.
#[derive(Deserialize)]
pub(crate) struct GameChange {
    rated: bool,
}

/// `PATCH /api/admin/games/{id} {"rated": false}` (administrators): makes a game unrated.
pub(crate) async fn admin_game<H: super::Host>(
    State(state): State<H>,
    member: Member,
    Path(id): Path<String>,
    body: Result<Json<GameChange>, JsonRejection>,
) -> Result<Json<serde_json::Value>, AppError> {
    super::accounts::require_admin(&member)?;
    let change = form(body)?;
    if change.rated {
        return Err(AppError::BadRequest(
            "rated: a game can be made unrated, not rated afterwards".into(),
        ));
    }
    let done = state.club().unrate(&id).await?;
    Ok(Json(serde_json::json!({ "game": id, "done": done })))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(result: Option<&str>, aborted: bool) -> GameSummary {
        GameSummary {
            id: "g".into(),
            size: 9,
            rules: "japanese".into(),
            black: "a".into(),
            white: "b".into(),
            phase: "finished".into(),
            result: result.map(str::to_owned),
            moves: 10,
            created_ms: 0,
            aborted,
            expired: false,
            open: false,
        }
    }

    #[test]
    fn every_result_counts_by_colour_and_a_game_without_one_does_not() {
        for (text, expected) in [
            ("B+3.5", Some(Outcome::BlackWins)),
            ("W+R", Some(Outcome::WhiteWins)),
            ("B+T", Some(Outcome::BlackWins)),
            ("W+F", Some(Outcome::WhiteWins)),
            ("Jigo", Some(Outcome::Jigo)),
            ("Void", None),
        ] {
            assert_eq!(outcome(&summary(Some(text), false)), expected, "{text}");
        }
        assert_eq!(outcome(&summary(None, true)), None);
        assert_eq!(outcome(&summary(Some("B+R"), true)), None);
    }

    #[test]
    fn the_handicap_is_read_from_the_games_setup() {
        let record = |handicap: u32, komi: Option<f64>| {
            let form = crate::game::settings::CreateGame {
                size: 19,
                rules: "japanese".into(),
                handicap,
                placement: crate::game::settings::HandicapPlacement::Fixed,
                komi,
                color: crate::game::settings::ColorChoice::Black,
                time: crate::game::clock::ClockSettings::None,
                opponent: crate::game::settings::OpponentChoice::Person,
                name: None,
                open: false,
                analysis: false,
            };
            crate::game::actor::to_json(&crate::game::record::Record::Created {
                id: "0123456789abcdef".into(),
                setup: form.resolve(&[], true).unwrap(),
                seats: [None, None],
                invite: None,
                at_ms: 0,
            })
        };
        assert_eq!(handicap_of(&record(3, None)), Handicap::new(3));
        assert_eq!(handicap_of(&record(1, None)), Handicap::NO_KOMI);
        assert_eq!(handicap_of(&record(0, None)), Handicap::EVEN);
        assert_eq!(handicap_of(&record(0, Some(0.5))), Handicap::NO_KOMI);
        assert_eq!(handicap_of("junk"), Handicap::EVEN);
    }
}
