//! Who is asking: a member's session, from its cookie, in one extractor ([`Member`]) that
//! also refuses a change without its CSRF token, so that no handler can forget either.
//!
//! - The session token is 128 random bits, sent only in an `HttpOnly`, `SameSite=Lax`
//!   cookie and stored only as its SHA-256 hash, with an expiry.
//! - Every change made with the cookie (any method but `GET` and `HEAD`) carries the
//!   session's CSRF token in `X-CSRF-Token`; the token is derived from the session token
//!   (so nothing more is stored) and given to the page with the log-in and by `/api/me`.
//!   A request whose `Origin` is another site is refused before that.

use axum::{
    extract::FromRequestParts,
    http::{HeaderMap, HeaderValue, Method, header, request::Parts},
};
use sha2::{Digest, Sha256};

use super::{
    Club,
    account::{ACCOUNT_COLUMNS, Account},
};
use crate::{error::AppError, game::record::now_ms, secret, store::Value};

/// The session cookie's name.
pub(crate) const COOKIE: &str = "tengen_session";
/// The header a change carries its CSRF token in.
pub(crate) const CSRF_HEADER: &str = "x-csrf-token";

/// The CSRF token of the session with `token`.
pub(crate) fn csrf_of(token: &str) -> String {
    let digest = Sha256::digest(format!("tengen csrf\0{token}").as_bytes());
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// The `Set-Cookie` value that holds `token` for `max_age_s` seconds (0 clears it). It is
/// marked `Secure` when the request came over HTTPS through a proxy that says so
/// (`X-Forwarded-Proto: https`): the server itself speaks plain HTTP, which a `Secure`
/// cookie would not be sent over.
pub(crate) fn cookie(token: &str, max_age_s: u64, request: &HeaderMap) -> HeaderValue {
    let https = request
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"));
    HeaderValue::from_str(&format!(
        "{COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_s}{}",
        if https { "; Secure" } else { "" }
    ))
    .expect("a hex token makes a valid header")
}

/// The session token the request's cookie holds, if it has a token's shape.
fn token_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_owned())
        .filter(|t| secret::hash(t).is_some())
}

/// Refuses a change sent from another site's page: its `Origin` names another host than
/// the one asked. (Requests without `Origin`, from programs, pass; the CSRF token still
/// guards a cookie's changes.)
pub(crate) fn same_origin(headers: &HeaderMap) -> Result<(), AppError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let origin_host = origin
        .to_str()
        .ok()
        .and_then(|o| o.split_once("://"))
        .map_or("", |(_, rest)| rest);
    if origin_host.eq_ignore_ascii_case(host) {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "this request comes from another site's page".into(),
        ))
    }
}

/// A logged-in member, for handlers that need one: 401 without a valid session, 403 for a
/// change without the session's CSRF token.
pub(crate) struct Member {
    pub(crate) account: Account,
    /// The stored hash of the session's token.
    pub(crate) session: String,
    /// The session's CSRF token.
    pub(crate) csrf: String,
}

/// A member if the request has a valid session, else nobody (a guest).
pub(crate) struct MaybeMember(pub(crate) Option<Member>);

impl<H: super::Host> FromRequestParts<H> for Member {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &H) -> Result<Member, AppError> {
        let member = MaybeMember::from_request_parts(parts, state)
            .await?
            .0
            .ok_or_else(|| AppError::Unauthorized("log in first".into()))?;
        if !matches!(parts.method, Method::GET | Method::HEAD) {
            same_origin(&parts.headers)?;
            let sent = parts
                .headers
                .get(CSRF_HEADER)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("");
            if !constant_time_eq(sent.as_bytes(), member.csrf.as_bytes()) {
                return Err(AppError::Forbidden(
                    "the X-CSRF-Token header is missing or wrong (GET /api/me gives it)".into(),
                ));
            }
        }
        Ok(member)
    }
}

