//! What a member is told at once, on any page they have open: a challenge received, a
//! challenge answered, a game started. `GET /api/events` is a stream of server-sent events
//! (one line of JSON each) while the page is open.
//!
//! A server tells the members whose streams it holds. With several servers on one
//! PostgreSQL, a member's stream may be on another server than the one that handled the
//! challenge: each stream also looks at the member's challenges in the database every few
//! seconds, so the news arrives there too, a little later.

use std::{
    collections::HashMap,
    convert::Infallible,
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    extract::State,
    response::sse::{Event as SseEvent, KeepAlive, Sse},
};
use futures_util::Stream;
use serde::Serialize;
use tokio::sync::broadcast;

use super::session::Member;
use crate::error::AppError;
use crate::store::Value;

/// News for a member.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum Event {
    /// Someone challenged the member.
    Challenge { id: String, from: String },
    /// A challenge the member sent was accepted: the game has started.
    Game { game: String, challenge: String },
    /// A challenge was declined or withdrawn.
    Answer {
        challenge: String,
        answer: String,
        by: String,
    },
    /// Something changed in the member's challenges (seen in the database): reload them.
    Challenges,
}

/// The members with an open stream on this server, and a channel to each.
#[derive(Clone, Default)]
pub(crate) struct Events(Arc<Mutex<HashMap<i64, broadcast::Sender<Event>>>>);

impl Events {
    /// Tells `account` (if their page is open on this server).
    pub(crate) fn send(&self, account: i64, event: &Event) {
        if let Ok(map) = self.0.lock() {
            if let Some(tx) = map.get(&account) {
                let _ = tx.send(event.clone());
            }
        }
    }

    /// Tells every member whose page is open on this server (a seek opened or gone).
    pub(crate) fn send_all(&self, event: &Event) {
        if let Ok(map) = self.0.lock() {
            for tx in map.values() {
                let _ = tx.send(event.clone());
            }
        }
    }

    fn subscribe(&self, account: i64) -> broadcast::Receiver<Event> {
        let mut map = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.retain(|_, tx| tx.receiver_count() > 0);
        map.entry(account)
            .or_insert_with(|| broadcast::channel(32).0)
            .subscribe()
    }
}

/// How often a stream looks at the member's challenges in the database, and writes that
/// the member is still here.
const LOOK_EVERY: Duration = Duration::from_secs(5);

/// `GET /api/events`: the member's news as server-sent events.
pub(crate) async fn stream<H: super::Host>(
    State(state): State<H>,
    member: Member,
) -> Result<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>, AppError> {
    let club = state.club();
    let account = member.account.id;
    let mut rx = club.events.subscribe(account);
    let session = member.session.clone();
    let db = club.db.clone();
    let (tx, out) = tokio::sync::mpsc::channel::<SseEvent>(8);
    tokio::spawn(async move {
        let mut last = None;
        loop {
            let event = tokio::select! {
                () = tx.closed() => return,
                got = rx.recv() => match got {
                    Ok(event) => Some(event),
                    Err(broadcast::error::RecvError::Lagged(_)) => Some(Event::Challenges),
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                () = tokio::time::sleep(LOOK_EVERY) => {
                    match look(&db, &session, account).await {
                        // The session ended (logged out, expired, account disabled).
                        Ok(None) => return,
                        Ok(Some(seen)) if last.is_some() && Some(seen) != last => {
                            last = Some(seen);
                            Some(Event::Challenges)
                        }
                        Ok(Some(seen)) => {
                            last = Some(seen);
                            None
                        }
                        Err(_) => None,
                    }
                }
            };
            if let Some(event) = event {
                let data = serde_json::to_string(&event).unwrap_or_default();
                if tx.send(SseEvent::default().data(data)).await.is_err() {
                    return;
                }
            }
        }
    });
    let stream = futures_util::stream::unfold(out, |mut out| async move {
        out.recv().await.map(|event| (Ok(event), out))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// Marks the session seen, and sums up the member's open challenges and the lobby's seeks
/// (their count and the newest's time), or `None` once the session has ended.
async fn look(
    db: &crate::store::ClubDb,
    session: &str,
    account: i64,
) -> Result<Option<(i64, i64)>, crate::store::StoreError> {
    let session = session.to_owned();
    let now = crate::game::record::now_ms() as i64;
    db.transaction(move |sql| {
        let alive = sql.execute(
            "UPDATE sessions SET seen_ms = ?2 WHERE token_hash = ?1 AND expires_ms > ?2",
            &[Value::from(session), now.into()],
        )?;
        if alive == 0 {
            return Ok(None);
        }
        let row = sql.query_one(
            "SELECT COUNT(*), COALESCE(MAX(created_ms), 0) FROM challenges
             WHERE state = 'open' AND (to_id = ?1 OR from_id = ?1 OR to_id IS NULL)",
            &[account.into()],
        )?;
        Ok(Some(row.map_or((0, 0), |r| (r.int(0), r.int(1)))))
    })
    .await
}
