//! Challenges and seeks: a member challenges a named member, or opens a seek in the lobby for
//! a range of ranks; the other accepts (the game starts, with the handicap and komi their
//! ranks give under the game's rules, JP-3 and AGA-4a) or declines. A member has at most
//! one open challenge to each member, and one open seek at a time.

use axum::{
    Json,
    extract::{Path, State, rejection::JsonRejection},
    http::StatusCode,
};
use serde::{Deserialize, Serialize};
use tengen_club::Rank;
use tengen_core::{BoardSize, Komi, Rules, handicap_from_ranks, max_fixed_handicap};

mod start;

use start::claim_and_start;

use super::{
    Club,
    account::{ACCOUNT_COLUMNS, Account, find},
    accounts::parse_rank,
    events::Event,
    session::Member,
};
use crate::{
    error::AppError,
    error::form,
    game::clock::ClockSettings,
    game::record::now_ms,
    game::settings::{ColorChoice, CreateGame, HandicapPlacement, OpponentChoice},
    secret,
    store::{Sql, Value},
};

/// The game a challenge proposes, as its sender chose it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Terms {
    /// Board size (5 to 25).
    #[serde(default = "nineteen")]
    size: u32,
    /// Rules in their text form (`japanese`, `aga`, …).
    #[serde(default = "japanese")]
    rules: String,
    /// The clock.
    #[serde(default = "no_clock")]
    time: ClockSettings,
    /// Whether the game changes the players' ratings.
    #[serde(default)]
    rated: bool,
    /// Unrated games only: stones instead of those the ranks give (0 to 9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    handicap: Option<u32>,
    /// Unrated games only: komi instead of the rules' for the handicap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    komi: Option<f64>,
}

fn nineteen() -> u32 {
    19
}

fn japanese() -> String {
    "japanese".into()
}

fn no_clock() -> ClockSettings {
    ClockSettings::None
}

/// `POST /api/challenges`'s form: the terms, and whom.
#[derive(Deserialize)]
pub(crate) struct ChallengeForm {
    /// The member challenged; none for a seek in the lobby.
    #[serde(default)]
    opponent: Option<String>,
    /// A seek's range of ranks that may accept it (`5k`, `1d`); open at either end.
    #[serde(default)]
    min_rank: Option<String>,
    #[serde(default)]
    max_rank: Option<String>,
    #[serde(flatten)]
    terms: Terms,
}

/// The game two members would play: who takes Black, the stones and the komi.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Proposal {
    #[serde(skip)]
    black_id: i64,
    black: String,
    white: String,
    black_rank: String,
    white_rank: String,
    /// 0: even (colours by nigiri); 1: Black moves first, no stones; 2 to 9: stones.
    handicap: u32,
    komi: String,
    /// Colours are drawn when the game starts (an even game).
    nigiri: bool,
    rated: bool,
    /// The proposal in a sentence, for the page.
    summary: String,
}

impl Terms {
    /// The game form of these terms, with Black (named `black`) given `handicap` stones and
    /// White `komi` (the rules' for the handicap if none).
    fn game(&self, handicap: u32, komi: Option<f64>, black: Option<String>) -> CreateGame {
        CreateGame {
            size: self.size,
            rules: self.rules.clone(),
            handicap,
            placement: HandicapPlacement::Fixed,
            komi,
            color: ColorChoice::Black,
            time: self.time,
            opponent: OpponentChoice::Person,
            name: black,
            open: false,
            // A rated game is played without help: no score estimate while it runs.
            analysis: !self.rated,
        }
    }

    /// Checks the terms as a game form would, without creating anything.
    fn check(&self) -> Result<(Rules, BoardSize), AppError> {
        let probe = self.game(self.handicap.unwrap_or(0), self.komi, None);
        let setup = probe.resolve(&[], true).map_err(AppError::BadRequest)?;
        if self.rated && (self.handicap.is_some() || self.komi.is_some()) {
            return Err(AppError::BadRequest(
                "handicap: a rated game takes the handicap and komi the ranks give; leave \
                 them out, or make the game unrated"
                    .into(),
            ));
        }
        Ok((setup.rules, setup.size))
    }

