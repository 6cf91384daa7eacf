//! Accounts: registering, logging in and out, changing the password, and what an
//! administrator may change (`tengen admin` and `/api/admin`).

use axum::{
    Json,
    extract::{ConnectInfo, Path, State, rejection::JsonRejection},
    http::{StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize};
use tengen_club::Rank;

use super::{
    Club,
    account::{ACCOUNT_COLUMN_COUNT, ACCOUNT_COLUMNS, Account, find},
    password,
    session::{Member, cookie, csrf_of, same_origin},
};
use crate::{error::AppError, error::form, game::record::now_ms, limits::peer_ip, store::Value};

/// What the page and the API show of the member asking.
#[derive(Serialize)]
pub(crate) struct Me {
    name: String,
    rank: String,
    declared_rank: String,
    rating: f64,
    admin: bool,
    /// May create and run tournaments.
    director: bool,
    /// The header `X-CSRF-Token` every change must carry.
    csrf: String,
}

impl Me {
    fn of(account: &Account, csrf: String) -> Me {
        Me {
            name: account.name.clone(),
            rank: account.rank().to_string(),
            declared_rank: account.declared.to_string(),
            rating: account.rating.round(),
            admin: account.admin,
            director: account.may_direct(),
            csrf,
        }
    }
}

/// `POST /api/accounts` and `POST /api/session`'s form.
#[derive(Deserialize)]
pub(crate) struct Credentials {
    name: String,
    password: String,
    /// The declared rank (registration only).
    #[serde(default)]
    rank: Option<String>,
}

/// A rank as a member types it; the error names the field.
pub(crate) fn parse_rank(field: &str, text: &str) -> Result<Rank, AppError> {
    text.parse()
        .map_err(|e| AppError::BadRequest(format!("{field}: {e}")))
}

/// A response that logs `account` in with a new session: the cookie and [`Me`].
async fn logged_in(
    club: &Club,
    account: &Account,
    status: StatusCode,
    request: &axum::http::HeaderMap,
) -> Result<Response, AppError> {
    let token = club.open_session(account.id).await?;
    let mut response = (status, Json(Me::of(account, csrf_of(&token)))).into_response();
    response.headers_mut().insert(
        header::SET_COOKIE,
        cookie(&token, club.config.session_ttl.as_secs(), request),
    );
    Ok(response)
}

/// `POST /api/accounts {"name","password","rank"}`: a new member, logged in (201).
pub(crate) async fn register<H: super::Host>(
    State(state): State<H>,
    peer: Option<axum::Extension<ConnectInfo<std::net::SocketAddr>>>,
    headers: axum::http::HeaderMap,
    body: Result<Json<Credentials>, JsonRejection>,
) -> Result<Response, AppError> {
    same_origin(&headers)?;
    let form = form(body)?;
    let club = state.club();
    let name = crate::names::account_name(&form.name).map_err(AppError::BadRequest)?;
    password::check_new(&form.password)?;
    let rank = parse_rank(
        "rank",
        form.rank
            .as_deref()
            .ok_or_else(|| AppError::BadRequest("rank: missing (30k to 9d, as 3k or 1d)".into()))?,
    )?;
    if let Err(wait) = club.registrations.take(peer_ip(peer.as_deref())) {
        return Err(AppError::TooMany(format!(
            "too many new accounts from this address; try again in {} s",
            wait.as_secs() + 1
        )));
    }
    let hash = club.passwords.hash(form.password).await?;
    let account = club.create_account(name, rank, hash, false).await?;
    logged_in(club, &account, StatusCode::CREATED, &headers).await
}

impl Club {
    /// Stores a new account with its declared rank as its first rating; 409 naming the
    /// field when the name (or one differing by case or confusable characters) is taken.
    pub(crate) async fn create_account(
        &self,
        name: crate::names::AccountName,
        rank: Rank,
        password_hash: String,
        admin: bool,
    ) -> Result<Account, AppError> {
        if super::bots::bot_shaped(&name.name).is_some() {
            return Err(AppError::BadRequest(format!(
                "name: {:?} has the shape of Tengen's engine's names (Tengen-L5 is its level 5); \
                 choose another",
                name.name
            )));
        }
        // The engine's accounts first, so that no name too like theirs is taken.
        self.ensure_bots().await?;
        let now = now_ms() as i64;
        let shown = name.name.clone();
        let found = self
            .db
            .transaction(move |sql| {
                let taken = sql.query_one(
                    "SELECT name FROM accounts WHERE name_key = ?1 OR name_skeleton = ?2",
                    &[name.key.as_str().into(), name.skeleton.as_str().into()],
                )?;
                if let Some(row) = taken {
                    return Ok(Err(row.text(0)));
                }
                sql.execute(
                    "INSERT INTO accounts (name, name_key, name_skeleton, password_hash, rank,
                         rating, rated_games, admin, disabled, created_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7, 0, ?8)",
                    &[
                        name.name.as_str().into(),
                        name.key.as_str().into(),
                        name.skeleton.as_str().into(),
                        password_hash.into(),
                        rank.to_string().into(),
                        rank.nominal_rating().into(),
                        admin.into(),
                        now.into(),
                    ],
                )?;
                Ok(Ok(find(sql, &name.name)?))
            })
            .await?;
        match found {
            Ok(Some(account)) => Ok(account),
            Ok(None) => Err(AppError::Internal(
                "an account just stored is missing".into(),
            )),
            Err(taken) if taken == shown => {
                Err(AppError::Conflict(format!("name: {shown:?} is taken")))
            }
            Err(taken) => Err(AppError::Conflict(format!(
                "name: {shown:?} is too like the member {taken:?} (names differing only by case or look-alike characters are one name)"
            ))),
        }
    }

    /// The account and password hash of a name as typed, enabled or not.
    async fn credentials(&self, name: &str) -> Result<Option<(Account, String)>, AppError> {
        let key = crate::names::lookup_key(name);
        Ok(self
            .db
            .read(move |sql| {
                Ok(sql
                    .query_one(
                        &format!(
                            "SELECT {ACCOUNT_COLUMNS}, a.password_hash FROM accounts a
                             WHERE a.name_key = ?1"
                        ),
                        &[key.into()],
                    )?
                    .map(|row| (Account::from_row(&row, 0), row.text(ACCOUNT_COLUMN_COUNT))))
            })
            .await?)
    }

    /// Sets a new password hash and ends every session of the account but `keep`.
    pub(crate) async fn set_password(
        &self,
        account: i64,
        hash: String,
        keep: Option<String>,
    ) -> Result<(), AppError> {
        self.db
            .transaction(move |sql| {
                sql.execute(
                    "UPDATE accounts SET password_hash = ?2 WHERE id = ?1",
                    &[account.into(), hash.into()],
                )?;
                sql.execute(
                    "DELETE FROM sessions WHERE account_id = ?1 AND token_hash <> ?2",
                    &[account.into(), Value::from(keep.unwrap_or_default())],
                )
            })
            .await?;
        Ok(())
    }
}

