//! Members as others see them: the list (with search, and who is online now) and each
//! member's page: rank, rating and its history, every game, the record against each
//! opponent. Tengen's engine's accounts (`bots.rs`) are listed and shown like members',
//! marked as bots; a bot is always online (it is always ready to play), so it is in the
//! list of members online too.

use std::collections::BTreeMap;

use axum::{
    Json,
    extract::{Path, Query, State},
};
use serde::{Deserialize, Serialize};

use tengen_club::Outcome;
use tengen_core::Color;

use super::account::{ACCOUNT_COLUMNS, Account, find};
use crate::{
    error::AppError,
    game::record::now_ms,
    store::{GameSummary, Sql, Value},
};

/// A member counts as online while a page of theirs has been seen this recently.
const ONLINE_WITHIN_MS: i64 = 60_000;

/// A member in a list.
#[derive(Serialize)]
pub(crate) struct PlayerRow {
    name: String,
    rank: String,
    rating: f64,
    online: bool,
    /// Tengen's engine: the account plays as the engine at `level`.
    bot: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<u8>,
}

/// Whether `account` has a session seen within [`ONLINE_WITHIN_MS`]; a bot always is.
fn online(
    sql: &mut dyn Sql,
    account: &Account,
    now: i64,
) -> Result<bool, crate::store::StoreError> {
    if account.bot.is_some() {
        return Ok(true);
    }
    let account = account.id;
    Ok(sql
        .query_one(
            "SELECT 1 FROM sessions WHERE account_id = ?1 AND seen_ms > ?2 AND expires_ms > ?3",
            &[account.into(), (now - ONLINE_WITHIN_MS).into(), now.into()],
        )?
        .is_some())
}

#[derive(Deserialize)]
pub(crate) struct ListQuery {
    /// Part of a name (any case).
    #[serde(default)]
    q: Option<String>,
    /// `true`: only members online now.
    #[serde(default)]
    online: Option<bool>,
}