impl<H: super::Host> FromRequestParts<H> for MaybeMember {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &H) -> Result<MaybeMember, AppError> {
        let Some(token) = token_of(&parts.headers) else {
            return Ok(MaybeMember(None));
        };
        let club = state.club();
        let session = secret::hash(&token).unwrap_or_default();
        let account = club.session_account(&session).await?;
        Ok(MaybeMember(account.map(|account| Member {
            account,
            session,
            csrf: csrf_of(&token),
        })))
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// How often a session's `seen_ms` is written: the presence of members ("online now") is
/// read from it, across servers, without a write per request.
const SEEN_EVERY_MS: u64 = 20_000;

impl Club {
    /// The account of a live session (not expired, account not disabled), and the session
    /// marked seen.
    pub(crate) async fn session_account(&self, session: &str) -> Result<Option<Account>, AppError> {
        let session = session.to_owned();
        let now = now_ms() as i64;
        let lookup = session.clone();
        let found = self
            .db
            .read(move |sql| {
                Ok(sql
                    .query_one(
                        &format!(
                            "SELECT s.seen_ms, {ACCOUNT_COLUMNS} FROM sessions s
                             JOIN accounts a ON a.id = s.account_id
                             WHERE s.token_hash = ?1 AND s.expires_ms > ?2 AND a.disabled = 0"
                        ),
                        &[Value::from(lookup), Value::from(now)],
                    )?
                    .map(|row| (row.int(0), Account::from_row(&row, 1))))
            })
            .await?;
        let Some((seen, account)) = found else {
            return Ok(None);
        };
        if now - seen > SEEN_EVERY_MS as i64 {
            self.db
                .transaction(move |sql| {
                    sql.execute(
                        "UPDATE sessions SET seen_ms = ?2 WHERE token_hash = ?1",
                        &[Value::from(session), Value::from(now)],
                    )
                })
                .await?;
        }
        Ok(Some(account))
    }

    /// A new session for `account`: its token (for the cookie).
    pub(crate) async fn open_session(&self, account: i64) -> Result<String, AppError> {
        let token = secret::new_token();
        let hash = secret::hash(&token).unwrap_or_default();
        let now = now_ms() as i64;
        let expires = now.saturating_add(self.config.session_ttl.as_millis() as i64);
        self.db
            .transaction(move |sql| {
                // Expired sessions go when anyone logs in: the table holds live ones.
                sql.execute("DELETE FROM sessions WHERE expires_ms <= ?1", &[now.into()])?;
                sql.execute(
                    "INSERT INTO sessions (token_hash, account_id, created_ms, expires_ms, seen_ms)
                     VALUES (?1, ?2, ?3, ?4, ?3)",
                    &[hash.into(), account.into(), now.into(), expires.into()],
                )
            })
            .await?;
        Ok(token)
    }

    /// Ends the session with this hash.
    pub(crate) async fn close_session(&self, session: &str) -> Result<(), AppError> {
        let session = session.to_owned();
        self.db
            .transaction(move |sql| {
                sql.execute(
                    "DELETE FROM sessions WHERE token_hash = ?1",
                    &[session.into()],
                )
            })
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_csrf_token_is_derived_from_the_session_and_differs_from_it() {
        let t = secret::new_token();
        assert_eq!(csrf_of(&t), csrf_of(&t));
        assert_ne!(csrf_of(&t), t);
        assert_ne!(csrf_of(&t), csrf_of(&secret::new_token()));
        assert_eq!(csrf_of(&t).len(), 32);
    }

    #[test]
    fn the_session_cookie_is_http_only_and_same_site() {
        let c = cookie(&"a".repeat(32), 60, &HeaderMap::new());
        let c = c.to_str().unwrap();
        assert!(c.contains("HttpOnly") && c.contains("SameSite=Lax") && c.contains("Max-Age=60"));
        assert!(!c.contains("Secure"));
        let mut behind_https = HeaderMap::new();
        behind_https.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        let c = cookie(&"a".repeat(32), 60, &behind_https);
        assert!(c.to_str().unwrap().ends_with("; Secure"));
    }

    #[test]
    fn the_token_is_read_from_among_other_cookies() {
        let mut h = HeaderMap::new();
        let t = "0123456789abcdef0123456789abcdef";
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("a=b; {COOKIE}={t}; c=d")).unwrap(),
        );
        assert_eq!(token_of(&h).as_deref(), Some(t));
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("tengen_session=junk"),
        );
        assert_eq!(token_of(&h), None);
    }
}