    /// The game `from` and `to` would play on these terms.
    fn propose(&self, from: &Account, to: &Account) -> Result<Proposal, AppError> {
        let (rules, size) = self.check()?;
        if let Some(level) = from.bot.or(to.bot) {
            if self.rated && size.get() != super::bots::BOT_SIZE {
                return Err(AppError::BadRequest(format!(
                    "size: rated games against Tengen's engine (level {level}) are played on \
                     19×19, the board its rating was measured on; make the game unrated to \
                     play on {size}"
                )));
            }
        }
        let (from_rank, to_rank) = (from.rank(), to.rank());
        let given = handicap_from_ranks(from_rank.difference(to_rank), &rules);
        let mut stones = self.handicap.unwrap_or(given.stones);
        let mut capped = None;
        if stones >= 2 && stones > max_fixed_handicap(size) {
            capped = Some(stones);
            stones = max_fixed_handicap(size).max(1);
        }
        let komi = match self.komi {
            Some(k) => Komi::from_f64(k)
                .ok_or_else(|| AppError::BadRequest("komi: a whole or half number".into()))?,
            None if self.handicap.is_some() => rules.komi(stones.min(9) as u8),
            None => given.komi,
        };
        // The weaker takes Black; between equals, nigiri.
        let (black, white) = if to_rank < from_rank {
            (to, from)
        } else {
            (from, to)
        };
        let nigiri = stones == 0;
        let mut summary = if nigiri {
            format!("Even game: colours by nigiri, komi {komi}.")
        } else if stones == 1 {
            format!("{} takes Black and moves first; komi {komi}.", black.name)
        } else {
            format!(
                "{} takes Black with {stones} stones; komi {komi}.",
                black.name
            )
        };
        if let Some(wanted) = capped {
            summary.push_str(&format!(
                " ({wanted} stones do not fit a {size} board: {stones}.)"
            ));
        }
        summary.push_str(if self.rated { " Rated." } else { " Unrated." });
        Ok(Proposal {
            black_id: black.id,
            black: black.name.clone(),
            white: white.name.clone(),
            black_rank: black.rank().to_string(),
            white_rank: white.rank().to_string(),
            handicap: stones,
            komi: komi.to_string(),
            nigiri,
            rated: self.rated,
            summary,
        })
    }
}

/// One challenge or seek, as listed.
#[derive(Serialize)]
pub(crate) struct ChallengeView {
    id: String,
    from: String,
    from_rank: String,
    /// None for a seek.
    to: Option<String>,
    min_rank: Option<String>,
    max_rank: Option<String>,
    terms: Terms,
    /// The game it would be for the member looking (none for their own seek).
    proposal: Option<Proposal>,
    created_ms: i64,
}

/// A stored challenge with both accounts.
struct Stored {
    id: String,
    from: Account,
    to: Option<Account>,
    terms: Terms,
    min_rank: Option<Rank>,
    max_rank: Option<Rank>,
    created_ms: i64,
}

const CHALLENGE_COLUMNS: &str = "c.id, c.settings, c.min_rank, c.max_rank, c.created_ms, c.to_id";

/// The open challenges matching `filter` (a SQL condition on `c`), with their accounts.
fn open_challenges(
    sql: &mut dyn Sql,
    filter: &str,
    params: &[Value],
) -> Result<Vec<Stored>, crate::store::StoreError> {
    let rows = sql.query(
        &format!(
            "SELECT {CHALLENGE_COLUMNS}, {ACCOUNT_COLUMNS} FROM challenges c
             JOIN accounts a ON a.id = c.from_id
             WHERE c.state = 'open' AND {filter} ORDER BY c.created_ms DESC LIMIT 200"
        ),
        params,
    )?;
    let mut out = Vec::new();
    for row in rows {
        let to = match row.opt_int(5) {
            Some(id) => sql
                .query_one(
                    &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts a WHERE a.id = ?1"),
                    &[id.into()],
                )?
                .map(|r| Account::from_row(&r, 0)),
            None => None,
        };
        let Ok(terms) = serde_json::from_str(&row.text(1)) else {
            continue;
        };
        out.push(Stored {
            id: row.text(0),
            terms,
            min_rank: row.opt_text(2).and_then(|r| r.parse().ok()),
            max_rank: row.opt_text(3).and_then(|r| r.parse().ok()),
            created_ms: row.int(4),
            from: Account::from_row(&row, 6),
            to,
        });
    }
    Ok(out)
}