/// The one answer to a wrong name and to a wrong password, which take the same time.
fn wrong_credentials() -> AppError {
    AppError::Unauthorized("wrong name or password".into())
}

/// `POST /api/session {"name","password"}`: logs in (200 with the cookie; 401 when wrong).
pub(crate) async fn login<H: super::Host>(
    State(state): State<H>,
    peer: Option<axum::Extension<ConnectInfo<std::net::SocketAddr>>>,
    headers: axum::http::HeaderMap,
    body: Result<Json<Credentials>, JsonRejection>,
) -> Result<Response, AppError> {
    same_origin(&headers)?;
    let form = form(body)?;
    let club = state.club();
    if form.password.chars().count() > password::PASSWORD_MAX || form.name.len() > 256 {
        return Err(wrong_credentials());
    }
    let by_address = club.logins_by_address.take(peer_ip(peer.as_deref()));
    let by_name = club
        .logins_by_name
        .take(crate::names::lookup_key(&form.name));
    if let Err(wait) = by_address.and(by_name) {
        return Err(AppError::TooMany(format!(
            "too many log-in attempts; try again in {} s",
            wait.as_secs() + 1
        )));
    }
    let found = club.credentials(&form.name).await?;
    if let Some(level) = found.as_ref().and_then(|(a, _)| a.bot) {
        return Err(AppError::Forbidden(format!(
            "name: {:?} is Tengen's engine at level {level}; it plays from the server and \
             cannot log in",
            found.map(|(a, _)| a.name).unwrap_or_default()
        )));
    }
    let (account, hash) = match found {
        Some((account, hash)) => (Some(account), Some(hash)),
        None => (None, None),
    };
    let ok = club.passwords.verify(form.password, hash).await?;
    match account {
        Some(account) if ok && !account.disabled => {
            logged_in(club, &account, StatusCode::OK, &headers).await
        }
        Some(account) if ok => Err(AppError::Forbidden(format!(
            "the account {:?} is disabled; ask the club's administrator",
            account.name
        ))),
        _ => Err(wrong_credentials()),
    }
}