/// `GET /api/players?q=ali&online=true`: members (at most 200), the strongest first.
pub(crate) async fn list<H: super::Host>(
    State(state): State<H>,
    Query(query): Query<ListQuery>,
) -> Result<Json<Vec<PlayerRow>>, AppError> {
    let pattern = query.q.as_deref().map(|q| {
        let key = crate::names::lookup_key(q);
        // LIKE's own characters in a name are matched as themselves.
        let escaped: String = key
            .chars()
            .flat_map(|c| match c {
                '%' | '_' | '\\' => vec!['\\', c],
                c => vec![c],
            })
            .collect();
        format!("%{escaped}%")
    });
    let only_online = query.online.unwrap_or(false);
    let now = now_ms() as i64;
    state.club().ensure_bots().await?;
    let rows = state
        .club()
        .db
        .read(move |sql| {
            let accounts = sql.query(
                &format!(
                    "SELECT {ACCOUNT_COLUMNS} FROM accounts a
                     WHERE a.disabled = 0 AND a.name_key LIKE ?1 ESCAPE '\\'
                     AND (?2 = 0 OR a.bot_level IS NOT NULL
                          OR EXISTS (SELECT 1 FROM sessions s WHERE s.account_id = a.id
                          AND s.seen_ms > ?3 AND s.expires_ms > ?4))
                     ORDER BY a.rating DESC, a.name LIMIT 200"
                ),
                &[
                    Value::from(pattern.unwrap_or_else(|| "%".into())),
                    only_online.into(),
                    (now - ONLINE_WITHIN_MS).into(),
                    now.into(),
                ],
            )?;
            accounts
                .iter()
                .map(|row| {
                    let a = Account::from_row(row, 0);
                    Ok(PlayerRow {
                        online: online(sql, &a, now)?,
                        bot: a.bot.is_some(),
                        level: a.bot,
                        rank: a.rank().to_string(),
                        rating: a.rating.round(),
                        name: a.name,
                    })
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .await?;
    Ok(Json(rows))
}

/// One game on a member's page, from the member's side.
#[derive(Serialize)]
pub(crate) struct PlayerGame {
    id: String,
    color: &'static str,
    opponent: String,
    size: u8,
    rules: String,
    /// `B+3.5`, `W+R`, …; none while it is played, or for a game with no result.
    result: Option<String>,
    /// `win`, `loss`, `jigo`, or none.
    outcome: Option<&'static str>,
    phase: String,
    rated: bool,
    created_ms: i64,
    /// The record, once the game is over.
    sgf: Option<String>,
}

/// The member's record against one opponent.
#[derive(Default, Serialize)]
pub(crate) struct Against {
    wins: u32,
    losses: u32,
    jigo: u32,
}

/// A point of the rating's history: after `game`, at `at_ms`.
#[derive(Serialize)]
pub(crate) struct RatingPoint {
    game: String,
    at_ms: i64,
    rating: f64,
}

/// `GET /api/players/{name}`.
#[derive(Serialize)]
pub(crate) struct PlayerPage {
    name: String,
    /// The rank shown (the rating's once enough rated games are played).
    rank: String,
    declared_rank: String,
    rating: f64,
    rated_games: u32,
    online: bool,
    /// The account is disabled (it cannot log in or be challenged).
    disabled: bool,
    /// The member is one of the club's administrators.
    admin: bool,
    /// Tengen's engine: the account plays as the engine at `level`, described in `about`.
    bot: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    about: Option<String>,
    member_since_ms: i64,
    /// The first rating (from the declared rank), then one point per rated game.
    history: Vec<RatingPoint>,
    /// Newest first (at most 500).
    games: Vec<PlayerGame>,
    /// By opponent's name.
    opponents: BTreeMap<String, Against>,
}

/// `win`, `loss` or `jigo` for the player of Black (`black`) or White.
fn outcome_for(outcome: Outcome, black: bool) -> &'static str {
    match (outcome, black) {
        (Outcome::Jigo, _) => "jigo",
        (Outcome::BlackWins, true) | (Outcome::WhiteWins, false) => "win",
        _ => "loss",
    }
}

pub(crate) async fn player<H: super::Host>(
    State(state): State<H>,
    Path(name): Path<String>,
) -> Result<Json<PlayerPage>, AppError> {
    let now = now_ms() as i64;
    let lookup = name.clone();
    state.club().ensure_bots().await?;
    let page = state
        .club()
        .db
        .read(move |sql| {
            let Some(a) = find(sql, &lookup)? else {
                return Ok(None);
            };
            let mut history = vec![];
            let first = sql.query_one(
                "SELECT rating_before, at_ms FROM ratings WHERE account_id = ?1
                 ORDER BY at_ms, game_id LIMIT 1",
                &[a.id.into()],
            )?;
            history.push(RatingPoint {
                game: String::new(),
                at_ms: a.created_ms,
                rating: first.map_or(a.rating, |r| r.real(0)).round(),
            });
            for row in sql.query(
                "SELECT game_id, at_ms, rating_after FROM ratings WHERE account_id = ?1
                 ORDER BY at_ms, game_id",
                &[a.id.into()],
            )? {
                history.push(RatingPoint {
                    game: row.text(0),
                    at_ms: row.int(1),
                    rating: row.real(2).round(),
                });
            }
            let mut games = Vec::new();
            let mut opponents: BTreeMap<String, Against> = BTreeMap::new();
            for row in sql.query(
                "SELECT c.game_id, c.black_id, c.rated, c.created_ms, g.summary, b.name, w.name
                 FROM club_games c JOIN games g ON g.id = c.game_id
                 LEFT JOIN accounts b ON b.id = c.black_id
                 LEFT JOIN accounts w ON w.id = c.white_id
                 WHERE c.black_id = ?1 OR c.white_id = ?1
                 ORDER BY c.created_ms DESC LIMIT 500",
                &[a.id.into()],
            )? {
                let Ok(summary) = serde_json::from_str::<GameSummary>(&row.text(4)) else {
                    continue;
                };
                let black = row.opt_int(1) == Some(a.id);
                // The opponent's account name (the game shows Tengen's engine as "Tengen").
                let opponent = if black {
                    row.opt_text(6).unwrap_or_else(|| summary.white.clone())
                } else {
                    row.opt_text(5).unwrap_or_else(|| summary.black.clone())
                };
                let finished = summary.phase == "finished";
                let outcome = super::ratings::outcome(&summary)
                    .filter(|_| finished)
                    .map(|o| outcome_for(o, black));
                if let Some(outcome) = outcome {
                    let record = opponents.entry(opponent.clone()).or_default();
                    match outcome {
                        "win" => record.wins += 1,
                        "loss" => record.losses += 1,
                        _ => record.jigo += 1,
                    }
                }
                games.push(PlayerGame {
                    id: row.text(0),
                    color: tengen_core::color_name(if black { Color::Black } else { Color::White }),
                    opponent,
                    size: summary.size,
                    rules: summary.rules.clone(),
                    result: summary.result.clone().filter(|_| finished),
                    outcome,
                    phase: summary.phase.clone(),
                    rated: row.flag(2),
                    created_ms: row.int(3),
                    sgf: finished.then(|| format!("/api/games/{}/sgf", summary.id)),
                });
            }
            Ok(Some(PlayerPage {
                online: online(sql, &a, now)?,
                bot: a.bot.is_some(),
                level: a.bot,
                about: a.bot.map(super::bots::about),
                rank: a.rank().to_string(),
                declared_rank: a.declared.to_string(),
                rating: a.rating.round(),
                rated_games: a.rated_games,
                disabled: a.disabled,
                admin: a.admin,
                member_since_ms: a.created_ms,
                name: a.name,
                history,
                games,
                opponents,
            }))
        })
        .await?;
    page.map(Json)
        .ok_or_else(|| AppError::NotFound(format!("no member named {name:?}")))
}