impl Stored {
    fn view(&self, me: &Account) -> ChallengeView {
        let proposal = match &self.to {
            Some(to) => self.terms.propose(&self.from, to).ok(),
            None if self.from.id != me.id => self.terms.propose(&self.from, me).ok(),
            None => None,
        };
        ChallengeView {
            id: self.id.clone(),
            from: self.from.name.clone(),
            from_rank: self.from.rank().to_string(),
            to: self.to.as_ref().map(|a| a.name.clone()),
            min_rank: self.min_rank.map(|r| r.to_string()),
            max_rank: self.max_rank.map(|r| r.to_string()),
            terms: self.terms.clone(),
            proposal,
            created_ms: self.created_ms,
        }
    }

    /// Whether `rank` is in a seek's range.
    fn admits(&self, rank: Rank) -> bool {
        self.min_rank.is_none_or(|min| rank >= min) && self.max_rank.is_none_or(|max| rank <= max)
    }
}

/// `GET /api/challenges`: the member's incoming and outgoing challenges, and the open seeks.
#[derive(Serialize)]
pub(crate) struct Challenges {
    incoming: Vec<ChallengeView>,
    outgoing: Vec<ChallengeView>,
    seeks: Vec<ChallengeView>,
}

pub(crate) async fn list<H: super::Host>(
    State(state): State<H>,
    member: Member,
) -> Result<Json<Challenges>, AppError> {
    let me = member.account;
    let id = me.id;
    let (incoming, outgoing, seeks) = state
        .club()
        .db
        .read(move |sql| {
            Ok((
                open_challenges(sql, "c.to_id = ?1", &[id.into()])?,
                open_challenges(sql, "c.from_id = ?1", &[id.into()])?,
                open_challenges(sql, "c.to_id IS NULL", &[])?,
            ))
        })
        .await?;
    Ok(Json(Challenges {
        incoming: incoming.iter().map(|c| c.view(&me)).collect(),
        outgoing: outgoing.iter().map(|c| c.view(&me)).collect(),
        seeks: seeks
            .iter()
            .filter(|c| c.from.id == me.id || c.admits(me.rank()))
            .map(|c| c.view(&me))
            .collect(),
    }))
}

/// `POST /api/challenges/preview`: the game a challenge to `opponent` would propose, without
/// sending it (for the form).
pub(crate) async fn preview<H: super::Host>(
    State(state): State<H>,
    member: Member,
    body: Result<Json<ChallengeForm>, JsonRejection>,
) -> Result<Json<Proposal>, AppError> {
    let form = form(body)?;
    let name = form
        .opponent
        .ok_or_else(|| AppError::BadRequest("opponent: whom to challenge".into()))?;
    let opponent = state.club().opponent(&name, &member.account).await?;
    Ok(Json(form.terms.propose(&member.account, &opponent)?))
}

impl Club {
    /// The member `name` as an opponent of `me`: refused, naming the field, when it is `me`,
    /// unknown or disabled.
    async fn opponent(&self, name: &str, me: &Account) -> Result<Account, AppError> {
        self.ensure_bots().await?;
        let lookup = name.to_owned();
        let found = self.db.read(move |sql| find(sql, &lookup)).await?;
        match found {
            None if super::bots::bot_shaped(name).is_some() => Err(super::bots::no_such_bot(name)),
            Some(a) if a.id == me.id => Err(AppError::BadRequest(
                "opponent: you cannot challenge yourself".into(),
            )),
            Some(a) if a.disabled => Err(AppError::BadRequest(format!(
                "opponent: the account {:?} is disabled",
                a.name
            ))),
            Some(a) => Ok(a),
            None => Err(AppError::NotFound(format!(
                "opponent: no member named {name:?}"
            ))),
        }
    }
}