/// `DELETE /api/session`: logs out (204, and the cookie cleared).
pub(crate) async fn logout<H: super::Host>(
    State(state): State<H>,
    headers: axum::http::HeaderMap,
    member: Member,
) -> Result<Response, AppError> {
    state.club().close_session(&member.session).await?;
    let mut response = StatusCode::NO_CONTENT.into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, cookie("", 0, &headers));
    Ok(response)
}

/// `GET /api/me`: the member logged in (401 for a guest).
pub(crate) async fn me(member: Member) -> Json<Me> {
    Json(Me::of(&member.account, member.csrf))
}

/// `POST /api/account/password`'s form.
#[derive(Deserialize)]
pub(crate) struct NewPassword {
    old: String,
    new: String,
}

/// `POST /api/account/password {"old","new"}`: changes the password (204); every other
/// session of the account ends.
pub(crate) async fn change_password<H: super::Host>(
    State(state): State<H>,
    member: Member,
    body: Result<Json<NewPassword>, JsonRejection>,
) -> Result<StatusCode, AppError> {
    let form = form(body)?;
    let club = state.club();
    password::check_new(&form.new)?;
    let (_, hash) = club
        .credentials(&member.account.name)
        .await?
        .ok_or_else(wrong_credentials)?;
    if !club.passwords.verify(form.old, Some(hash)).await? {
        return Err(AppError::Forbidden("old: the password is wrong".into()));
    }
    let hash = club.passwords.hash(form.new).await?;
    club.set_password(member.account.id, hash, Some(member.session))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// What an administrator may change of an account (`PATCH /api/admin/accounts/{name}`,
/// and `tengen admin`): each field given is changed.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct AccountChange {
    /// A new declared rank (`3k`, `1d`). The rating follows it while the member has played
    /// fewer rated games than it takes for the rating to show the rank.
    #[serde(default)]
    pub rank: Option<String>,
    /// A new password (every session of the account ends).
    #[serde(default)]
    pub password: Option<String>,
    /// Disable (every session ends; the member cannot log in or be challenged) or enable.
    #[serde(default)]
    pub disabled: Option<bool>,
    /// Make an administrator, or not.
    #[serde(default)]
    pub admin: Option<bool>,
    /// Allow to run tournaments, or not.
    #[serde(default)]
    pub director: Option<bool>,
}