#[derive(Serialize)]
pub(crate) struct Sent {
    id: String,
    /// The game proposed (none for a seek: it depends on who takes it).
    proposal: Option<Proposal>,
    /// A challenge to Tengen's engine is accepted at once: the game started.
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<Accepted>,
}

/// `POST /api/challenges`: challenges a member (or opens a seek without `opponent`); 201.
pub(crate) async fn create<H: super::Host>(
    State(state): State<H>,
    member: Member,
    body: Result<Json<ChallengeForm>, JsonRejection>,
) -> Result<(StatusCode, Json<Sent>), AppError> {
    let form = form(body)?;
    let club = state.club();
    let me = member.account;
    if let Some(level) = me.bot {
        return Err(AppError::Forbidden(format!(
            "from: Tengen's engine (level {level}) accepts challenges; it does not send them"
        )));
    }
    form.terms.check()?;
    if let Err(wait) = club.challenges_by_member.take(me.id) {
        return Err(AppError::TooMany(format!(
            "you have sent many challenges just now; try again in {} s",
            wait.as_secs() + 1
        )));
    }
    let min_rank = form.min_rank.as_deref().filter(|r| !r.trim().is_empty());
    let max_rank = form.max_rank.as_deref().filter(|r| !r.trim().is_empty());
    let min_rank = min_rank.map(|r| parse_rank("min_rank", r)).transpose()?;
    let max_rank = max_rank.map(|r| parse_rank("max_rank", r)).transpose()?;
    if let (Some(min), Some(max)) = (min_rank, max_rank) {
        if min > max {
            return Err(AppError::BadRequest(format!(
                "min_rank: {min} is above max_rank {max}"
            )));
        }
    }
    let opponent = match form.opponent.as_deref() {
        Some(name) => Some(club.opponent(name, &me).await?),
        None => None,
    };
    let proposal = match &opponent {
        Some(to) => Some(form.terms.propose(&me, to)?),
        None => None,
    };
    let id = secret::new_id();
    let terms = form.terms.clone();
    let settings = serde_json::to_string(&form.terms)
        .map_err(|e| AppError::Internal(format!("challenge terms: {e}")))?;
    let (from_id, to_id) = (me.id, opponent.as_ref().map(|a| a.id));
    let stored_id = id.clone();
    let now = now_ms() as i64;
    let refused = club
        .db
        .transaction(move |sql| {
            let same = match to_id {
                Some(to) => sql.query_one(
                    "SELECT id FROM challenges WHERE state = 'open' AND from_id = ?1 AND to_id = ?2",
                    &[from_id.into(), to.into()],
                )?,
                None => sql.query_one(
                    "SELECT id FROM challenges WHERE state = 'open' AND from_id = ?1 AND to_id IS NULL",
                    &[from_id.into()],
                )?,
            };
            if same.is_some() {
                return Ok(true);
            }
            sql.execute(
                "INSERT INTO challenges (id, from_id, to_id, settings, rated, min_rank, max_rank,
                     state, game_id, created_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'open', NULL, ?8)",
                &[
                    stored_id.into(),
                    from_id.into(),
                    to_id.into(),
                    settings.into(),
                    form.terms.rated.into(),
                    min_rank.map(|r| r.to_string()).into(),
                    max_rank.map(|r| r.to_string()).into(),
                    now.into(),
                ],
            )?;
            Ok(false)
        })
        .await?;
    if refused {
        return Err(AppError::Conflict(match &opponent {
            Some(to) => format!(
                "opponent: you have challenged {:?} already; wait for the answer, or withdraw it",
                to.name
            ),
            None => "you have a seek open already; withdraw it first".into(),
        }));
    }
    let game = match opponent {
        // Tengen's engine accepts at once, on its own behalf.
        Some(bot) if bot.bot.is_some() => {
            let found = Stored {
                id: id.clone(),
                from: me.clone(),
                to: Some(bot.clone()),
                terms,
                min_rank: None,
                max_rank: None,
                created_ms: now,
            };
            let started = claim_and_start(&state, &found, &bot, "declined").await?;
            club.events.send(
                me.id,
                &Event::Game {
                    game: started.game.clone(),
                    challenge: id.clone(),
                },
            );
            Some(started.for_member(club, &me).await?)
        }
        Some(to) => {
            club.events.send(
                to.id,
                &Event::Challenge {
                    id: id.clone(),
                    from: me.name.clone(),
                },
            );
            None
        }
        None => {
            club.events.send_all(&Event::Challenges);
            None
        }
    };
    Ok((StatusCode::CREATED, Json(Sent { id, proposal, game })))
}

/// The game an accepted challenge started, for the member who accepted it.
#[derive(Serialize)]
pub(crate) struct Accepted {
    game: String,
    color: &'static str,
    seat: String,
    black: String,
    white: String,
    handicap: u32,
    komi: String,
    rated: bool,
}

/// `POST /api/challenges/{id}/accept`: the challenged member (or anyone in a seek's range)
/// accepts; the game starts with the handicap and komi of [`Terms::propose`].
pub(crate) async fn accept<H: super::Host>(
    State(state): State<H>,
    member: Member,
    Path(id): Path<String>,
) -> Result<Json<Accepted>, AppError> {
    let club = state.club();
    let me = member.account;
    let lookup = id.clone();
    let found = club
        .db
        .read(move |sql| open_challenges(sql, "c.id = ?1", &[lookup.into()]))
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| AppError::NotFound("no open challenge with this id".into()))?;
    match &found.to {
        Some(to) if to.id != me.id => {
            return Err(AppError::Forbidden(
                "this challenge is for another member".into(),
            ));
        }
        None if found.from.id == me.id => {
            return Err(AppError::BadRequest("you cannot take your own seek".into()));
        }
        None if !found.admits(me.rank()) => {
            return Err(AppError::Forbidden(format!(
                "this seek is for ranks {} to {}; yours is {}",
                found.min_rank.map_or("30k".into(), |r| r.to_string()),
                found.max_rank.map_or("9d".into(), |r| r.to_string()),
                me.rank()
            )));
        }
        _ => {}
    }
    if found.from.disabled {
        return Err(AppError::Gone(
            "the challenger's account is disabled".into(),
        ));
    }
    let started = claim_and_start(&state, &found, &me, "open").await?;
    club.events.send(
        found.from.id,
        &Event::Game {
            game: started.game.clone(),
            challenge: id,
        },
    );
    if found.to.is_none() {
        club.events.send_all(&Event::Challenges);
    }
    Ok(Json(started.for_member(club, &me).await?))
}

/// `POST /api/challenges/{id}/decline`: the challenged member declines, or the sender
/// withdraws (a seek too).
pub(crate) async fn decline<H: super::Host>(
    State(state): State<H>,
    member: Member,
    Path(id): Path<String>,
) -> Result<StatusCode, AppError> {
    let club = state.club();
    let me = member.account.id;
    let lookup = id.clone();
    let found = club
        .db
        .transaction(move |sql| {
            let row = sql.query_one(
                "SELECT from_id, to_id FROM challenges WHERE id = ?1 AND state = 'open'",
                &[lookup.as_str().into()],
            )?;
            let Some(row) = row else {
                return Ok(None);
            };
            let (from, to) = (row.int(0), row.opt_int(1));
            let state = if from == me {
                "withdrawn"
            } else if to == Some(me) {
                "declined"
            } else {
                return Ok(Some(None));
            };
            sql.execute(
                "UPDATE challenges SET state = ?2 WHERE id = ?1 AND state = 'open'",
                &[lookup.into(), state.into()],
            )?;
            Ok(Some(Some((from, to, state))))
        })
        .await?;
    match found {
        None => Err(AppError::NotFound("no open challenge with this id".into())),
        Some(None) => Err(AppError::Forbidden("this challenge is not yours".into())),
        Some(Some((from, to, how))) => {
            let other = if from == me { to } else { Some(from) };
            if to.is_none() {
                club.events.send_all(&Event::Challenges);
            }
            if let Some(other) = other {
                club.events.send(
                    other,
                    &Event::Answer {
                        challenge: id,
                        answer: how.into(),
                        by: member.account.name,
                    },
                );
            }
            Ok(StatusCode::NO_CONTENT)
        }
    }
}