impl Club {
    /// Applies `change` to the account `name`; what was changed, in words.
    pub(crate) async fn change_account(
        &self,
        name: &str,
        change: AccountChange,
    ) -> Result<Vec<String>, AppError> {
        let rank = change
            .rank
            .as_deref()
            .map(|r| parse_rank("rank", r))
            .transpose()?;
        if let Some(p) = &change.password {
            password::check_new(p)?;
        }
        let hash = match change.password {
            Some(p) => Some(self.passwords.hash(p).await?),
            None => None,
        };
        let name = name.to_owned();
        self.db
            .transaction(move |sql| {
                let Some(account) = find(sql, &name)? else {
                    return Ok(Err(AppError::NotFound(format!("no member named {name:?}"))));
                };
                if let Some(level) = account.bot {
                    let engine = format!("{:?} is Tengen's engine at level {level}", account.name);
                    let refused = [
                        (change.rank.is_some(), "rank", "its rank follows its rating"),
                        (
                            hash.is_some(),
                            "password",
                            "it has no password and cannot log in",
                        ),
                        (
                            change.admin == Some(true),
                            "admin",
                            "it cannot be an administrator",
                        ),
                        (
                            change.director == Some(true),
                            "director",
                            "it cannot run tournaments",
                        ),
                    ];
                    if let Some((_, field, why)) = refused.into_iter().find(|r| r.0) {
                        return Ok(Err(AppError::BadRequest(format!(
                            "{field}: {engine}; {why}"
                        ))));
                    }
                }
                let id = account.id;
                let mut done = Vec::new();
                if let Some(rank) = rank {
                    sql.execute(
                        "UPDATE accounts SET rank = ?2 WHERE id = ?1",
                        &[id.into(), rank.to_string().into()],
                    )?;
                    if account.rated_games < tengen_club::RATED_GAMES_FOR_RANK {
                        // The rating follows the new rank: its rating, plus what the rated
                        // games played so far have changed.
                        let played = sql
                            .query_one(
                                "SELECT COALESCE(SUM(rating_after - rating_before), 0) FROM ratings
                                 WHERE account_id = ?1",
                                &[id.into()],
                            )?
                            .map_or(0.0, |r| r.real(0));
                        sql.execute(
                            "UPDATE accounts SET rating = ?2 WHERE id = ?1",
                            &[id.into(), (rank.nominal_rating() + played).into()],
                        )?;
                    }
                    done.push(format!("rank {rank}"));
                }
                if let Some(hash) = hash {
                    sql.execute(
                        "UPDATE accounts SET password_hash = ?2 WHERE id = ?1",
                        &[id.into(), hash.into()],
                    )?;
                    sql.execute("DELETE FROM sessions WHERE account_id = ?1", &[id.into()])?;
                    done.push("password reset".into());
                }
                if let Some(disabled) = change.disabled {
                    sql.execute(
                        "UPDATE accounts SET disabled = ?2 WHERE id = ?1",
                        &[id.into(), disabled.into()],
                    )?;
                    if disabled {
                        sql.execute("DELETE FROM sessions WHERE account_id = ?1", &[id.into()])?;
                        sql.execute(
                            "UPDATE challenges SET state = 'withdrawn'
                             WHERE state = 'open' AND (from_id = ?1 OR to_id = ?1)",
                            &[id.into()],
                        )?;
                    }
                    done.push(if disabled { "disabled" } else { "enabled" }.into());
                }
                if let Some(director) = change.director {
                    sql.execute(
                        "UPDATE accounts SET director = ?2 WHERE id = ?1",
                        &[id.into(), director.into()],
                    )?;
                    done.push(
                        if director {
                            "tournament director"
                        } else {
                            "not a tournament director"
                        }
                        .into(),
                    );
                }
                if let Some(admin) = change.admin {
                    sql.execute(
                        "UPDATE accounts SET admin = ?2 WHERE id = ?1",
                        &[id.into(), admin.into()],
                    )?;
                    done.push(
                        if admin {
                            "administrator"
                        } else {
                            "not an administrator"
                        }
                        .into(),
                    );
                }
                Ok(Ok(done))
            })
            .await?
    }
}

/// `PATCH /api/admin/accounts/{name}` (administrators): see [`AccountChange`].
pub(crate) async fn admin_change<H: super::Host>(
    State(state): State<H>,
    member: Member,
    Path(name): Path<String>,
    body: Result<Json<AccountChange>, JsonRejection>,
) -> Result<Json<serde_json::Value>, AppError> {
    require_admin(&member)?;
    let change = form(body)?;
    let done = state.club().change_account(&name, change).await?;
    Ok(Json(serde_json::json!({ "name": name, "changed": done })))
}

/// `POST /api/admin/accounts {"name","password","rank"}` (administrators): a new account,
/// not logged in.
pub(crate) async fn admin_create<H: super::Host>(
    State(state): State<H>,
    member: Member,
    body: Result<Json<Credentials>, JsonRejection>,
) -> Result<(StatusCode, Json<serde_json::Value>), AppError> {
    require_admin(&member)?;
    let form = form(body)?;
    let club = state.club();
    let account = club
        .new_account(
            &form.name,
            &form.password,
            form.rank.as_deref().unwrap_or(""),
            false,
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(serde_json::json!({ "name": account.name, "rank": account.rank().to_string() })),
    ))
}

impl Club {
    /// Checks and stores a new account (no session): `tengen admin` and administrators.
    pub(crate) async fn new_account(
        &self,
        name: &str,
        password_text: &str,
        rank: &str,
        admin: bool,
    ) -> Result<Account, AppError> {
        let name = crate::names::account_name(name).map_err(AppError::BadRequest)?;
        password::check_new(password_text)?;
        let rank = parse_rank("rank", rank)?;
        let hash = self.passwords.hash(password_text.to_owned()).await?;
        self.create_account(name, rank, hash, admin).await
    }
}

/// 403 unless the member is an administrator.
pub(crate) fn require_admin(member: &Member) -> Result<(), AppError> {
    if member.account.admin {
        Ok(())
    } else {
        Err(AppError::Forbidden("administrators only".into()))
    }
}
